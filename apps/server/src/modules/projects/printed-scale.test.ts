import { describe, expect, it } from 'vitest';
import { sheetOfPage } from './printed-scale.js';

describe('sheetOfPage', () => {
  it('names the sheet a page is, either way round, and PAGE for any other size', () => {
    expect(sheetOfPage(1191, 842)).toBe('A3');
    expect(sheetOfPage(842, 1191)).toBe('A3');
    expect(sheetOfPage(17 * 72, 11 * 72)).toBe('ANSI B');
    expect(sheetOfPage(1000, 700)).toBe('PAGE');
    expect(sheetOfPage(null, null)).toBe('PAGE');
  });
});
