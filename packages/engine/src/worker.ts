/**
 * Worker-thread variants: every heavy call runs in a fresh worker thread with a time limit and a heap cap,
 * so the caller's event loop never blocks and a pathological page cannot take the process down.
 */
import { Worker } from 'node:worker_threads';
import { EngineInputError, type AnalyzeOptions, type AnalysisResult } from './types.js';
import type { PdfInfo } from './source/info.js';
import type { RenderOptions, RenderedPage } from './source/render.js';

export interface WorkerOptions {
  /** Kill the worker after this many ms. Default 60000. */
  timeoutMs?: number;
}

const entry = new URL('./worker-entry.mjs', import.meta.url);

function runInWorker<T>(op: string, args: unknown[], opts: WorkerOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(entry, { resourceLimits: { maxOldGenerationSizeMb: 1024 } });
    let done = false;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(
      () => finish(() => reject(new Error(`engine ${op} timed out after ${opts.timeoutMs ?? 60000} ms`))),
      opts.timeoutMs ?? 60000,
    );
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
    worker.on('error', (err) => finish(() => reject(err)));
    worker.on('exit', (code) => finish(() => reject(new Error(`engine worker exited with code ${code}`))));
    worker.postMessage({ id: 1, op, args });
  });
}

export const getPdfInfoInWorker = (bytes: Uint8Array, opts?: WorkerOptions) => runInWorker<PdfInfo>('info', [bytes], opts);
export const renderPageToPngInWorker = (bytes: Uint8Array, pageNo: number, ro: RenderOptions = {}, opts?: WorkerOptions) =>
  runInWorker<RenderedPage>('render', [bytes, pageNo, ro], opts);
export const analyzePdfInWorker = (bytes: Uint8Array, options: AnalyzeOptions, opts?: WorkerOptions) =>
  runInWorker<AnalysisResult>('analyze', [bytes, options], opts);
export const drawOverlayInWorker = (bytes: Uint8Array, pageNo: number, result: AnalysisResult, opts?: WorkerOptions) =>
  runInWorker<Buffer>('overlay', [bytes, pageNo, result], opts).then((b) => Buffer.from(b));
