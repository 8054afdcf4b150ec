import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { declaredPageCount, EngineBusyError, EngineInputError, PDF_LIMITS, previewPdfInWorker, type PdfPageInfo } from '@plansight/engine/server';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { uploadErrors } from './project-errors.js';
import { insertProject, refundPlan, reservePlan, type ProjectRow } from './projects.repository.js';
import { renderLimiter } from './render-limiter.js';

/** `file`: the upload, already streamed to a temporary file by the route (which removes it afterwards). */
export interface CreateInput { userId: string; file: { path: string; sizeBytes: number }; filename: string; originalFilename: string; pageNo: number; log: UploadLog }

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
  // Refused here, before any worker starts: opening a 10 000-page file takes pdf.js seconds.
  const pages = declaredPageCount(bytes);
  if (pages > PDF_LIMITS.maxPages) throw uploadErrors.tooComplex(`This PDF is too complex to process (${pages} pages; at most ${PDF_LIMITS.maxPages}).`);
}

/**
 * A page the engine cannot measure is refused here, while the reserved plan is still given back, instead of
 * failing later in the analysis. A page holding an image is a scan, which the engine measures.
 */
function checkMeasurable(page: PdfPageInfo | undefined, pageNo: number): void {
  if (!page?.checked || page.hasVectorDrawing || page.hasImages) return;
  // A few lines may still be a tiny plan; only a page with nothing drawn at all is called blank.
  if (page.pathCount === 0) throw uploadErrors.blankPage(pageNo);
}

/**
 * Every engine failure on an upload is an answer about the file (4xx), never a 500: the engine runs in a
 * worker thread with memory, time and size budgets, so whatever it dies of, the file made it die.
 */
function mapEngineError(e: unknown, log: UploadLog): unknown {
  if (e instanceof AppError) return e;
  if (e instanceof EngineBusyError) return uploadErrors.busy();
  if (!(e instanceof EngineInputError)) {
    log.warn({ err: e }, 'engine failed on an uploaded PDF');
    return uploadErrors.corrupt();
  }
  if (e.code === 'not_pdf') return uploadErrors.notPdf();
  if (e.code === 'encrypted') return uploadErrors.encrypted();
  if (e.code === 'page_out_of_range') return uploadErrors.pageNotPositive();
  if (e.code === 'too_complex') return uploadErrors.tooComplex(e.message);
  return uploadErrors.corrupt();
}

type UploadLog = { warn: (obj: object, msg: string) => void };


/**
 * Creates one project from one PDF page. The plan is reserved FIRST (one conditional UPDATE), so a burst
 * of parallel uploads by a user with N plans lets exactly N through to the expensive part and answers the
 * rest at once; the PDF check and render then wait their turn in the render limiter. Any later failure
 * removes the stored files and gives the plan back, so a failed upload spends nothing and leaves nothing.
 */
export async function createProject(ctx: AppContext, input: CreateInput): Promise<ProjectRow> {
  if (input.file.sizeBytes === 0) throw uploadErrors.empty();
  // Read for the engine's worker, which needs the whole file; the size was bounded while it streamed in.
  const bytes = await readFile(input.file.path);
  checkBytes(bytes);
  if (!(await reservePlan(ctx.db, input.userId))) throw uploadErrors.planLimit();
  const id = randomUUID();
  const pdfKey = `projects/${id}/original.pdf`;
  const pngKey = `projects/${id}/page-${input.pageNo}.png`;
  try {
    const { info, png } = await renderLimiter.run(async () => {
      const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const r = await previewPdfInWorker(data, input.pageNo, { maxWidthPx: PAGE_PNG_MAX_WIDTH_PX }, {
        // Wall-clock budget (ENGINE_UPLOAD_TIMEOUT_S; usually 1-2 s are used). Generous because it includes
        // starting the worker, far slower on a busy machine; the memory, page and operator budgets stop
        // hostile files long before it.
        timeoutMs: ctx.config.ENGINE_UPLOAD_TIMEOUT_S * 1000,
      });
      if (!r.page) throw uploadErrors.pageBeyondEnd(input.pageNo, r.info.pageCount);
      checkMeasurable(r.info.pages[input.pageNo - 1], input.pageNo);
      return { info: r.info, png: r.page };
    }).catch((e: unknown) => { throw mapEngineError(e, input.log); });
    await ctx.storage.putStream(pdfKey, createReadStream(input.file.path), 'application/pdf', input.file.sizeBytes);
    await ctx.storage.put(pngKey, png.png, 'image/png');
    const page = info.pages[input.pageNo - 1];
    return await insertProject(ctx.db, {
      id, userId: input.userId, name: input.filename, originalFilename: input.originalFilename,
      pageNo: input.pageNo, pageCount: info.pageCount, pdfKey, pngKey, pngWidth: png.widthPx, pngHeight: png.heightPx,
      pageWidthPt: page?.widthPt, pageHeightPt: page?.heightPt, fileSize: input.file.sizeBytes,
    });
  } catch (e) {
    await Promise.allSettled([ctx.storage.delete(pdfKey), ctx.storage.delete(pngKey)]);
    await refundPlan(ctx.db, input.userId);
    throw e;
  }
}
