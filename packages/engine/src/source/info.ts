/** Page count, page sizes and whether each page carries vector drawing (not only images). */
import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { loadPdf } from './pdf-load.js';

export interface PdfPageInfo {
  widthPt: number;
  heightPt: number;
  hasVectorDrawing: boolean;
}
export interface PdfInfo {
  pageCount: number;
  pages: PdfPageInfo[];
}

/** Pages beyond this are reported by size only (vector check skipped) to keep huge files fast. */
const VECTOR_CHECK_PAGES = 50;

export async function getPdfInfo(bytes: Uint8Array): Promise<PdfInfo> {
  const doc = await loadPdf(bytes);
  try {
    const pages: PdfPageInfo[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const vp = page.getViewport({ scale: 1 });
      let hasVectorDrawing = false;
      if (i <= VECTOR_CHECK_PAGES) {
        try {
          const ops = await page.getOperatorList();
          let paths = 0;
          for (const fn of ops.fnArray) if (fn === OPS.constructPath) paths++;
          hasVectorDrawing = paths >= 4;
        } catch {
          hasVectorDrawing = false;
        }
      }
      pages.push({ widthPt: vp.width, heightPt: vp.height, hasVectorDrawing });
      page.cleanup();
    }
    return { pageCount: doc.numPages, pages };
  } finally {
    void doc.destroy();
  }
}
