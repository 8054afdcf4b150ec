import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { startAnalysisWorker, type AnalysisWorkerOptions } from './analysis.job.js';
import { getBoss } from './queue.js';

export interface BackgroundOptions {
  /** Timings and the engine call of the analysis worker (tests shorten them). */
  analysis?: AnalysisWorkerOptions;
}

/**
 * Start-up work beside the HTTP server: demo seed (embedded default) and the job worker (ROLE all|worker).
 * Each module adds its piece here.
 */
export async function startBackground(app: FastifyInstance, ctx: AppContext, options: BackgroundOptions = {}): Promise<void> {
  // The queue: every role sends analysis jobs; only all and worker run them.
  await getBoss(ctx);
  if (ctx.config.ROLE !== 'web') await startAnalysisWorker(ctx, app.log, options.analysis);
}
