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
 *   A stand-in that refuses to be built is left in its place rather than nothing: pdf.js still tries it
 *   once per stream and falls back when it throws, and a missing global throws a ReferenceError whose stack
 *   trace (with source maps, in tests and the CLI) cost more than the inflate it stood for.
 * - pdf.js decodes JPEGs in JavaScript (a 40-megapixel scan: 1.2 s on the engine's thread). Where the platform
 *   has no `ImageDecoder`, a stand-in built on the native image library takes plain RGB JPEGs
 *   (`native-jpeg.ts`); every document opened here allows it, as pdf.js keeps the first document's choice.
 * - Without a worker thread pdf.js loads its worker code by a dynamic import on the first document; it is
 *   loaded here up front (`globalThis.pdfjsWorker`), so it is loaded once and before `push` is restored.
 *   It is loaded from its source text with three changes (`pdfjs-worker-patch.ts`): Flate streams are inflated by
 *   the platform's zlib, whole, at their first read; a form XObject's operators are kept at its first use and
 *   replayed at its next ones under the same inherited state (the A0 sheet's 43 forms are used 16 000 times, each
 *   fetched, inflated and parsed afresh by pdf.js as shipped); and no transfer list is gathered for each chunk the
 *   in-thread port hands over (0.2 s).
 * - pdf.js's in-thread ("fake") worker talks to the API side through a port that deep-copies every message
 *   with `structuredClone`, as a real worker's would: 1.4 M operators with their arguments copied once and
 *   then collected. Documents are opened here on a port that hands the message over instead
 *   (`HandOverPort`), copying only the arrays pdf.js empties after sending (see `handOver`).
 * - pdf.js rejects some of its promises with nobody waiting (a stream's sink, when its reader stops): in Node
 *   an unhandled rejection, which ends the worker thread. Its promises are made with a handler (`withResolvers`).
 * - pdf.js gathers a page's whole operator list before `getOperatorList` answers, so every operator and its
 *   arguments live through the parse and are copied by each young-generation collection they survive
 *   (1.4 M operators: about a quarter of the parse's time went to collecting). `streamOperatorList` hands
 *   each chunk over as it arrives and drops it once read.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inflateRawSync, constants as zlibConstants } from 'node:zlib';
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { DocumentInitParameters } from 'pdfjs-dist/types/src/display/api.js';
import { installNativeJpegDecoder } from './native-jpeg.js';
import { PDFJS_HOOKS_KEY, PDFJS_WORKER_PATCHES, patchPdfJsWorker, type PdfJsHooks } from './pdfjs-worker-patch.js';

/**
 * Array.prototype.push as it was before pdf.js loaded (core-js makes its polyfill's source read
 * `[native code]`, so only identity tells them apart).
 */
const pushBefore = Array.prototype.push;

/** The platform's DecompressionStream, kept for any engine code that wants it; pdf.js no longer sees it. */
export const platformDecompressionStream: unknown = (globalThis as { DecompressionStream?: unknown }).DecompressionStream;
/** Thrown by the stand-in: a plain value, so no stack trace is taken (pdf.js only catches it). */
const NO_DECOMPRESSION_STREAM = Object.freeze({ reason: 'DecompressionStream is off in the engine: pdf.js inflates synchronously' });
/** What pdf.js finds instead of DecompressionStream: it cannot be built, so pdf.js uses its own inflate. */
export class RefusedDecompressionStream {
  constructor() {
    throw NO_DECOMPRESSION_STREAM;
  }
}
Object.defineProperty(globalThis, 'DecompressionStream', { value: RefusedDecompressionStream, writable: true, configurable: true, enumerable: false });

// JPEGs decoded natively (native-jpeg.ts): pdf.js looks for an ImageDecoder once, as its modules load
export const nativeJpeg = installNativeJpegDecoder();

const pdfjs: typeof PdfJs = await import('pdfjs-dist/legacy/build/pdf.mjs');

/** Above this a Flate stream's output is left to pdf.js's decoder, which inflates only as far as the page is read
 * (a stream that inflates to gigabytes is refused at the operator budget, not held whole). */
const NATIVE_INFLATE_MAX_BYTES = 64 << 20;

/** pdf.js's FlateStream as the hook sees it (pdf.js's DecodeStream fields). */
interface FlateStreamLike {
  stream: { getBytes(): Uint8Array; dict?: unknown };
  bufferLength: number;
  eof: boolean;
  ensureBuffer(requested: number): Uint8Array;
}

/** How many Flate streams were inflated natively, and how many went back to pdf.js's decoder (for tests). */
export const nativeInflates = { whole: 0, toPdfJs: 0 };

/**
 * Fills a Flate stream (pdf.js's, at its first read) with the whole inflated rest of its input and returns true;
 * when zlib refuses that input (damaged data) or it inflates to more than `maxBytes`, leaves the stream to pdf.js's
 * own decoder over the same input (a `StreamClass` over it, as pdf.js does when its platform inflate fails) and
 * returns false.
 */
export function inflateWhole(flate: unknown, StreamClass: unknown, maxBytes = NATIVE_INFLATE_MAX_BYTES): boolean {
  const f = flate as FlateStreamLike;
  const raw = f.stream.getBytes();
  try {
    // (raw deflate: pdf.js has read and checked the 2-byte zlib header, and never checks the trailing Adler-32;
    // a stream cut short gives what it holds, as pdf.js's decoder does)
    const out = inflateRawSync(raw, { finishFlush: zlibConstants.Z_SYNC_FLUSH, maxOutputLength: maxBytes });
    const end = f.bufferLength + out.length;
    // (copied into the stream's own buffer: zlib's may be a view into a larger one, and pdf.js hands buffers on)
    f.ensureBuffer(end).set(out, f.bufferLength);
    f.bufferLength = end;
    f.eof = true;
    nativeInflates.whole++;
    return true;
  } catch {
    f.stream = new (StreamClass as new (bytes: Uint8Array, start: number, length: number, dict: unknown) => FlateStreamLike['stream'])(raw, 0, raw.length, f.stream.dict);
    nativeInflates.toPdfJs++;
    return false;
  }
}

/** How many uses of form XObjects had their operators kept, replayed, or (too many, or images) not kept (for tests). */
export const formOpsCounts = { kept: 0, replayed: 0, notKept: 0 };

const pdfJsHooks: PdfJsHooks = {
  inflateWhole,
  formOps: (what) => { if (what === 'kept') formOpsCounts.kept++; else if (what === 'replayed') formOpsCounts.replayed++; else formOpsCounts.notKept++; },
};

/** Which of the worker patches (`pdfjs-worker-patch.ts`) are in the worker code loaded, and which were left out. */
export const pdfJsWorkerPatches: { applied: string[]; missing: string[] } = { applied: [], missing: [] };

/**
 * pdf.js's worker code with the engine's patches (`pdfjs-worker-patch.ts`), loaded from its source text; pdf.js's
 * module as shipped when its source cannot be read or patched.
 */
async function loadPatchedWorker(): Promise<unknown> {
  (globalThis as Record<symbol, unknown>)[Symbol.for(PDFJS_HOOKS_KEY)] = pdfJsHooks;
  try {
    const file = createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.worker.mjs');
    const patched = patchPdfJsWorker(readFileSync(file, 'utf8'));
    if (patched.applied.length) {
      // (named in stack traces by its file, not by the data URL; its source map no longer matches)
      const source = patched.source.replace(/\n\/\/# sourceMappingURL=[^\n]*\s*$/, '\n') + `//# sourceURL=${pathToFileURL(file).href}#patched\n`;
      const loaded: unknown = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
      Object.assign(pdfJsWorkerPatches, { applied: patched.applied, missing: patched.missing });
      return loaded;
    }
  } catch {
    // (pdf.js as shipped, below)
  }
  pdfJsWorkerPatches.missing = PDFJS_WORKER_PATCHES.map((p) => p.name);
  return await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
}
const g = globalThis as { pdfjsWorker?: unknown };
g.pdfjsWorker ??= await loadPatchedWorker();
const workerSide = g.pdfjsWorker as { WorkerMessageHandler: { initializeFromPort(port: HandOverPort): void } };

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

/**
 * pdf.js makes its capabilities with `Promise.withResolvers` and rejects some that nobody may be waiting on: a
 * stream's sink is told its reader stopped by rejecting its `ready`, which the parse waits on only between time
 * slices (a page's parse stopped at the operator budget, `streamOperatorList`). A browser logs such a rejection; Node
 * calls it unhandled, which ends a worker thread and fails a test run, depending on where the parse stood. Each
 * promise made so is given a handler that does nothing, as it is made: whoever waits on it still sees its rejection.
 * (The engine's own code does not use `withResolvers`; the web process never loads pdf.js.)
 */
type Resolvers<T> = { promise: Promise<T>; resolve: (value: T) => void; reject: (reason?: unknown) => void };
const withResolversBefore = (Promise as unknown as { withResolvers?: <T>() => Resolvers<T> }).withResolvers;
if (withResolversBefore && !(withResolversBefore as { quiet?: boolean }).quiet) {
  const quiet = function withResolvers<T>(this: PromiseConstructor): Resolvers<T> {
    const r = withResolversBefore.call(this) as Resolvers<T>;
    r.promise.catch(() => {});
    return r;
  };
  Object.defineProperty(quiet, 'quiet', { value: true });
  Object.defineProperty(Promise, 'withResolvers', { value: quiet, writable: true, configurable: true, enumerable: false });
}

type MessageListener = (this: HandOverPort, event: { data: unknown }) => void;

/**
 * How deep `handOver` copies: the envelope, the chunk in it, and the chunk's arrays. pdf.js's senders
 * build a fresh object per message and per operator's arguments, but reuse a few containers after sending:
 * the operator list empties `fnArray` and `argsArray` (`length = 0`) right after each chunk is queued.
 */
const HAND_OVER_COPY_DEPTH = 3;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * A message as the other side should see it: plain objects and arrays copied down to `depth` levels (an
 * array at the last level is sliced, its items shared), everything below shared. What a sender changes in a
 * container it sent is then never seen by the receiver at the levels pdf.js reuses.
 */
export function handOver(value: unknown, depth = HAND_OVER_COPY_DEPTH): unknown {
  if (depth <= 0) return value;
  if (Array.isArray(value)) return depth === 1 ? value.slice() : value.map((v) => handOver(v, depth - 1));
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = handOver(value[key], depth - 1);
  return copy;
}

/**
 * Both ends of pdf.js's in-thread worker on one object, as pdf.js's own LoopbackPort, but delivering the
 * message handed over (`handOver`) instead of a structured clone. Delivered on a microtask, in order.
 */
export class HandOverPort {
  readonly #listeners = new Set<MessageListener>();

  postMessage(message: unknown): void {
    const event = { data: handOver(message) };
    queueMicrotask(() => {
      for (const listener of this.#listeners) listener.call(this, event);
    });
  }

  addEventListener(_type: string, listener: MessageListener): void {
    this.#listeners.add(listener);
  }

  removeEventListener(_type: string, listener: MessageListener): void {
    this.#listeners.delete(listener);
  }

  terminate(): void {
    this.#listeners.clear();
  }
}

/** pdf.js's PDFWorker as it is built on a port (its typings leave `port` out). */
type PortWorkerConstructor = new (params: { port: HandOverPort; verbosity?: number }) => PdfJs.PDFWorker;

/**
 * pdf.js's `getDocument`, on an in-thread worker of its own that talks through a `HandOverPort`; it is
 * destroyed with the document. A caller that passes its own `worker` gets pdf.js's `getDocument` as is.
 */
export function getDocument(params: DocumentInitParameters): ReturnType<typeof pdfjs.getDocument> {
  if (params.worker) return pdfjs.getDocument(params);
  const port = new HandOverPort();
  workerSide.WorkerMessageHandler.initializeFromPort(port);
  const worker = new (pdfjs.PDFWorker as unknown as PortWorkerConstructor)({ port, verbosity: params.verbosity });
  // plain RGB JPEGs to the native decoder (native-jpeg.ts) for every document: pdf.js settles the choice once
  // per process, at the first JPEG it meets, whatever later documents ask
  const task = pdfjs.getDocument({ isImageDecoderSupported: nativeJpeg, ...params, worker });
  // the loading task destroys a worker it holds here when the document is destroyed, as it does its own
  (task as unknown as { _worker: unknown })._worker = worker;
  const destroy = task.destroy.bind(task);
  task.destroy = async () => {
    try {
      await destroy();
    } finally {
      port.terminate();
    }
  };
  return task;
}

export const { OPS, normalizeUnicode, Util } = pdfjs;

/** One chunk of a page's operator list: operators `fnArray[i]` with arguments `argsArray[i]`. */
export type OperatorChunk = (fnArray: ArrayLike<number>, argsArray: unknown[]) => void;

/** What `streamOperatorList` reaches of pdf.js's page: its per-intent states (not in pdf.js's typings). */
interface IntentState {
  renderTasks?: Set<{ operatorListChanged(): void }>;
  operatorList?: { fnArray: number[]; argsArray: unknown[]; lastChunk: boolean };
  streamReader?: { cancel(reason?: unknown): Promise<void> } | null;
}

/**
 * The page's operator list, given to `onChunk` a chunk at a time as pdf.js sends it and then dropped, instead of
 * gathered whole as `getOperatorList` does: on a dense sheet the whole list is hundreds of megabytes that every
 * young-generation collection of the parse copies. The chunks come in order and together are exactly the list
 * `getOperatorList` gives. pdf.js keeps no list for the page afterwards (a later `getOperatorList` builds it
 * again). Where pdf.js's page does not look as expected (or the list was already built), the whole list is
 * given as one chunk.
 */
export async function streamOperatorList(page: PDFPageProxy, onChunk: OperatorChunk): Promise<void> {
  const states = (page as unknown as { _intentStates?: unknown })._intentStates;
  const before = states instanceof Map ? new Set(states.keys()) : null;
  const listed = page.getOperatorList();
  // (the state getOperatorList made for this call: chunks arrive asynchronously, none has yet)
  const key = before && [...(states as Map<unknown, IntentState>).keys()].find((k) => !before.has(k));
  const state = key === undefined ? undefined : (states as Map<unknown, IntentState>).get(key);
  const list = state?.operatorList;
  if (!state || !list || !(state.renderTasks instanceof Set) || list.lastChunk || list.fnArray.length) {
    const ops = await listed;
    onChunk(ops.fnArray, ops.argsArray);
    return;
  }
  // pdf.js tells each of the page's render tasks when a chunk has been appended to the list (getOperatorList's
  // own task first, which answers at the last chunk): this one reads what was appended and empties the list. When
  // the reader throws, the parse is cancelled there (a page refused for its size is not parsed to its end) and the
  // call fails at once with what it threw.
  let fail: (error: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => { fail = reject; });
  let stopped = false;
  state.renderTasks.add({
    operatorListChanged() {
      if (!stopped) {
        try {
          onChunk(list.fnArray, list.argsArray);
        } catch (error) {
          stopped = true;
          void state.streamReader?.cancel(error).catch(() => {});
          fail(error);
        }
      }
      list.fnArray.length = 0;
      list.argsArray.length = 0;
    },
  });
  // (a cancelled parse may leave getOperatorList unanswered, or failing after the race is decided: the race's own
  // handler takes that rejection)
  try {
    await Promise.race([listed, failed]);
  } finally {
    // (an emptied list must not answer a later getOperatorList of the page)
    (states as Map<unknown, IntentState>).delete(key);
  }
}

/** The fonts pdfjs-dist ships for text whose font a PDF does not embed (a folder path ending in '/'). */
export const STANDARD_FONTS_DIR = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';

/** The matrix of a form XObject from its `paintFormXObjectBegin` arguments (pdf.js gives a Float32Array). */
export function formMatrix(args: unknown[] | null | undefined): [number, number, number, number, number, number] | null {
  const m = args?.[0] as ArrayLike<number> | null | undefined;
  return m && m.length === 6 ? [m[0], m[1], m[2], m[3], m[4], m[5]] : null;
}
