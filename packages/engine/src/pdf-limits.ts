/**
 * The budgets every PDF is opened with, and the checks that need no PDF parser. Kept apart from pdf-load.ts
 * (which loads pdf.js) so that a server process can read and set them without loading pdf.js itself.
 */
import { EngineInputError } from './types.js';

export { formNestingDepth } from './form-nesting.js';

/**
 * Budgets every PDF is opened with, so a hostile file cannot take the process's memory or time: images
 * larger than MAX_IMAGE_PIXELS are left out by pdf.js instead of being decoded (a 30000 x 30000 image of
 * zeros would need 3.6 GB), pdf.js's own scratch canvases are capped, and documents or pages beyond the
 * page and drawing-operator budgets are refused as too complex. Time and heap are bounded by the worker
 * thread that runs all of this (worker.ts).
 */
export interface PdfLimits { maxImagePixels: number; canvasMaxAreaBytes: number; maxPages: number; maxOperators: number; maxFormDepth: number }

export const PDF_LIMITS: PdfLimits = {
  /**
   * Largest image decoded, in pixels: 150 M, an A0 sheet scanned at 300 dpi (about 140 M), since a scanned
   * plan is measured from its image. A bomb of 30000 x 30000 (900 M) is still left out.
   */
  maxImagePixels: 150_000_000,
  /** Largest scratch canvas pdf.js may create while rendering, in bytes. */
  canvasMaxAreaBytes: 64 * 1024 * 1024,
  maxPages: 500,
  /** Drawing operators of one page; real plans stay far below (dense CAD sheets reach a few hundred thousand). */
  maxOperators: 3_000_000,
  /**
   * Forms drawing forms, counted in levels: pdf.js follows them by recursion and overflows its stack a few
   * thousand levels down; CAD blocks nest a handful of levels, so 100 leaves real files far inside.
   */
  maxFormDepth: 100,
};

/** Changes the budgets of this thread (worker threads get the web process's through worker.ts). */
export function setPdfLimits(limits: Partial<PdfLimits>): void {
  Object.assign(PDF_LIMITS, limits);
}

export const tooComplex = (why: string) => new EngineInputError('too_complex', `This PDF is too complex to process (${why}).`);

/**
 * The largest /Count of a /Pages dictionary written in the file (uncompressed object streams only), read
 * without a parser: pdf.js needs seconds to open a 10 000-page file before it can be refused. 0 when none
 * is found; pdf.js's own count is checked after loading anyway.
 */
export function declaredPageCount(bytes: Uint8Array): number {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let max = 0;
  for (const m of text.matchAll(/\/Type\s*\/Pages\b/g)) {
    // The dictionary around it: from its '<<' to its '>>' (a /Kids array of thousands of pages holds neither).
    const end = text.indexOf('>>', m.index);
    const around = text.slice(Math.max(0, text.lastIndexOf('<<', m.index)), end < 0 ? m.index + 400 : end);
    for (const c of around.matchAll(/\/Count\s+(\d{1,9})/g)) max = Math.max(max, Number(c[1]));
  }
  return max;
}

/**
 * The young generation of analysis and overlay workers (MB). An analysis allocates short-lived geometry at a
 * high rate; with V8's default young generation (16 MB semi-spaces) the dense A0 sheets spent 30 % of their
 * CPU in scavenges, with 32 MB semi-spaces about a fifth less (haardtring-style sheet: 46 s -> 41 s profiled
 * under load). It costs at most this much more memory per analysis.
 */
export const ANALYSIS_YOUNG_MB = 96;
/** The V8 heap cap (MB) of an analysis worker unless configured otherwise (worker.ts; the bench runs with it too). */
export const DEFAULT_ANALYSIS_HEAP_MB = 1024;
