/** Page count, page sizes and whether each page carries vector drawing (not only images). */
import { OPS } from './pdfjs.js';
import { countedOperators, loadPdf } from './pdf-load.js';

export interface PdfPageInfo {
  widthPt: number;
  heightPt: number;
  hasVectorDrawing: boolean;
  /** Drawn paths on the page (pdf.js batches of path operators); 0 means nothing is drawn. */
  pathCount: number;
  /** The page paints at least one image (a scan, a photo); false when not checked. */
  hasImages: boolean;
  /** Whether the drawing and image checks ran for this page (only the first pages are checked). */
  checked: boolean;
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
      let hasImages = false;
      let pathCount = 0;
      let checked = i <= VECTOR_CHECK_PAGES;
      if (checked) {
        try {
          let paths = 0;
          await countedOperators(page, (fnArray) => {
            for (let k = 0; k < fnArray.length; k++) {
              const fn = fnArray[k];
              if (fn === OPS.constructPath) paths++;
              else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject || fn === OPS.paintImageMaskXObject) hasImages = true;
            }
          });
          hasVectorDrawing = paths >= 4;
          pathCount = paths;
        } catch (err) {
          // Over budget is an answer about the file; any other failure only means "no vector drawing found".
          if ((err as { code?: string }).code === 'too_complex') throw err;
          hasVectorDrawing = false;
          checked = false;
        }
      }
      pages.push({ widthPt: vp.width, heightPt: vp.height, hasVectorDrawing, pathCount, hasImages, checked });
      page.cleanup();
    }
    return { pageCount: doc.numPages, pages };
  } finally {
    void doc.destroy();
  }
}
