import { describe, it, expect } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import { analyzePdf } from './index.js';
import { roomsPdf } from './test-pdfs.js';

/** A wooden floor's picture: boards in light browns with darker grain streaks, as sales plans lay under rooms. */
function woodFloor(): Uint8Array {
  const w = 800, h = 600, c = createCanvas(w, h), ctx = c.getContext('2d');
  let s = 12345;
  const rnd = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  for (let x = 0; x < w; x += 40) {
    const tone = 190 + Math.floor(rnd() * 40);
    ctx.fillStyle = `rgb(${tone},${tone - 30},${tone - 70})`;
    ctx.fillRect(x, 0, 40, h);
    // grain: dark streaks along the board, a letter's width apart
    for (let k = 0; k < 14; k++) {
      const g = 150 + Math.floor(rnd() * 30);
      ctx.fillStyle = `rgb(${g},${g - 30},${g - 60})`;
      ctx.fillRect(x + rnd() * 36, rnd() * h, 2 + rnd() * 3, 30 + rnd() * 120);
    }
  }
  return c.toBuffer('image/png');
}

const opts = { page: 1, scale: 100, ceilingHeightMm: 2400 };
const ROOMS = [{ x: 1000, y: 1000, w: 4000, h: 3000 }, { x: 5200, y: 1000, w: 3000, h: 3000 }];

describe('room names drawn as curves on a vector page', () => {
  it('are read by OCR from the page rendered when no room holds any text', async () => {
    const pdf = await roomsPdf(ROOMS, { drawnText: [{ x: 2000, y: 2600, str: 'KITCHEN', size: 9 }, { x: 5800, y: 2600, str: 'BEDROOM', size: 9 }] });
    const r = await analyzePdf(pdf, opts);
    expect(r.rooms).toHaveLength(2);
    const byX = [...r.rooms].sort((a, b) => a.polygon[0][0] - b.polygon[0][0]);
    expect(byX.map((x) => x.label)).toEqual(['KITCHEN', 'BEDROOM']);
  }, 30_000);

  it('are read over a floor\'s texture: its streaks are lighter than writing', async () => {
    const pdf = await roomsPdf(ROOMS, {
      floor: { x: 1000, y: 1000, w: 4000, h: 3000, png: woodFloor() },
      drawnText: [{ x: 2000, y: 2600, str: 'KITCHEN', size: 9 }, { x: 5800, y: 2600, str: 'BEDROOM', size: 9 }],
    });
    const r = await analyzePdf(pdf, opts);
    const byX = [...r.rooms].sort((a, b) => a.polygon[0][0] - b.polygon[0][0]);
    expect(byX.map((x) => x.label)).toEqual(['KITCHEN', 'BEDROOM']);
  }, 30_000);

  it('are a word, not a mark read as one or two letters taller than it', async () => {
    const pdf = await roomsPdf(ROOMS, { drawnText: [{ x: 2000, y: 2600, str: 'KITCHEN', size: 9 }, { x: 3600, y: 1800, str: 'XQ', size: 11 }, { x: 5800, y: 2600, str: 'BEDROOM', size: 9 }] });
    const r = await analyzePdf(pdf, opts);
    const byX = [...r.rooms].sort((a, b) => a.polygon[0][0] - b.polygon[0][0]);
    expect(byX.map((x) => x.label)).toEqual(['KITCHEN', 'BEDROOM']);
  }, 30_000);

  it('are not read with OCR turned off', async () => {
    const pdf = await roomsPdf(ROOMS, { drawnText: [{ x: 2000, y: 2600, str: 'KITCHEN', size: 9 }, { x: 5800, y: 2600, str: 'BEDROOM', size: 9 }] });
    const r = await analyzePdf(pdf, { ...opts, ocr: false });
    expect(r.rooms.map((x) => x.label).filter((l) => /KITCHEN|BEDROOM/.test(l))).toEqual([]);
  });

  it('are not looked for on a page whose rooms hold text of their own', async () => {
    const pdf = await roomsPdf(ROOMS, { text: [{ x: 2000, y: 2600, str: 'Kitchen', size: 9 }], drawnText: [{ x: 5800, y: 2600, str: 'BEDROOM', size: 9 }] });
    const r = await analyzePdf(pdf, opts);
    const byX = [...r.rooms].sort((a, b) => a.polygon[0][0] - b.polygon[0][0]);
    expect(byX[0].label).toBe('Kitchen');
    expect(byX[1].label).not.toContain('BEDROOM');
  });
});
