/**
 * Worker-thread variants: every heavy call runs in a fresh worker thread with a time limit and a heap cap,
 * so the caller's event loop never blocks and a pathological page cannot take the process down. With
 * engine hosts configured (servers), those worker threads run in separate host processes (host-pool.ts).
 * Nothing here loads pdf.js: the worker threads do.
 */
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { engineBundle } from '../scripts/bundle.mjs';
import { createMemoryGovernor } from './memory-governor.js';
import { setEngineHeapGrowth } from './heap-growth.js';
import { ANALYSIS_YOUNG_MB, DEFAULT_ANALYSIS_HEAP_MB, PDF_LIMITS, setPdfLimits, tooComplex, type PdfLimits } from './pdf-limits.js';
import { EngineBusyError, EngineCancelledError } from './engine-errors.js';
import { createHostPool, type HostPool, type HostPoolOptions } from './host-pool.js';
import { EngineInputError, type AnalyzeOptions, type AnalysisResult } from './types.js';
import type { PdfInfo } from './source/info.js';
import type { RenderOptions, RenderedPage } from './source/render.js';
import type { PageScaleReading } from './source/page-scale.js';

export interface WorkerOptions {
  /** Kill the worker after this many ms. Default 60000. */
  timeoutMs?: number;
  /** Aborting kills the worker at once and rejects with an EngineCancelledError (a superseded run). */
  signal?: AbortSignal;
  /**
   * Names a file's page (any string the caller keeps for it, e.g. its storage key and page number). A page's scale
   * read, or the page analysed, with `hold` keeps its worker, with the page as read, for the next analysis of that
   * page asked with the same `hold` (see `HOLD_MS`): that analysis then starts from the page as read instead of
   * parsing it again. The worker compares the bytes whole before it uses what it kept, so the name only routes the
   * call.
   */
  hold?: string;
}


export { EngineBusyError, EngineCancelledError } from './engine-errors.js';

const entry = new URL('./worker-entry.mjs', import.meta.url);
const MB = 2 ** 20;

/**
 * The engine's operations (engine-ops.ts) as one bundled file, which each worker thread imports instead of
 * loading the TypeScript sources through tsx: a worker starts for every call, and the transpiling loader cost
 * about 0.7 s of each (ADR 011). Checked against the sources at most once per BUNDLE_CHECK_MS, so an edited
 * engine is picked up without a restart; null when it could not be built (the workers then use tsx).
 */
let bundle: { url: string | null; checkedAt: number } | null = null;
let bundleCheck: Promise<string | null> | null = null;
const BUNDLE_CHECK_MS = 1000;

function engineOpsUrl(): Promise<string | null> {
  if (bundle && Date.now() - bundle.checkedAt < BUNDLE_CHECK_MS) return Promise.resolve(bundle.url);
  bundleCheck ??= engineBundle('engine-ops.ts', 'engine-ops.mjs').then(
    (path) => pathToFileURL(path).href,
    () => null,
  ).then((url) => {
    bundle = { url, checkedAt: Date.now() };
    bundleCheck = null;
    return url;
  });
  return bundleCheck;
}


export interface EngineLimits {
  /** V8 heap cap (MB) of the upload checks' workers (page info, page image). */
  uploadHeapMb: number;
  /** V8 heap cap (MB) of analysis and overlay workers. */
  analysisHeapMb: number;
  /** Own memory (MB) an upload check may hold: heap plus decoded streams and images. */
  uploadMemoryMb: number;
  /** Own memory (MB) an analysis may hold. */
  analysisMemoryMb: number;
  /** Resident size (MB) of the whole process over which its largest engine call is stopped. */
  processCeilingMb: number;
  /**
   * Engine host processes (host-pool.ts) the calls run in; 0 runs their worker threads in this process. A
   * server uses hosts so that its own process never holds a file's memory.
   */
  hosts: number;
  /** An idle host resident over this (MB) is ended and forked again when next needed. */
  hostRecycleMb: number;
  /** Idle hosts kept running (warm) after `hostIdleMs`; the others are ended then. */
  warmHosts: number;
  /** How long an idle host beyond the warm ones lives (ms). */
  hostIdleMs: number;
  /** How long a worker that read or analysed a page keeps it for the page's next analysis (ms; `WorkerOptions.hold`). */
  holdMs: number;
}

/** What a host process is configured with: the budgets and the PDF limits. */
export type EngineSettings = EngineLimits & { pdf: PdfLimits };

/** How long a page's worker is kept for its analysis by default (`EngineLimits.holdMs`). */
export const HOLD_MS = 5 * 60_000;
const limits: EngineLimits = { uploadHeapMb: 512, analysisHeapMb: DEFAULT_ANALYSIS_HEAP_MB, uploadMemoryMb: 640, analysisMemoryMb: 1536, processCeilingMb: 2048, hosts: 0, hostRecycleMb: 512, warmHosts: 0, hostIdleMs: 30_000, holdMs: HOLD_MS };
/** A host that has not answered this long after a call's own time limit is stuck, and killed. */
const HOST_GRACE_MS = 15_000;
const poolOptions: HostPoolOptions = { maxHosts: 0, recycleMb: limits.hostRecycleMb, idleMs: limits.hostIdleMs, keepWarm: limits.warmHosts, graceMs: HOST_GRACE_MS };
let pool: HostPool | null = null;

/** How often workers report their memory and the governor looks (ms). */
const REPORT_MS = 20;
const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * Engine hosts keep started workers waiting (spares), so that a call does not wait for its worker to load pdf.js
 * and the engine (seconds on a busy machine): one for an upload's checks, refilled when one ends, and one for the
 * next analysis, started when an upload's check or an analysis ends (an upload is followed by its analysis while
 * the user picks the page and the scale). The analysis spare first analyses the built-in warm-up plan (warm-up.ts):
 * a fresh thread's first analysis of a dense sheet is about a tenth slower than its next. Each call still gets a
 * worker that never saw another file. A spare's memory is charged to no call.
 */
let keepSpares = false;
/** The upload's checks: the tight budget. */
const UPLOAD_OPS = new Set(['info', 'render', 'preview']);
/** The calls that keep the page they read for its next analysis when asked with `hold` (held-page.ts). */
const KEEPING_OPS = new Set(['page-scale', 'analyze']);
const keepsPage = (op: string, hold?: string) => !!hold && KEEPING_OPS.has(op);
/**
 * The kind of spare kept for a call of `op`, if any: whoever waits for these waits while looking at the page. A
 * scale reading that keeps its page runs on an analysis worker: the page's analysis follows on it.
 */
const spareKind = (op: string, hold?: string): 'upload' | 'analysis' | null =>
  (UPLOAD_OPS.has(op) ? 'upload' : op === 'analyze' || keepsPage(op, hold) ? 'analysis' : null);
interface StartedWorker { worker: Worker; report: SharedArrayBuffer }
interface Spare {
  kind: 'upload' | 'analysis';
  started: StartedWorker;
  /** Null until the worker has loaded the engine (and analysed the warm-up plan, for an analysis spare). */
  warmedUp: boolean | null;
  /** Removes the listeners it was given while it waited (the call then adds its own). */
  detach: () => void;
}
/** Spares by kind and budget (a spare runs under the budget it was started with). */
const spares = new Map<string, Spare>();
const spareKey = (kind: string, budget: { limits: ResourceLimits }) => `${kind} ${JSON.stringify(budget.limits)}`;
const ownBytesOf = (w: StartedWorker) => Number(Atomics.load(new BigInt64Array(w.report), 0));

const governor = createMemoryGovernor({}, {
  intervalMs: REPORT_MS,
  sample: () => {
    const m = process.memoryUsage();
    // (kept pages only save time: they are let go before the governor has to stop a call for the process's memory)
    if (heldWorkers.size > 0 && m.rss > HELD_SHED_SHARE * governor.limits.ceilingBytes) for (const key of [...heldWorkers.keys()]) releaseHeld(key, true);
    let spareBytes = 0;
    for (const w of spares.values()) spareBytes += ownBytesOf(w.started);
    for (const w of heldWorkers.values()) spareBytes += ownBytesOf(w.started);
    return { rssBytes: m.rss, callerBytes: m.heapTotal + m.external + spareBytes };
  },
});

/** Called by engine hosts: keep spare workers from now on. */
export function keepSpareWorkers(on: boolean): void {
  keepSpares = on;
  if (!on) dropSpares();
}

function dropSpares(): void {
  for (const w of spares.values()) void w.started.worker.terminate();
  spares.clear();
  for (const key of [...heldWorkers.keys()]) releaseHeld(key, true);
}

/**
 * Workers that read a page's scale or analysed it with `hold`, kept with the page as read for its next analysis,
 * by the caller's name of the page. The user chooses the scale and the ceiling height meanwhile (or another scale,
 * a calibration, another sliver filter after an analysis); an analysis of a dense sheet then saves pdf.js's parse
 * and the walk of the drawing (about a second and a half of the A0 sheet's five), and runs in a thread whose JIT
 * has compiled pdf.js (and, after an analysis, the engine) on this very page. Each is ended after HOLD_MS or taken
 * by the page's next analysis (which keeps it again); at most MAX_HELD are kept per process (the oldest ends first). A held worker's memory is charged to no
 * call, like a spare's, and counts for the process's ceiling; near the ceiling the kept workers end first.
 */
const MAX_HELD = 2;
/** Over this share of the process's memory ceiling, with calls running, the kept pages' workers are ended. */
const HELD_SHED_SHARE = 0.9;
interface HeldWorker { started: StartedWorker; timer: ReturnType<typeof setTimeout>; detach: () => void }
const heldWorkers = new Map<string, HeldWorker>();
let heldListener: ((key: string, held: boolean) => void) | null = null;
/** Told when a worker is kept for a page and when it is no longer (engine hosts tell their pool). */
export function onHeldWorkers(fn: ((key: string, held: boolean) => void) | null): void {
  heldListener = fn;
}
/** The names of the pages whose workers are kept now, in this process or in its engine hosts (for the tests). */
export const heldPages = (): string[] => (pool ? pool.held : [...heldWorkers.keys()]);

function keepHeld(key: string, started: StartedWorker): void {
  releaseHeld(key, true);
  while (heldWorkers.size >= MAX_HELD) releaseHeld(heldWorkers.keys().next().value!, true);
  const { worker } = started;
  worker.unref();
  const drop = () => releaseHeld(key, false);
  const timer = setTimeout(() => releaseHeld(key, true), limits.holdMs);
  timer.unref();
  heldWorkers.set(key, { started, timer, detach: () => { worker.off('error', drop); worker.off('exit', drop); } });
  worker.once('error', drop);
  worker.once('exit', drop);
  heldListener?.(key, true);
}

/** The worker kept for `key`, handed over (or ended with `end`); null when none is kept. */
function releaseHeld(key: string, end: boolean): StartedWorker | null {
  const h = heldWorkers.get(key);
  if (!h) return null;
  heldWorkers.delete(key);
  clearTimeout(h.timer);
  h.detach();
  if (end) void h.started.worker.terminate();
  heldListener?.(key, false);
  return h.started;
}

function startWorker(budget: { limits: ResourceLimits }, warmUp = false): StartedWorker {
  setEngineHeapGrowth();
  const report = new SharedArrayBuffer(24);
  // (a spare is started after a call, so the bundle's state is known by then)
  const engineUrl = bundle?.url ?? undefined;
  const worker = new Worker(entry, { resourceLimits: budget.limits, workerData: { report, reportMs: REPORT_MS, pdfLimits: { ...PDF_LIMITS }, engineUrl, warmUp } });
  return { worker, report };
}

/**
 * The spare kept for `op` under this budget if one is waiting, else a worker started now. An analysis of a page
 * whose worker was kept (`hold`) takes that worker.
 */
function takeWorker(op: string, budget: { limits: ResourceLimits }, hold?: string): StartedWorker {
  if (hold && op === 'analyze') {
    const kept = releaseHeld(hold, false);
    if (kept) {
      kept.worker.ref();
      heldTaken++;
      return kept;
    }
  }
  const kind = spareKind(op, hold);
  const key = kind && spareKey(kind, budget);
  const spare = key ? spares.get(key) : undefined;
  // (an analysis spare still analysing the warm-up plan is left to finish it: the analysis would wait for it, longer
  // than a worker started now takes to load. A scale reading that keeps its page takes it all the same, or starts a
  // worker that warms up: the reading waits, and the page's analysis after it runs warm)
  const reading = kind === 'analysis' && op !== 'analyze';
  if (!key || !spare || (kind === 'analysis' && spare.warmedUp === null && !reading)) return startWorker(budget, reading);
  spares.delete(key);
  spare.detach();
  spare.started.worker.ref();
  sparesTaken++;
  return spare.started;
}

let sparesTaken = 0, heldTaken = 0;
/** The spares waiting now, how many calls have taken one, and how many analyses a kept worker (for the tests). */
export function engineSpares(): { waiting: { kind: string; warmedUp: boolean | null }[]; taken: number; heldTaken: number } {
  return { waiting: [...spares.values()].map((w) => ({ kind: w.kind, warmedUp: w.warmedUp })), taken: sparesTaken, heldTaken };
}

/** After a call of `op`: the spares the next calls will want, started where none is waiting. */
function refillSpares(op: string, hold?: string): void {
  // (a spare for every call would load pdf.js for calls that may never come: on a busy machine that CPU is what
  // every other call is waiting for)
  const kind = spareKind(op, hold);
  if (!keepSpares || !kind) return;
  if (kind === 'upload') startSpare('upload', budgetFor(op));
  startSpare('analysis', budgetFor('analyze'));
}

function startSpare(kind: 'upload' | 'analysis', budget: { limits: ResourceLimits }): void {
  const key = spareKey(kind, budget);
  if (spares.has(key)) return;
  const started = startWorker(budget, kind === 'analysis');
  const { worker } = started;
  worker.unref();
  // (the worker says when it has loaded; listeners are removed one by one when it is taken: a worker's
  // removeAllListeners also takes away the hook through which Node delivers its messages, and the call's answer
  // would never arrive)
  const onReady = (msg: { ready?: boolean; warmedUp?: boolean }) => {
    if (!msg?.ready) return;
    spare.warmedUp = !!msg.warmedUp;
    worker.off('message', onReady);
  };
  const drop = () => { if (spares.get(key) === spare) spares.delete(key); };
  const spare: Spare = {
    kind, started, warmedUp: null,
    detach: () => { worker.off('message', onReady); worker.off('error', drop); worker.off('exit', drop); },
  };
  worker.on('message', onReady);
  worker.once('error', drop);
  worker.once('exit', drop);
  spares.set(key, spare);
}

/** The budgets engine calls run under from now on; the page and operator budgets go to new workers too. */
export function configureEngine(l: Partial<EngineLimits> & { pdf?: Partial<PdfLimits> } = {}): void {
  const { pdf, ...rest } = l;
  Object.assign(limits, rest);
  if (pdf) setPdfLimits(pdf);
  // Spares were started with the old budgets.
  dropSpares();
  governor.setLimits({ ceilingBytes: limits.processCeilingMb * MB });
  Object.assign(poolOptions, { maxHosts: limits.hosts, recycleMb: limits.hostRecycleMb, idleMs: limits.hostIdleMs, keepWarm: limits.warmHosts });
  const settings: EngineSettings = { ...limits, pdf: { ...PDF_LIMITS } };
  if (limits.hosts > 0) {
    pool ??= createHostPool(poolOptions, settings);
    pool.configure(settings);
  } else if (pool) {
    pool.close();
    pool = null;
  }
}

/** Pids of the engine host processes running now (empty without hosts); for tests and the load bench. */
export const engineHostPids = (): number[] => pool?.pids ?? [];

/** The governor that judges every engine call's memory (tests tune its thresholds). */
export const engineMemoryGovernor = governor;


/**
 * Per operation: the worker's V8 heap cap, and the own memory it may hold (decoded streams, images and
 * canvases live outside the V8 heap, where resourceLimits do not reach; the governor does). Page info and
 * page images run on every upload, so they get the tight budget; analyses and overlays run on job workers.
 */
function budgetFor(op: string, hold?: string): { limits: ResourceLimits; memoryBytes: number } {
  // A scale reading that keeps its page runs on an analysis worker (its heap), under the reading's memory budget.
  if (keepsPage(op, hold) && op !== 'analyze') return { ...budgetFor(op), limits: budgetFor('analyze').limits };
  const upload = UPLOAD_OPS.has(op);
  // Reading a page's printed scale runs on upload too, with a little more room (it reads the text of the page).
  if (op === 'page-scale') return { limits: { maxOldGenerationSizeMb: Math.max(384, limits.uploadHeapMb), maxYoungGenerationSizeMb: 32, stackSizeMb: 4 }, memoryBytes: Math.max(512, limits.uploadMemoryMb) * MB };
  const heapMb = upload ? limits.uploadHeapMb : op === 'overlay' ? Math.min(512, limits.analysisHeapMb) : limits.analysisHeapMb;
  const memoryMb = upload ? limits.uploadMemoryMb : op === 'overlay' ? Math.min(1024, limits.analysisMemoryMb) : limits.analysisMemoryMb;
  return { limits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: upload ? 32 : ANALYSIS_YOUNG_MB, stackSizeMb: 4 }, memoryBytes: memoryMb * MB };
}

/** Runs one engine call: in an engine host when hosts are configured, else in a worker thread of this process. */
export function runEngineCall<T>(op: string, args: unknown[], opts: WorkerOptions = {}): Promise<T> {
  if (!pool) return runInWorker<T>(op, args, opts);
  return pool.call<T>(op, args, { timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS, signal: opts.signal, hold: opts.hold }).then((value) => {
    const v = value as unknown as { png?: Uint8Array };
    if (v && v.png instanceof Uint8Array && !Buffer.isBuffer(v.png)) v.png = Buffer.from(v.png.buffer, v.png.byteOffset, v.png.byteLength);
    return value;
  });
}

/** The longest an analysis waits for its page's reading under way before it starts on its own (ms). */
const READING_WAIT_MS = 10_000;
/** Resolves when `p` settles or after `ms`, whichever is first. */
const waitFor = (p: Promise<unknown>, ms: number) => new Promise<void>((resolve) => {
  const timer = setTimeout(resolve, ms);
  const done = () => { clearTimeout(timer); resolve(); };
  p.then(done, done);
});
/** Scale readings under way that will keep their page, by its name: the page's analysis waits for its reading. */
const readingsUnderWay = new Map<string, Promise<unknown>>();

function runInWorker<T>(op: string, args: unknown[], opts: WorkerOptions = {}): Promise<T> {
  // (an analysis asked while its page's reading is still under way, the user quicker than the reading, waits for
  // it and takes its worker: the reading is the analysis's own first step, and is ahead of a fresh start)
  const reading = opts.hold && op === 'analyze' ? readingsUnderWay.get(opts.hold) : undefined;
  const run = (reading ? waitFor(reading, READING_WAIT_MS) : Promise.resolve()).then(() => engineOpsUrl()).then(() => startCall<T>(op, args, opts));
  if (opts.hold && op === 'page-scale') {
    const key = opts.hold;
    readingsUnderWay.set(key, run);
    const forget = () => { if (readingsUnderWay.get(key) === run) readingsUnderWay.delete(key); };
    run.then(forget, forget);
  }
  return run;
}

let nextCallId = 1;

function startCall<T>(op: string, args: unknown[], opts: WorkerOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new EngineCancelledError());
    const budget = budgetFor(op, opts.hold);
    const keeps = keepsPage(op, opts.hold);
    const started = takeWorker(op, budget, opts.hold);
    const { worker, report } = started;
    const reportView = new BigInt64Array(report);
    const id = nextCallId++;
    let done = false;
    // (`keep`: a scale reading or an analysis whose worker kept the page waits for the page's next analysis instead
    // of ending)
    const finish = (fn: () => void, keep = false) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      unwatch();
      if (keep) {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        opts.signal?.removeEventListener('abort', onAbort);
        keepHeld(opts.hold!, started);
      } else {
        void worker.terminate();
      }
      fn();
      refillSpares(op, opts.hold);
    };
    const unwatch = governor.register({
      budgetBytes: budget.memoryBytes,
      read: () => {
        const at = Number(Atomics.load(reportView, 1));
        return at === 0 ? null : { ownBytes: Number(Atomics.load(reportView, 0)), reportedAtMs: at, working: Atomics.load(reportView, 2) === 1n };
      },
      stop: (reason) => finish(() => reject(reason === 'over_budget' ? tooComplex('it needs more memory than allowed') : new EngineBusyError())),
    });
    // The same file takes as long next time: over the wall-clock budget is an answer about the file.
    const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timer = setTimeout(() => finish(() => reject(tooComplex(`it takes longer than ${Math.round(timeoutMs / 1000)} s`))), timeoutMs);
    const onMessage = (msg: { id?: number; ok: boolean; value?: T; held?: boolean; error?: { name?: string; code?: string; message: string } }) => {
      // (the worker's word that it has loaded comes before the answer, and may come after it was taken)
      if (msg.id !== id) return;
      if (msg.ok) {
        const v = msg.value as unknown as { png?: Uint8Array };
        if (v && v.png instanceof Uint8Array && !Buffer.isBuffer(v.png)) v.png = Buffer.from(v.png.buffer, v.png.byteOffset, v.png.byteLength);
        finish(() => resolve(msg.value as T), keeps && msg.held === true);
      } else {
        const e = msg.error!;
        finish(() =>
          reject(e.name === 'EngineInputError' ? new EngineInputError(e.code as EngineInputError['code'], e.message) : new Error(e.message)),
        );
      }
    };
    const onAbort = () => finish(() => reject(new EngineCancelledError()));
    const onError = (err: Error) => {
      const outOfMemory = (err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' || err instanceof RangeError;
      finish(() => reject(outOfMemory ? tooComplex('it needs more memory than allowed') : err));
    };
    const onExit = (code: number) => {
      opts.signal?.removeEventListener('abort', onAbort);
      finish(() => reject(new Error(`engine worker exited with code ${code}`)));
    };
    worker.on('message', onMessage);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('error', onError);
    worker.on('exit', onExit);
    // (a page's scale reading or analysis asked with `hold` asks the worker to keep the page once done)
    worker.postMessage({ id, op, args: keeps ? [args[0], args[1], { keepPage: true }] : args });
  });
}

export const getPdfInfoInWorker = (bytes: Uint8Array, opts?: WorkerOptions) => runEngineCall<PdfInfo>('info', [bytes], opts);
export const renderPageToPngInWorker = (bytes: Uint8Array, pageNo: number, ro: RenderOptions = {}, opts?: WorkerOptions) =>
  runEngineCall<RenderedPage>('render', [bytes, pageNo, ro], opts);
/** Page info and, when the page exists, its image, in one worker (an upload's checks). */
export const previewPdfInWorker = (bytes: Uint8Array, pageNo: number, ro: RenderOptions = {}, opts?: WorkerOptions) =>
  runEngineCall<{ info: PdfInfo; page: RenderedPage | null }>('preview', [bytes, pageNo, ro], opts).then((r) => {
    const png = r.page?.png as Uint8Array | undefined;
    if (r.page && png && !Buffer.isBuffer(png)) r.page.png = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
    return r;
  });
export const analyzePdfInWorker = (bytes: Uint8Array, options: AnalyzeOptions, opts?: WorkerOptions) =>
  runEngineCall<AnalysisResult>('analyze', [bytes, options], opts);
export const drawOverlayInWorker = (bytes: Uint8Array, pageNo: number, result: AnalysisResult, opts?: WorkerOptions) =>
  runEngineCall<Buffer>('overlay', [bytes, pageNo, result], opts).then((b) => Buffer.from(b));
/** What the page says about its scale (printed, scale bar, dimension strings) and its lines to snap to. */
export const readPageScaleInWorker = (bytes: Uint8Array, pageNo: number, opts?: WorkerOptions) =>
  runEngineCall<PageScaleReading>('page-scale', [bytes, pageNo], opts);
