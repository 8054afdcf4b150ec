/** Small polygon helpers in the mm frame, and the bridge to Clipper2 (integer mm). */
import type { Path64, Paths64 } from 'clipper2-ts';
import type { PointMm } from '../types.js';

export const toPath = (pts: PointMm[]): Path64 => pts.map(([x, y]) => ({ x: Math.round(x), y: Math.round(y) }));
export const fromPath = (p: Path64): PointMm[] => p.map((q) => [q.x, q.y]);

/**
 * The length of (dx, dy). Math.hypot is not inlined by V8: every call boxes its arguments on the heap, and the
 * engine calls it tens of millions of times on a dense sheet (hundreds of MB of garbage), so hot code uses this.
 */
export const hypot = (dx: number, dy: number): number => Math.sqrt(dx * dx + dy * dy);

export function polyArea(pts: PointMm[]): number {
  let a = 0;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) a += (pts[j][0] + pts[i][0]) * (pts[j][1] - pts[i][1]);
  return a / 2;
}
export function polyPerimeter(pts: PointMm[]): number {
  let p = 0;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) p += hypot(pts[i][0] - pts[j][0], pts[i][1] - pts[j][1]);
  return p;
}
export function pointInPoly(x: number, y: number, pts: PointMm[]): boolean {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const pi = pts[i], pj = pts[j];
    const xi = pi[0], yi = pi[1], xj = pj[0], yj = pj[1];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
export function distToPoly(x: number, y: number, pts: PointMm[]): number {
  let best = Infinity;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) best = Math.min(best, distToSeg(x, y, pts[j], pts[i]));
  return best;
}
export function distToSeg(x: number, y: number, a: PointMm, b: PointMm): number {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const l2 = dx * dx + dy * dy;
  let t = l2 ? ((x - a[0]) * dx + (y - a[1]) * dy) / l2 : 0;
  t = Math.max(0, Math.min(1, t));
  return hypot(x - a[0] - t * dx, y - a[1] - t * dy);
}
/** Which side of o–u point v lies (the cross product's sign). */
function side(o: PointMm, u: PointMm, v: PointMm): number {
  return (u[0] - o[0]) * (v[1] - o[1]) - (u[1] - o[1]) * (v[0] - o[0]);
}
/** The distance between segments p–q and a–b (0 when they cross; a point is a segment of length 0). */
export function segToSegDist(p: PointMm, q: PointMm, a: PointMm, b: PointMm): number {
  const d1 = side(p, q, a), d2 = side(p, q, b), d3 = side(a, b, p), d4 = side(a, b, q);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return 0;
  return Math.min(distToSeg(a[0], a[1], p, q), distToSeg(b[0], b[1], p, q), distToSeg(p[0], p[1], a, b), distToSeg(q[0], q[1], a, b));
}
/**
 * Whether segment a–b meets the convex polygon `poly` (inside it or on its boundary, touching at a point included).
 * Exact on whole numbers (coordinates of whole millimetres): the side tests are products of small integers.
 */
export function segMeetsConvex(a: PointMm, b: PointMm, poly: readonly PointMm[]): boolean {
  const n = poly.length;
  // an end inside or on the polygon: on one side of every edge, or on an edge
  const holds = (p: PointMm) => {
    let pos = false, neg = false;
    for (let i = 0; i < n; i++) {
      const o = side(poly[i], poly[(i + 1) % n], p);
      if (o > 0) pos = true; else if (o < 0) neg = true;
    }
    return !(pos && neg);
  };
  if (holds(a) || holds(b)) return true;
  // or crossing an edge, or touching one
  for (let i = 0; i < n; i++) {
    const c = poly[i], d = poly[(i + 1) % n];
    const o1 = Math.sign(side(a, b, c)), o2 = Math.sign(side(a, b, d)), o3 = Math.sign(side(c, d, a)), o4 = Math.sign(side(c, d, b));
    if (o1 !== o2 && o3 !== o4) return true;
    if ((o1 === 0 && between(a, b, c)) || (o2 === 0 && between(a, b, d)) || (o3 === 0 && between(c, d, a)) || (o4 === 0 && between(c, d, b))) return true;
  }
  return false;
}
/** Whether r, on the line through p and q, lies between them. */
const between = (p: PointMm, q: PointMm, r: PointMm) =>
  Math.min(p[0], q[0]) <= r[0] && r[0] <= Math.max(p[0], q[0]) && Math.min(p[1], q[1]) <= r[1] && r[1] <= Math.max(p[1], q[1]);
/** An axis-aligned box (mm). */
export interface Box { x0: number; y0: number; x1: number; y1: number }

export function bbox(pts: PointMm[]) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of pts) { const x = p[0], y = p[1]; x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); }
  return { x0, y0, x1, y1, w: x1 - x0, h: y1 - y0 };
}
export const areaPaths = (ps: Paths64) => ps.reduce((s, p) => s + polyArea(fromPath(p)), 0);

/** The circle through three points, or null when they are in line. */
export function circleFrom3(a: PointMm, b: PointMm, c: PointMm): { c: PointMm; r: number } | null {
  const d = 2 * (a[0] * (b[1] - c[1]) + b[0] * (c[1] - a[1]) + c[0] * (a[1] - b[1]));
  if (Math.abs(d) < 1e-9) return null;
  const a2 = a[0] ** 2 + a[1] ** 2, b2 = b[0] ** 2 + b[1] ** 2, c2 = c[0] ** 2 + c[1] ** 2;
  const x = (a2 * (b[1] - c[1]) + b2 * (c[1] - a[1]) + c2 * (a[1] - b[1])) / d;
  const y = (a2 * (c[0] - b[0]) + b2 * (a[0] - c[0]) + c2 * (b[0] - a[0])) / d;
  return { c: [x, y], r: hypot(a[0] - x, a[1] - y) };
}

/** The point at t (0..1) on a cubic Bézier given in page points, in mm (k mm per point). */
export const bez = (p: [number, number][], t: number, k: number): PointMm => {
  const u = 1 - t;
  return [
    (u * u * u * p[0][0] + 3 * u * u * t * p[1][0] + 3 * u * t * t * p[2][0] + t * t * t * p[3][0]) * k,
    (u * u * u * p[0][1] + 3 * u * u * t * p[1][1] + 3 * u * t * t * p[2][1] + t * t * t * p[3][1]) * k,
  ];
};

/**
 * The circle a cubic Bézier piece (page points) lies on, through its start, middle and end (`a`, `m`, `z`, in mm,
 * k mm per point), or null when the piece is straight. CAD draws circles and arcs as such pieces.
 */
export function curveCircle(p: [number, number][], k: number): { c: PointMm; r: number; a: PointMm; m: PointMm; z: PointMm } | null {
  const a = bez(p, 0, k), m = bez(p, 0.5, k), z = bez(p, 1, k);
  const circ = circleFrom3(a, m, z);
  return circ && { c: circ.c, r: circ.r, a, m, z };
}
