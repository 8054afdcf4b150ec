/**
 * Light grey fills that are cut walls. CAD programs print concrete in a pale grey under its hatch
 * (ARCHICAD: 0.87), as pale as the tints layout programs lay under floors, fittings and zones. A pale fill
 * of wall thickness is a wall when it is hatched: short strokes slanting across it, as a section's material
 * is drawn, all parallel; a floor tint or a fitting's fill is not hatched across (a shower tray's cross is
 * two strokes of two directions).
 */
import type { PointMm } from '../types.js';
import { bbox, hypot, pointInPoly } from './geometry.js';
import { RingIndex } from './ring-index.js';
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
        const l = hypot(ring[i][0] - ring[j][0], ring[i][1] - ring[j][1]);
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

/** A wall layer is no thicker than this (mm): insulation or cladding, not a counter or a wardrobe. */
const LAYER_MAX_MM = 350;
/** How far beyond a layer's long side the cut wall is looked for (mm). */
const LAYER_REACH_MM = 30;
/** Share of a layer's long side that lies along a cut wall. */
const LAYER_ALONG_SHARE = 0.8;
const LAYER_SAMPLES = 9;
/** A layer is a band: its long side at least this many times its thickness (a shaft or cupboard in a corner is not). */
const LAYER_MIN_ASPECT = 4;

/**
 * The pale unhatched fills that are layers of a composite wall: no thicker than a wall, with a long side lying
 * along a cut wall's face over most of its length. ARCHICAD prints the insulation of an outside wall as a pale
 * (translucent) fill beside the hatched concrete; a floor tint spreads over a room, and a pale fitting is deeper
 * than a wall layer, short and stout (a shaft, a cupboard), or stands against the wall with its end only.
 */
export function wallLayers<P extends { rings: PointMm[][]; thick: number }>(pale: P[], cut: PointMm[][]): P[] {
  if (!pale.length || !cut.length) return [];
  const cutIndex = new RingIndex(cut);
  const inCut = (p: PointMm) => cutIndex.holding(p).length > 0;
  return pale.filter((piece) => {
    if (piece.thick > LAYER_MAX_MM) return false;
    const ring = piece.rings[0];
    // the two longest sides (a layer is a long thin band)
    const sides = ring.map((a, i) => [a, ring[(i + 1) % ring.length]] as const)
      .map(([a, b]) => ({ a, b, l: hypot(b[0] - a[0], b[1] - a[1]) })).sort((x, y) => y.l - x.l).slice(0, 2);
    return sides.some(({ a, b, l }) => {
      if (l < LAYER_MIN_ASPECT * piece.thick) return false;
      const nx = -(b[1] - a[1]) / l, ny = (b[0] - a[0]) / l;
      let along = 0;
      for (let i = 0; i < LAYER_SAMPLES; i++) {
        const t = (i + 0.5) / LAYER_SAMPLES;
        const m: PointMm = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
        // (beyond the side: the sample on the side away from the layer's inside)
        const out = pointInPoly(m[0] + nx * LAYER_REACH_MM, m[1] + ny * LAYER_REACH_MM, ring) ? -1 : 1;
        if (inCut([m[0] + out * nx * LAYER_REACH_MM, m[1] + out * ny * LAYER_REACH_MM])) along++;
      }
      return along >= LAYER_ALONG_SHARE * LAYER_SAMPLES;
    });
  });
}
