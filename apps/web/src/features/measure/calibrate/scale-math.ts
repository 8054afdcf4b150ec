/**
 * Calibration arithmetic in page points: a length on the page, the sheet the drawing was made for and 1:N
 * give a length on site (the engine's frame rule: mm = pt × 25.4/72 × paper/page × N, same side compared).
 */
import { NAMED_SCALES, PAPER_SIZE_MM, resolveScaleOption, SCALE_OPTIONS, type ScaleOption } from '@plansight/contracts';

export const PT_MM = 25.4 / 72;
const MM_PER_INCH = 25.4;
/** A standard scale within this share of the measured one is offered as what the drawing really is. */
export const STANDARD_SCALE_TOLERANCE = 0.015;

export interface PageSize { widthPt: number; heightPt: number }

/** Paper size over page size along the same side; 1 for the page itself ('PAGE') or an unknown sheet. */
export function paperFactor(paper: string, page: PageSize): number {
  const dims = PAPER_SIZE_MM[paper as keyof typeof PAPER_SIZE_MM];
  if (!dims || page.widthPt <= 0) return 1;
  const paperWidthMm = page.widthPt >= page.heightPt ? dims[1] : dims[0];
  return paperWidthMm / (page.widthPt * PT_MM);
}

/** Site millimetres per page point at 1:N drawn on `paper`. */
export const mmPerPt = (n: number, paper: string, page: PageSize) => PT_MM * paperFactor(paper, page) * n;

/** N of 1:N on `paper` that makes a line of `lengthPt` on the page `realMm` long on site. */
export const scaleFor = (lengthPt: number, realMm: number, paper: string, page: PageSize) => realMm / mmPerPt(lengthPt, paper, page);

/** The nearest scale a drawing is usually made at (spec combinations and named scales) within the tolerance, else null. */
export function nearestStandard(n: number, paper: string): number | null {
  const candidates = new Set([...SCALE_OPTIONS.filter((o) => o.paper_size === paper).map((o) => o.scale_number), ...NAMED_SCALES.map((s) => s.scale_number)]);
  let best: number | null = null, err = STANDARD_SCALE_TOLERANCE;
  for (const c of candidates) {
    const e = Math.abs(c / n - 1);
    if (e <= err) { err = e; best = c; }
  }
  return best;
}

/** The wire choice for 1:N on a sheet (N whole; a spec combination keeps its text, '1:100 A3'). */
export const choiceOf = (n: number, paper: string): ScaleOption => resolveScaleOption({ scale_number: Math.max(1, Math.round(n)), paper_size: paper });

/** How a scale reads to the user: '1:100 on A3', '1:141 as printed'. */
export const scaleText = (n: number, paper: string) => `1:${Math.round(n)} ${paper === 'PAGE' ? 'as printed' : `on ${paper}`}`;

/**
 * A length typed by the user, in mm: '3600', '3600 mm', '360 cm', '3.6 m', or feet and inches
 * ("12' 6\"", "12'-6\"", '12 ft 6 in', '12ft', '150"'). Null when it is not a length.
 */
export function parseLengthMm(text: string): number | null {
  const s = text.trim().toLowerCase().replace(/,/g, '.').replace(/[’′]/g, "'").replace(/[”″]/g, '"');
  const metric = /^(\d+(?:\.\d+)?)\s*(mm|cm|m)?$/.exec(s);
  if (metric) {
    const v = Number(metric[1]) * (metric[2] === 'm' ? 1000 : metric[2] === 'cm' ? 10 : 1);
    return v > 0 ? v : null;
  }
  const imperial = /^(?:(\d+(?:\.\d+)?)\s*(?:'|ft|feet|foot))?\s*-?\s*(?:(\d+(?:\.\d+)?)\s*(?:"|in|inch|inches))?$/.exec(s);
  if (imperial && (imperial[1] || imperial[2])) {
    const v = (Number(imperial[1] ?? 0) * 12 + Number(imperial[2] ?? 0)) * MM_PER_INCH;
    return v > 0 ? v : null;
  }
  return null;
}
