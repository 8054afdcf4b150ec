/** The scale printed on a page's plan view, read before any analysis (the ceiling-scale form offers it). */
import { getPageChecked, loadPdf } from './pdf-load.js';
import { findPrintedScale, readText } from './text.js';

const PT_MM = 25.4 / 72;

/** N of the 1:N printed for the page's plan view (see findPrintedScale), or null when it prints none. */
export async function readPrintedScale(bytes: Uint8Array, pageNo: number): Promise<number | null> {
  const doc = await loadPdf(bytes);
  try {
    const page = await getPageChecked(doc, pageNo);
    // Positions only serve to pair a scale with its view's title, so the page's own mm frame is enough.
    const n = findPrintedScale(await readText(page, PT_MM));
    page.cleanup();
    return n;
  } finally {
    void doc.destroy();
  }
}
