/**
 * A page as read (pdf.js's document and page, and the page's drawing), kept in its worker thread for the next
 * analysis of the same page.
 *
 * The ceiling-scale step reads the page (pdf.js's parse and the walk of its drawing, the larger part of a dense
 * sheet's analysis) while the user chooses the scale; the analysis asked for next needs exactly that reading,
 * which does not depend on the scale. A worker that read the page with `hold` keeps what it read, and an analysis
 * sent to the same worker takes it instead of reading the page again when its bytes and page are the same (the
 * bytes compared whole: a key naming the file routes the call, it never decides what is measured). An analysis
 * asked to keep the page (`keepPage`) keeps it again once done, for the page's next analysis (another scale, a
 * calibration), having taken off the one mark it leaves on the drawing (lines drawn as dashes marked dashed).
 * A reading cut short by its time budget is not kept (the analysis's own budget may read further). One page at
 * most is kept per thread, handed to one analysis at a time.
 */
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { VectorPage } from './extract.js';

export interface HeldPage {
  bytes: Uint8Array;
  pageNo: number;
  doc: PDFDocumentProxy;
  page: PDFPageProxy;
  /** The page's drawing as extractVectors read it, untouched by any analysis. */
  vec: VectorPage;
}

let held: HeldPage | null = null;

/** Keeps a page's reading for the next analysis (replacing any kept before). False when it cannot be kept. */
export function holdPage(h: HeldPage): boolean {
  dropHeldPage();
  if (h.vec.truncated) return false;
  held = h;
  return true;
}

/** The kept reading of this page of these bytes, handed over once; null (and anything kept dropped) otherwise. */
export function takeHeldPage(bytes: Uint8Array, pageNo: number): HeldPage | null {
  const h = held;
  held = null;
  if (!h) return null;
  if (h.pageNo === pageNo && sameBytes(h.bytes, bytes)) return h;
  void h.doc.destroy();
  return null;
}

export function dropHeldPage(): void {
  if (held) void held.doc.destroy();
  held = null;
}

/** Whether a page is kept (the worker tells its caller with each answer, worker-entry.mjs). */
export const isPageHeld = (): boolean => held !== null;

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}
