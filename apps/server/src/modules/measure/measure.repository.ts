import { and, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { AnalysisResult } from '@plansight/engine';
import type { Db } from '../../db/client.js';
import { measureAnalyses, measureSettings } from '../../db/schema/measure.js';

export { getRoomEdits } from './room-edits.repository.js';
import { projects } from '../../db/schema/projects.js';
import { users } from '../../db/schema/users.js';

export type SettingsRow = typeof measureSettings.$inferSelect;
export type AnalysisRow = Omit<typeof measureAnalyses.$inferSelect, 'params' | 'result'> & {
  params: AnalysisParams;
  result: AnalysisResult | null;
};
export type { RoomEditRow } from './room-edits.repository.js';

/** Everything the engine is run with; a change of any of them is a new run. */
export interface AnalysisParams {
  page: number;
  scale: number;
  paper: string;
  scaleRatio: string;
  ceilingHeightMm: number;
  minRoomWidthMm: number;
  minRoomHeightMm: number;
}

export const paramsKey = (p: AnalysisParams) =>
  JSON.stringify([p.page, p.scale, p.paper, p.ceilingHeightMm, p.minRoomWidthMm, p.minRoomHeightMm]);

const olderThan = (col: typeof measureAnalyses.heartbeatAt | typeof measureAnalyses.queuedAt, ms: number) =>
  lt(col, sql`now() - (${Math.max(0, Math.round(ms))}::int * interval '1 millisecond')`);

export async function getSettings(db: Db, projectId: string): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(measureSettings).where(eq(measureSettings.projectId, projectId));
  return row;
}

export async function upsertSettings(db: Db, v: Omit<SettingsRow, 'createdAt' | 'updatedAt'>): Promise<SettingsRow> {
  const [row] = await db.insert(measureSettings).values(v).onConflictDoUpdate({
    target: measureSettings.projectId,
    set: { scaleRatio: v.scaleRatio, scaleNumber: v.scaleNumber, paperSize: v.paperSize, ceilingHeightMm: v.ceilingHeightMm, updatedAt: sql`now()` },
  }).returning();
  return row;
}

export async function getAnalysis(db: Db, projectId: string): Promise<AnalysisRow | undefined> {
  const [row] = await db.select().from(measureAnalyses).where(eq(measureAnalyses.projectId, projectId));
  return row as AnalysisRow | undefined;
}

/**
 * Starts a new run unless one with the same inputs is queued, running or done (then the caller joins it).
 * A failed run with the same inputs is restarted unless it failed with one of `keepFailedCodes` (errors about
 * the input itself: the same inputs give the same answer). One statement, so two requests at once start one
 * run, and a run failing while a request asks for it is judged by its final code, never by an earlier read.
 * A started run clears the old result and the project's has_result.
 */
export async function startRun(db: Db, projectId: string, runId: string, params: AnalysisParams, keepFailedCodes: readonly string[] = []): Promise<boolean> {
  const key = paramsKey(params);
  return db.transaction(async (tx) => {
    const started = await tx.insert(measureAnalyses).values({ projectId, runId, params, paramsKey: key, status: 'queued' })
      .onConflictDoUpdate({
        target: measureAnalyses.projectId,
        set: {
          runId, params, paramsKey: key, status: 'queued', attempts: 0, result: null, error: null, errorCode: null,
          queuedAt: sql`now()`, startedAt: null, heartbeatAt: null, finishedAt: null, updatedAt: sql`now()`,
        },
        // (notInArray of no codes is true: every failed run restarts)
        setWhere: or(
          sql`${measureAnalyses.paramsKey} <> ${key}`,
          and(eq(measureAnalyses.status, 'failed'), or(isNull(measureAnalyses.errorCode), notInArray(measureAnalyses.errorCode, [...keepFailedCodes]))),
        ),
      })
      .returning({ runId: measureAnalyses.runId });
    if (started.length === 0) return false;
    await tx.update(projects).set({ hasResult: false, updatedAt: sql`now()` }).where(eq(projects.id, projectId));
    return true;
  });
}

/** Takes the run's lease: a queued run, or a running one whose worker stopped beating (it died). */
export async function claimRun(db: Db, projectId: string, runId: string, staleMs: number): Promise<AnalysisRow | undefined> {
  const [row] = await db.update(measureAnalyses)
    .set({ status: 'processing', attempts: sql`${measureAnalyses.attempts} + 1`, startedAt: sql`now()`, heartbeatAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(
      eq(measureAnalyses.projectId, projectId), eq(measureAnalyses.runId, runId),
      or(eq(measureAnalyses.status, 'queued'), and(eq(measureAnalyses.status, 'processing'), olderThan(measureAnalyses.heartbeatAt, staleMs))),
    ))
    .returning();
  return row as AnalysisRow | undefined;
}

const running = (projectId: string, runId: string) =>
  and(eq(measureAnalyses.projectId, projectId), eq(measureAnalyses.runId, runId), eq(measureAnalyses.status, 'processing'));

/** Renews the lease; false once the run is no longer this one's (superseded by new inputs, or taken over). */
export async function beat(db: Db, projectId: string, runId: string): Promise<boolean> {
  const rows = await db.update(measureAnalyses).set({ heartbeatAt: sql`now()` }).where(running(projectId, runId)).returning({ runId: measureAnalyses.runId });
  return rows.length > 0;
}

/**
 * How many analyses of the project's owner are waiting or running, this project's left out: the queue
 * priority of a new job, so one account's ten uploads do not hold back another account's one.
 */
export async function activeRunsOfOwner(db: Db, projectId: string): Promise<number> {
  const owner = db.select({ userId: projects.userId }).from(projects).where(eq(projects.id, projectId));
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(measureAnalyses)
    .innerJoin(projects, eq(projects.id, measureAnalyses.projectId))
    .where(and(inArray(projects.userId, owner), inArray(measureAnalyses.status, ['queued', 'processing']), sql`${measureAnalyses.projectId} <> ${projectId}`));
  return row?.n ?? 0;
}

/** Stores the result and sets has_result, only if this run still holds the lease. */
export async function finishRun(db: Db, projectId: string, runId: string, result: AnalysisResult): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await tx.update(measureAnalyses)
      .set({ status: 'done', result, error: null, errorCode: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(running(projectId, runId)).returning({ runId: measureAnalyses.runId });
    if (done.length === 0) return false;
    await tx.update(projects).set({ hasResult: true, updatedAt: sql`now()` }).where(eq(projects.id, projectId));
    return true;
  });
}

/**
 * Ends the run as failed (only if this run still holds the lease). With `refundPlan` (the failure was ours),
 * the project's plan goes back to its owner in the same transaction, and only while the project still holds
 * it ('spent' -> 'refunded'): a second failure, a retry's failure or a duplicate gives nothing back.
 * Returns whether a plan was given back.
 */
export async function failRun(db: Db, projectId: string, runId: string, error: string, errorCode: string, refundPlan = false): Promise<boolean> {
  return db.transaction(async (tx) => {
    const failed = await tx.update(measureAnalyses)
      .set({ status: 'failed', error, errorCode, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(running(projectId, runId)).returning({ runId: measureAnalyses.runId });
    if (failed.length === 0 || !refundPlan) return false;
    const [owner] = await tx.update(projects).set({ planState: 'refunded', updatedAt: sql`now()` })
      .where(and(eq(projects.id, projectId), eq(projects.planState, 'spent'))).returning({ userId: projects.userId });
    if (!owner) return false;
    await tx.update(users)
      .set({ remainPlan: sql`${users.remainPlan} + 1`, usedPlan: sql`greatest(${users.usedPlan} - 1, 0)` })
      .where(eq(users.id, owner.userId));
    return true;
  });
}

/** Gives the lease back (to be retried): after a transient error, or when this process shuts down mid-run. */
export async function releaseRun(db: Db, projectId: string, runId: string, error: string | null): Promise<void> {
  await db.update(measureAnalyses)
    .set({ status: 'queued', error, heartbeatAt: null, queuedAt: sql`now()`, updatedAt: sql`now()` })
    .where(running(projectId, runId));
}

/**
 * Puts back in the queue every run whose worker died (no heartbeat for `staleMs`, or any running run when
 * `orphanAll`, i.e. embedded PGlite where no other process can hold one) and every queued run waiting longer
 * than `resendMs` (its job may have been lost). Returns them so the caller sends their jobs again.
 */
export async function requeueStale(db: Db, opts: { staleMs: number; resendMs: number; orphanAll: boolean }) {
  const deadWorker = opts.orphanAll
    ? eq(measureAnalyses.status, 'processing')
    : and(eq(measureAnalyses.status, 'processing'), olderThan(measureAnalyses.heartbeatAt, opts.staleMs));
  const lost = and(eq(measureAnalyses.status, 'queued'), olderThan(measureAnalyses.queuedAt, opts.resendMs));
  return db.update(measureAnalyses)
    .set({ status: 'queued', heartbeatAt: null, queuedAt: sql`now()`, updatedAt: sql`now()` })
    .where(or(deadWorker, lost))
    .returning({ projectId: measureAnalyses.projectId, runId: measureAnalyses.runId });
}

export async function findProjectFile(db: Db, projectId: string) {
  const [row] = await db.select({ pdfKey: projects.pdfKey }).from(projects).where(eq(projects.id, projectId));
  return row;
}
