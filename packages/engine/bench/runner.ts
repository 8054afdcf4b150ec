/** Runs jobs one at a time in a worker thread with a per-page time limit; respawns after a hang. */
import { Worker } from 'node:worker_threads';
import type { Job, JobResult } from './bench-worker.js';
import { ANALYSIS_YOUNG_MB, DEFAULT_ANALYSIS_HEAP_MB } from '../src/pdf-limits.js';
import { setEngineHeapGrowth } from '../src/heap-growth.js';

/** A page the engine refused with its own message (EngineInputError: a scan under 75 dpi, no drawing...): an answer, not a crash. */
export const refusedByEngine = (r: Pick<JobResult, 'errorName'>): boolean => r.errorName === 'EngineInputError';
/** A page's engine time over its bare parse once both have run enough to be compiled (see `steadyMs`). */
export const steadyRatio = (r: Pick<JobResult, 'ms' | 'ratioMs' | 'parseMs' | 'steadyMs' | 'steadyParseMs'>): number =>
  (r.steadyMs ?? r.ratioMs ?? r.ms) / (r.steadyParseMs ?? r.parseMs ?? Infinity);

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
