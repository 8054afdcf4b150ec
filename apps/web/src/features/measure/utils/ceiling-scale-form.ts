import {
  ceilingHeightProblem, MAX_SCALE_NUMBER, NAMED_SCALES, PAPER_SIZES, resolveScaleOption, SCALE_OPTIONS, suggestCeilingHeightMm,
  toPaperSize, USUAL_CEILING_HEIGHT_MM,
} from '@plansight/contracts';
import { z } from 'zod';
import type { CeilingScaleDto } from '../api/measure-api';

export const CEILING_SCALE_REQUIRED = 'Please fill in both ceiling height and scale ratio.';
/** The dropdown entry that opens the free choice of scale (metric, imperial or custom 1:N) and sheet. */
export const OTHER_SCALE = 'other';
/** The scale list's entry for a 1:N typed by the user. */
export const CUSTOM_SCALE = 'custom';

/** The ceiling-scale form (spec section 5): both fields required; height in mm; "other" needs a scale and a sheet. */
export const ceilingScaleFormSchema = z.object({
  ceilling_hight_mm: z.number({ error: CEILING_SCALE_REQUIRED }),
  scale_ratio: z.string({ error: CEILING_SCALE_REQUIRED }).min(1, CEILING_SCALE_REQUIRED),
  other_scale: z.string().optional(),
  custom_n: z.number().optional(),
  other_paper: z.string().optional(),
}).superRefine((v, ctx) => {
  const problem = ceilingHeightProblem(v.ceilling_hight_mm);
  if (problem) ctx.addIssue({ code: 'custom', path: ['ceilling_hight_mm'], message: problem });
  if (v.scale_ratio !== OTHER_SCALE) return;
  if (!v.other_scale) ctx.addIssue({ code: 'custom', path: ['other_scale'], message: 'Drawing scale: choose the scale printed on the plan.' });
  if (v.other_scale === CUSTOM_SCALE && !(Number.isInteger(v.custom_n) && v.custom_n! >= 1 && v.custom_n! <= MAX_SCALE_NUMBER)) {
    ctx.addIssue({ code: 'custom', path: ['custom_n'], message: `Custom scale: enter N of 1:N, a whole number from 1 to ${MAX_SCALE_NUMBER}.` });
  }
  if (!toPaperSize(v.other_paper)) ctx.addIssue({ code: 'custom', path: ['other_paper'], message: 'Paper size: choose the sheet the plan is printed on.' });
});
export type CeilingScaleForm = z.infer<typeof ceilingScaleFormSchema>;

/** A height outside the usual band that is allowed but worth a question ("Did you mean 2400 mm?"); null otherwise. */
export function questionableHeight(mm: number | undefined): { suggestionMm: number } | null {
  if (mm == null || ceilingHeightProblem(mm)) return null;
  return mm < USUAL_CEILING_HEIGHT_MM.min || mm > USUAL_CEILING_HEIGHT_MM.max ? { suggestionMm: suggestCeilingHeightMm(mm) } : null;
}

/** The wire body: a spec combination as it is, "other" as '1:N SHEET'; an unknown scale falls back to 1:100 on A2. */
export function toCeilingScaleBody(v: CeilingScaleForm): CeilingScaleDto {
  const opt = v.scale_ratio === OTHER_SCALE
    ? resolveScaleOption({ scale_number: v.other_scale === CUSTOM_SCALE ? v.custom_n : Number(v.other_scale), paper_size: v.other_paper })
    : resolveScaleOption({ scale_ratio: v.scale_ratio });
  return { scale_ratio: opt.scale_ratio, scale_number: opt.scale_number, paper_size: opt.paper_size, ceilling_hight_mm: v.ceilling_hight_mm };
}

/** Fields that choose 1:N on a sheet: a spec combination when there is one, else "other" with the scale and sheet. */
export function scaleFields(n: number, paper: string): Pick<CeilingScaleForm, 'scale_ratio' | 'other_scale' | 'custom_n' | 'other_paper'> {
  const spec = SCALE_OPTIONS.find((o) => o.scale_number === n && o.paper_size === paper);
  if (spec) return { scale_ratio: spec.scale_ratio };
  const named = NAMED_SCALES.some((s) => s.scale_number === n);
  return { scale_ratio: OTHER_SCALE, other_scale: named ? String(n) : CUSTOM_SCALE, custom_n: named ? undefined : n, other_paper: paper };
}

/** The sheet the form's scale is on now (what a calibration keeps), else null. */
export function chosenPaper(v: Partial<CeilingScaleForm>): string | null {
  if (v.scale_ratio === OTHER_SCALE) return toPaperSize(v.other_paper) ?? null;
  return SCALE_OPTIONS.find((o) => o.scale_ratio === v.scale_ratio)?.paper_size ?? null;
}

/** Pre-fills from a partial or earlier record; scale_number + paper_size win over the scale_ratio text. */
export function formDefaults(rec?: Partial<CeilingScaleDto> | null): Partial<CeilingScaleForm> {
  if (!rec) return {};
  const has = !!(rec.scale_number && rec.paper_size) || !!rec.scale_ratio;
  const opt = has ? resolveScaleOption(rec) : null;
  return { ceilling_hight_mm: rec.ceilling_hight_mm ?? undefined, ...(opt ? scaleFields(opt.scale_number, opt.paper_size) : { scale_ratio: undefined }) };
}

export const specScaleItems = SCALE_OPTIONS.map((o) => ({ value: o.scale_ratio, label: `${o.scale_number === 1 ? '1:1' : `1:${o.scale_number}`} on ${o.paper_size}` }));

/** The free scale list, grouped as a Select wants it, with "Custom 1:N" last. */
export const otherScaleGroups = [
  ...(['Metric', 'Architectural (imperial)', 'Engineering (imperial)'] as const).map((group) => ({
    group, items: NAMED_SCALES.filter((s) => s.group === group).map((s) => ({ value: String(s.scale_number), label: s.label })),
  })),
  { group: 'Other', items: [{ value: CUSTOM_SCALE, label: 'Custom 1:N…' }] },
];

export { PAPER_SIZES };

/** How a printed scale reads: its imperial name when it has one ('1/4" = 1'-0" (1:48)'), else '1:N'. */
export function printedScaleLabel(n: number): string {
  return NAMED_SCALES.find((s) => s.scale_number === n && s.group !== 'Metric')?.label ?? `1:${n}`;
}
