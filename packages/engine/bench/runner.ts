/** Runs jobs one at a time in a worker thread with a per-page time limit; respawns after a hang. */
import { Worker } from 'node:worker_threads';
import type { Job, JobResult } from './bench-worker.js';
import { ANALYSIS_YOUNG_MB, DEFAULT_ANALYSIS_HEAP_MB } from '../src/pdf-limits.js';
import { setEngineHeapGrowth } from '../src/heap-growth.js';

/** A page the engine refused with its own message (EngineInputError: a scan under 75 dpi, no drawing...): an answer, not a crash. */
export const refusedByEngine = (r: Pick<JobResult, 'errorName'>): boolean => r.errorName === 'EngineInputError';

/**
 * Each page's engine time over its bare pdf.js parse, in the order the pages were added: as the bench times it (its
 * best runs, `ratioMs`) and at steady state (`steadyMs`, once both have run enough to be compiled).
 */
export class ParseRatios {
  readonly timed: number[] = [];
  readonly steady: number[] = [];
  readonly pages: string[] = [];

  /** A page's ratios, when its bare parse was timed. */
  add(r: JobResult, page: string): void {
    if (!r.parseMs) return;
    this.timed.push((r.ratioMs ?? r.ms) / r.parseMs);
    this.steady.push((r.steadyMs ?? r.ratioMs ?? r.ms) / (r.steadyParseMs ?? r.parseMs));
    this.pages.push(page);
  }

  addAll(o: ParseRatios): void {
    this.timed.push(...o.timed);
    this.steady.push(...o.steady);
    this.pages.push(...o.pages);
  }

  /** One page's ratios, or null when its bare parse was not timed. */
  of(page: string): { timed: number; steady: number } | null {
    const i = this.pages.indexOf(page);
    return i < 0 ? null : { timed: this.timed[i], steady: this.steady[i] };
  }

  /** The pages over 3 times, the highest first, and the five highest as `page 4.2x, ...`. */
  over3(which: 'timed' | 'steady'): { count: number; highest: string } {
    const over = this[which].map((r, i) => ({ r, page: this.pages[i] })).filter((x) => x.r > 3).sort((a, b) => b.r - a.r);
    return { count: over.length, highest: over.slice(0, 5).map((x) => `${x.page.trim()} ${x.r.toFixed(1)}x`).join(', ') };
  }
}

export class BenchRunner {
  private worker: Worker | null = null;
  private seq = 0;

  constructor(private readonly timeoutMs: number) {}

  private spawn(): Worker {
    // (the heap an analysis gets in the server, growing as fast: one long-lived worker with a looser cap grows its
    // heap past what any one analysis needs, and the peak memory printed would be the bench's, not an analysis's)
    setEngineHeapGrowth();
    const w = new Worker(new URL('./bench-worker-boot.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: DEFAULT_ANALYSIS_HEAP_MB, maxYoungGenerationSizeMb: ANALYSIS_YOUNG_MB } });
    w.unref();
    return w;
  }

  /** Analyses the page `runs` times (and parses it bare as often), untimed: the JIT's warm-up before pages are timed. */
  async warmUp(file: string, options: Job['options'], runs: number): Promise<void> {
    await this.run(file, options, runs);
  }

  run(file: string, options: Job['options'], warmUp?: number): Promise<JobResult & { timedOut?: boolean }> {
    const worker = (this.worker ??= this.spawn());
    const seq = ++this.seq;
    return new Promise((resolve) => {
      const done = (r: JobResult & { timedOut?: boolean }) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        resolve(r);
      };
      const onMessage = (m: JobResult) => m.seq === seq && done(m);
      const onError = (e: Error) => {
        this.worker = null;
        done({ seq, ok: false, ms: 0, error: `worker crashed: ${e.message}` });
      };
      const onExit = (code: number) => {
        this.worker = null;
        done({ seq, ok: false, ms: 0, error: `worker exited with code ${code}` });
      };
      const timer = setTimeout(() => {
        this.worker = null;
        void worker.terminate();
        done({ seq, ok: false, ms: this.timeoutMs, error: `timeout after ${this.timeoutMs} ms`, timedOut: true });
      }, this.timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ seq, file, options, ...(warmUp ? { warmUp } : {}) } satisfies Job);
    });
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = null;
  }
}
