import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import { openDatabase } from '../src/db/client.js';
import { startPostgres, type RunningPostgres } from './postgres-server.js';
import { seedProjects, userWithToken } from './projects-factories.js';

/**
 * PostgreSQL restarted under load. Its own PostgreSQL server (whatever TEST_DB says: PGlite cannot be
 * restarted), so that stopping it disturbs no other test file.
 */
describe('PostgreSQL restarted under load', () => {
  let pgServer: RunningPostgres;
  let t: { app: FastifyInstance; ctx: AppContext; dataDir: string };
  beforeAll(async () => {
    pgServer = await startPostgres();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plansight-restart-'));
    const config = loadConfig({
      NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'test-secret-test-secret-test-secret-000', LOG_LEVEL: 'silent',
      SEED_DEMO: 'false', DATABASE_URL: pgServer.url, WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    });
    const database = await openDatabase({ url: pgServer.url });
    const { app, ctx } = await buildApp(config, { database, logger: false });
    await app.ready();
    t = { app, ctx, dataDir };
  }, 120_000);
  afterAll(async () => {
    await t?.app.close();
    pgServer?.stop();
  });

  it('answers 503 while the database is down, never 500, keeps every row, and serves again without a restart of its own', async () => {
    const u = await userWithToken(t as never, 2);
    await seedProjects(t as never, u.id, 12);
    const list = () => t.app.inject({ method: 'GET', url: '/api/user/projects?limit=50', headers: u.auth });
    expect((await list()).json().total_count).toBe(12);

    const answers: { status: number; code?: string; at: number }[] = [];
    let running = true;
    const load = Promise.all(Array.from({ length: 4 }, async () => {
      while (running) {
        const res = await list();
        answers.push({ status: res.statusCode, code: res.statusCode === 200 ? undefined : res.json().code, at: Date.now() });
        await new Promise((r) => setTimeout(r, 20));
      }
    }));
    await new Promise((r) => setTimeout(r, 500));
    await pgServer.restart(1500);
    const backAt = Date.now();
    // Load goes on after the restart until the pool has reconnected.
    await new Promise((r) => setTimeout(r, 1500));
    running = false;
    await load;

    const statuses = new Set(answers.map((a) => a.status));
    expect([...statuses].every((s) => s === 200 || s === 503), JSON.stringify([...statuses])).toBe(true);
    expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 503).every((a) => a.code === 'service_unavailable')).toBe(true);
    const after = answers.filter((a) => a.at > backAt + 500);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((a) => a.status === 200)).toBe(true);
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.json().total_count).toBe(12);
    const plan = await t.app.inject({ method: 'GET', url: '/api/user/projects/plan-status', headers: u.auth });
    expect(plan.json()).toMatchObject({ remaining: 2 });
  }, 120_000);
});
