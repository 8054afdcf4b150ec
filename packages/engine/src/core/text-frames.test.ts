import { describe, it, expect } from 'vitest';
import type { Seg, VectorPage } from '../source/extract.js';
import { textFrames, toMmSegs, type TextMark } from './walls.js';

// k = 1: page units are millimetres
const line = (x1: number, y1: number, x2: number, y2: number): Seg => ({ x1, y1, x2, y2, w: 0.2 });
const segs = (lines: Seg[]) => toMmSegs({ segs: lines, fills: [], curves: [], fillCurves: [], imageCount: 0, pathOps: lines.length, truncated: false } as VectorPage, 1);
/** A tag box 600 x 250 mm at (x, y), each side its own line, its sides' ends `gap` mm apart at the corners. */
const box = (x: number, y: number, gap = 0) => [
  line(x, y, x + 600, y), line(x + 600 + gap, y, x + 600 + gap, y + 250), line(x + 600, y + 250 + gap, x, y + 250 + gap), line(x - gap, y + 250, x - gap, y),
];
const tag = (x: number, y: number): TextMark => ({ at: [x + 300, y + 125], heightMm: 150, widthMm: 450 });
const MAX_SIDE = 4000;

describe('frames drawn around text', () => {
  it('are found wherever they lie on the page, their corners meeting within the tolerance', () => {
    // corners on and either side of the look-up's cell edges (multiples of 20 and of 500 mm)
    for (const x of [0, 3, 17, 19.5, 20, 497, 499.9, 500, 503, 1237.25]) {
      for (const gap of [0, 4]) {
        const s = segs(box(x, x / 2, gap));
        expect(textFrames(s, [tag(x, x / 2)], MAX_SIDE).size).toBe(4);
      }
    }
    // corners farther apart than the tolerance do not meet
    expect(textFrames(segs(box(500, 250, 7)), [tag(500, 250)], MAX_SIDE).size).toBe(0);
  });

  it('are not taken where more than four other lines meet a side at its corners (hatching, outlined glyphs)', () => {
    const spokes = (n: number, x: number, y: number) => Array.from({ length: n }, (_, i) => line(x, y, x - 300 * Math.cos((i + 1) * 0.4), y - 300 * Math.sin((i + 1) * 0.4)));
    const corners = (n: number) => [...spokes(n, 0, 0), ...spokes(n, 600, 0), ...spokes(n, 600, 250), ...spokes(n, 0, 250)];
    // at each corner the frame's two sides and three more lines: four besides either side, a frame
    expect(textFrames(segs([...box(0, 0), ...corners(3)]), [tag(0, 0)], MAX_SIDE).size).toBe(4);
    // and with a fourth: five besides either side, no frame's corner
    expect(textFrames(segs([...box(0, 0), ...corners(4)]), [tag(0, 0)], MAX_SIDE).size).toBe(0);
  });

  it('drawn twice over are found, both copies', () => {
    const s = segs([...box(1000, 1000), ...box(1000, 1000)]);
    expect(textFrames(s, [tag(1000, 1000)], MAX_SIDE).size).toBe(8);
  });
});
