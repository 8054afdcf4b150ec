/**
 * Room names read by OCR on scans whose page carries no text: each room's own pixels (walls and the rest of
 * the page blanked) are read, and the confident lines become text items at their place in the mm frame, so
 * the labelling that serves vector text serves them too. Reading stops at a time budget; a room not read
 * keeps its numbered label.
 */
import type { PointMm } from '../../types.js';
import type { TextItem } from '../text.js';
import { components, newMask } from './bitmap.js';
import { readCrop, releaseOcr } from './ocr.js';
import type { Regions } from './regions.js';

/** Time allowed for reading all rooms of a page (ms). */
export const OCR_BUDGET_MS = 4000;
/** Margin kept around a room's box (pixels): a label may touch the room's edge. */
const CROP_MARGIN_PX = 2;
/** Letters on a plan are this tall on paper (mm): smaller is noise or hatching, taller is furniture or a swing. */
const GLYPH_MIN_MM = 1;
const GLYPH_MAX_MM = 8;
/** A glyph's (or a blurred word's) ink is at most this wide on paper (mm). */
const GLYPH_MAX_WIDTH_MM = 40;
/** Margin kept around the room's writing (paper mm). */
const TEXT_MARGIN_MM = 2;

export interface NameScan {
  grey: Uint8Array;
  /** Ink (1) of the same pixels: only the room's writing is read. */
  ink: Uint8Array;
  w: number;
  h: number;
  paperMmPerPx: number;
  toMm: (p: [number, number]) => PointMm;
}

export async function readRoomNames(regions: Regions, s: NameScan, budgetMs = OCR_BUDGET_MS): Promise<TextItem[]> {
  const t0 = Date.now();
  const out: TextItem[] = [];
  try {
    await readRooms(regions, s, budgetMs, t0, out);
  } finally {
    releaseOcr();
  }
  return out;
}

async function readRooms(regions: Regions, s: NameScan, budgetMs: number, t0: number, out: TextItem[]): Promise<void> {
  for (const room of regions.rooms) {
    if (Date.now() - t0 > budgetMs) break;
    const xs = room.ring.map((p) => p[0]), ys = room.ring.map((p) => p[1]);
    const x0 = Math.max(0, Math.floor(Math.min(...xs)) - CROP_MARGIN_PX), y0 = Math.max(0, Math.floor(Math.min(...ys)) - CROP_MARGIN_PX);
    const x1 = Math.min(s.w - 1, Math.ceil(Math.max(...xs)) + CROP_MARGIN_PX), y1 = Math.min(s.h - 1, Math.ceil(Math.max(...ys)) + CROP_MARGIN_PX);
    const box = writingBox(regions, room.id, s, x0, y0, x1, y1);
    if (!box) continue;
    const cw = box.x1 - box.x0 + 1, ch = box.y1 - box.y0 + 1;
    if (cw < 8 || ch < 8) continue;
    const grey = new Uint8Array(cw * ch).fill(255);
    for (let y = 0; y < ch; y++) for (let x = 0; x < cw; x++) {
      const i = (y + box.y0) * s.w + x + box.x0;
      if (regions.labels[i] === room.id) grey[y * cw + x] = s.grey[i];
    }
    const lines = await readCrop({ grey, w: cw, h: ch, paperMmPerPx: s.paperMmPerPx });
    for (const l of lines) out.push({ str: l.text, at: s.toMm([box.x0 + l.at[0], box.y0 + l.at[1]]), heightMm: 0, horizontal: true });
  }
}

/**
 * The box (pixels, inside x0..x1, y0..y1) of the room's writing: its ink pieces of a letter's height (a blurred
 * word may be one piece), with a margin; null when there is none. OCR's time grows with the area read, and a
 * room is mostly paper and furniture.
 */
export function writingBox(regions: Regions, id: number, s: NameScan, x0: number, y0: number, x1: number, y1: number): { x0: number; y0: number; x1: number; y1: number } | null {
  const cw = x1 - x0 + 1, ch = y1 - y0 + 1;
  const m = newMask(cw, ch);
  for (let y = 0; y < ch; y++) for (let x = 0; x < cw; x++) {
    const i = (y + y0) * s.w + x + x0;
    if (regions.labels[i] === id && s.ink[i]) m.data[y * cw + x] = 1;
  }
  const c = components(m, 1);
  const minH = GLYPH_MIN_MM / s.paperMmPerPx, maxH = GLYPH_MAX_MM / s.paperMmPerPx, maxW = GLYPH_MAX_WIDTH_MM / s.paperMmPerPx;
  let bx0 = Infinity, by0 = Infinity, bx1 = -1, by1 = -1;
  for (let k = 1; k <= c.count; k++) {
    const gw = c.x1[k] - c.x0[k] + 1, gh = c.y1[k] - c.y0[k] + 1;
    if (gh < minH || gh > maxH || gw > maxW) continue;
    bx0 = Math.min(bx0, c.x0[k]); by0 = Math.min(by0, c.y0[k]); bx1 = Math.max(bx1, c.x1[k]); by1 = Math.max(by1, c.y1[k]);
  }
  if (bx1 < 0) return null;
  const mg = Math.ceil(TEXT_MARGIN_MM / s.paperMmPerPx);
  return { x0: x0 + Math.max(0, bx0 - mg), y0: y0 + Math.max(0, by0 - mg), x1: x0 + Math.min(cw - 1, bx1 + mg), y1: y0 + Math.min(ch - 1, by1 + mg) };
}
