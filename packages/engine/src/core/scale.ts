/** The mm-per-point factor (engine-notes "Frame"), paper sizes, and the check of the chosen scale against the printed one. */
import { EngineInputError, type PaperSize } from '../types.js';

const IN_MM = 25.4;
/** Sheet sizes, short side × long side (mm): ISO A, ANSI (US) and ARCH (US architectural) sheets. */
export const PAPER_MM: Record<PaperSize, [number, number]> = {
  A0: [841, 1189], A1: [594, 841], A2: [420, 594], A3: [297, 420], A4: [210, 297],
  'ANSI A': [8.5 * IN_MM, 11 * IN_MM], 'ANSI B': [11 * IN_MM, 17 * IN_MM], 'ANSI C': [17 * IN_MM, 22 * IN_MM],
  'ANSI D': [22 * IN_MM, 34 * IN_MM], 'ANSI E': [34 * IN_MM, 44 * IN_MM],
  'ARCH A': [9 * IN_MM, 12 * IN_MM], 'ARCH B': [12 * IN_MM, 18 * IN_MM], 'ARCH C': [18 * IN_MM, 24 * IN_MM],
  'ARCH D': [24 * IN_MM, 36 * IN_MM], 'ARCH E': [36 * IN_MM, 48 * IN_MM], 'ARCH E1': [30 * IN_MM, 42 * IN_MM],
};
/** Paper millimetres per PDF point (1/72 in). */
export const PT_MM = 25.4 / 72;
/** A chosen scale and paper within this of the printed scale on the page as printed is the same scale (rounding of sheet sizes). */
export const SCALE_MATCH_TOLERANCE = 0.02;

/** The paper a name means; 'PAGE' (and no paper) is the page's own size. Unknown names are refused. */
function paperDims(paper: PaperSize | 'PAGE' | undefined): [number, number] | undefined {
  if (!paper || paper === 'PAGE') return undefined;
  const dims = PAPER_MM[paper];
  if (!dims) throw new EngineInputError('bad_options', `Unknown paper size ${String(paper)}; use A0 to A4, ANSI A to E, ARCH A to E1 or PAGE.`);
  return dims;
}

/** mm = pt × 25.4/72 × (paper_width_mm / page_width_mm) × N, paper and page compared along the same side. */
export function mmPerPt(pageWidthPt: number, pageHeightPt: number, scaleN: number, paper?: PaperSize | 'PAGE'): number {
  if (!Number.isFinite(scaleN) || scaleN <= 0) throw new EngineInputError('bad_options', 'The scale must be a positive number (1:N).');
  const dims = paperDims(paper);
  if (!dims) return PT_MM * scaleN;
  const landscape = pageWidthPt >= pageHeightPt;
  const paperWidthMm = landscape ? dims[1] : dims[0];
  const pageWidthMm = pageWidthPt * PT_MM;
  return PT_MM * (paperWidthMm / pageWidthMm) * scaleN;
}

/**
 * Compares like with like: the printed 1:N holds on the page as printed, so the chosen scale AND paper are
 * turned into the factor they give on this page and compared with the printed scale's. A paper that differs
 * from the page changes every length even when the numbers agree ("1:48 but 1:50 chosen" on an 11 × 17 page
 * read as A2 is 43 % too long, not 4 %). Null when they agree within SCALE_MATCH_TOLERANCE.
 */
export function scaleMismatch(pageWidthPt: number, pageHeightPt: number, printedN: number, chosenN: number, paper?: PaperSize | 'PAGE'): string | null {
  const ratio = mmPerPt(pageWidthPt, pageHeightPt, chosenN, paper) / (PT_MM * printedN);
  if (Math.abs(ratio - 1) <= SCALE_MATCH_TOLERANCE) return null;
  const pct = Math.round(Math.abs(ratio - 1) * 100);
  const way = ratio > 1 ? 'longer' : 'shorter';
  const pageMm = `${Math.round(pageWidthPt * PT_MM)} × ${Math.round(pageHeightPt * PT_MM)} mm`;
  const paperDiffers = !!paper && paper !== 'PAGE' && Math.abs(mmPerPt(pageWidthPt, pageHeightPt, 1, paper) / PT_MM - 1) > SCALE_MATCH_TOLERANCE;
  const chosen = paperDiffers ? `1:${chosenN} on ${paper} paper was chosen, but this page is ${pageMm}` : `1:${chosenN} was chosen`;
  return `The plan says 1:${printedN}; ${chosen}: lengths come out ${pct} % ${way} than at 1:${printedN} on the page as printed.`
    + (paperDiffers ? ` Choose the paper "As printed" unless this page is a reduced or enlarged print of an ${paper} drawing.` : ' Check the scale.');
}

/** The sheet a page is (both sides within SCALE_MATCH_TOLERANCE, either way round), or null for an odd size. */
export function sheetOfPage(widthPt: number, heightPt: number): PaperSize | null {
  const [s, l] = [Math.min(widthPt, heightPt) * PT_MM, Math.max(widthPt, heightPt) * PT_MM];
  for (const [name, [ps, pl]] of Object.entries(PAPER_MM) as [PaperSize, [number, number]][]) {
    if (Math.abs(s / ps - 1) <= SCALE_MATCH_TOLERANCE && Math.abs(l / pl - 1) <= SCALE_MATCH_TOLERANCE) return name;
  }
  return null;
}
