/**
 * Room names drawn as curves on a vector page. Layout programs and some CAD exports turn the writing into outlines
 * (or into glyphs of a font the page cannot map back to letters): the page has rooms but no text in any of them.
 * Their names are read the way a scan's are (room-names.ts): the rooms' part of the page is rendered in grey, each
 * room is a region of the render, and OCR reads the writing inside it. The lines read come back as text items in
 * the analysis' mm frame, for the labelling that serves the page's own text.
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PointMm } from '../../types.js';
import type { TextItem } from '../text.js';
import { binarizeWithPaper } from './binarize.js';
import { renderGrey } from './page-image.js';
import type { Mask } from './bitmap.js';
import type { Regions, PixelRoom } from './regions.js';
import { readRoomNames, OCR_BUDGET_MS } from './room-names.js';

/** Paper resolution the rooms are rendered at (dpi): a plan's writing is 1.5-3 mm tall on paper. */
const RENDER_DPI = 300;
/** At most this many pixels are rendered (the rooms' box of a large sheet is read coarser). */
const MAX_RENDER_PX = 8_000_000;
/** Writing is darker than this grey (0-255; a mid grey): a black, dark grey or saturated colour pen. */
const WRITING_GREY = 128;
/** Margin rendered round the rooms' box (points). */
const MARGIN_PT = 10;

/**
 * The writing read by OCR inside `rooms` (polygons in the analysis' mm frame: page points from the top-left, times
 * `mmPerPt`), as text items in that frame; empty when nothing is read.
 */
export async function readDrawnNames(page: PDFPageProxy, rooms: PointMm[][], mmPerPt: number, budgetMs = OCR_BUDGET_MS): Promise<TextItem[]> {
  if (!rooms.length) return [];
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const r of rooms) for (const p of r) {
    x0 = Math.min(x0, p[0] / mmPerPt); y0 = Math.min(y0, p[1] / mmPerPt); x1 = Math.max(x1, p[0] / mmPerPt); y1 = Math.max(y1, p[1] / mmPerPt);
  }
  const vp1 = page.getViewport({ scale: 1 });
  x0 = Math.max(0, x0 - MARGIN_PT); y0 = Math.max(0, y0 - MARGIN_PT);
  x1 = Math.min(vp1.width, x1 + MARGIN_PT); y1 = Math.min(vp1.height, y1 + MARGIN_PT);
  if (!(x1 > x0 && y1 > y0)) return [];
  const pxPerPt = Math.min(RENDER_DPI / 72, Math.sqrt(MAX_RENDER_PX / ((x1 - x0) * (y1 - y0))));
  const w = Math.max(1, Math.ceil((x1 - x0) * pxPerPt)), h = Math.max(1, Math.ceil((y1 - y0) * pxPerPt));
  const { grey } = await renderGrey(page, pxPerPt, { x0, y0, w, h });
  const ink = writingInk(grey, w, h);
  // (a pixel's place in the frame: its top-left corner, as for scans)
  const toPx = (p: PointMm): [number, number] => [(p[0] / mmPerPt - x0) * pxPerPt, (p[1] / mmPerPt - y0) * pxPerPt];
  const toMm = (p: [number, number]): PointMm => [(p[0] / pxPerPt + x0) * mmPerPt, (p[1] / pxPerPt + y0) * mmPerPt];
  const regions = roomRegions(rooms.map((r) => r.map(toPx)), w, h);
  if (!regions.rooms.length) return [];
  return readRoomNames(regions, { grey, ink: ink.data, w, h, paperMmPerPx: 25.4 / 72 / pxPerPt, toMm }, budgetMs).catch(() => []);
}

/**
 * The ink of a render that may be writing: what the scans' binarisation takes for ink (darker than the paper round
 * it), and darker than WRITING_GREY. Writing is drawn dark; a floor's texture under it (wood, tiles) is lighter, and
 * the darker streaks of its grain, ink to the binarisation, are no letters.
 */
export function writingInk(grey: Uint8Array, w: number, h: number): Mask {
  const { ink } = binarizeWithPaper(grey, w, h);
  for (let i = 0; i < grey.length; i++) if (grey[i] >= WRITING_GREY) ink.data[i] = 0;
  return ink;
}

/** Label of the pixels in no room: neither a room's nor a wall's (room-names.ts reads both of those as the room's). */
const NO_ROOM = -1;

/**
 * The rooms (rings in pixels) as regions of a `w` × `h` image: each room's pixels (their centres inside its ring,
 * the first room holding a pixel keeps it) carry its id, from 1; the rest NO_ROOM.
 */
export function roomRegions(rings: [number, number][][], w: number, h: number): Regions {
  const labels = new Int32Array(w * h).fill(NO_ROOM);
  const rooms: PixelRoom[] = [];
  rings.forEach((ring, i) => {
    const id = i + 1;
    let areaPx = 0;
    let ry0 = Infinity, ry1 = -Infinity;
    for (const p of ring) { ry0 = Math.min(ry0, p[1]); ry1 = Math.max(ry1, p[1]); }
    const j0 = Math.max(0, Math.ceil(ry0 - 0.5)), j1 = Math.min(h - 1, Math.floor(ry1 - 0.5));
    for (let j = j0; j <= j1; j++) {
      const y = j + 0.5;
      const xs: number[] = [];
      for (let k = 0; k < ring.length; k++) {
        const a = ring[k], b = ring[(k + 1) % ring.length];
        if ((a[1] > y) !== (b[1] > y)) xs.push(a[0] + ((y - a[1]) * (b[0] - a[0])) / (b[1] - a[1]));
      }
      xs.sort((p, q) => p - q);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const i0 = Math.max(0, Math.ceil(xs[k] - 0.5)), i1 = Math.min(w - 1, Math.floor(xs[k + 1] - 0.5));
        for (let x = i0; x <= i1; x++) if (labels[j * w + x] === NO_ROOM) { labels[j * w + x] = id; areaPx++; }
      }
    }
    if (areaPx > 0) rooms.push({ ring, areaPx, id });
  });
  return { rooms, exterior: [], labels };
}
