/**
 * The drawing's part of the page. A scan is mostly empty paper round the plan; every later step costs time
 * per pixel, so the work is cut to the box holding the ink (with a margin, so the paper outside the building
 * still reaches the box's edge). Scattered specks (scanner dust, JPEG noise) do not widen the box: a row or
 * column counts only when it holds a few ink pixels.
 */
import { components, type Mask } from './bitmap.js';
import { sharedArray, type SharedKind } from './pixel-helper.js';
import { isSheetFrame } from './regions.js';

/** Wall pieces lying wholly within this share of the drawing's size from its edge (past CROP_MARGIN_PX of paper) are a
 * sheet's frame drawn in pieces. */
export const SHEET_EDGE_SHARE = 0.01;
/** A row or column belongs to the drawing when it has at least this many ink pixels ... */
export const MIN_LINE_INK_PX = 3;
/** ... and the box is widened by this margin (pixels) on every side. */
export const CROP_MARGIN_PX = 16;

export interface Box { x0: number; y0: number; x1: number; y1: number }

/** Box (inclusive) of the rows and columns holding ink, with the margin, inside the image; null when none. */
export function drawingBox(ink: Mask, minInk = MIN_LINE_INK_PX, margin = CROP_MARGIN_PX): Box | null {
  const { w, h, data } = ink;
  const rows = new Int32Array(h), cols = new Int32Array(w);
  for (let y = 0; y < h; y++) {
    const base = y * w;
    let n = 0;
    for (let x = 0; x < w; x++) if (data[base + x]) { n++; cols[x]++; }
    rows[y] = n;
  }
  const first = (a: Int32Array) => a.findIndex((v) => v >= minInk);
  const last = (a: Int32Array) => { for (let i = a.length - 1; i >= 0; i--) if (a[i] >= minInk) return i; return -1; };
  const y0 = first(rows), x0 = first(cols);
  if (y0 < 0 || x0 < 0) return null;
  return { x0: Math.max(0, x0 - margin), y0: Math.max(0, y0 - margin), x1: Math.min(w - 1, last(cols) + margin), y1: Math.min(h - 1, last(rows) + margin) };
}

/**
 * The walls' part of the drawing (inclusive, with `margin` pixels of paper round it, inside the image): the box of
 * the wall pieces other than a sheet's frame. The frame is a piece spanning the drawing round everything else as a
 * thin outline (with a title block's rules drawn against it), or, drawn in pieces, those lying wholly along the
 * drawing's edge (a building's walls join into pieces reaching inward). Beyond a door's swing from every wall there
 * is no room, door or window: the paper round a small plan on a large sheet, a title block, notes, a legend. Null
 * when there are no walls but a frame's.
 */
export function wallsBox(walls: Mask, margin: number): Box | null {
  const all = drawingBox(walls, 1, 0);
  if (!all) return null;
  const { w, h } = walls;
  const edge = CROP_MARGIN_PX + Math.max(3, Math.round(SHEET_EDGE_SHARE * Math.min(w, h)));
  // (only walls reaching the drawing's edge may be a frame's)
  let box: Box | null = all;
  if (all.x0 < edge || all.y0 < edge || all.x1 > w - 1 - edge || all.y1 > h - 1 - edge) {
    const c = components(walls, 1);
    // (a piece with a pixel clear of the edge band reaches inward)
    const inward = new Uint8Array(c.count + 1);
    for (let y = edge; y < h - edge; y++) for (let x = edge, i = y * w + edge; x < w - edge; x++, i++) inward[c.labels[i]] = 1;
    box = null;
    for (let id = 1; id <= c.count; id++) {
      if (!inward[id] || isSheetFrame(c, id, w, h)) continue;
      box = box ? { x0: Math.min(box.x0, c.x0[id]), y0: Math.min(box.y0, c.y0[id]), x1: Math.max(box.x1, c.x1[id]), y1: Math.max(box.y1, c.y1[id]) }
        : { x0: c.x0[id], y0: c.y0[id], x1: c.x1[id], y1: c.y1[id] };
    }
    if (!box) return null;
  }
  return { x0: Math.max(0, box.x0 - margin), y0: Math.max(0, box.y0 - margin), x1: Math.min(w - 1, box.x1 + margin), y1: Math.min(h - 1, box.y1 + margin) };
}

/** The box's part of a row-major image. */
export function cropArray<T extends Uint8Array | Float32Array>(src: T, w: number, b: Box): T {
  const cw = b.x1 - b.x0 + 1, ch = b.y1 - b.y0 + 1;
  // (on shared memory, as the pixel helper may work on it: see pixel-helper.ts)
  const out = sharedArray(src.constructor as SharedKind<T>, cw * ch);
  for (let y = 0; y < ch; y++) out.set(src.subarray((y + b.y0) * w + b.x0, (y + b.y0) * w + b.x1 + 1), y * cw);
  return out;
}
