import { describe, it, expect } from 'vitest';
import { scaleBarFactor } from './scale-bar.js';
import { analyzePdf } from '../analyze.js';
import { roomsPdf, type PlanText } from '../test-pdfs.js';
import type { TextItem } from '../source/text.js';

// a run centred at (x, y), 2 mm high, 1.2 mm per character
const run = (str: string, x: number, y = 0): TextItem => ({ str, at: [x, y], heightMm: 2, widthMm: 1.2 * str.length, horizontal: true });

describe('scaleBarFactor', () => {
  it('reads a bar of metres labelled 0 to 5 m at an even pitch', () => {
    // 10 mm of the frame per metre: 1 frame mm is 100 site mm
    const bar = ['0', '1', '2', '3', '4'].map((s, i) => run(s, 0.6 + 10 * i));
    bar.push(run('5 m', 50 + 1.8 - 0.6));
    expect(scaleBarFactor(bar)).toBeCloseTo(100, 0);
  });

  it('finds no bar in numbers that are not evenly spaced or not on one baseline', () => {
    expect(scaleBarFactor(['0', '1', '2', '3'].map((s, i) => run(s, i * i * 10)))).toBeNull();
    expect(scaleBarFactor(['0', '1', '2', '3'].map((s, i) => run(s, 10 * i, 5 * i)))).toBeNull();
    expect(scaleBarFactor([run('0', 0), run('2', 20)])).toBeNull();
  });
});

describe('analyzePdf with a scale bar', () => {
  // drawn at 1:200 (coordinates below are 1:100 mm, half the site size): a 4.0 x 3.0 m room with 120 mm walls
  const room = { x: 1000, y: 1000, w: 2000, h: 1500 };
  const bar: PlanText[] = ['0', '1', '2', '3', '4', '5 m'].map((str, i) => ({ x: 1000 + 500 * i, y: 3500, str }));

  it('analyses at the bar scale and answers in the chosen frame', async () => {
    const pdf = await roomsPdf([room], { wallMm: 60, text: bar });
    const r = await analyzePdf(pdf, { page: 1, scale: 100, ceilingHeightMm: 2400 });
    expect(r.rooms).toHaveLength(1);
    // at the chosen 1:100 the room measures a quarter of its real 12 m²
    expect(Math.abs(r.rooms[0].ceiling_area - 3e6) / 3e6).toBeLessThan(0.03);
    expect(r.metadata.mm_per_pt).toBeCloseTo((25.4 / 72) * 100, 3);
    expect(r.warnings.map((w) => w.code)).toContain('scale_bar_mismatch');
  });

  it('finds no walls that thin at the chosen scale without the bar', async () => {
    const pdf = await roomsPdf([room], { wallMm: 60 });
    const r = await analyzePdf(pdf, { page: 1, scale: 100, ceilingHeightMm: 2400 });
    expect(r.rooms).toHaveLength(0);
  });
});
