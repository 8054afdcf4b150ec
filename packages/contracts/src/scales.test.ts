import { describe, expect, it } from 'vitest';
import { FALLBACK_SCALE, NAMED_SCALES, resolveScaleOption, SCALE_OPTIONS, scaleLabel } from './scales.js';

describe('resolveScaleOption', () => {
  it('keeps every spec combination exactly', () => {
    for (const o of SCALE_OPTIONS) expect(resolveScaleOption(o)).toEqual(o);
    expect(resolveScaleOption({ scale_ratio: '1:100 on A2' })).toEqual({ scale_ratio: '1:100 A2', scale_number: 100, paper_size: 'A2' });
  });
  it('accepts any whole 1:N on ANSI, ARCH and the page as printed', () => {
    expect(resolveScaleOption({ scale_number: 48, paper_size: 'ansi b' })).toEqual({ scale_ratio: '1:48 ANSI B', scale_number: 48, paper_size: 'ANSI B' });
    expect(resolveScaleOption({ scale_ratio: '1:120 ARCH D' })).toEqual({ scale_ratio: '1:120 ARCH D', scale_number: 120, paper_size: 'ARCH D' });
    expect(resolveScaleOption({ scale_ratio: '1:75', paper_size: 'PAGE' })).toEqual({ scale_ratio: '1:75 PAGE', scale_number: 75, paper_size: 'PAGE' });
  });
  it('falls back to 1:100 on A2 for an unknown sheet or a scale out of range', () => {
    expect(resolveScaleOption({ scale_number: 333, paper_size: 'A7' })).toEqual(FALLBACK_SCALE);
    expect(resolveScaleOption({ scale_number: 0.5, paper_size: 'A1' })).toEqual(FALLBACK_SCALE);
    expect(resolveScaleOption({ scale_ratio: '1:20000 A1' })).toEqual(FALLBACK_SCALE);
  });
});

describe('named scales', () => {
  it('turns architectural and engineering scales into 1:N', () => {
    const n = (label: string) => NAMED_SCALES.find((s) => s.label.startsWith(label))!.scale_number;
    expect([n('1/8"'), n('3/16"'), n('1/4"'), n('1/2"')]).toEqual([96, 64, 48, 24]);
    expect([n('1" = 10\''), n('1" = 20\''), n('1" = 30\''), n('1" = 40\''), n('1" = 50\'')]).toEqual([120, 240, 360, 480, 600]);
    expect(scaleLabel(48)).toBe('1/4" = 1\'-0" (1:48)');
    expect(scaleLabel(100)).toBe('1:100');
  });
});
