import { describe, expect, it } from 'vitest';
import { mmPerPt, PAPER_MM, scaleMismatch } from './scale.js';

const PT_MM = 25.4 / 72;
/** 11 × 17 in landscape (ANSI B / tabloid), in points. */
const TABLOID_PT: [number, number] = [17 * 72, 11 * 72];

describe('mmPerPt on any sheet', () => {
  it('reads a 1/4" = 1\'-0" plan on its own 11 × 17 page at 1:48 with no resizing', () => {
    expect(mmPerPt(...TABLOID_PT, 48, 'ANSI B')).toBeCloseTo(PT_MM * 48, 6);
    expect(mmPerPt(...TABLOID_PT, 48, 'PAGE')).toBeCloseTo(PT_MM * 48, 6);
    expect(mmPerPt(...TABLOID_PT, 48)).toBeCloseTo(PT_MM * 48, 6);
  });
  it('resizes an ARCH D drawing printed on 11 × 17 by the long sides (36 in / 17 in)', () => {
    expect(mmPerPt(...TABLOID_PT, 48, 'ARCH D')).toBeCloseTo(PT_MM * 48 * (36 / 17), 4);
  });
  it('knows every ANSI and ARCH sheet in inches', () => {
    expect(PAPER_MM['ANSI A'].map((v) => v / 25.4)).toEqual([8.5, 11]);
    expect(PAPER_MM['ANSI E'].map((v) => v / 25.4)).toEqual([34, 44]);
    expect(PAPER_MM['ARCH E1'].map((v) => v / 25.4)).toEqual([30, 42]);
  });
  it('refuses an unknown sheet', () => {
    expect(() => mmPerPt(100, 100, 100, 'B5' as never)).toThrow(/Unknown paper size B5/);
  });
});

describe('scaleMismatch compares scale and paper together', () => {
  it('is quiet when the chosen scale on the chosen sheet is the printed scale on this page', () => {
    expect(scaleMismatch(...TABLOID_PT, 48, 48, 'ANSI B')).toBeNull();
    expect(scaleMismatch(...TABLOID_PT, 48, 48, 'PAGE')).toBeNull();
  });
  it('names the paper when 1:50 on A2 is chosen for a 1:48 plan on 11 × 17 (a 43 % error, not 4 %)', () => {
    const m = scaleMismatch(...TABLOID_PT, 48, 50, 'A2')!;
    expect(m).toMatch(/1:48/);
    expect(m).toMatch(/A2 paper/);
    expect(m).toMatch(/43 % longer/);
  });
  it('warns when the numbers agree but the paper is not the page', () => {
    expect(scaleMismatch(...TABLOID_PT, 100, 100, 'A1')).toMatch(/1:100 on A1 paper was chosen, but this page is 432 × 279 mm/);
  });
  it('gives the size of a plain scale error without blaming the paper', () => {
    const m = scaleMismatch(...TABLOID_PT, 100, 50, 'PAGE')!;
    expect(m).toMatch(/50 % shorter/);
    expect(m).not.toMatch(/paper/);
  });
});
