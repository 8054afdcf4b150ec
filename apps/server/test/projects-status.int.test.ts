import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectListResponseSchema } from '@plansight/contracts';
import { claimRun, failRun, startRun, type AnalysisParams } from '../src/modules/measure/measure.repository.js';
import { createTestApp, type TestApp } from './helpers.js';
import { seedProjects, userWithToken } from './projects-factories.js';

const PARAMS: AnalysisParams = { page: 1, scale: 100, paper: 'A2', scaleRatio: '1:100 A2', ceilingHeightMm: 2400, minRoomWidthMm: 200, minRoomHeightMm: 200 };

describe('projects list status (no project reads Processing when nothing runs)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('tells never measured, running and failed (with the reason in words, never the raw error) apart', async () => {
    const a = await userWithToken(t);
    const other = await userWithToken(t);
    await seedProjects(t, a.id, 3);
    await seedProjects(t, other.id, 1);
    const list = async (auth: Record<string, string>) =>
      projectListResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/user/projects?sort_by=filename&sort_order=asc', headers: auth })).json()).projects;
    const [idle, running, failed] = await list(a.auth);
    await startRun(t.ctx.db, running.project_id, randomUUID(), PARAMS);
    const runId = randomUUID();
    await startRun(t.ctx.db, failed.project_id, runId, PARAMS);
    await claimRun(t.ctx.db, failed.project_id, runId, 30_000);
    await failRun(t.ctx.db, failed.project_id, runId, 'Error: ENOENT /var/data/secret/path.pdf', 'engine_error');

    const after = await list(a.auth);
    expect(after.map((p) => [p.project_id, p.status])).toEqual([
      [idle.project_id, 'not_measured'], [running.project_id, 'queued'], [failed.project_id, 'failed'],
    ]);
    expect(after[2].status_detail).toMatch(/^Something went wrong on our side while measuring this plan\. Please try again/);
    expect(JSON.stringify(after)).not.toContain('/var/data');
    expect((await list(other.auth)).map((p) => p.status)).toEqual(['not_measured']);
  });

  it('restarts a failed run for the same inputs only when it did not fail on the input, judged in the one statement that starts it', async () => {
    const a = await userWithToken(t);
    await seedProjects(t, a.id, 2);
    const [p1, p2] = projectListResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/user/projects', headers: a.auth })).json()).projects;
    const KEEP = ['corrupt'];
    const failWith = async (projectId: string, code: string) => {
      const runId = randomUUID();
      expect(await startRun(t.ctx.db, projectId, runId, PARAMS, KEEP)).toBe(true);
      // (a request may have read the run as running just before this: the start below must see it failed)
      await claimRun(t.ctx.db, projectId, runId, 30_000);
      await failRun(t.ctx.db, projectId, runId, 'x', code);
    };
    await failWith(p1.project_id, 'corrupt');
    // the same inputs again: the file is still corrupt, nothing starts and the engine is not asked twice
    expect(await startRun(t.ctx.db, p1.project_id, randomUUID(), PARAMS, KEEP)).toBe(false);
    // other inputs start a run
    expect(await startRun(t.ctx.db, p1.project_id, randomUUID(), { ...PARAMS, ceilingHeightMm: 2500 }, KEEP)).toBe(true);
    // a failure of ours is tried again with the same inputs
    await failWith(p2.project_id, 'engine_error');
    expect(await startRun(t.ctx.db, p2.project_id, randomUUID(), PARAMS, KEEP)).toBe(true);
  });
});
