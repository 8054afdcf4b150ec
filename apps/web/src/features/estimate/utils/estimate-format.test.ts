import { describe, expect, it } from 'vitest';
import { formatMoney, formatTins, parseTinSizes } from './estimate-format';

describe('estimate formatting', () => {
  it('reads tin sizes typed with commas, spaces or an L', () => {
    expect(parseTinSizes('10, 4, 1')).toEqual([10, 4, 1]);
    expect(parseTinSizes('10L 4l 0.5')).toEqual([10, 4, 0.5]);
  });
  it('refuses sizes that are not positive numbers', () => {
    expect(parseTinSizes('10, four')).toBeNull();
    expect(parseTinSizes('0')).toBeNull();
    expect(parseTinSizes('')).toBeNull();
  });
  it('writes tins and money', () => {
    expect(formatTins([{ size_l: 10, count: 2 }, { size_l: 1, count: 1 }])).toBe('2 × 10 L, 1 × 1 L');
    expect(formatTins([])).toBe('—');
    expect(formatMoney(1234.5, 'AUD')).toBe('$1,234.50 AUD');
  });
});
