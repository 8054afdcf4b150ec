/**
 * Worker-thread variants: every heavy call runs in a fresh worker thread with a time limit and a heap cap,
 * so the caller's event loop never blocks and a pathological page cannot take the process down.
 */
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { tooComplex } from './source/pdf-load.js';
import { EngineInputError, type AnalyzeOptions, type AnalysisResult } from './types.js';
import type { PdfInfo } from './source/info.js';
import type { RenderOptions, RenderedPage } from './source/render.js';

export interface WorkerOptions {
  /** Kill the worker after this many ms. Default 60000. */
  timeoutMs?: number;
  /** Aborting kills the worker at once and rejects with an EngineCancelledError (a superseded run). */
  signal?: AbortSignal;
}

/** The call was cancelled through its AbortSignal; nothing went wrong with the input. */
export class EngineCancelledError extends Error {
  constructor() {
    super('engine call cancelled');
    this.name = 'EngineCancelledError';
  }
}

const entry = new URL('./worker-entry.mjs', import.meta.url);

/**
 * Per operation: the worker's V8 heap caps, and how much the whole process's resident memory may grow
 * while it runs (decoded streams, images and canvases live outside the V8 heap, where resourceLimits do
 * not reach; the watchdog does). Page info and page images run in the web process on every upload, so
 * they get the tight budget; analyses and overlays run on job workers.
 */
const BUDGETS: Record<string, { limits: ResourceLimits; rssGrowthMb: number }> = {
  info: { limits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 }, rssGrowthMb: 384 },
  render: { limits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 }, rssGrowthMb: 384 },
  preview: { limits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 }, rssGrowthMb: 384 },
  analyze: { limits: { maxOldGenerationSizeMb: 1024, stackSizeMb: 4 }, rssGrowthMb: 1536 },
  overlay: { limits: { maxOldGenerationSizeMb: 512, stackSizeMb: 4 }, rssGrowthMb: 1024 },
};
const WATCHDOG_MS = 25;
const RSS_FLOOR_MB = 2048;

function runInWorker<T>(op: string, args: unknown[], opts: WorkerOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new EngineCancelledError());
    const budget = BUDGETS[op] ?? BUDGETS.analyze!;
    const worker = new Worker(entry, { resourceLimits: budget.limits });
    const rssAtStart = process.memoryUsage.rss();
    // Resident memory is the whole process's: parallel uploads and workers grow it too, so the watchdog only
    // acts once the process is also past RSS_FLOOR_MB (below that, nothing is in danger).
    const watchdog = setInterval(() => {
      const rss = process.memoryUsage.rss();
      if (rss > RSS_FLOOR_MB * 1024 * 1024 && rss - rssAtStart > budget.rssGrowthMb * 1024 * 1024) finish(() => reject(tooComplex('it needs more memory than allowed')));
    }, WATCHDOG_MS);
    let done = false;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearInterval(watchdog);
      void worker.terminate();
      fn();
    };
    // The same file takes as long next time: over the wall-clock budget is an answer about the file.
    const timeoutMs = opts.timeoutMs ?? 60000;
    const timer = setTimeout(() => finish(() => reject(tooComplex(`it takes longer than ${Math.round(timeoutMs / 1000)} s`))), timeoutMs);
    worker.on('message', (msg: { ok: boolean; value?: T; error?: { name?: string; code?: string; message: string } }) => {
      if (msg.ok) {
        const v = msg.value as unknown as { png?: Uint8Array };
        if (v && v.png instanceof Uint8Array && !Buffer.isBuffer(v.png)) v.png = Buffer.from(v.png.buffer, v.png.byteOffset, v.png.byteLength);
        finish(() => resolve(msg.value as T));
      } else {
        const e = msg.error!;
        finish(() =>
          reject(e.name === 'EngineInputError' ? new EngineInputError(e.code as EngineInputError['code'], e.message) : new Error(e.message)),
        );
      }
    });
    const onAbort = () => finish(() => reject(new EngineCancelledError()));
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('exit', () => opts.signal?.removeEventListener('abort', onAbort));
    worker.on('error', (err) => {
      const outOfMemory = (err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' || err instanceof RangeError;
      finish(() => reject(outOfMemory ? tooComplex('it needs more memory than allowed') : err));
    });
    worker.on('exit', (code) => finish(() => reject(new Error(`engine worker exited with code ${code}`))));
    worker.postMessage({ id: 1, op, args });
  });
}

export const getPdfInfoInWorker = (bytes: Uint8Array, opts?: WorkerOptions) => runInWorker<PdfInfo>('info', [bytes], opts);
export const renderPageToPngInWorker = (bytes: Uint8Array, pageNo: number, ro: RenderOptions = {}, opts?: WorkerOptions) =>
  runInWorker<RenderedPage>('render', [bytes, pageNo, ro], opts);
/** Page info and, when the page exists, its image, in one worker (an upload's checks). */
export const previewPdfInWorker = (bytes: Uint8Array, pageNo: number, ro: RenderOptions = {}, opts?: WorkerOptions) =>
  runInWorker<{ info: PdfInfo; page: RenderedPage | null; printedScale: number | null }>('preview', [bytes, pageNo, ro], opts).then((r) => {
    const png = r.page?.png as Uint8Array | undefined;
    if (r.page && png && !Buffer.isBuffer(png)) r.page.png = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
    return r;
  });
export const analyzePdfInWorker = (bytes: Uint8Array, options: AnalyzeOptions, opts?: WorkerOptions) =>
  runInWorker<AnalysisResult>('analyze', [bytes, options], opts);
export const drawOverlayInWorker = (bytes: Uint8Array, pageNo: number, result: AnalysisResult, opts?: WorkerOptions) =>
  runInWorker<Buffer>('overlay', [bytes, pageNo, result], opts).then((b) => Buffer.from(b));
