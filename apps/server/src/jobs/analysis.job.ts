import type { FastifyBaseLogger } from 'fastify';
import { analyzePdfInWorker, EngineCancelledError, EngineInputError, type PaperSize } from '@plansight/engine/server';
import type { AppContext } from '../context.js';
import { failureReason } from '../modules/measure/analysis-failure.js';
import { heldPageName } from '../modules/measure/held-page-name.js';
import {
  beat, claimRun, failRun, findProjectFile, finishRun, releaseRun, requeueStale,
} from '../modules/measure/measure.repository.js';
import { ANALYSIS_QUEUE, getBoss, localWakers, sendAnalysisJob, type AnalysisJobData } from './queue.js';

/** Tunables of the analysis worker; tests shorten the timings. */
export interface AnalysisWorkerOptions {
  /** The engine call; defaults to the engine in a worker thread (never on the event loop). */
  analyze?: typeof analyzePdfInWorker;
  /** Parallel jobs in this process (WORKER_CONCURRENCY). */
  concurrency?: number;
  /** How often a running job renews its lease. */
  heartbeatMs?: number;
  /** A lease not renewed for this long belongs to a dead worker. */
  staleMs?: number;
  /** A queued run waiting this long gets its job sent again (the first may have been lost). */
  resendMs?: number;
  /** How often this worker looks for dead workers' runs. */
  sweepMs?: number;
  pollingIntervalSeconds?: number;
  engineTimeoutMs?: number;
}

/** Runs of one project that keep failing for other reasons than the input end as failed after this many tries. */
export const MAX_ATTEMPTS = 3;

interface WorkerState { stopping: boolean; stopped: Promise<'stopped'>; stop: () => void; inflight: Map<string, string> }

/**
 * One job: take the run's lease (a duplicate or stale job finds none and does nothing, so running a job twice
 * is safe), read the stored PDF, run the engine in a worker thread with the project's page, scale, paper,
 * ceiling and sliver filter, and store the result. Input errors fail the run for good; other errors give the
 * lease back and let pg-boss retry, up to MAX_ATTEMPTS.
 */
async function runJob(ctx: AppContext, data: AnalysisJobData, o: Required<AnalysisWorkerOptions>, state: WorkerState, log: FastifyBaseLogger): Promise<void> {
  const { projectId, runId } = data;
  const run = await claimRun(ctx.db, projectId, runId, o.staleMs);
  if (!run) return;
  if (run.attempts > MAX_ATTEMPTS) {
    // Every earlier try died with its worker (a crash takes the process, so no catch below ran): ours too.
    const refunded = await failRun(ctx.db, projectId, runId, failureReason('worker_died').message, 'worker_died', true);
    log.error({ projectId, runId, attempts: run.attempts, refunded }, 'analysis worker died on every try; failed for good');
    return;
  }
  state.inflight.set(runId, projectId);
  // New inputs replace the run (one analysis per project): the heartbeat notices and stops the engine.
  const superseded = new AbortController();
  const heartbeat = setInterval(() => void beat(ctx.db, projectId, runId).then((ours) => {
    if (!ours) superseded.abort();
  }, (err: unknown) => log.warn({ err }, 'analysis heartbeat failed')), o.heartbeatMs);
  try {
    const file = await findProjectFile(ctx.db, projectId);
    if (!file) return;
    const bytes = await ctx.storage.get(file.pdfKey);
    const p = run.params;
    const analysis = o.analyze(new Uint8Array(bytes), {
      page: p.page, scale: p.scale, paper: p.paper as PaperSize | 'PAGE', ceilingHeightMm: p.ceilingHeightMm,
      minRoomWidthMm: p.minRoomWidthMm, minRoomHeightMm: p.minRoomHeightMm,
    }, { timeoutMs: o.engineTimeoutMs, signal: superseded.signal, hold: heldPageName(file.pdfKey, p.page) });
    const result = await Promise.race([analysis, state.stopped]);
    // Shutting down: the closer gives the lease back; failing the job makes pg-boss hand it to another worker.
    if (result === 'stopped') throw new Error('analysis worker stopped mid-job');
    await finishRun(ctx.db, projectId, runId, result);
    log.info({ projectId, runId, rooms: result.rooms.length, attempt: run.attempts }, 'analysis done');
  } catch (err) {
    if (state.stopping) throw err;
    if (err instanceof EngineCancelledError || superseded.signal.aborted) {
      log.info({ projectId, runId }, 'analysis superseded by a newer run; stopped');
    } else if (err instanceof EngineInputError) {
      log.info({ projectId, runId, code: err.code, engineMessage: err.message }, 'analysis refused the plan');
      await failRun(ctx.db, projectId, runId, failureReason(err.code).message, err.code);
    } else if (run.attempts >= MAX_ATTEMPTS) {
      // Our failure (a crash or internal error on every try): the plan it spent goes back, once.
      const refunded = await failRun(ctx.db, projectId, runId, failureReason('engine_error').message, 'engine_error', true);
      log.error({ err, projectId, runId, refunded }, 'analysis failed for good');
    } else {
      log.warn({ err, projectId, runId, attempt: run.attempts }, 'analysis failed; will retry');
      await releaseRun(ctx.db, projectId, runId, null);
      throw err;
    }
  } finally {
    clearInterval(heartbeat);
    state.inflight.delete(runId);
  }
}

/** Sends again the jobs of runs whose worker died, and of queued runs whose job may have been lost. */
async function sweep(ctx: AppContext, o: Required<AnalysisWorkerOptions>, atStart: boolean, log: FastifyBaseLogger): Promise<void> {
  // At start-up every queued run gets a job again (duplicates are harmless: only one can take the lease).
  const orphanAll = atStart && ctx.database.kind === 'pglite';
  const runs = await requeueStale(ctx.db, { staleMs: o.staleMs, resendMs: atStart ? 0 : o.resendMs, orphanAll });
  for (const r of runs) {
    log.warn({ projectId: r.projectId, runId: r.runId }, 'analysis run orphaned or waiting too long; sending its job again');
    await sendAnalysisJob(ctx, r);
  }
}

/**
 * Starts the analysis worker of this process (ROLE all|worker). On start-up, runs left running by a dead
 * process are queued again; on embedded PGlite no other process can hold one, so every running run is.
 * On close, leases of unfinished runs are given back so the next start (or another worker) redoes them.
 */
export async function startAnalysisWorker(ctx: AppContext, log: FastifyBaseLogger, options: AnalysisWorkerOptions = {}): Promise<void> {
  const o: Required<AnalysisWorkerOptions> = {
    analyze: analyzePdfInWorker, concurrency: ctx.config.WORKER_CONCURRENCY, heartbeatMs: 5_000, staleMs: 30_000,
    resendMs: 120_000, sweepMs: 15_000, pollingIntervalSeconds: 2, engineTimeoutMs: ctx.config.ENGINE_ANALYSIS_TIMEOUT_S * 1000, ...options,
  };
  const boss = await getBoss(ctx);
  let stop = () => {};
  const state: WorkerState = { stopping: false, stopped: new Promise((r) => { stop = () => r('stopped'); }), stop: () => stop(), inflight: new Map() };
  const ids: string[] = [];
  for (let i = 0; i < o.concurrency; i++) {
    ids.push(await boss.work<AnalysisJobData>(ANALYSIS_QUEUE, { pollingIntervalSeconds: o.pollingIntervalSeconds, batchSize: 1 },
      async ([job]) => runJob(ctx, job.data, o, state, log)));
  }
  localWakers.set(ctx, ids.map((id) => () => boss.notifyWorker(id)));
  await sweep(ctx, o, true, log);
  const timer = setInterval(() => void sweep(ctx, o, false, log).catch((err) => log.warn({ err }, 'analysis sweep failed')), o.sweepMs);
  timer.unref();
  ctx.onClose(async () => {
    state.stopping = true;
    clearInterval(timer);
    localWakers.delete(ctx);
    state.stop();
    for (const [runId, projectId] of [...state.inflight]) await releaseRun(ctx.db, projectId, runId, null).catch(() => undefined);
  });
}
