/**
 * The drawing's part of the page. A scan is mostly empty paper round the plan; every later step costs time
 * per pixel, so the work is cut to the box holding the ink (with a margin, so the paper outside the building
 * still reaches the box's edge). Scattered specks (scanner dust, JPEG noise) do not widen the box: a row or
 * column counts only when it holds a few ink pixels.
 */
import type { Mask } from './bitmap.js';

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

/** The box's part of a row-major image. */
export function cropArray<T extends Uint8Array | Float32Array>(src: T, w: number, b: Box): T {
  const cw = b.x1 - b.x0 + 1, ch = b.y1 - b.y0 + 1;
  const out = new (src.constructor as new (n: number) => T)(cw * ch);
  for (let y = 0; y < ch; y++) out.set(src.subarray((y + b.y0) * w + b.x0, (y + b.y0) * w + b.x1 + 1), y * cw);
  return out;
}
