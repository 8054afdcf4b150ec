import { describe, expect, it } from 'vitest';
import { CEILING_SCALE_REQUIRED, ceilingScaleFormSchema, formDefaults, toCeilingScaleBody } from './ceiling-scale-form';

describe('ceiling-scale form', () => {
  it('asks for both fields with the spec message', () => {
    const r = ceilingScaleFormSchema.safeParse({});
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual([CEILING_SCALE_REQUIRED, CEILING_SCALE_REQUIRED]);
    expect(ceilingScaleFormSchema.safeParse({ ceilling_hight_mm: 2400, scale_ratio: '' }).success).toBe(false);
  });
  it('builds the wire body with the spelling the spec keeps', () => {
    expect(toCeilingScaleBody({ ceilling_hight_mm: 2700.5, scale_ratio: '1:50 A1' })).toEqual({ scale_ratio: '1:50 A1', scale_number: 50, paper_size: 'A1', ceilling_hight_mm: 2700.5 });
  });
  it('falls back to 1:100 on A2 for a scale the product does not offer', () => {
    expect(toCeilingScaleBody({ ceilling_hight_mm: 2400, scale_ratio: '1:75 A5' })).toMatchObject({ scale_ratio: '1:100 A2', scale_number: 100, paper_size: 'A2' });
  });
  it('pre-fills from a partial record', () => {
    expect(formDefaults({ scale_number: 200, paper_size: 'A3' })).toEqual({ ceilling_hight_mm: undefined, scale_ratio: '1:200 A3' });
    expect(formDefaults(null)).toEqual({});
  });
});
