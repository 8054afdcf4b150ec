/**
 * What a page says about its own scale, read before any analysis (the ceiling-scale page offers it): the
 * scale printed in the title block, a drawn scale bar, and dimension strings checked against their lines;
 * plus the page's lines, so that a length the user measures snaps to line ends. All in page points.
 */
import { extractVectors } from './extract.js';
import { getPageChecked, loadPdf } from './pdf-load.js';
import { dropHeldPage, holdPage } from './held-page.js';
import { findPrintedScale, readText, type TextItem } from './text.js';
import { hiddenTextTest } from './text-runs.js';
import { DIMENSION_AGREEMENT, readDimensionScale, type DimensionScale } from '../core/scale-dimensions.js';
import { scaleBarFactor } from '../core/scale-bar.js';
import { PT_MM, sheetOfPage } from '../core/scale.js';
import type { PaperSize } from '../types.js';

/** Time allowed to walk the page's drawing (the reading is offered, never waited on for long). */
const READ_BUDGET_MS = 8000;
/** Lines shorter than this (pt) are hatching and text strokes, no use to snap to. */
const MIN_SNAP_LINE_PT = 2;
/** The longest lines kept for snapping (a dense sheet has hundreds of thousands). */
const MAX_SNAP_LINES = 8000;
/** At most this many dimension checks are returned. */
const MAX_CHECKS = 5;

export interface PageScaleReading {
  widthPt: number;
  heightPt: number;
  /** The standard sheet the page is, when it is one. */
  sheet: PaperSize | null;
  /** 1:N printed on the page (title block, 'SCALE 1:100', 1/4" = 1'-0"), taken on the page as printed. */
  printedScale: number | null;
  /** 1:N on the page as printed from a drawn scale bar. */
  scaleBarScale: number | null;
  /** 1:N on the page as printed from dimension strings that agree, with the strings it was read from. */
  dimensions: { scale: number; checks: { printedMm: number; lengthPt: number; atPt: [number, number] }[]; disagreeing: number } | null;
  /** Drawn lines (x1, y1, x2, y2 in points, origin top-left, y down), longest first. */
  lines: [number, number, number, number][];
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** mm per cm: strings in cm read as mm give a tenth of the scale. */
const CM_MM = 10;

/**
 * Strings in centimetres ('360' for 3.60 m) read as millimetres give a tenth of the scale. When the sheet
 * prints a scale that is ten times the reading (within the strings' own agreement), the strings are in cm.
 */
function inCentimetres(dims: DimensionScale | null, printedScale: number | null): DimensionScale | null {
  if (!dims || !printedScale) return dims;
  const n = dims.mmPerUnit / PT_MM;
  if (Math.abs((n * CM_MM) / printedScale - 1) > DIMENSION_AGREEMENT) return dims;
  return { ...dims, mmPerUnit: dims.mmPerUnit * CM_MM, checks: dims.checks.map((c) => ({ ...c, printedMm: c.printedMm * CM_MM })) };
}

/**
 * What the page says about its scale. With `keepPage`, the page as read (document, page, drawing) is kept for an
 * analysis of the same page in the same worker (held-page.ts): the reading is the analysis's own first step.
 */
export async function readPageScale(bytes: Uint8Array, pageNo: number, opts: { keepPage?: boolean } = {}): Promise<PageScaleReading> {
  const doc = await loadPdf(bytes);
  let kept = false;
  try {
    const page = await getPageChecked(doc, pageNo);
    const vp = page.getViewport({ scale: 1 });
    const vec = await extractVectors(page, READ_BUDGET_MS);
    // (kept before the text is read: nothing below changes the drawing)
    if (opts.keepPage) kept = holdPage({ bytes, pageNo, doc, page, vec });
    const text = await readText(page, 1, hiddenTextTest(vec.textRuns ?? []), vec.textItems).catch(() => [] as TextItem[]);
    // (what pdf.js loaded for the page is let go while the reading waits for its analysis, as the analysis does)
    if (kept) page.cleanup();
    const drawn = vec.segs.filter((s) => !s.dashed);
    const printedScale = findPrintedScale(text);
    const dims = inCentimetres(readDimensionScale(text, drawn), printedScale);
    const bar = scaleBarFactor(text);
    const lines = drawn
      .map((s) => ({ s, len: Math.hypot(s.x2 - s.x1, s.y2 - s.y1) }))
      .filter((l) => l.len >= MIN_SNAP_LINE_PT)
      .sort((a, b) => b.len - a.len)
      .slice(0, MAX_SNAP_LINES)
      .map(({ s }) => [round1(s.x1), round1(s.y1), round1(s.x2), round1(s.y2)] as [number, number, number, number]);
    return {
      widthPt: vp.width, heightPt: vp.height, sheet: sheetOfPage(vp.width, vp.height),
      printedScale,
      scaleBarScale: bar ? bar / PT_MM : null,
      dimensions: dims && {
        scale: dims.mmPerUnit / PT_MM, disagreeing: dims.disagreeing,
        checks: dims.checks.slice(0, MAX_CHECKS).map((c) => ({ printedMm: c.printedMm, lengthPt: c.spanLength, atPt: [c.at[0], c.at[1]] })),
      },
      lines,
    };
  } catch (err) {
    // (a reading that failed keeps nothing; the document goes with what was kept)
    if (kept) dropHeldPage();
    throw err;
  } finally {
    if (!kept) void doc.destroy();
  }
}
