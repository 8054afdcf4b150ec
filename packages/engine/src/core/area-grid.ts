/**
 * How much area a set of regions covers near a place: the area of each region laid out over a grid of square
 * cells (by horizontal scanlines), summed over the cells around a point. For judging something by its
 * neighbourhood (how the walls near a thin-line band are drawn) rather than by the whole sheet.
 */
import type { PointMm } from '../types.js';
import { cellKey } from './grid.js';

export class AreaGrid {
  /** Area per cell, by grid.ts's cell key (a number near the origin: no string built per look-up). */
  private readonly cells = new Map<number | string, number>();

  /** `cellMm`: side of a cell; `stepMm`: distance between scanlines (the area is exact to about one step of
   * every edge that is not crossed by a scanline). */
  constructor(readonly cellMm: number, readonly stepMm: number = cellMm / 20) {}

  /** Adds one region, its rings taken together with the non-zero rule (holes wound against their outer). */
  add(rings: readonly PointMm[][]): void {
    const rows = new Map<number, { x: number; dir: number }[]>();
    const h = this.stepMm;
    for (const r of rings) {
      for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
        const ax = r[j][0], ay = r[j][1], bx = r[i][0], by = r[i][1];
        if (ay === by) continue;
        const dir = by > ay ? 1 : -1;
        const y0 = Math.min(ay, by), y1 = Math.max(ay, by);
        // scanline n lies at (n + 0.5)·step; an edge holds the lines in [y0, y1)
        for (let n = Math.ceil(y0 / h - 0.5); (n + 0.5) * h < y1; n++) {
          const y = (n + 0.5) * h;
          const x = ax + ((bx - ax) * (y - ay)) / (by - ay);
          (rows.get(n) ?? rows.set(n, []).get(n)!).push({ x, dir });
        }
      }
    }
    for (const [n, xs] of rows) {
      xs.sort((p, q) => p.x - q.x);
      const cy = Math.floor(((n + 0.5) * h) / this.cellMm);
      let wind = 0;
      for (let i = 0; i < xs.length - 1; i++) {
        wind += xs[i].dir;
        if (wind !== 0) this.addRun(xs[i].x, xs[i + 1].x, cy);
      }
    }
  }

  /** Area (mm²) in the cells that the square of half-side `radiusMm` around `p` touches. */
  near(p: PointMm, radiusMm: number): number {
    let s = 0;
    const c = this.cellMm;
    for (let cx = Math.floor((p[0] - radiusMm) / c); cx <= Math.floor((p[0] + radiusMm) / c); cx++)
      for (let cy = Math.floor((p[1] - radiusMm) / c); cy <= Math.floor((p[1] + radiusMm) / c); cy++) s += this.cells.get(cellKey(cx, cy)) ?? 0;
    return s;
  }

  private addRun(x0: number, x1: number, cy: number): void {
    const c = this.cellMm;
    for (let cx = Math.floor(x0 / c); cx * c < x1; cx++) {
      const len = Math.min(x1, (cx + 1) * c) - Math.max(x0, cx * c);
      if (len <= 0) continue;
      const k = cellKey(cx, cy);
      this.cells.set(k, (this.cells.get(k) ?? 0) + len * this.stepMm);
    }
  }
}
