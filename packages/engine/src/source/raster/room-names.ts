/**
 * Room names read by OCR on scans whose page carries no text: each room's own pixels (walls and the rest of
 * the page blanked) are read, and the confident lines become text items at their place in the mm frame, so
 * the labelling that serves vector text serves them too. Reading stops at a time budget; a room not read
 * keeps its numbered label.
 */
import type { PointMm } from '../../types.js';
import type { TextItem } from '../text.js';
import { readCrop, releaseOcr } from './ocr.js';
import type { Regions } from './regions.js';

/** Time allowed for reading all rooms of a page (ms). */
export const OCR_BUDGET_MS = 4000;
/** Margin kept around a room's box (pixels): a label may touch the room's edge. */
const CROP_MARGIN_PX = 2;

export interface NameScan {
  grey: Uint8Array;
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
    const cw = x1 - x0 + 1, ch = y1 - y0 + 1;
    if (cw < 8 || ch < 8) continue;
    const grey = new Uint8Array(cw * ch).fill(255);
    for (let y = 0; y < ch; y++) for (let x = 0; x < cw; x++) {
      const i = (y + y0) * s.w + x + x0;
      if (regions.labels[i] === room.id) grey[y * cw + x] = s.grey[i];
    }
    const lines = await readCrop({ grey, w: cw, h: ch, paperMmPerPx: s.paperMmPerPx });
    for (const l of lines) out.push({ str: l.text, at: s.toMm([x0 + l.at[0], y0 + l.at[1]]), heightMm: 0, horizontal: true });
  }
}
