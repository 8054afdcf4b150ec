/**
 * The one place the engine loads pdf.js (legacy build, for Node). Everything else imports pdf.js values
 * from here; types may still come from `pdfjs-dist` directly.
 *
 * Two costs of the legacy build are taken off here, both measured on dense CAD sheets (1.4 M operators):
 * - Its core-js bundle replaces `Array.prototype.push` for the whole process with a polyfill written in
 *   JavaScript (forced because of an old V8 bug about arrays whose length is not writable, which nothing
 *   here relies on). Every push, pdf.js's and the engine's, then ran through it: about a tenth of the CPU
 *   of an analysis. The native function is put back once pdf.js and its worker code are loaded.
 * - Where the platform has `DecompressionStream`, pdf.js inflates every Flate stream through it, one
 *   asynchronous round trip per stream, and it fetches a form XObject's stream afresh at every use: a sheet
 *   drawing its doors and windows as 16 000 form uses spent more than half its parse waiting on those round
 *   trips (leiq-style A0 sheet: 18.5 s CPU and 27-33 s wall for the operator list, 10.5 s and 10-14 s with
 *   pdf.js's own synchronous inflate). The engine runs in its own processes and threads (the web process
 *   never loads pdf.js), so the global is taken away there; pdf.js then uses its synchronous decoder.
 * - Without a worker thread pdf.js loads its worker code by a dynamic import on the first document; it is
 *   loaded here up front (`globalThis.pdfjsWorker`), so it is loaded once and before `push` is restored.
 */
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Array.prototype.push as it was before pdf.js loaded (core-js makes its polyfill's source read
 * `[native code]`, so only identity tells them apart).
 */
const pushBefore = Array.prototype.push;

/** The platform's DecompressionStream, kept for any engine code that wants it; pdf.js no longer sees it. */
export const platformDecompressionStream: unknown = (globalThis as { DecompressionStream?: unknown }).DecompressionStream;
delete (globalThis as { DecompressionStream?: unknown }).DecompressionStream;

const pdfjs: typeof PdfJs = await import('pdfjs-dist/legacy/build/pdf.mjs');
const g = globalThis as { pdfjsWorker?: unknown };
g.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');

/** Puts back the `push` pdf.js replaced; true when `push` is again the one found before pdf.js loaded. */
export function restoreNativePush(): boolean {
  if (Array.prototype.push !== pushBefore) {
    Object.defineProperty(Array.prototype, 'push', { value: pushBefore, writable: true, configurable: true, enumerable: false });
  }
  return Array.prototype.push === pushBefore;
}
restoreNativePush();

/** The `push` in force before pdf.js loaded (for the test that checks it is back). */
export const arrayPushBeforePdfJs = pushBefore;

export const { getDocument, OPS } = pdfjs;
