/** Loading PDFs with pdf.js (legacy build for Node) and mapping its failures to EngineInputError. */
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { getDocument, streamOperatorList } from './pdfjs.js';
import { EngineInputError } from '../types.js';
import { declaredPageCount, formNestingDepth, PDF_LIMITS, tooComplex } from '../pdf-limits.js';

export { PDF_LIMITS, setPdfLimits, tooComplex, declaredPageCount, type PdfLimits } from '../pdf-limits.js';

export async function loadPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  if (!bytes || bytes.length < 5) throw new EngineInputError('not_pdf', 'The file is empty or not a PDF.');
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) throw new EngineInputError('not_pdf', 'The file is not a PDF.');
  const declaredPages = declaredPageCount(bytes);
  if (declaredPages > PDF_LIMITS.maxPages) throw tooComplex(`${declaredPages} pages; at most ${PDF_LIMITS.maxPages}`);
  const formDepth = formNestingDepth(bytes);
  if (formDepth > PDF_LIMITS.maxFormDepth) {
    throw tooComplex(Number.isFinite(formDepth) ? `forms nested ${formDepth} deep; at most ${PDF_LIMITS.maxFormDepth}` : 'forms that draw themselves without end');
  }
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
 * The number of the page's drawing operators, refused beyond the operator budget (the cost of every later step
 * grows with them); `visit` sees each chunk of them as it comes. The list is read as pdf.js streams it and not
 * kept: a render builds its own (pdf.js keeps the two apart), and a dense sheet's list is hundreds of megabytes.
 */
export async function countedOperators(page: PDFPageProxy, visit?: (fnArray: ArrayLike<number>) => void): Promise<number> {
  let n = 0;
  await streamOperatorList(page, (fnArray) => {
    n += fnArray.length;
    // (refused as soon as the count is over: the rest of the page is not parsed)
    if (n > PDF_LIMITS.maxOperators) throw tooComplex(`more than ${PDF_LIMITS.maxOperators} drawing operations on one page`);
    visit?.(fnArray);
  });
  return n;
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
