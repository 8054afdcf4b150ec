/**
 * Walls from the ink mask, by stroke thickness: outlined walls (two face lines, hatching) become solid by
 * filling the thin enclosed paper between their lines; an opening then removes every stroke thinner than
 * the thinnest wall (furniture, dimensions, text, door swings, hatching); small pieces standing alone are
 * dropped. What remains is the wall network.
 */
import { chamfer, CHAMFER_PAD, CHAMFER_UNIT, components, dilate, newMask, open, thresholdChamfer, type Mask } from './bitmap.js';

export interface WallScale {
  /** Site millimetres per pixel. */
  mmPerPx: number;
  /** Paper millimetres per pixel. */
  paperMmPerPx: number;
}

/** Enclosed paper no wider than this (site mm) is the inside of an outlined wall, not a room. */
export const CAVITY_MAX_WIDTH_MM = 420;
/** Strokes thinner than this on site (mm) are not walls. */
export const MIN_WALL_MM = 60;
/** ... nor strokes thinner than this on paper (mm): pen widths of furniture, dimensions and frames. */
export const MIN_WALL_PAPER_MM = 0.55;
/** A wall piece at least this long (site mm) belongs to the building, shorter ones alone are clutter. */
export const WALL_PIECE_MM = 1500;

/**
 * A disc this wide (site mm) fits in no wall (walls are at most 450 mm thick): filled paper where it fits is
 * a field of small cells drawn in thin lines (floor tiles, a grid, furniture split by lines), not a wall.
 */
export const BLOB_MIN_WIDTH_MM = 500;
/**
 * Cells of such a field are at least this wide (site mm): tiles, grid squares. The slivers between hatch
 * lines are narrower, and a hatched wall lying in a field (a filled strip beside it) keeps its hatching.
 */
export const FIELD_CELL_MIN_WIDTH_MM = 150;

/**
 * Ink plus the thin enclosed paper inside outlined walls. Paper cells that lie mostly inside a filled
 * field wider than any wall stay paper: tiles drawn in a wet room are cells as narrow as a wall's cavity,
 * but side by side they fill a block as thick as a room, which would swallow the doors beside it.
 */
export function fillCavities(ink: Mask, s: WallScale): Mask {
  return fillWithInside(ink, s).solid;
}


/**
 * fillCavities, and the chamfer distance from the solid's pixels to paper when it is the final solid's
 * (no field was cleared), for the opening to reuse.
 */
function fillWithInside(ink: Mask, s: WallScale): { solid: Mask; inside: Int32Array | null } {
  const { w, h } = ink;
  const paper = components(ink, 0);
  const dist = chamfer(ink, 1), PAD = CHAMFER_PAD, W = w + 2 * PAD;
  const maxR = new Int32Array(paper.count + 1);
  for (let y = 0; y < h; y++) {
    const row = (y + PAD) * W + PAD, src = y * w;
    for (let x = 0; x < w; x++) {
      const id = paper.labels[src + x];
      if (id && dist[row + x] > maxR[id]) maxR[id] = dist[row + x];
    }
  }
  const limR = (CAVITY_MAX_WIDTH_MM / 2 / s.mmPerPx) * CHAMFER_UNIT;
  const fill = new Uint8Array(paper.count + 1);
  for (let id = 1; id <= paper.count; id++) fill[id] = !paper.touchesBorder[id] && maxR[id] <= limR ? 1 : 0;
  const out = newMask(w, h);
  for (let i = 0; i < out.data.length; i++) out.data[i] = ink.data[i] || fill[paper.labels[i]] ? 1 : 0;
  const inside = chamfer(out, 0);
  const minCell = (FIELD_CELL_MIN_WIDTH_MM / 2 / s.mmPerPx) * CHAMFER_UNIT;
  for (let id = 1; id <= paper.count; id++) if (maxR[id] < minCell) fill[id] = 2; // (filled, never cleared)
  const cleared = unfillFields(out, ink, inside, paper.labels, fill, BLOB_MIN_WIDTH_MM / 2 / s.mmPerPx);
  return { solid: out, inside: cleared ? null : inside };
}

/**
 * Clears the filled paper cells (fill[id] === 1; 2 = filled for good) lying mostly (over half) where a disc
 * of radius r (px) fits in the solid; `inside` is the solid's chamfer distance to paper. Returns whether
 * any cell was cleared.
 */
function unfillFields(solid: Mask, ink: Mask, inside: Int32Array, labels: Int32Array, fill: Uint8Array, r: number): boolean {
  const count = fill.length - 1;
  const { w, h } = solid;
  const core = thresholdChamfer(inside, w, h, r, true);
  // a field of cells has cells (filled paper) in its core; a solid blot of ink alone has none to clear
  let cells = false;
  for (let i = 0; i < core.data.length && !cells; i++) if (core.data[i] && !ink.data[i]) cells = true;
  if (!cells) return false;
  // the field: every disc of radius r that fits (the core grown back by r)
  const field = dilate(core, r);
  const n = new Int32Array(count + 1), inField = new Int32Array(count + 1);
  for (let i = 0; i < field.data.length; i++) {
    if (ink.data[i] || !solid.data[i]) continue;
    const id = labels[i];
    n[id]++;
    inField[id] += field.data[i];
  }
  let cleared = false;
  for (let i = 0; i < field.data.length; i++) {
    const id = labels[i];
    if (fill[id] === 1 && !ink.data[i] && inField[id] > 0.5 * n[id]) { solid.data[i] = 0; cleared = true; }
  }
  return cleared;
}

/** Radius (px) of the opening that removes strokes thinner than a wall. */
export function strokeRadiusPx(s: WallScale): number {
  const widthPx = Math.max(MIN_WALL_MM / s.mmPerPx, MIN_WALL_PAPER_MM / s.paperMmPerPx);
  return Math.max(1, Math.floor(widthPx / 2));
}

/** The wall network: thick parts of the filled ink, pieces of building size only. */
export function findWallMask(ink: Mask, s: WallScale): Mask {
  const { solid, inside } = fillWithInside(ink, s);
  const r = strokeRadiusPx(s);
  // (the solid's distance to paper is known unless a field was cleared: the erosion reuses it)
  const thick = inside ? dilate(thresholdChamfer(inside, ink.w, ink.h, r, true), r) : open(solid, r);
  const comps = components(thick, 1);
  const minLenPx = WALL_PIECE_MM / s.mmPerPx;
  const keep = new Uint8Array(comps.count + 1);
  for (let id = 1; id <= comps.count; id++) {
    const len = Math.max(comps.x1[id] - comps.x0[id], comps.y1[id] - comps.y0[id]) + 1;
    keep[id] = len >= minLenPx ? 1 : 0;
  }
  const out = newMask(ink.w, ink.h);
  for (let i = 0; i < out.data.length; i++) out.data[i] = keep[comps.labels[i]];
  return out;
}
