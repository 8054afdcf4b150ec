/**
 * Clip paths (PDF `W`/`W*`): the region a drawing's lines are cut to. A hatched or filled wall is often
 * drawn as hatch lines clipped to the wall's outline (hundreds of edges), so every hatch line is tested
 * against every edge; a grid of the edges keeps that to the few edges near the line, and the core's ring
 * index answers whether a piece's middle is inside. Results are those of the plain all-edges loops, bit for
 * bit: the same edges are tested with the same arithmetic, only the ones that cannot matter are skipped (an
 * edge whose box misses the segment's cannot cross it).
 */
import { pointInPoly } from '../core/geometry.js';
import { RingIndex } from '../core/ring-index.js';

export type Pt = [number, number];

export interface Clip {
  rings: Pt[][];
  x0: number; y0: number; x1: number; y1: number;
  area: number;
  /** false: too complex to clip exactly; its box stands for it (time, not accuracy, is at stake there) */
  exact: boolean;
  /** built on first use, for clips with more than a few edges: the edges by grid cell (segments)... */
  index?: EdgeIndex | null;
  /** ...and by horizontal strip (points) */
  points?: RingIndex;
}

/** Clips with more edges than this are approximated by their box. */
const MAX_EXACT_EDGES = 4000;
/** Below this many edges the plain loop is as fast as the grid. */
const INDEX_FROM_EDGES = 24;
/** Widening of a segment's box when looking up edges, pt (far above the arithmetic's rounding). */
const LOOKUP_MARGIN = 1e-3;

export function makeClip(rings: Pt[][]): Clip {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity, edges = 0;
  for (const r of rings) for (const [x, y] of r) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); edges++; }
  return { rings, x0, y0, x1, y1, area: (x1 - x0) * (y1 - y0), exact: edges <= MAX_EXACT_EDGES };
}

export const inClipBox = (c: Clip, p: Pt) => p[0] >= c.x0 - 1 && p[0] <= c.x1 + 1 && p[1] >= c.y0 - 1 && p[1] <= c.y1 + 1;

/** The clip's edges, each edge k running from (xj, yj) (the ring's previous point) to (xi, yi), in grid cells. */
interface EdgeIndex {
  xi: Float64Array; yi: Float64Array; xj: Float64Array; yj: Float64Array;
  nx: number; ny: number; cw: number; ch: number;
  /** cell c's edges: ids[start[c] .. start[c + 1]) */
  start: Int32Array; ids: Int32Array;
  seen: Int32Array; stamp: number;
}

function edgeIndex(c: Clip): EdgeIndex | null {
  if (c.index !== undefined) return c.index;
  let n = 0;
  for (const r of c.rings) n += r.length;
  if (n < INDEX_FROM_EDGES) return (c.index = null);
  const xi = new Float64Array(n), yi = new Float64Array(n), xj = new Float64Array(n), yj = new Float64Array(n);
  let k = 0;
  for (const r of c.rings) {
    for (let i = 0, j = r.length - 1; i < r.length; j = i++, k++) {
      xi[k] = r[i][0]; yi[k] = r[i][1]; xj[k] = r[j][0]; yj[k] = r[j][1];
    }
  }
  const side = Math.max(1, Math.round(Math.sqrt(n)));
  const w = Math.max(c.x1 - c.x0, 1e-9), h = Math.max(c.y1 - c.y0, 1e-9);
  const nx = side, ny = side, cw = w / nx, ch = h / ny;
  const col = (x: number) => Math.min(nx - 1, Math.max(0, Math.floor((x - c.x0) / cw)));
  const row = (y: number) => Math.min(ny - 1, Math.max(0, Math.floor((y - c.y0) / ch)));
  const count = new Int32Array(nx * ny + 1);
  const each = (e: number, f: (cell: number) => void) => {
    const ca = col(Math.min(xi[e], xj[e])), cb = col(Math.max(xi[e], xj[e]));
    const ra = row(Math.min(yi[e], yj[e])), rb = row(Math.max(yi[e], yj[e]));
    for (let rr = ra; rr <= rb; rr++) for (let cc = ca; cc <= cb; cc++) f(rr * nx + cc);
  };
  for (let e = 0; e < n; e++) each(e, (cell) => count[cell + 1]++);
  for (let i = 0; i < nx * ny; i++) count[i + 1] += count[i];
  const start = count.slice();
  const fill = count.slice();
  const ids = new Int32Array(start[nx * ny]);
  for (let e = 0; e < n; e++) each(e, (cell) => { ids[fill[cell]++] = e; });
  return (c.index = { xi, yi, xj, yj, nx, ny, cw, ch, start, ids, seen: new Int32Array(n), stamp: 0 });
}

/**
 * The edges whose cells meet the box, each once (in no particular order), written to the start of `out`; how many.
 * No closures here: it runs per line. (The scratch lists of this file are written by position and never emptied by
 * setting their length to 0: that lets V8 drop their storage, and every push after it allocates it again.)
 */
function edgesNear(c: Clip, ix: EdgeIndex, bx0: number, by0: number, bx1: number, by1: number, out: number[]): number {
  let n = 0;
  if (bx1 < c.x0 || bx0 > c.x1 || by1 < c.y0 || by0 > c.y1) return n;
  const last = ix.nx - 1, lastRow = ix.ny - 1;
  const ca = Math.min(last, Math.max(0, Math.floor((bx0 - c.x0) / ix.cw))), cb = Math.min(last, Math.max(0, Math.floor((bx1 - c.x0) / ix.cw)));
  const ra = Math.min(lastRow, Math.max(0, Math.floor((by0 - c.y0) / ix.ch))), rb = Math.min(lastRow, Math.max(0, Math.floor((by1 - c.y0) / ix.ch)));
  const stamp = ++ix.stamp;
  const { start, ids, seen } = ix;
  for (let rr = ra; rr <= rb; rr++) {
    for (let cell = rr * ix.nx + ca, end = rr * ix.nx + cb; cell <= end; cell++) {
      for (let p = start[cell]; p < start[cell + 1]; p++) {
        const e = ids[p];
        if (seen[e] === stamp) continue;
        seen[e] = stamp;
        out[n++] = e;
      }
    }
  }
  return n;
}

const near: number[] = [];

/** Whether (x, y) lies inside the clip (even-odd over all rings). */
export function insideClip(c: Clip, x: number, y: number): boolean {
  if (edgeIndex(c)) return (c.points ??= new RingIndex(c.rings)).parity([x, y]);
  let inside = false;
  for (const r of c.rings) if (pointInPoly(x, y, r)) inside = !inside;
  return inside;
}

/** Where segment a + t(dx, dy) crosses the edge from (xj, yj) to (xi, yi), 0 < t < 1; NaN when it does not. */
function crossAt(xi: number, yi: number, xj: number, yj: number, a: Pt, dx: number, dy: number): number {
  const ex = xi - xj, ey = yi - yj;
  const den = dx * ey - dy * ex;
  if (Math.abs(den) < 1e-12) return NaN;
  const wx = xj - a[0], wy = yj - a[1];
  const t = (wx * ey - wy * ex) / den, s = (wx * dy - wy * dx) / den;
  return t > 0 && t < 1 && s >= 0 && s <= 1 ? t : NaN;
}

/** (the crossings of one segment at a time: 0, 1 and where it crosses an edge, ascending) */
const crossings: number[] = [];

/** Puts t among the first n values of ts (ascending) and gives their new count. */
function insertSorted(ts: number[], n: number, t: number): number {
  let k = n;
  while (k > 0 && ts[k - 1] > t) { ts[k] = ts[k - 1]; k--; }
  ts[k] = t;
  return n + 1;
}

/**
 * The parts of segment a-b inside the clip region (even-odd over all rings), written to the start of `out` as x1, y1,
 * x2, y2 of each part in turn, without a point or a pair made per part; how many values (four per part). Asked of every
 * stroked segment of a page drawn under a clip.
 */
export function clipSegInto(c: Clip, a: Pt, b: Pt, out: number[]): number {
  let n = 0;
  if (Math.max(a[0], b[0]) < c.x0 || Math.min(a[0], b[0]) > c.x1 || Math.max(a[1], b[1]) < c.y0 || Math.min(a[1], b[1]) > c.y1) return n;
  if (!c.exact) { out[0] = a[0]; out[1] = a[1]; out[2] = b[0]; out[3] = b[1]; return 4; }
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const ts = crossings;
  ts[0] = 0; ts[1] = 1;
  let nt = 2;
  const ix = edgeIndex(c);
  if (ix) {
    const ne = edgesNear(c, ix, Math.min(a[0], b[0]) - LOOKUP_MARGIN, Math.min(a[1], b[1]) - LOOKUP_MARGIN, Math.max(a[0], b[0]) + LOOKUP_MARGIN, Math.max(a[1], b[1]) + LOOKUP_MARGIN, near);
    for (let k = 0; k < ne; k++) {
      const e = near[k], t = crossAt(ix.xi[e], ix.yi[e], ix.xj[e], ix.yj[e], a, dx, dy);
      if (t === t) nt = insertSorted(ts, nt, t);
    }
  } else {
    for (const r of c.rings) for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
      const t = crossAt(r[i][0], r[i][1], r[j][0], r[j][1], a, dx, dy);
      if (t === t) nt = insertSorted(ts, nt, t);
    }
  }
  // (a piece is told once the next one is known not to continue it)
  let open = false, px = 0, py = 0, qx = 0, qy = 0;
  for (let i = 0; i + 1 < nt; i++) {
    const t0 = ts[i], t1 = ts[i + 1];
    if (t1 - t0 < 1e-6) continue;
    const tm = (t0 + t1) / 2;
    if (!insideClip(c, a[0] + dx * tm, a[1] + dy * tm)) continue;
    const x0 = a[0] + dx * t0, y0 = a[1] + dy * t0, x1 = a[0] + dx * t1, y1 = a[1] + dy * t1;
    if (open && Math.abs(qx - x0) < 1e-9 && Math.abs(qy - y0) < 1e-9) { qx = x1; qy = y1; continue; }
    if (open) { out[n++] = px; out[n++] = py; out[n++] = qx; out[n++] = qy; }
    open = true; px = x0; py = y0; qx = x1; qy = y1;
  }
  if (open) { out[n++] = px; out[n++] = py; out[n++] = qx; out[n++] = qy; }
  return n;
}
