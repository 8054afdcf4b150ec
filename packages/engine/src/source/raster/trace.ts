/**
 * Outline of one connected region as a polygon on pixel corners (crack following, region on the right),
 * so that the polygon's area is exactly the region's pixel count plus its holes; then simplified.
 */

export type Pt = [number, number];

const DIRS: Pt[] = [[1, 0], [0, 1], [-1, 0], [0, -1]]; // E S W N (y down)

/**
 * Outer boundary of the 4-connected region `id` in `labels`, starting at its first pixel in raster order.
 * Vertices are pixel corners; only corners where the direction changes are kept.
 */
export function traceOuter(labels: Int32Array, w: number, h: number, id: number, start: number): Pt[] {
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && labels[y * w + x] === id;
  const sx = start % w, sy = (start - sx) / w;
  let x = sx, y = sy, d = 0;
  const out: Pt[] = [];
  const limit = 4 * (w + 1) * (h + 1);
  for (let steps = 0; steps < limit; steps++) {
    x += DIRS[d][0];
    y += DIRS[d][1];
    const [dx, dy] = DIRS[d];
    const rx = -dy, ry = dx;
    // the two pixels ahead of the corner: ahead-right (region side) and ahead-left
    const arX = x + (dx + rx - 1) / 2, arY = y + (dy + ry - 1) / 2;
    const alX = x + (dx - rx - 1) / 2, alY = y + (dy - ry - 1) / 2;
    let nd = d;
    if (!inside(arX, arY)) nd = (d + 1) % 4;
    else if (inside(alX, alY)) nd = (d + 3) % 4;
    if (nd !== d) out.push([x, y]);
    d = nd;
    if (x === sx && y === sy && d === 0) break;
  }
  return out;
}

/** Douglas-Peucker on a closed ring (tolerance in the ring's units). */
export function simplifyRing(ring: Pt[], tol: number): Pt[] {
  if (ring.length <= 4) return ring;
  // split at the two points farthest apart so each half is an open polyline
  let b = 0, best = -1;
  for (let i = 0; i < ring.length; i++) {
    const d = (ring[i][0] - ring[0][0]) ** 2 + (ring[i][1] - ring[0][1]) ** 2;
    if (d > best) { best = d; b = i; }
  }
  const half1 = ring.slice(0, b + 1), half2 = [...ring.slice(b), ring[0]];
  const s1 = dp(half1, tol), s2 = dp(half2, tol);
  return [...s1.slice(0, -1), ...s2.slice(0, -1)];
}

function dp(pts: Pt[], tol: number): Pt[] {
  const keep = new Uint8Array(pts.length);
  keep[0] = keep[pts.length - 1] = 1;
  const stack: [number, number][] = [[0, pts.length - 1]];
  while (stack.length) {
    const [i, j] = stack.pop()!;
    const [ax, ay] = pts[i], [bx, by] = pts[j];
    const len = Math.hypot(bx - ax, by - ay) || 1;
    let far = -1, fd = tol;
    for (let k = i + 1; k < j; k++) {
      const d = Math.abs((bx - ax) * (ay - pts[k][1]) - (ax - pts[k][0]) * (by - ay)) / len;
      if (d > fd) { fd = d; far = k; }
    }
    if (far >= 0) {
      keep[far] = 1;
      stack.push([i, far], [far, j]);
    }
  }
  return pts.filter((_, k) => keep[k]);
}

/** Shoelace area (signed). */
export function ringArea(r: Pt[]): number {
  let s = 0;
  for (let i = 0, j = r.length - 1; i < r.length; j = i++) s += (r[j][0] + r[i][0]) * (r[j][1] - r[i][1]);
  return s / 2;
}
