/**
 * Light grey fills that are cut walls. CAD programs print concrete in a pale grey under its hatch
 * (ARCHICAD: 0.87), as pale as the tints layout programs lay under floors, fittings and zones. A pale fill
 * of wall thickness is a wall when it is hatched: short strokes slanting across it, as a section's material
 * is drawn, all parallel; a floor tint or a fitting's fill is not hatched across (a shower tray's cross is
 * two strokes of two directions).
 */
import type { PointMm } from '../types.js';
import { bbox, pointInPoly } from './geometry.js';
import type { MmSeg } from './walls.js';

/** Hatch strokes cross the fill at this angle to its long side (degrees), not along it or square to it. */
const SLANT_MIN_DEG = 20;
const SLANT_MAX_DEG = 70;
/** A hatch stroke crosses the fill: at most this many fill thicknesses long. */
const HATCH_MAX_THICKNESSES = 4;
/** At least this many hatch strokes in a fill, and at least one per HATCH_EVERY_MM of its length. */
const HATCH_MIN_STROKES = 3;
const HATCH_EVERY_MM = 1000;
/** Strokes of one hatch are parallel within this (degrees). */
const PARALLEL_DEG = 2;
/** Cell of the index of stroke midpoints (mm). */
const CELL_MM = 1000;

export function hatchedFills(segs: MmSeg[]) {
  let cells: Map<string, MmSeg[]> | null = null;
  const mid = (s: MmSeg): PointMm => [(s.a[0] + s.b[0]) / 2, (s.a[1] + s.b[1]) / 2];
  const index = () => {
    if (cells) return cells;
    cells = new Map();
    for (const s of segs) {
      const m = mid(s);
      const key = `${Math.floor(m[0] / CELL_MM)},${Math.floor(m[1] / CELL_MM)}`;
      const list = cells.get(key);
      if (list) list.push(s); else cells.set(key, [s]);
    }
    return cells;
  };
  return {
    /** Whether the fill with outer ring `ring` and mean thickness `thickMm` is hatched across. */
    isHatched(ring: PointMm[], thickMm: number): boolean {
      // the fill's long side gives its direction
      let along = 0, longest = 0;
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const l = Math.hypot(ring[i][0] - ring[j][0], ring[i][1] - ring[j][1]);
        if (l > longest) { longest = l; along = Math.atan2(ring[i][1] - ring[j][1], ring[i][0] - ring[j][0]); }
      }
      const b = bbox(ring);
      const need = Math.max(HATCH_MIN_STROKES, Math.max(b.w, b.h) / HATCH_EVERY_MM);
      const ix = index();
      // strokes counted by direction: a hatch is one family of parallel strokes (a shower tray's cross is two)
      const byDir = new Map<number, number>();
      for (let cx = Math.floor(b.x0 / CELL_MM); cx <= Math.floor(b.x1 / CELL_MM); cx++)
        for (let cy = Math.floor(b.y0 / CELL_MM); cy <= Math.floor(b.y1 / CELL_MM); cy++)
          for (const s of ix.get(`${cx},${cy}`) ?? []) {
            if (s.len > HATCH_MAX_THICKNESSES * thickMm) continue;
            const d = Math.abs(s.ang - along) % Math.PI;
            const deg = (Math.min(d, Math.PI - d) * 180) / Math.PI;
            if (deg < SLANT_MIN_DEG || deg > SLANT_MAX_DEG) continue;
            const m = mid(s);
            if (!pointInPoly(m[0], m[1], ring)) continue;
            const bin = Math.round((s.ang * 180) / Math.PI / PARALLEL_DEG) % Math.round(180 / PARALLEL_DEG);
            const n = (byDir.get(bin) ?? 0) + 1;
            byDir.set(bin, n);
            if (n >= need) return true;
          }
      return false;
    },
  };
}
