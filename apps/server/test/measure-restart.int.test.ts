import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { resultSchema } from '@plansight/contracts';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { measureAnalyses } from '../src/db/schema/measure.js';
import { startBackground } from '../src/jobs/start.js';
import { testDbKind } from './helpers.js';
import { ALL_DETECTIONS_QUERY, FAST_WORKER, ceilingBodyFor, simplePlan, uploadProject, userWithToken } from './measure-support.js';

/** A fresh database that several app instances (and a child process) open one after another. */
async function freshDatabaseUrl(): Promise<string | undefined> {
  const pgUrl = inject('pgUrl');
  if (!pgUrl) return undefined;
  const name = `t_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return pgUrl.replace(/\/postgres$/, `/${name}`);
}

/** An app on the shared data folder (PGlite files or the PostgreSQL database), as a restarted server would open it. */
async function openApp(dataDir: string, dbUrl: string | undefined, role: 'all' | 'web' = 'all') {
  const config = loadConfig({
    NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'test-secret-test-secret-test-secret-000', LOG_LEVEL: 'silent',
    SEED_DEMO: 'false', WEB_DIST_DIR: path.join(dataDir, 'no-web'), ROLE: role, ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
  });
  const database: Database = await openDatabase(dbUrl ? { url: dbUrl } : { dataDir });
  const { app, ctx } = await buildApp(config, { database, logger: false });
  await app.ready();
  return { app, ctx, close: async () => { await app.close(); await database.close(); } };
}

/** Starts the crash worker and resolves once its engine call has begun (the job is active, mid-way). */
function startDoomedWorker(dataDir: string, dbUrl: string | undefined): Promise<ChildProcess> {
  const script = path.join(import.meta.dirname, 'measure-crash-worker.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir, ...(dbUrl ? [dbUrl] : [])], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d) => { err += String(d); });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => { if (String(d).includes('ANALYSIS_STARTED')) resolve(child); });
    child.on('exit', (code) => reject(new Error(`crash worker exited early (${code}): ${err}`)));
  });
}

describe('measure jobs survive a dead worker', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plansight-measure-restart-'));
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a job whose worker was killed mid-way runs again after restart and finishes, and the job queued behind it runs too', async () => {
    const dbUrl = await freshDatabaseUrl();
    const { pdf, truth } = await simplePlan();

    // 1. A web-only server takes two uploads and their ceiling-scale; that queues two analysis jobs.
    const web = await openApp(dataDir, dbUrl);
    const user = await userWithToken(web);
    const projectIds = [await uploadProject(web, user.auth, pdf, truth.options.page, 'First'), await uploadProject(web, user.auth, pdf, truth.options.page, 'Second')];
    for (const id of projectIds) {
      const saved = await web.app.inject({ method: 'POST', url: `/api/user/projects/${id}/ceilling-scale`, headers: user.auth, payload: ceilingBodyFor(truth) });
      expect(saved.statusCode).toBe(200);
    }
    await web.close();

    // 2. A worker process (one job at a time) takes one job and dies (SIGKILL) while the engine is running;
    // the other job is still waiting in the queue.
    child = await startDoomedWorker(dataDir, dbUrl);
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));

    // 3. The server starts again: the run left "processing" by the dead worker is found and run to the end,
    // and the job that was waiting is taken and run as well.
    const next = await openApp(dataDir, dbUrl);
    try {
      const before = await next.ctx.db.select().from(measureAnalyses);
      const stuck = before.find((a) => a.status === 'processing');
      expect(stuck).toMatchObject({ attempts: 1 });
      expect(before.find((a) => a.projectId !== stuck!.projectId)).toMatchObject({ status: 'queued', attempts: 0 });
      await startBackground(next.app, next.ctx, { analysis: FAST_WORKER });
      for (const id of projectIds) {
        // The long poll answers 202 after 60 s; two analyses one after the other may take longer on a busy machine.
        let r = await next.app.inject({ method: 'GET', url: `/api/projects/${id}/all-detections?${ALL_DETECTIONS_QUERY}`, headers: user.auth });
        for (let i = 0; i < 4 && r.statusCode === 202; i++) r = await next.app.inject({ method: 'GET', url: `/api/projects/${id}/all-detections?${ALL_DETECTIONS_QUERY}`, headers: user.auth });
        expect(r.statusCode, r.body).toBe(200);
        const res = await next.app.inject({ method: 'GET', url: `/api/user/projects/${id}/result`, headers: user.auth });
        expect(resultSchema.parse(res.json()).rooms.map((x) => x.label).sort()).toEqual(truth.rooms.map((x) => x.label).sort());
      }
      const [row] = await next.ctx.db.select().from(measureAnalyses).where(eq(measureAnalyses.projectId, stuck!.projectId));
      expect(row).toMatchObject({ status: 'done', attempts: 2, runId: stuck!.runId });
      const [other] = await next.ctx.db.select().from(measureAnalyses).where(eq(measureAnalyses.projectId, projectIds.find((id) => id !== stuck!.projectId)!));
      expect(other).toMatchObject({ status: 'done', attempts: 1 });
    } finally {
      await next.close();
    }
  }, 400_000);

  // Several workers on one PostgreSQL queue (PGlite is single-process): a live worker elsewhere takes over the
  // job of a worker that died, without any restart, once the dead one's lease goes stale.
  it.skipIf(testDbKind() !== 'postgres')('another running worker takes over the job of a worker killed mid-way', async () => {
    const dbUrl = await freshDatabaseUrl();
    const { pdf, truth } = await simplePlan();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plansight-measure-takeover-'));
    const web = await openApp(dir, dbUrl, 'web');
    let live: Awaited<ReturnType<typeof openApp>> | undefined;
    try {
      const user = await userWithToken(web);
      const projectId = await uploadProject(web, user.auth, pdf, truth.options.page);
      await startBackground(web.app, web.ctx); // web role: sends jobs, runs none
      expect((await web.app.inject({ method: 'POST', url: `/api/user/projects/${projectId}/ceilling-scale`, headers: user.auth, payload: ceilingBodyFor(truth) })).statusCode).toBe(200);

      // Worker A takes the job; worker B is already up on another "machine" while A is still beating.
      child = await startDoomedWorker(dir, dbUrl);
      live = await openApp(dir, dbUrl);
      await startBackground(live.app, live.ctx, { analysis: FAST_WORKER });
      const [taken] = await live.ctx.db.select().from(measureAnalyses).where(eq(measureAnalyses.projectId, projectId));
      expect(taken).toMatchObject({ status: 'processing', attempts: 1 });

      child.kill('SIGKILL');
      const r = await web.app.inject({ method: 'GET', url: `/api/projects/${projectId}/all-detections?${ALL_DETECTIONS_QUERY}`, headers: user.auth });
      expect(r.statusCode, r.body).toBe(200);
      const [row] = await live.ctx.db.select().from(measureAnalyses).where(eq(measureAnalyses.projectId, projectId));
      expect(row).toMatchObject({ status: 'done', attempts: 2, runId: taken.runId });
    } finally {
      await live?.close();
      await web.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
