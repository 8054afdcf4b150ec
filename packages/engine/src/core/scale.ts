/** The mm-per-point factor (engine-notes "Frame") and paper sizes. */
import { EngineInputError, type PaperSize } from '../types.js';

export const PAPER_MM: Record<PaperSize, [number, number]> = {
  A0: [841, 1189], A1: [594, 841], A2: [420, 594], A3: [297, 420], A4: [210, 297],
};
const PT_MM = 25.4 / 72;

/** mm = pt × 25.4/72 × (paper_width_mm / page_width_mm) × N, paper and page compared along the same side. */
export function mmPerPt(pageWidthPt: number, pageHeightPt: number, scaleN: number, paper?: PaperSize): number {
  if (!Number.isFinite(scaleN) || scaleN <= 0) throw new EngineInputError('bad_options', 'The scale must be a positive number (1:N).');
  if (!paper) return PT_MM * scaleN;
  const dims = PAPER_MM[paper];
  if (!dims) throw new EngineInputError('bad_options', `Unknown paper size ${String(paper)}; use A0 to A4.`);
  const landscape = pageWidthPt >= pageHeightPt;
  const paperWidthMm = landscape ? dims[1] : dims[0];
  const pageWidthMm = pageWidthPt * PT_MM;
  return PT_MM * (paperWidthMm / pageWidthMm) * scaleN;
}
