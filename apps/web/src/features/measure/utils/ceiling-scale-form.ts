import { z } from 'zod';
import { parseScale, type CeilingScaleDto } from '../api/measure-api';

export const CEILING_SCALE_REQUIRED = 'Please fill in both ceiling height and scale ratio.';

/** The ceiling-scale form (spec section 5): both fields required; height a number ≥ 0 in mm. */
export const ceilingScaleFormSchema = z.object({
  ceilling_hight_mm: z.number({ error: CEILING_SCALE_REQUIRED }).min(0, 'Ceiling height cannot be negative.'),
  scale_ratio: z.string({ error: CEILING_SCALE_REQUIRED }).min(1, CEILING_SCALE_REQUIRED),
});
export type CeilingScaleForm = z.infer<typeof ceilingScaleFormSchema>;

/** The wire body; an unknown scale falls back to 1:100 on A2. */
export function toCeilingScaleBody(v: CeilingScaleForm): CeilingScaleDto {
  const opt = parseScale(v.scale_ratio);
  return { scale_ratio: opt.value, scale_number: opt.scale_number, paper_size: opt.paper_size, ceilling_hight_mm: v.ceilling_hight_mm };
}

/** Pre-fills from a partial or earlier record; a record's scale_ratio may lack the paper, so scale_number + paper_size win. */
export function formDefaults(rec?: Partial<CeilingScaleDto> | null): Partial<CeilingScaleForm> {
  if (!rec) return {};
  const byPair = rec.scale_number && rec.paper_size ? `1:${rec.scale_number} ${rec.paper_size}` : undefined;
  const ratio = byPair ?? rec.scale_ratio ?? undefined;
  return { ceilling_hight_mm: rec.ceilling_hight_mm ?? undefined, scale_ratio: ratio ? parseScale(ratio).value : undefined };
}
