import { randomUUID } from 'node:crypto';
import { EngineInputError, getPdfInfoInWorker, renderPageToPngInWorker, type PdfPageInfo } from '@plansight/engine';
import type { AppContext } from '../../context.js';
import { uploadErrors } from './project-errors.js';
import { insertProject, refundPlan, reservePlan, type ProjectRow } from './projects.repository.js';
import { renderLimiter } from './render-limiter.js';

export interface CreateInput { userId: string; bytes: Buffer; filename: string; originalFilename: string; pageNo: number }

/** Longest side of the stored page image; enough for the results overlay without huge files. */
const PAGE_PNG_MAX_WIDTH_PX = 2000;

/**
 * Cheap checks that need no PDF parser. Acrobat, too, requires %%EOF within the last 1024 bytes; pdf.js
 * would otherwise happily "repair" a half-uploaded file and render whatever survived.
 */
function checkBytes(bytes: Buffer): void {
  if (bytes.length === 0) throw uploadErrors.empty();
  if (!bytes.subarray(0, 1024).toString('latin1').includes('%PDF-')) throw uploadErrors.notPdf();
  if (!bytes.subarray(Math.max(0, bytes.length - 1024)).toString('latin1').includes('%%EOF')) throw uploadErrors.corrupt();
}

/**
 * A page the engine cannot measure is refused here, while the reserved plan is still given back, instead of
 * failing later in the analysis. Scanned pages are refused until raster plans are supported.
 */
function checkMeasurable(page: PdfPageInfo | undefined, pageNo: number): void {
  if (!page?.checked || page.hasVectorDrawing) return;
  if (page.hasImages) throw uploadErrors.scannedPage(pageNo);
  // A few lines may still be a tiny plan; only a page with nothing drawn at all is called blank.
  if (page.pathCount === 0) throw uploadErrors.blankPage(pageNo);
}

function mapEngineError(e: unknown): unknown {
  if (!(e instanceof EngineInputError)) return e;
  if (e.code === 'not_pdf') return uploadErrors.notPdf();
  if (e.code === 'encrypted') return uploadErrors.encrypted();
  if (e.code === 'page_out_of_range') return uploadErrors.pageNotPositive();
  return uploadErrors.corrupt();
}

/**
 * Creates one project from one PDF page. The plan is reserved FIRST (one conditional UPDATE), so a burst
 * of parallel uploads by a user with N plans lets exactly N through to the expensive part and answers the
 * rest at once; the PDF check and render then wait their turn in the render limiter. Any later failure
 * removes the stored files and gives the plan back, so a failed upload spends nothing and leaves nothing.
 */
export async function createProject(ctx: AppContext, input: CreateInput): Promise<ProjectRow> {
  checkBytes(input.bytes);
  if (!(await reservePlan(ctx.db, input.userId))) throw uploadErrors.planLimit();
  const id = randomUUID();
  const pdfKey = `projects/${id}/original.pdf`;
  const pngKey = `projects/${id}/page-${input.pageNo}.png`;
  try {
    const { info, png } = await renderLimiter.run(async () => {
      const data = new Uint8Array(input.bytes);
      const pdfInfo = await getPdfInfoInWorker(data);
      if (input.pageNo > pdfInfo.pageCount) throw uploadErrors.pageBeyondEnd(input.pageNo, pdfInfo.pageCount);
      checkMeasurable(pdfInfo.pages[input.pageNo - 1], input.pageNo);
      return { info: pdfInfo, png: await renderPageToPngInWorker(data, input.pageNo, { maxWidthPx: PAGE_PNG_MAX_WIDTH_PX }) };
    }).catch((e: unknown) => { throw mapEngineError(e); });
    await ctx.storage.put(pdfKey, input.bytes, 'application/pdf');
    await ctx.storage.put(pngKey, png.png, 'image/png');
    const page = info.pages[input.pageNo - 1];
    return await insertProject(ctx.db, {
      id, userId: input.userId, name: input.filename, originalFilename: input.originalFilename,
      pageNo: input.pageNo, pageCount: info.pageCount, pdfKey, pngKey, pngWidth: png.widthPx, pngHeight: png.heightPx,
      pageWidthPt: page?.widthPt, pageHeightPt: page?.heightPt, fileSize: input.bytes.length,
    });
  } catch (e) {
    await Promise.allSettled([ctx.storage.delete(pdfKey), ctx.storage.delete(pngKey)]);
    await refundPlan(ctx.db, input.userId);
    throw e;
  }
}
