/**
 * Room names read by OCR on scans whose page carries no text. In each room the ink pieces of a letter's size
 * are joined into lines; each line is read on its own, from the room's own pixels (the rest blanked to the
 * room's paper) and from the scan at its own resolution when the engine works on a coarser copy. The confident
 * lines become text items at their place in the mm frame, so the labelling that serves vector text serves
 * them too. Reading stops at a time budget; a room not read keeps its numbered label.
 */
import { availableParallelism } from 'node:os';
import { isSizeNote } from '../../core/stamps.js';
import type { PointMm } from '../../types.js';
import { hasWord, isLabelText, type TextItem } from '../text.js';
import { components, histogramLevel, newMask } from './bitmap.js';
import { ocrWorker, readCrop, releaseOcr, type OcrCrop, type OcrLine } from './ocr.js';
import type { Regions } from './regions.js';

/** Time allowed for reading all rooms of a page (ms). */
export const OCR_BUDGET_MS = 4000;
/** Writing in a room at least this share of the height of its largest writing is part of its name. */
export const NAME_HEIGHT_SHARE = 0.75;
/** Margin kept around a room's box (pixels): a label may touch the room's edge. */
const CROP_MARGIN_PX = 2;
/** Letters on a plan are this tall on paper (mm): smaller is noise or hatching, taller is furniture or a swing. */
const GLYPH_MIN_MM = 1;
const GLYPH_MAX_MM = 8;
/** A glyph's (or a blurred word's) ink is at most this wide on paper (mm). */
const GLYPH_MAX_WIDTH_MM = 40;
/** Letters of one line: their rows overlap over this share of the smaller one's height... */
const LINE_OVERLAP = 0.5;
/** ...and they are at most this many letter heights apart (a word space is about half of one). */
const LINE_GAP_HEIGHTS = 1;
/** A line of one ink piece is read only when the piece is this many times wider than tall (a blurred word). */
const LONE_PIECE_WIDTH_HEIGHTS = 1.5;
/** Margin kept above and below a line (letter heights)... */
const LINE_MARGIN_HEIGHTS = 0.5;
/** ...and before and after it: a word's first or last letter, thin or faint, may be missing from the ink. */
const LINE_END_MARGIN_HEIGHTS = 1;
/** Free-region label of the walls' pixels. */
const WALL = 0;

/**
 * A pixel read as the room's: its own, or the walls' (a heavy letter on a coarse scan may be taken for a wall
 * piece; walls themselves are pieces far larger than a letter). Other rooms and the outside are not.
 */
const readsAsRoom = (regions: Regions, i: number, id: number): boolean => regions.labels[i] === id || regions.labels[i] === WALL;

export interface NameScan {
  grey: Uint8Array;
  /** Ink (1) of the same pixels: only the room's writing is read. */
  ink: Uint8Array;
  w: number;
  h: number;
  paperMmPerPx: number;
  toMm: (p: [number, number]) => PointMm;
  /** The scan at a finer resolution than `grey`, when it has one: crops are read from it. */
  fine?: FineScan;
}

/** A finer view of the same pixels: `ratio` fine pixels per pixel of `grey`. */
export interface FineScan {
  ratio: number;
  /** Grey at a point of `grey`'s frame (pixels, continuous: pixel (i, j) spans i..i+1, j..j+1). */
  greyAt: (x: number, y: number) => number;
}

/**
 * The rooms' names, read on the OCR workers. The first line of each of the first rooms (AHEAD_PER_LANE per
 * lane) is handed to the workers at once, before this returns its promise (nothing is awaited before that): the
 * caller gives way once, and can then do other work on its thread while the workers read (the rest is handed over
 * as lines are read).
 */
export async function readRoomNames(regions: Regions, s: NameScan, budgetMs = OCR_BUDGET_MS): Promise<TextItem[]> {
  const deadline = Date.now() + budgetMs;
  try {
    const ahead = regions.rooms.slice(0, AHEAD_PER_LANE * OCR_LANES).map((room, i): RoomReading => {
      const boxes = roomLines(regions, room, s);
      const box = boxes.find((b) => readable(b.box))?.box;
      if (!box) return { boxes };
      const crop = roomCrop(regions, room.id, s, box);
      const lines = ocrWorker(i % OCR_LANES).then((w) => readCrop(crop, w));
      // (a line never asked for, past the deadline, must not fail the process)
      lines.catch(() => undefined);
      return { boxes, first: { box, lines } };
    });
    return await readRooms(regions, s, deadline, ahead);
  } finally {
    releaseOcr();
  }
}

/** First lines read per lane before the caller goes on (a line takes 10-250 ms): work for the workers meanwhile. */
export const AHEAD_PER_LANE = 10;

/** A room's lines, largest first, and the reading of its first readable line when it was handed over ahead. */
interface RoomReading { boxes: SizedLine[]; first?: { box: WritingBox; lines: Promise<OcrLine[]> } }

/**
 * Rooms read side by side, each lane with its own OCR worker: the engine's thread waits while OCR reads, so on
 * a machine with a core to spare the names take about half the time. Results keep the rooms' order.
 */
export const OCR_LANES = Math.max(1, Math.min(2, availableParallelism()));

async function readRooms(regions: Regions, s: NameScan, deadline: number, ahead: RoomReading[]): Promise<TextItem[]> {
  const found: TextItem[][] = regions.rooms.map(() => []);
  let next = 0;
  const lane = async (k: number) => {
    for (let i = next++; i < regions.rooms.length && Date.now() <= deadline; i = next++) {
      found[i] = await readRoom(regions, regions.rooms[i], s, deadline, k, ahead[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(OCR_LANES, regions.rooms.length) }, (_, k) => lane(k)));
  return found.flat();
}

/** A line of a room's writing and its letters' height (site mm). */
interface SizedLine { box: WritingBox; heightMm: number }

/** The lines of a room's writing, largest letters first. */
function roomLines(regions: Regions, room: Regions['rooms'][number], s: NameScan): SizedLine[] {
  const xs = room.ring.map((p) => p[0]), ys = room.ring.map((p) => p[1]);
  const x0 = Math.max(0, Math.floor(Math.min(...xs)) - CROP_MARGIN_PX), y0 = Math.max(0, Math.floor(Math.min(...ys)) - CROP_MARGIN_PX);
  const x1 = Math.min(s.w - 1, Math.ceil(Math.max(...xs)) + CROP_MARGIN_PX), y1 = Math.min(s.h - 1, Math.ceil(Math.max(...ys)) + CROP_MARGIN_PX);
  return writingLines(regions, room.id, s, x0, y0, x1, y1)
    .map((box) => {
      const top = s.toMm([box.x0, box.y0]), bottom = s.toMm([box.x0, box.y0 + box.letterPx]);
      return { box, heightMm: Math.hypot(bottom[0] - top[0], bottom[1] - top[1]) };
    })
    .sort((a, b) => b.heightMm - a.heightMm);
}

/** A line too small to read (pixels a side). */
const readable = (box: WritingBox): boolean => box.x1 - box.x0 + 1 >= 8 && box.y1 - box.y0 + 1 >= 8;

/**
 * The lines read in one room, by the OCR worker of one lane (its first line perhaps read ahead), until the
 * deadline (ms since the epoch).
 */
async function readRoom(regions: Regions, room: Regions['rooms'][number], s: NameScan, deadline: number, lane: number,
  ahead?: RoomReading): Promise<TextItem[]> {
  const out: TextItem[] = [];
  // largest writing first: a line under NAME_HEIGHT_SHARE of a line already read as words is no part of the
  // room's name (result.ts leaves it out), so it is not read at all
  const boxes = ahead?.boxes ?? roomLines(regions, room, s);
  const r = s.fine?.ratio ?? 1;
  let named = 0;
  for (const { box, heightMm } of boxes) {
    if (Date.now() > deadline || heightMm < NAME_HEIGHT_SHARE * named) break;
    if (!readable(box)) continue;
    const lines = await (ahead?.first?.box === box ? ahead.first.lines : readCrop(roomCrop(regions, room.id, s, box), await ocrWorker(lane)));
    const at = (l: { at: [number, number] }) => s.toMm([box.x0 + l.at[0] / r, box.y0 + l.at[1] / r]);
    for (const l of lines) {
      if (isSizeNote(l.text)) continue;
      const str = spacedNumbers(l.text);
      out.push({ str, at: at(l), heightMm, horizontal: true });
      // (a line of one or two letters, often a mark read as letters, does not set how tall the name is)
      if (isLabelText(str) && hasWord(str)) named = Math.max(named, heightMm);
    }
  }
  return out;
}

/**
 * A word of three or more letters run straight into a number of up to three digits is a name and its number
 * ("ROOM29" is "ROOM 29"): OCR drops the narrow space a label prints between them. Codes of one or two letters
 * ("WC1", "B3") are left as they are.
 */
export function spacedNumbers(text: string): string {
  return text.split(' ').map((w) => w.replace(/^(\p{L}{3,})(\d{1,3})$/u, '$1 $2')).join(' ');
}

/** Where a line of a room's writing is (pixels of the scan's frame, inclusive). */
export interface WritingBox {
  x0: number; y0: number; x1: number; y1: number;
  /** Height of the line's letters (pixels): the median ink piece's. */
  letterPx: number;
}

/**
 * The room's pixels in `box`, from the finer scan when there is one. Other rooms and the outside are blanked to
 * the room's own paper (its median level), not to white, so the crop's levels are the room's; the walls'
 * pixels are kept, as a heavy letter on a coarse scan may be taken for a wall piece.
 */
export function roomCrop(regions: Regions, id: number, s: NameScan, box: WritingBox): OcrCrop {
  const r = s.fine?.ratio ?? 1;
  const w = Math.max(1, Math.round((box.x1 - box.x0 + 1) * r)), h = Math.max(1, Math.round((box.y1 - box.y0 + 1) * r));
  const grey = new Uint8Array(w * h);
  const inside = new Uint8Array(w * h);
  const hist = new Uint32Array(256);
  for (let v = 0; v < h; v++) for (let u = 0; u < w; u++) {
    const x = box.x0 + (u + 0.5) / r, y = box.y0 + (v + 0.5) / r;
    const px = Math.min(s.w - 1, Math.floor(x)), py = Math.min(s.h - 1, Math.floor(y)), i = py * s.w + px;
    if (!readsAsRoom(regions, i, id)) continue;
    const g = s.fine ? Math.round(s.fine.greyAt(x, y)) : s.grey[i];
    hist[g]++;
    inside[v * w + u] = 1;
    grey[v * w + u] = g;
  }
  const paper = histogramLevel(hist, 0.5);
  for (let j = 0; j < grey.length; j++) if (!inside[j]) grey[j] = paper;
  return { grey, w, h, paperMmPerPx: s.paperMmPerPx / r };
}

/**
 * The lines of the room's writing (pixels, inside x0..x1, y0..y1), top to bottom: its ink pieces of a letter's
 * size (a blurred word may be one piece) joined side by side into lines, each with a margin. OCR reads line by
 * line: a whole room (or the box of all its writing) holds door swings, dash-dot lines and furniture, and
 * tesseract's layout analysis then takes the letters for graphics. Empty when there is no writing.
 */
export function writingLines(regions: Regions, id: number, s: NameScan, x0: number, y0: number, x1: number, y1: number): WritingBox[] {
  const cw = x1 - x0 + 1, ch = y1 - y0 + 1;
  const m = newMask(cw, ch);
  for (let y = 0; y < ch; y++) for (let x = 0; x < cw; x++) {
    const i = (y + y0) * s.w + x + x0;
    if (s.ink[i] && readsAsRoom(regions, i, id)) m.data[y * cw + x] = 1;
  }
  const c = components(m, 1);
  const minH = GLYPH_MIN_MM / s.paperMmPerPx, maxH = GLYPH_MAX_MM / s.paperMmPerPx, maxW = GLYPH_MAX_WIDTH_MM / s.paperMmPerPx;
  const glyphs: number[] = [];
  for (let k = 1; k <= c.count; k++) {
    const gw = c.x1[k] - c.x0[k] + 1, gh = c.y1[k] - c.y0[k] + 1;
    if (gh >= minH && gh <= maxH && gw <= maxW) glyphs.push(k);
  }
  if (!glyphs.length) return [];

  // letters side by side: overlapping rows over most of the smaller one's height, a word space apart at most
  const parent = glyphs.map((_, i) => i);
  const find = (a: number): number => (parent[a] === a ? a : (parent[a] = find(parent[a])));
  const order = glyphs.map((_, i) => i).sort((a, b) => c.x0[glyphs[a]] - c.x0[glyphs[b]]);
  for (let oi = 0; oi < order.length; oi++) {
    const a = glyphs[order[oi]], ha = c.y1[a] - c.y0[a] + 1;
    for (let oj = oi + 1; oj < order.length; oj++) {
      const b = glyphs[order[oj]], hb = c.y1[b] - c.y0[b] + 1;
      const gap = c.x0[b] - c.x1[a] - 1;
      if (gap > LINE_GAP_HEIGHTS * Math.max(ha, hb)) {
        if (gap > LINE_GAP_HEIGHTS * maxH) break;
        continue;
      }
      const overlap = Math.min(c.y1[a], c.y1[b]) - Math.max(c.y0[a], c.y0[b]) + 1;
      if (overlap >= LINE_OVERLAP * Math.min(ha, hb)) parent[find(order[oi])] = find(order[oj]);
    }
  }
  const groups = new Map<number, number[]>();
  glyphs.forEach((k, i) => {
    const r = find(i);
    const ks = groups.get(r);
    if (ks) ks.push(k);
    else groups.set(r, [k]);
  });
  // each line with its margins and its pieces' heights; a lone piece no wider than tall is a letter or a dash
  // on its own, not a name
  const boxes = [...groups.values()].map((ks) => {
    const gx0 = Math.min(...ks.map((k) => c.x0[k])), gx1 = Math.max(...ks.map((k) => c.x1[k]));
    const gy0 = Math.min(...ks.map((k) => c.y0[k])), gy1 = Math.max(...ks.map((k) => c.y1[k]));
    const hs = ks.map((k) => c.y1[k] - c.y0[k] + 1), h = Math.max(...hs);
    const mg = Math.max(2, Math.ceil(LINE_MARGIN_HEIGHTS * h)), mx = Math.max(2, Math.ceil(LINE_END_MARGIN_HEIGHTS * h));
    const lone = ks.length === 1 && gx1 - gx0 + 1 < LONE_PIECE_WIDTH_HEIGHTS * h;
    return { x0: Math.max(0, gx0 - mx), y0: Math.max(0, gy0 - mg), x1: Math.min(cw - 1, gx1 + mx), y1: Math.min(ch - 1, gy1 + mg), hs, lone };
  });
  // pieces of one word the threshold broke apart (a blurred scan) make lines whose margins meet: one line
  for (let merged = true; merged;) {
    merged = false;
    for (let i = 0; i < boxes.length && !merged; i++) for (let j = i + 1; j < boxes.length && !merged; j++) {
      const a = boxes[i], b = boxes[j];
      const rows = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) + 1;
      if (a.x0 > b.x1 || b.x0 > a.x1 || rows < LINE_OVERLAP * Math.min(a.y1 - a.y0 + 1, b.y1 - b.y0 + 1)) continue;
      boxes[i] = { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1), hs: [...a.hs, ...b.hs], lone: false };
      boxes.splice(j, 1);
      merged = true;
    }
  }
  return boxes
    .filter((b) => !b.lone)
    // the letters' height: the median piece's (a Q's tail or a J's descender is not the line's height)
    .map((b) => ({ x0: x0 + b.x0, y0: y0 + b.y0, x1: x0 + b.x1, y1: y0 + b.y1, letterPx: b.hs.sort((p, q) => p - q)[b.hs.length >> 1] }))
    .sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
}
