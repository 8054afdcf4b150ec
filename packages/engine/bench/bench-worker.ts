/**
 * Benchmark worker: runs analyzePdf on one page per message, off the main thread, so the runner can time
 * each page, stop a page that hangs (terminate) and survive an engine crash.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { AnalyzeOptions } from '../src/types.js';

export interface Job {
  seq: number;
  file: string;
  options: AnalyzeOptions;
  /** Only warm the engine and pdf.js up: analyse the page and parse it bare this many times, untimed, no result. */
  warmUp?: number;
}

export interface JobResult {
  seq: number;
  ok: boolean;
  ms: number;
  result?: unknown;
  error?: string;
  errorCode?: string;
  errorName?: string;
  /** A bare pdf.js parse of the same page (getOperatorList + getTextContent), ms: the floor the engine is compared with
   * (the best of as many runs as `ratioMs`). */
  parseMs?: number;
  /** The engine's time to set against `parseMs`: the best of up to TIMING_RUNS runs on a page it does in under
   * RETIME_UNDER_MS (SMALL_PAGE_RUNS under SMALL_PAGE_MS; a single run of a few milliseconds is mostly a collection,
   * a busy core or code not yet compiled), else `ms`. */
  ratioMs?: number;
  /** The same page at steady state: the best of STEADY_RUNS runs of the engine and of the bare parse, on a page the
   * engine does in under RETIME_UNDER_MS (a page's own code paths may still be compiling in its first five runs). */
  steadyMs?: number;
  steadyParseMs?: number;
  /** CPU time of the whole bench process during the call (all threads, OCR's included), ms: on a shared
   * machine wall time grows with the load, CPU time much less. */
  cpuMs?: number;
}

/** Time pdf.js alone on the page: open, getOperatorList, getTextContent. */
async function bareParseMs(bytes: Uint8Array, pageNo: number): Promise<number> {
  const pdfjs = await import('../src/source/pdfjs.js');
  const t0 = performance.now();
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  try {
    const page = await doc.getPage(pageNo);
    await page.getOperatorList();
    await page.getTextContent();
    return performance.now() - t0;
  } finally {
    await doc.destroy();
  }
}

/** Pages the engine does faster than this (ms) are timed again, engine and bare parse in turn... */
const RETIME_UNDER_MS = 1000;
/** ...up to this many runs of each in all; the best run of each is compared... */
const TIMING_RUNS = 5;
/** ...and this many on a page it does in under SMALL_PAGE_MS: the first pages of a run meet the engine's code before
 * the JIT has compiled it, while pdf.js's is compiled by the engine's own parse of the page, and five runs of a few
 * milliseconds compared cold code with warm (a page's ratio moved by a whole point from run to run). */
const SMALL_PAGE_MS = 50;
const SMALL_PAGE_RUNS = 15;
/** Runs of each page under RETIME_UNDER_MS for its steady-state figure (`steadyMs`). */
const STEADY_RUNS = 15;

// BENCH_ENGINE=<module path> benchmarks another build of the engine (same analyzePdf signature).
const engine: Promise<{ analyzePdf: (bytes: Uint8Array, options: AnalyzeOptions) => Promise<unknown> }> = process.env.BENCH_ENGINE
  ? import(pathToFileURL(process.env.BENCH_ENGINE).href)
  : import('../src/index.js');

parentPort!.on('message', async (job: Job) => {
  const bytes = new Uint8Array(readFileSync(job.file));
  const started = performance.now();
  try {
    const { analyzePdf } = await engine;
    if (job.warmUp) {
      for (let run = 0; run < job.warmUp; run++) {
        await analyzePdf(bytes, job.options);
        await bareParseMs(bytes, job.options.page);
      }
      parentPort!.postMessage({ seq: job.seq, ok: true, ms: performance.now() - started } satisfies JobResult);
      return;
    }
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const result = await analyzePdf(bytes, job.options);
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    let parseMs = await bareParseMs(bytes, job.options.page).catch(() => undefined);
    // a page whose room names are drawn as shapes has them read by OCR from a render: the ratio to the bare parse is
    // of the engine's own work, timed without that reading (the page's time above includes it)
    const byOcr = (result as { warnings?: { code: string }[] }).warnings?.some((w) => w.code === 'names_read_by_ocr') ?? false;
    const ratioOptions = byOcr ? { ...job.options, ocr: false } : job.options;
    let ratioMs = byOcr ? Infinity : ms;
    let steadyMs: number | undefined, steadyParseMs: number | undefined;
    if (parseMs !== undefined && (ms < RETIME_UNDER_MS || byOcr)) {
      const runs = ms < SMALL_PAGE_MS ? SMALL_PAGE_RUNS : TIMING_RUNS;
      steadyMs = ratioMs;
      steadyParseMs = parseMs;
      for (let run = byOcr ? 0 : 1; run < Math.max(runs, STEADY_RUNS); run++) {
        const t1 = performance.now();
        await analyzePdf(bytes, ratioOptions);
        const e = performance.now() - t1, p = await bareParseMs(bytes, job.options.page);
        if (run < runs) { ratioMs = Math.min(ratioMs, e); parseMs = Math.min(parseMs, p); }
        steadyMs = Math.min(steadyMs, e);
        steadyParseMs = Math.min(steadyParseMs, p);
      }
    }
    parentPort!.postMessage({ seq: job.seq, ok: true, ms, cpuMs, result, parseMs, ratioMs, steadyMs, steadyParseMs } satisfies JobResult);
  } catch (e) {
    const err = e as Error & { code?: string };
    parentPort!.postMessage({
      seq: job.seq, ok: false, ms: performance.now() - started, error: `${err?.name ?? 'Error'}: ${err?.message ?? String(e)}`, errorCode: err?.code, errorName: err?.name,
    } satisfies JobResult);
  }
});
