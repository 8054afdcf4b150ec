import { describe, expect, it } from 'vitest';
import { parseDimensionMm, readDimensionScale, type DimSeg, type DimText } from './scale-dimensions.js';
import { readPageScale } from '../source/page-scale.js';
import { sheetPdf } from '../test-pdfs.js';

// frame units: a string 2 high, 1.2 per character, centred 1.5 above its dimension line
const dimText = (str: string, x: number, y: number): DimText => ({ str, at: [x, y - 1.5], heightMm: 2, widthMm: 1.2 * str.length, horizontal: true });
const seg = (x1: number, y1: number, x2: number, y2: number): DimSeg => ({ x1, y1, x2, y2 });
const tick = (x: number, y: number): DimSeg => seg(x - 1, y + 1, x + 1, y - 1);

describe('parseDimensionMm', () => {
  it('reads millimetres, grouped thousands and feet and inches', () => {
    expect(parseDimensionMm('3600')).toBe(3600);
    expect(parseDimensionMm('12 000')).toBe(12000);
    expect(parseDimensionMm('3,600')).toBe(3600);
    expect(parseDimensionMm(`12'-6"`)).toBeCloseTo(150 * 25.4, 6);
    expect(parseDimensionMm(`9'`)).toBeCloseTo(108 * 25.4, 6);
  });
  it('reads metres printed with two decimals', () => {
    expect(parseDimensionMm('3.60')).toBe(3600);
    expect(parseDimensionMm('12,40')).toBe(12400);
    expect(parseDimensionMm('0.25')).toBeNull();
    expect(parseDimensionMm('3.6')).toBeNull();
  });
  it('refuses labels, areas, tags and lengths too short to read a scale from', () => {
    for (const s of ['BED 1', '12.4 m²', 'W01', '90', '1:100', '2040 x 820']) expect(parseDimensionMm(s)).toBeNull();
  });
});

describe('readDimensionScale', () => {
  // a chain along y = 100: ticks at 0, 120 and 300 split it into spans of 120 and 180 units
  const chain = [seg(-5, 100, 305, 100), tick(0, 100), tick(120, 100), tick(300, 100)];

  it('reads each string against the span between the marks either side of it', () => {
    const r = readDimensionScale([dimText('3600', 60, 100), dimText('5400', 210, 100)], chain);
    expect(r?.mmPerUnit).toBeCloseTo(30, 6);
    expect(r?.checks.map((c) => [c.printedMm, c.spanLength])).toEqual([[5400, 180], [3600, 120]]);
  });

  it('without the marks, both strings measure the whole line and disagree: no reading', () => {
    expect(readDimensionScale([dimText('3600', 60, 100), dimText('5400', 210, 100)], [chain[0]])).toBeNull();
  });

  it('needs two strings that agree; a third that disagrees is counted apart', () => {
    expect(readDimensionScale([dimText('3600', 60, 100)], chain)).toBeNull();
    const r = readDimensionScale([dimText('3600', 60, 100), dimText('5400', 210, 100), dimText('2000', 60, 200)], [...chain, seg(0, 200, 120, 200)]);
    expect(r?.mmPerUnit).toBeCloseTo(30, 6);
    expect(r?.disagreeing).toBe(1);
  });

  it('is no reading when another reading is nearly as common, or when the agreeing strings are a small share', () => {
    // two more strings agree with each other on another reading (25 mm per unit): neither stands out
    const other = [seg(0, 200, 40, 200), seg(0, 300, 60, 300)];
    const rival = [dimText('1000', 20, 200), dimText('1500', 30, 300)];
    const text = [dimText('3600', 60, 100), dimText('5400', 210, 100)];
    expect(readDimensionScale([...text, ...rival], [...chain, ...other])).toBeNull();
    expect(readDimensionScale([...text, rival[0]], [...chain, ...other])?.mmPerUnit).toBeCloseTo(30, 6);
    // two that agree among eleven strings read, each of the others alone: chance
    const lone = Array.from({ length: 9 }, (_, i) => ({ s: seg(0, 400 + 100 * i, 50 + 25 * i, 400 + 100 * i), t: dimText(String(1000 + 100 * i), 25, 400 + 100 * i) }));
    expect(readDimensionScale([...text, ...lone.map((l) => l.t)], [...chain, ...lone.map((l) => l.s)])).toBeNull();
    expect(readDimensionScale([...text, ...lone.slice(0, 6).map((l) => l.t)], [...chain, ...lone.map((l) => l.s)])?.mmPerUnit).toBeCloseTo(30, 6);
  });

  it('reads a vertical chain, its strings reading up the page, like a horizontal one', () => {
    // the chain above turned a quarter: along x = 100, ticks at y = 0, 120 and 300, strings 1.5 left of it
    const up = (str: string, y: number): DimText => ({ str, at: [98.5, y], heightMm: 2, widthMm: 1.2 * str.length, horizontal: false, angleDeg: -90 });
    const column = [seg(100, -5, 100, 305), tick(100, 0), tick(100, 120), tick(100, 300)];
    const r = readDimensionScale([up('3.60', 60), up('5.40', 210)], column);
    expect(r?.mmPerUnit).toBeCloseTo(30, 6);
    expect(r?.checks.map((c) => c.at)).toEqual([[98.5, 210], [98.5, 60]]);
  });

  it('ignores a number far from any line (a room stamp, a note)', () => {
    expect(readDimensionScale([dimText('3600', 60, 100), dimText('5400', 210, 140)], chain)).toBeNull();
  });
});

describe('readPageScale', () => {
  it('reads a hand-made A4 sheet at 1:100: printed scale, dimension chain with its checks, lines to snap to', async () => {
    // site mm at 1:100: a 3600 + 2400 chain 600 mm above a 6000 mm wall, ticks and extension lines at 0, 3600, 6000
    const pdf = await sheetPdf((p) => {
      p.line(0, 0, 6000, 0, { widthPt: 1 });
      p.line(-200, -600, 6200, -600);
      for (const x of [0, 3600, 6000]) { p.line(x, -100, x, -700); p.line(x - 100, -500, x + 100, -700); }
      p.text(1800, -660, '3600');
      p.text(4800, -660, '2400');
      p.text(3000, 3000, 'SCALE 1:100 @ A4');
    });
    const r = await readPageScale(pdf, 1);
    expect(r.sheet).toBe('A4');
    expect(r.printedScale).toBe(100);
    expect(r.dimensions?.scale).toBeCloseTo(100, 0);
    expect(r.dimensions?.checks.map((c) => c.printedMm).sort()).toEqual([2400, 3600]);
    expect(r.lines.length).toBeGreaterThan(5);
    // the wall line, longest first, in points
    expect(r.lines[0][2] - r.lines[0][0]).toBeCloseTo((6400 * 72) / 25.4 / 100, 0);
  });

  it('reads strings in centimetres as such when the sheet prints a scale ten times the mm reading', async () => {
    const sheet = (labels: [string, string], scale: string) => sheetPdf((p) => {
      p.line(0, 0, 9000, 0, { widthPt: 1 });
      p.line(-200, -600, 9200, -600);
      for (const x of [0, 3600, 9000]) { p.line(x, -100, x, -700); p.line(x - 100, -500, x + 100, -700); }
      p.text(1800, -660, labels[0]);
      p.text(6300, -660, labels[1]);
      p.text(3000, 3000, scale);
    });
    const cm = await readPageScale(await sheet(['360', '540'], 'SCALE 1:100 @ A4'), 1);
    expect(cm.dimensions?.scale).toBeCloseTo(100, 0);
    expect(cm.dimensions?.checks.map((c) => c.printedMm).sort()).toEqual([3600, 5400]);
    // without a printed scale to say so, '360' over a 36 mm line stays 360 mm: 1:10
    const bare = await readPageScale(await sheet(['360', '540'], 'GROUND FLOOR'), 1);
    expect(bare.dimensions?.scale).toBeCloseTo(10, 0);
  });
});
