/** Loading PDFs with pdf.js (legacy build for Node) and mapping its failures to EngineInputError. */
import { getDocument, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { EngineInputError } from '../types.js';

/**
 * Budgets every PDF is opened with, so a hostile file cannot take the process's memory or time: images
 * larger than MAX_IMAGE_PIXELS are left out by pdf.js instead of being decoded (a 30000 x 30000 image of
 * zeros would need 3.6 GB), pdf.js's own scratch canvases are capped, and documents or pages beyond the
 * page and drawing-operator budgets are refused as too complex. Time and heap are bounded by the worker
 * thread that runs all of this (worker.ts).
 */
export interface PdfLimits { maxImagePixels: number; canvasMaxAreaBytes: number; maxPages: number; maxOperators: number }

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
};

/** Changes the budgets of this thread (worker threads get the web process's through worker.ts). */
export function setPdfLimits(limits: Partial<PdfLimits>): void {
  Object.assign(PDF_LIMITS, limits);
}

export const tooComplex = (why: string) => new EngineInputError('too_complex', `This PDF is too complex to process (${why}).`);

export async function loadPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  if (!bytes || bytes.length < 5) throw new EngineInputError('not_pdf', 'The file is empty or not a PDF.');
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) throw new EngineInputError('not_pdf', 'The file is not a PDF.');
  const declaredPages = declaredPageCount(bytes);
  if (declaredPages > PDF_LIMITS.maxPages) throw tooComplex(`${declaredPages} pages; at most ${PDF_LIMITS.maxPages}`);
  // pdf.js detaches the buffer it is given; copy so the caller keeps its bytes.
  const data = new Uint8Array(bytes);
  let doc: PDFDocumentProxy;
  try {
    doc = await getDocument({
      data, isEvalSupported: false, disableFontFace: true, verbosity: 0, stopAtErrors: false,
      maxImageSize: PDF_LIMITS.maxImagePixels, canvasMaxAreaInBytes: PDF_LIMITS.canvasMaxAreaBytes,
      // No scripts, no system fonts, no OffscreenCanvas: nothing from the file reaches beyond pdf.js itself.
      enableXfa: false, useSystemFonts: false, isOffscreenCanvasSupported: false,
    }).promise;
  } catch (err) {
    const name = (err as Error)?.name ?? '';
    if (name === 'PasswordException') throw new EngineInputError('encrypted', 'The PDF is password protected.');
    throw new EngineInputError('corrupt', `The PDF could not be read: ${(err as Error)?.message ?? String(err)}`);
  }
  if (doc.numPages > PDF_LIMITS.maxPages) {
    void doc.destroy();
    throw tooComplex(`${doc.numPages} pages; at most ${PDF_LIMITS.maxPages}`);
  }
  return doc;
}

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

/** The page's drawing operators, refused beyond the operator budget (the cost of every later step grows with them). */
export async function checkedOperatorList(page: PDFPageProxy) {
  const ops = await page.getOperatorList();
  if (ops.fnArray.length > PDF_LIMITS.maxOperators) throw tooComplex(`${ops.fnArray.length} drawing operations on one page; at most ${PDF_LIMITS.maxOperators}`);
  return ops;
}

export async function getPageChecked(doc: PDFDocumentProxy, pageNo: number) {
  if (!Number.isInteger(pageNo) || pageNo < 1 || pageNo > doc.numPages) {
    throw new EngineInputError('page_out_of_range', `Page ${pageNo} does not exist; the PDF has ${doc.numPages} page(s).`);
  }
  try {
    return await doc.getPage(pageNo);
  } catch (err) {
    throw new EngineInputError('corrupt', `Page ${pageNo} could not be read: ${(err as Error)?.message ?? String(err)}`);
  }
}
