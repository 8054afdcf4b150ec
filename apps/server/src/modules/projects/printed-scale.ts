import { PAPER_MM, type PaperSize } from '@plansight/engine';

const PT_MM = 25.4 / 72;
/** A page within this of a sheet's size (either way round) is printed on that sheet (sizes are rounded). */
const SHEET_MATCH_TOLERANCE = 0.02;

/** The sheet a page of this size is, or 'PAGE' (its own size) when it is none of the known ones. */
export function sheetOfPage(widthPt: number | null, heightPt: number | null): PaperSize | 'PAGE' {
  if (!widthPt || !heightPt) return 'PAGE';
  const short = Math.min(widthPt, heightPt) * PT_MM;
  const long = Math.max(widthPt, heightPt) * PT_MM;
  const near = (a: number, b: number) => Math.abs(a / b - 1) <= SHEET_MATCH_TOLERANCE;
  const hit = (Object.entries(PAPER_MM) as [PaperSize, [number, number]][]).find(([, [s, l]]) => near(short, s) && near(long, l));
  return hit ? hit[0] : 'PAGE';
}

/** The printed scale on the wire: N and the sheet the page is, so 1:N holds on the page as printed. */
export function printedScaleOf(row: { printedScale: number | null; pageWidthPt: number | null; pageHeightPt: number | null }) {
  return row.printedScale ? { scale_number: row.printedScale, paper_size: sheetOfPage(row.pageWidthPt, row.pageHeightPt) } : null;
}
