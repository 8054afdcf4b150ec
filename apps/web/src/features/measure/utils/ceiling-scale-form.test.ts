import { describe, expect, it } from 'vitest';
import { CEILING_SCALE_REQUIRED, ceilingScaleFormSchema, CUSTOM_SCALE, formDefaults, OTHER_SCALE, questionableHeight, toCeilingScaleBody } from './ceiling-scale-form';

const messages = (v: unknown) => { const r = ceilingScaleFormSchema.safeParse(v); return r.success ? [] : r.error.issues.map((i) => i.message); };

describe('ceiling-scale form', () => {
  it('asks for both fields with the spec message', () => {
    expect(messages({})).toEqual([CEILING_SCALE_REQUIRED, CEILING_SCALE_REQUIRED]);
    expect(ceilingScaleFormSchema.safeParse({ ceilling_hight_mm: 2400, scale_ratio: '' }).success).toBe(false);
  });
  it('builds the wire body with the spelling the spec keeps', () => {
    expect(toCeilingScaleBody({ ceilling_hight_mm: 2700.5, scale_ratio: '1:50 A1' })).toEqual({ scale_ratio: '1:50 A1', scale_number: 50, paper_size: 'A1', ceilling_hight_mm: 2700.5 });
  });
  it('falls back to 1:100 on A2 for a scale the product does not offer', () => {
    expect(toCeilingScaleBody({ ceilling_hight_mm: 2400, scale_ratio: '1:75 A5' })).toMatchObject({ scale_ratio: '1:100 A2', scale_number: 100, paper_size: 'A2' });
  });
  it('sends an imperial scale on a US sheet as 1:N and the sheet name', () => {
    expect(toCeilingScaleBody({ ceilling_hight_mm: 2400, scale_ratio: OTHER_SCALE, other_scale: '48', other_paper: 'ANSI B' }))
      .toEqual({ scale_ratio: '1:48 ANSI B', scale_number: 48, paper_size: 'ANSI B', ceilling_hight_mm: 2400 });
    expect(toCeilingScaleBody({ ceilling_hight_mm: 2400, scale_ratio: OTHER_SCALE, other_scale: CUSTOM_SCALE, custom_n: 75, other_paper: 'PAGE' }))
      .toMatchObject({ scale_ratio: '1:75 PAGE', scale_number: 75, paper_size: 'PAGE' });
  });
  it('names the field when the other scale, the custom N or the sheet is missing', () => {
    expect(messages({ ceilling_hight_mm: 2400, scale_ratio: OTHER_SCALE })).toEqual([
      'Drawing scale: choose the scale printed on the plan.', 'Paper size: choose the sheet the plan is printed on.']);
    expect(messages({ ceilling_hight_mm: 2400, scale_ratio: OTHER_SCALE, other_scale: CUSTOM_SCALE, custom_n: 0.5, other_paper: 'A1' }))
      .toEqual(['Custom scale: enter N of 1:N, a whole number from 1 to 10000.']);
  });
  it('pre-fills from a partial record, a spec combination or an imperial scale', () => {
    expect(formDefaults({ scale_number: 200, paper_size: 'A3' })).toEqual({ ceilling_hight_mm: undefined, scale_ratio: '1:200 A3' });
    expect(formDefaults({ scale_number: 48, paper_size: 'ANSI B', ceilling_hight_mm: 2400 }))
      .toEqual({ ceilling_hight_mm: 2400, scale_ratio: OTHER_SCALE, other_scale: '48', custom_n: undefined, other_paper: 'ANSI B' });
    expect(formDefaults({ scale_ratio: '1:33 ARCH D' })).toMatchObject({ scale_ratio: OTHER_SCALE, other_scale: CUSTOM_SCALE, custom_n: 33, other_paper: 'ARCH D' });
    expect(formDefaults(null)).toEqual({});
  });
});

describe('ceiling height checks', () => {
  it('refuses 0 and negative heights and says why, naming the field', () => {
    expect(messages({ ceilling_hight_mm: 0, scale_ratio: '1:100 A2' })[0]).toMatch(/^Ceiling height must be above 0 mm/);
    expect(messages({ ceilling_hight_mm: -5, scale_ratio: '1:100 A2' })[0]).toMatch(/^Ceiling height must be above 0 mm/);
  });
  it('refuses metres typed in the millimetre field and offers the millimetres', () => {
    expect(messages({ ceilling_hight_mm: 2.4, scale_ratio: '1:100 A2' })[0]).toMatch(/Ceiling height of 2.4 mm .*Did you mean 2400 mm\?/);
    expect(messages({ ceilling_hight_mm: 240000, scale_ratio: '1:100 A2' })[0]).toMatch(/Ceiling height .*Did you mean 2400 mm\?/);
  });
  it('questions allowed but unusual heights and leaves usual ones alone', () => {
    expect(questionableHeight(1200)).toEqual({ suggestionMm: 2400 });
    expect(questionableHeight(18000)).toEqual({ suggestionMm: 1800 });
    expect(questionableHeight(2400)).toBeNull();
    expect(questionableHeight(9000)).toBeNull();
  });
});

describe('printedScaleLabel', () => {
  it('names an imperial scale as printed on US plans and a metric one as 1:N', async () => {
    const { printedScaleLabel } = await import('./ceiling-scale-form');
    expect(printedScaleLabel(48)).toBe('1/4" = 1\'-0" (1:48)');
    expect(printedScaleLabel(100)).toBe('1:100');
    expect(printedScaleLabel(75)).toBe('1:75');
  });
});
