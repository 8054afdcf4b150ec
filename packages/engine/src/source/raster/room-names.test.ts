import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it, vi } from 'vitest';
import type { Regions } from './regions.js';
import { OCR_LANES, readRoomNames, roomCrop, spacedNumbers, writingLines } from './room-names.js';
import { ocrWorker, readCrop, type OcrCrop } from './ocr.js';

// OCR stands in: the name's line (the widest crop) reads as the name, any other as a tag
vi.mock('./ocr.js', async (original) => ({
  ...(await original<typeof import('./ocr.js')>()),
  ocrWorker: vi.fn(async () => ({})),
  readCrop: vi.fn(async (c: OcrCrop) => [{ text: c.w > 100 ? 'GUEST ROOM' : 'D04', confidence: 90, at: [c.w / 2, c.h / 2] as [number, number] }]),
}));
import { isSizeNote } from '../../core/stamps.js';
import { TEST_FONTS } from '../../test-pdfs.js';

/**
 * A 150 dpi room (one free region filling the page) holding a name with its area below it and a door tag on
 * the name's row, a table and a door swing; or the furniture only.
 */
function room(word: boolean) {
  const w = 600, h = 400;
  const c = createCanvas(w, h);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, w, h);
  ctx.strokeStyle = ctx.fillStyle = '#000';
  ctx.lineWidth = 2;
  ctx.strokeRect(380, 200, 180, 120); // a table, 30 x 20 mm on paper
  ctx.beginPath();
  ctx.arc(60, 380, 150, -Math.PI / 2, 0); // a door swing
  ctx.stroke();
  if (word) {
    // (24 px and 14 px: the small lines clearly under the name's share of its height, and still lines)
    ctx.font = `24px ${TEST_FONTS.sans}`;
    ctx.fillText('GUEST ROOM', 200, 120);
    ctx.font = `14px ${TEST_FONTS.sans}`;
    ctx.fillText('12.5 m2', 230, 150);
    ctx.fillText('D04', 480, 120);
  }
  const rgba = ctx.getImageData(0, 0, w, h).data;
  const grey = new Uint8Array(w * h), ink = new Uint8Array(w * h);
  for (let i = 0; i < grey.length; i++) { grey[i] = rgba[4 * i]; ink[i] = rgba[4 * i] < 128 ? 1 : 0; }
  const regions: Regions = { rooms: [], exterior: [], labels: new Int32Array(w * h).fill(1) };
  return { regions, scan: { grey, ink, w, h, paperMmPerPx: 25.4 / 150, toMm: (p: [number, number]) => p } };
}

/** Rooms side by side across the page, equally wide, each with its name in 20 px letters at the given x. */
function roomsInARow(names: [string, number][]) {
  const { scan } = room(false);
  const c = createCanvas(scan.w, scan.h);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, scan.w, scan.h);
  ctx.fillStyle = '#000';
  ctx.font = `20px ${TEST_FONTS.sans}`;
  for (const [name, x] of names) ctx.fillText(name, x, 120);
  const rgba = ctx.getImageData(0, 0, scan.w, scan.h).data;
  for (let i = 0; i < scan.grey.length; i++) { scan.grey[i] = rgba[4 * i]; scan.ink[i] = rgba[4 * i] < 128 ? 1 : 0; }
  const wide = scan.w / names.length;
  const labels = new Int32Array(scan.w * scan.h).map((_, i) => 1 + Math.floor((i % scan.w) / wide));
  const ring = (x0: number, x1: number): [number, number][] => [[x0, 0], [x1, 0], [x1, scan.h], [x0, scan.h]];
  const regions: Regions = { rooms: names.map((_, k) => ({ id: k + 1, areaPx: 1, ring: ring(wide * k, wide * (k + 1) - 1) })), exterior: [], labels };
  return { scan, regions };
}

describe('reading the names of a room', () => {
  it('reads its largest writing first and leaves lines too small to be part of its name unread', async () => {
    const { regions, scan } = room(true);
    regions.rooms = [{ id: 1, areaPx: scan.w * scan.h, ring: [[0, 0], [scan.w, 0], [scan.w, scan.h], [0, scan.h]] }];
    vi.mocked(readCrop).mockClear();
    const items = await readRoomNames(regions, scan);
    // the area and the tag (14 px letters under the name's 24 px) are not read
    expect(vi.mocked(readCrop)).toHaveBeenCalledTimes(1);
    expect(items.map((t) => t.str)).toEqual(['GUEST ROOM']);
  });

  // (a machine with one core reads in one lane)
  it.skipIf(OCR_LANES < 2)('reads two rooms side by side, each lane with its own worker, and keeps the rooms in order', async () => {
    // two rooms, the left one (x < 300) named HALL, the right one KITCHEN
    const { scan, regions } = roomsInARow([['HALL', 80], ['KITCHEN', 380]]);
    // the first room's read is slow: with two lanes the second is read meanwhile and ends first
    const ended: string[] = [];
    let call = 0;
    vi.mocked(readCrop).mockImplementation(async (crop: OcrCrop) => {
      const text = call++ === 0 ? 'HALL' : 'KITCHEN';
      await new Promise((r) => setTimeout(r, text === 'HALL' ? 60 : 0));
      ended.push(text);
      return [{ text, confidence: 90, at: [crop.w / 2, crop.h / 2] }];
    });
    vi.mocked(ocrWorker).mockClear();
    const items = await readRoomNames(regions, scan);
    expect(ended).toEqual(['KITCHEN', 'HALL']);
    expect(items.map((t) => t.str)).toEqual(['HALL', 'KITCHEN']);
    expect(new Set(vi.mocked(ocrWorker).mock.calls.map((a) => a[0]))).toEqual(new Set([0, 1]));
  });
});

describe('handing the first lines over ahead', () => {
  it('sends the first line of each of the first rooms to the workers before anything is read, and reads none again', async () => {
    // three rooms side by side, each with a name
    const { scan, regions } = roomsInARow([['HALL', 30], ['BATH', 230], ['STORE', 430]]);
    // nothing is read until the test lets it
    const pending: (() => void)[] = [];
    vi.mocked(readCrop).mockReset().mockImplementation((crop: OcrCrop) => new Promise((resolve) => {
      pending.push(() => resolve([{ text: crop.w > 80 ? 'STORE' : 'HALL', confidence: 90, at: [crop.w / 2, crop.h / 2] }]));
    }));
    const names = readRoomNames(regions, scan);
    await new Promise((r) => setImmediate(r));
    // two lanes alone would have started two rooms; all three first lines are out
    expect(vi.mocked(readCrop)).toHaveBeenCalledTimes(3);
    pending.forEach((go) => go());
    const items = await names;
    expect(items).toHaveLength(3);
    expect(vi.mocked(readCrop)).toHaveBeenCalledTimes(3);
  });
});

describe('the room writing OCR reads', () => {
  it('is its lines, top to bottom: the name (both words), the area, the tag apart; no furniture, no door swing', () => {
    const { regions, scan } = room(true);
    const lines = writingLines(regions, 1, scan, 0, 0, scan.w - 1, scan.h - 1);
    expect(lines).toHaveLength(3);
    const [name, tag, area] = lines;
    // the name: both words, from x 200 to its end (as wide as the font sets it), one line (baseline
    // 120), with a letter's height (about 16-18 px) kept before and after it: a first or last letter may be
    // missing from the ink
    const ctx = createCanvas(10, 10).getContext('2d');
    ctx.font = `24px ${TEST_FONTS.sans}`;
    const end = 200 + ctx.measureText('GUEST ROOM').width;
    expect(name.x0).toBeGreaterThan(180);
    expect(name.x0).toBeLessThan(190);
    expect(name.x1).toBeGreaterThan(end);
    expect(name.x1).toBeLessThan(end + 20);
    expect(name.y0).toBeGreaterThan(90);
    expect(name.y1).toBeLessThan(135);
    // the tag on the same row, more than a letter's height further on, is a line of its own
    expect(tag.x0).toBeGreaterThan(460);
    expect(tag.y1).toBeLessThan(135);
    expect(area.y0).toBeGreaterThan(125);
    expect(area.y1).toBeLessThan(165);
  });

  it('counts a heavy letter taken for a wall piece as writing, and keeps it in the crop read', () => {
    const { regions, scan } = room(true);
    // the name's first letter (x 200-214) is labelled wall (0); the right edge of the page is another room
    for (let y = 95; y < 125; y++) for (let x = 198; x < 215; x++) regions.labels[y * scan.w + x] = 0;
    for (let y = 0; y < scan.h; y++) for (let x = 590; x < scan.w; x++) regions.labels[y * scan.w + x] = 2;
    const [name] = writingLines(regions, 1, scan, 0, 0, scan.w - 1, scan.h - 1);
    expect(name.x0).toBeLessThan(190);
    const crop = roomCrop(regions, 1, scan, { ...name, x1: scan.w - 1 });
    // the G's ink is in the crop; the other room's pixels are blanked to this room's paper (white)
    let dark = 0;
    for (let y = 0; y < crop.h; y++) for (let x = 200 - name.x0; x < 215 - name.x0; x++) if (crop.grey[y * crop.w + x] < 128) dark++;
    expect(dark).toBeGreaterThan(20);
    expect(crop.grey[5 * crop.w + (595 - name.x0)]).toBe(255);
  });

  it('is nothing in a room with furniture only', () => {
    const { regions, scan } = room(false);
    expect(writingLines(regions, 1, scan, 0, 0, scan.w - 1, scan.h - 1)).toEqual([]);
  });

  it('is read with the outside of the room set to the room\'s paper and from the finer scan when there is one', () => {
    const { scan } = room(true);
    // the room is the left half of the page; its paper is grey (200)
    const grey = scan.grey.map((v) => Math.round(v * 200 / 255));
    const labels = new Int32Array(scan.w * scan.h);
    for (let y = 0; y < scan.h; y++) for (let x = 0; x < 300; x++) labels[y * scan.w + x] = 1;
    const regions: Regions = { rooms: [], exterior: [], labels };
    const box = { x0: 250, y0: 10, x1: 349, y1: 29, letterPx: 12 };
    const plain = roomCrop(regions, 1, { ...scan, grey }, box);
    expect([plain.w, plain.h]).toEqual([100, 20]);
    // outside the room (x >= 300) the crop is the room's paper, not white
    expect(plain.grey[5 * 100 + 80]).toBe(200);
    const fine = roomCrop(regions, 1, { ...scan, grey, fine: { ratio: 2, greyAt: (x) => (x < 275 ? 50 : 200) } }, box);
    expect([fine.w, fine.h, fine.paperMmPerPx]).toEqual([200, 40, scan.paperMmPerPx / 2]);
    // read through the finer scan: a fine pixel at x 250.25 (dark there), one at 299.75 (paper)
    expect(fine.grey[0]).toBe(50);
    expect(fine.grey[99]).toBe(200);
  });
});

describe('a line read by OCR', () => {
  it('puts back the space between a name and its number, and leaves short codes alone', () => {
    expect(spacedNumbers('ROOM29')).toBe('ROOM 29');
    expect(spacedNumbers('GUEST ROOM2')).toBe('GUEST ROOM 2');
    expect(spacedNumbers('Zimmer101')).toBe('Zimmer 101');
    expect(spacedNumbers('WC1')).toBe('WC1');
    expect(spacedNumbers('ROOM 29')).toBe('ROOM 29');
    expect(spacedNumbers('H2340x')).toBe('H2340x');
  });

  it('is a door, window or material note, not a name, when it gives a size', () => {
    for (const note of ['32x80 OPENING POCKET', '2065Hx1310W', 'D01 H2040 x W920', '2x10 JOISTS', '2615 × 1615']) expect(isSizeNote(note)).toBe(true);
    for (const name of ['ROOM 29', 'BED 2', 'MASTER BEDROOM', 'WC1', 'CHAMBRE 3', 'Box room']) expect(isSizeNote(name)).toBe(false);
  });
});
