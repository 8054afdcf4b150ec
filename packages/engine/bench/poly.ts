/**
 * Polygon helpers for the generator and the scorer, in millimetres. Clipper2 does the boolean work so that
 * the ground truth is exact and independent of the engine's own geometry code.
 */
import { Clipper, EndType, FillRule, JoinType, type PathD, type PathsD } from 'clipper2-ts';

export type Pt = [number, number];
export type Ring = Pt[];

/** Clipper precision in decimal places: 0.001 mm is far below anything we measure. */
const PRECISION = 3;

export function toPath(ring: Ring): PathD {
  return ring.map(([x, y]) => ({ x, y }));
}

export function fromPath(path: PathD): Ring {
  return path.map((p) => [p.x, p.y] as Pt);
}

/** Signed shoelace area (positive when counter-clockwise in a y-up frame). */
export function signedArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i];
    const [x2, y2] = ring[(i + 1) % ring.length];
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

export function ringArea(ring: Ring): number {
  return Math.abs(signedArea(ring));
}

export function ringPerimeter(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i];
    const [x2, y2] = ring[(i + 1) % ring.length];
    sum += Math.hypot(x2 - x1, y2 - y1);
  }
  return sum;
}

/** Area of a set of rings under the even-odd/non-zero result of Clipper (holes have opposite sign). */
export function pathsArea(paths: PathsD): number {
  return Math.abs(paths.reduce((sum, p) => sum + Clipper.areaD(p), 0));
}

export function union(rings: Ring[]): PathsD {
  return Clipper.unionD(rings.map(toPath), [], FillRule.NonZero, PRECISION);
}

export function unionPaths(a: PathsD, b: PathsD): PathsD {
  return Clipper.unionD(a, b, FillRule.NonZero, PRECISION);
}

export function difference(subject: PathsD, clip: PathsD): PathsD {
  return Clipper.differenceD(subject, clip, FillRule.NonZero, PRECISION);
}

export function intersection(subject: PathsD, clip: PathsD): PathsD {
  return Clipper.intersectD(subject, clip, FillRule.NonZero, PRECISION);
}

/** The band of an open polyline of the given thickness: butt ends, mitred corners (a wall). */
export function strokeOpen(line: Ring, thickness: number): PathsD {
  return Clipper.inflatePathsD([toPath(line)], thickness / 2, JoinType.Miter, EndType.Butt, 4, PRECISION);
}

/** The band of a closed ring of the given thickness, centred on the ring, mitred corners. */
export function strokeClosed(ring: Ring, thickness: number): PathsD {
  return Clipper.inflatePathsD([toPath(ring)], thickness / 2, JoinType.Miter, EndType.Joined, 4, PRECISION);
}

/** Offset a closed polygon outwards (delta > 0) or inwards (delta < 0), mitred. */
export function offsetPolygon(ring: Ring, delta: number): PathsD {
  return Clipper.inflatePathsD([toPath(ring)], delta, JoinType.Miter, EndType.Polygon, 4, PRECISION);
}

/** Intersection over union of two (possibly multi-ring) regions. */
export function iou(a: PathsD, b: PathsD): number {
  const inter = pathsArea(intersection(a, b));
  if (inter <= 0) return 0;
  const uni = pathsArea(unionPaths(a, b));
  return uni > 0 ? inter / uni : 0;
}

export function bounds(ring: Ring): { minX: number; minY: number; maxX: number; maxY: number } {
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}

export function pointInRing(pt: Pt, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > pt[1] !== yj > pt[1] && pt[0] < ((xj - xi) * (pt[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Rounds coordinates to 0.1 mm so that truth files are small and stable. */
export function roundRing(ring: Ring): Ring {
  return ring.map(([x, y]) => [Math.round(x * 10) / 10, Math.round(y * 10) / 10] as Pt);
}

/** Removes vertices that lie on the straight line between their neighbours (T-junctions on the far side of a wall). */
export function dropCollinear(ring: Ring, toleranceMm = 0.01): Ring {
  let out = ring;
  for (let changed = true; changed && out.length > 3; ) {
    changed = false;
    for (let i = 0; i < out.length; i++) {
      const a = out[(i + out.length - 1) % out.length];
      const b = out[i];
      const c = out[(i + 1) % out.length];
      const cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
      if (Math.abs(cross) / (Math.hypot(c[0] - a[0], c[1] - a[1]) || 1) < toleranceMm) {
        out = out.filter((_, j) => j !== i);
        changed = true;
        break;
      }
    }
  }
  return out;
}
