/**
 * Point-in-rings queries over many rings at once, answered from the few edges near the point.
 *
 * The wall union of a dense sheet is thousands of rings, one of them with tens of thousands of vertices
 * around the whole building; a point-in-polygon test walks every edge of every ring whose box holds the
 * point, and the stages that ask "is this point in a wall?" ask it hundreds of thousands of times. Here the
 * edges are bucketed by horizontal strips once, and a query counts the crossings of a ray to +x with the
 * edges of the point's strip only (the same half-open rule as `pointInPoly`, so answers are identical).
 */
import type { PointMm } from '../types.js';

/** Strips aimed at this many edges each on average; a strip is never thinner than MIN_STRIP_MM. */
const EDGES_PER_STRIP = 24;
const MIN_STRIP_MM = 5;
/** An edge whose right end lies this far left of a point is passed over without the crossing test (mm: far
 * above the rounding of the crossing's x, so the answers stay those of testing every edge). */
const LEFT_OF_MM = 1e-6;

export class RingIndex {
  private readonly y0: number;
  private readonly stripMm: number;
  /** per strip: flat edge records [xi, yi, xj, yj, ring] */
  private readonly strips: Float64Array[];
  readonly count: number;

  constructor(readonly rings: readonly PointMm[][]) {
    this.count = rings.length;
    let y0 = Infinity, y1 = -Infinity, edges = 0;
    for (const r of rings) for (const [, y] of r) { if (y < y0) y0 = y; if (y > y1) y1 = y; edges++; }
    if (!edges) { this.y0 = 0; this.stripMm = 1; this.strips = []; return; }
    const n = Math.max(1, Math.min(65_536, Math.ceil(edges / EDGES_PER_STRIP)));
    this.y0 = y0;
    this.stripMm = Math.max(MIN_STRIP_MM, (y1 - y0) / n || MIN_STRIP_MM);
    const nStrips = Math.floor((y1 - y0) / this.stripMm) + 1;
    const lists: number[][] = Array.from({ length: nStrips }, () => []);
    rings.forEach((r, ri) => {
      for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
        const [xi, yi] = r[i], [xj, yj] = r[j];
        if (yi === yj) continue; // a horizontal edge never crosses the ray under the half-open rule
        const s0 = this.strip(Math.min(yi, yj)), s1 = this.strip(Math.max(yi, yj));
        for (let s = s0; s <= s1; s++) lists[s].push(xi, yi, xj, yj, ri);
      }
    });
    // each strip's edges from the rightmost to the leftmost (by their right end): a ray to +x is done at the
    // first edge lying wholly left of the point
    this.strips = lists.map((l) => {
      const order = Array.from({ length: l.length / 5 }, (_, i) => i * 5);
      order.sort((a, b) => Math.max(l[b], l[b + 2]) - Math.max(l[a], l[a + 2]) || a - b);
      const out = new Float64Array(l.length);
      order.forEach((k, i) => out.set(l.slice(k, k + 5), i * 5));
      return out;
    });
  }

  private strip(y: number): number {
    return Math.floor((y - this.y0) / this.stripMm);
  }

  /** Edges crossed by the ray from `p` to +x, per ring (odd = inside that ring). */
  private crossings(x: number, y: number, each: (ring: number) => void): void {
    const s = this.strip(y);
    const e = this.strips[s];
    if (!e) return;
    const stop = x - LEFT_OF_MM;
    for (let k = 0; k < e.length; k += 5) {
      const xi = e[k], yi = e[k + 1], xj = e[k + 2], yj = e[k + 3];
      // (an edge wholly left of the point cannot cross its ray: the crossing lies between the edge's ends)
      if (xi < stop && xj < stop) break;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) each(e[k + 4]);
    }
  }

  /** How many rings hold the point, mod 2 (a point in a hole of a ring is in none). */
  parity(p: PointMm): boolean {
    let odd = false;
    this.crossings(p[0], p[1], () => { odd = !odd; });
    return odd;
  }

  /** The indices of the rings holding the point, ascending. */
  holding(p: PointMm): number[] {
    const odd = new Map<number, boolean>();
    this.crossings(p[0], p[1], (r) => odd.set(r, !odd.get(r)));
    return [...odd].filter(([, v]) => v).map(([r]) => r).sort((a, b) => a - b);
  }
}
