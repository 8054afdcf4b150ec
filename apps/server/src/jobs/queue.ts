import PgBoss from 'pg-boss';
import type { AppContext } from '../context.js';
import type { Database } from '../db/client.js';

/** The analysis queue. Jobs carry `{ projectId, runId }`; the database row is the truth, the job only a wake-up. */
export const ANALYSIS_QUEUE = 'measure-analysis';

export interface AnalysisJobData { projectId: string; runId: string }

/** A job active this much longer than the engine's time limit (ENGINE_ANALYSIS_TIMEOUT_S) is retried by pg-boss. */
const EXPIRE_MARGIN_SECONDS = 60;

/**
 * pg-boss over PGlite: single statements go through the parameterised `query`; pg-boss's multi-statement
 * scripts (schema creation, maintenance; each wrapped in BEGIN ... COMMIT) go through `exec`, and a failed
 * script is rolled back so the one shared connection is never left inside an aborted transaction.
 */
export function pgliteBossDb(database: Database): PgBoss.Db {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      if (!/^\s*BEGIN\s*;/i.test(text)) return database.executeSql(text, values ?? []);
      try {
        await database.execScript(text);
        return { rows: [] };
      } catch (err) {
        await database.execScript('ROLLBACK').catch(() => undefined);
        throw err;
      }
    },
  };
}

const bosses = new WeakMap<AppContext, Promise<PgBoss>>();

/**
 * The app's one pg-boss, started on first use (sending needs it in every role) and stopped on app close.
 * On PostgreSQL it opens its own small pool from DATABASE_URL; on PGlite it shares the embedded connection.
 * Only worker processes supervise (expire and retry jobs of dead workers).
 */
export function getBoss(ctx: AppContext): Promise<PgBoss> {
  let p = bosses.get(ctx);
  if (!p) {
    p = openBoss(ctx);
    bosses.set(ctx, p);
    p.catch(() => bosses.delete(ctx));
  }
  return p;
}

async function openBoss(ctx: AppContext): Promise<PgBoss> {
  const { database, config } = ctx;
  const common = { supervise: config.ROLE !== 'web', schedule: false, maintenanceIntervalSeconds: 30 };
  let boss: PgBoss;
  if (database.kind === 'postgres' && database.connectionString) {
    boss = new PgBoss({ connectionString: database.connectionString, max: 3, ...common });
  } else {
    boss = new PgBoss({ db: pgliteBossDb(database), ...common });
  }
  boss.on('error', (err: Error) => console.error(`[jobs] pg-boss: ${err.message}`));
  await boss.start();
  await boss.createQueue(ANALYSIS_QUEUE, { name: ANALYSIS_QUEUE, retryLimit: 5, retryDelay: 5, expireInSeconds: Math.ceil(config.ENGINE_ANALYSIS_TIMEOUT_S) + EXPIRE_MARGIN_SECONDS });
  ctx.onClose(async () => {
    bosses.delete(ctx);
    await boss.stop({ graceful: true, timeout: 3000, wait: true });
  });
  return boss;
}

/**
 * Sends one analysis job. Workers take the highest priority first: the caller passes minus the number of
 * the account's other active runs, so accounts take turns (fair share) instead of first come, first served.
 */
export async function sendAnalysisJob(ctx: AppContext, data: AnalysisJobData, priority = 0): Promise<void> {
  const boss = await getBoss(ctx);
  await boss.send(ANALYSIS_QUEUE, data, { priority });
  for (const wake of localWakers.get(ctx) ?? []) wake();
}

/** Workers in this process register here so a job sent from this process starts without waiting for a poll. */
export const localWakers = new WeakMap<AppContext, (() => void)[]>();
