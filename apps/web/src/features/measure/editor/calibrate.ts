import { SCALE_OPTIONS as SPEC_SCALES } from '@plansight/contracts';

/** The spec's scale and paper combinations, as the calibration offers them. */
const SCALE_OPTIONS = SPEC_SCALES.map((o) => ({ value: o.scale_ratio, label: `1:${o.scale_number} on ${o.paper_size}`, scale_number: o.scale_number, paper_size: o.paper_size }));

const MM_PER_INCH = 25.4;
/** Short side of each paper (mm); the A series share one aspect ratio, so any side compares the same. */
const PAPER_SHORT_MM: Record<string, number> = { A0: 841, A1: 594, A2: 420, A3: 297, A4: 210 };
/** An offered scale within this share of the measured one is offered to apply. */
export const CALIBRATION_TOLERANCE = 0.03;

/**
 * A length typed by the user, in mm: '3600', '3600 mm', '360 cm', '3.6 m', or feet and inches
 * ("12' 6\"", '12 ft 6 in', '12ft', '150"'). Null when it is not a length.
 */
export function parseLengthMm(text: string): number | null {
  const s = text.trim().toLowerCase().replace(/,/g, '.').replace(/[’′]/g, "'").replace(/[”″]/g, '"');
  const metric = /^(\d+(?:\.\d+)?)\s*(mm|cm|m)?$/.exec(s);
  if (metric) {
    const v = Number(metric[1]) * (metric[2] === 'm' ? 1000 : metric[2] === 'cm' ? 10 : 1);
    return v > 0 ? v : null;
  }
  const imperial = /^(?:(\d+(?:\.\d+)?)\s*(?:'|ft|feet|foot))?\s*(?:(\d+(?:\.\d+)?)\s*(?:"|in|inch|inches))?$/.exec(s);
  if (imperial && (imperial[1] || imperial[2])) {
    const v = (Number(imperial[1] ?? 0) * 12 + Number(imperial[2] ?? 0)) * MM_PER_INCH;
    return v > 0 ? v : null;
  }
  return null;
}

export interface Calibration {
  /** N of the scale 1:N on the current paper that makes the line as long as the user says. */
  scaleNumber: number;
  /** The offered scale and paper that gives the same size on site, when one is close enough. */
  option: (typeof SCALE_OPTIONS)[number] | null;
}

/**
 * The scale implied by a known length: the line measures `measuredMm` at 1:`scaleNumber` on `paper`, and is
 * really `realMm` long. Lengths on site are proportional to N × paper size, so N follows from the ratio.
 */
export function calibrate(measuredMm: number, realMm: number, scaleNumber: number, paper: string): Calibration {
  const factor = realMm / measuredMm;
  const n = scaleNumber * factor;
  const size = (N: number, p: string) => N * (PAPER_SHORT_MM[p] ?? PAPER_SHORT_MM.A2);
  const want = size(scaleNumber, paper) * factor;
  let option: Calibration['option'] = null, best = CALIBRATION_TOLERANCE;
  for (const o of SCALE_OPTIONS) {
    const err = Math.abs(size(o.scale_number, o.paper_size) / want - 1);
    if (err <= best) { best = err; option = o; }
  }
  return { scaleNumber: n, option };
}
