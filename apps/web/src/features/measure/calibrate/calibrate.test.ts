import type { PageScale } from '@plansight/contracts';
import { describe, expect, it } from 'vitest';
import { choiceOf, mmPerPt, nearestStandard, parseLengthMm, PT_MM, scaleFor } from './scale-math';
import { snapToLines } from './snap';
import { scaleSuggestions } from './suggestions';

/** A3 landscape in points. */
const A3 = { widthPt: 420 / PT_MM, heightPt: 297 / PT_MM };
/** A4 landscape in points. */
const A4 = { widthPt: 297 / PT_MM, heightPt: 210 / PT_MM };

describe('calibration arithmetic', () => {
  it('reads millimetres, metres and feet-and-inches', () => {
    expect(parseLengthMm('3600')).toBe(3600);
    expect(parseLengthMm('3.6 m')).toBe(3600);
    expect(parseLengthMm('360cm')).toBe(3600);
    expect(parseLengthMm(`12' 6"`)).toBeCloseTo(3810, 5);
    expect(parseLengthMm(`12'-6"`)).toBeCloseTo(3810, 5);
    expect(parseLengthMm('10 ft')).toBeCloseTo(3048, 5);
    expect(parseLengthMm('wall')).toBeNull();
    expect(parseLengthMm('0')).toBeNull();
  });

  it('a 36 mm line on an A3 page that is 3600 mm long is 1:100 on A3, 1:141 when the drawing was made on A2', () => {
    const lengthPt = 36 / PT_MM;
    expect(scaleFor(lengthPt, 3600, 'A3', A3)).toBeCloseTo(100, 6);
    expect(scaleFor(lengthPt, 3600, 'PAGE', A3)).toBeCloseTo(100, 6);
    expect(scaleFor(lengthPt, 3600, 'A2', A3)).toBeCloseTo(100 / Math.SQRT2, 0);
    expect(lengthPt * mmPerPt(100, 'A3', A3)).toBeCloseTo(3600, 6);
  });

  it('offers the usual scale only when it is within a percent and a half; any other N applies as a custom scale', () => {
    expect(nearestStandard(99.2, 'A3')).toBe(100);
    expect(nearestStandard(48.3, 'ANSI B')).toBe(48);
    expect(nearestStandard(165, 'A4')).toBeNull();
    expect(choiceOf(165.2, 'A4')).toEqual({ scale_ratio: '1:165 A4', scale_number: 165, paper_size: 'A4' });
    expect(choiceOf(100, 'A3')).toEqual({ scale_ratio: '1:100 A3', scale_number: 100, paper_size: 'A3' });
  });
});

describe('snapping to the drawing', () => {
  const lines: [number, number, number, number][] = [[0, 0, 100, 0], [100, 0, 100, 80]];
  it('takes a line end within the radius before a point along a line', () => {
    expect(snapToLines([97, 3], lines, 5)).toMatchObject({ point: [100, 0], kind: 'end' });
    expect(snapToLines([50, 2], lines, 5)).toMatchObject({ point: [50, 0], kind: 'line' });
    expect(snapToLines([50, 2], lines, 5, false)).toBeNull();
    expect(snapToLines([50, 20], lines, 5)).toBeNull();
  });
});

const reading = (o: Partial<PageScale>): PageScale => ({
  page_width_pt: A4.widthPt, page_height_pt: A4.heightPt, sheet: 'A4', status: 'ready', printed_scale: null, scale_bar_scale: null, dimensions: null, lines: [], ...o,
});
/** A dimension string of `printedMm` whose line is `n` times shorter on the page. */
const dims = (n: number, printedMm = 3600) => ({ scale_number: n, disagreeing: 0, checks: [{ printed_mm: printedMm, length_pt: printedMm / n / PT_MM, at_pt: [0, 0] as [number, number] }] });

describe('the plan\'s own scale, offered with its check', () => {
  it('a printed 1:100 that the dimension strings confirm', () => {
    const [s, ...rest] = scaleSuggestions(reading({ printed_scale: 100, dimensions: dims(100.1) }));
    expect(rest).toEqual([]);
    expect(s).toMatchObject({ source: 'printed', scaleNumber: 100, paper: 'A4', checked: true, check: '3600 printed, 3596 measured at 1:100' });
  });

  it('a 1:100 A3 drawing printed on A4: the dimensions tell the sheet it was drawn on', () => {
    const [s] = scaleSuggestions(reading({ printed_scale: 100, dimensions: dims(100 * Math.SQRT2) }));
    expect(s).toMatchObject({ scaleNumber: 100, paper: 'A3', checked: true });
  });

  it('a printed scale the dimensions contradict is flagged, and the dimensions\' scale offered beside it', () => {
    const list = scaleSuggestions(reading({ printed_scale: 100, dimensions: dims(75) }));
    expect(list.map((s) => [s.source, s.scaleNumber, s.checked])).toEqual([['printed', 100, false], ['dimensions', 75, true]]);
  });

  it('only a scale bar, or nothing while the page is still being read', () => {
    expect(scaleSuggestions(reading({ scale_bar_scale: 165.3 }))).toMatchObject([{ source: 'scale bar', scaleNumber: 165 }]);
    expect(scaleSuggestions(reading({ status: 'reading', printed_scale: 100 }))).toEqual([]);
  });
});
