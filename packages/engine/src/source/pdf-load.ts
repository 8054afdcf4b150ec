/** Loading PDFs with pdf.js (legacy build for Node) and mapping its failures to EngineInputError. */
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { EngineInputError } from '../types.js';

export async function loadPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  if (!bytes || bytes.length < 5) throw new EngineInputError('not_pdf', 'The file is empty or not a PDF.');
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) throw new EngineInputError('not_pdf', 'The file is not a PDF.');
  // pdf.js detaches the buffer it is given; copy so the caller keeps its bytes.
  const data = new Uint8Array(bytes);
  try {
    return await getDocument({ data, isEvalSupported: false, disableFontFace: true, verbosity: 0, stopAtErrors: false }).promise;
  } catch (err) {
    const name = (err as Error)?.name ?? '';
    if (name === 'PasswordException') throw new EngineInputError('encrypted', 'The PDF is password protected.');
    throw new EngineInputError('corrupt', `The PDF could not be read: ${(err as Error)?.message ?? String(err)}`);
  }
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
