import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateSettings } from '../src/db/schema/estimate.js';
import { measureAnalyses, measureRoomEdits, measureSettings } from '../src/db/schema/measure.js';
import { projects } from '../src/db/schema/projects.js';
import { PLAN_GIVEN_BACK } from '../src/modules/measure/analysis-failure.js';
import { claimRun, failRun, startRun, type AnalysisParams } from '../src/modules/measure/measure.repository.js';
import { createTestApp, testDbKind, type TestApp } from './helpers.js';
import { pdfBytes, storedFiles, uploader, userWithToken } from './projects-factories.js';

const PARAMS: AnalysisParams = { page: 1, scale: 50, paper: 'A1', scaleRatio: '1:50 A1', ceilingHeightMm: 2400, minRoomWidthMm: 200, minRoomHeightMm: 200 };

describe(`projects API (rename, duplicate, delete, plan given back) on ${testDbKind()}`, () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });
  const req = (method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, auth: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url: `/api/user/projects${url}`, headers: auth, ...(payload ? { payload } : {}) });
  const planOf = async (auth: Record<string, string>) => (await req('GET', '/plan-status', auth)).json();

  /** A project made by a real upload (files stored, one plan spent). */
  async function uploaded(auth: Record<string, string>, name = 'House') {
    const r = await uploader(t)(auth, await pdfBytes(1), 'house.pdf', { filename: name, pageno: '1' });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().project_id as string;
  }
  const filesOf = (id: string) => storedFiles(t).filter((f) => f.includes(id));

  it('renames the own project (trimmed); an empty name is refused naming the field; another user gets 404', async () => {
    const a = await userWithToken(t);
    const b = await userWithToken(t);
    const id = await uploaded(a.auth);
    const r = await req('PATCH', `/${id}`, a.auth, { name: '  Smith kitchen  ' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ project_id: id, filename: 'Smith kitchen', name: 'Smith kitchen' });
    expect((await req('GET', `/${id}`, a.auth)).json().filename).toBe('Smith kitchen');
    const empty = await req('PATCH', `/${id}`, a.auth, { name: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toMatch(/Project name/);
    expect((await req('PATCH', `/${id}`, b.auth, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await req('GET', `/${id}`, a.auth)).json().filename).toBe('Smith kitchen');
  });

  it('duplicates without spending a plan, with copies of the files, the settings, the result, the edits and the estimate', async () => {
    const a = await userWithToken(t, 3);
    const b = await userWithToken(t);
    const id = await uploaded(a.auth, 'Villa');
    await t.ctx.db.insert(measureSettings).values({ projectId: id, scaleRatio: '1:50 A1', scaleNumber: 50, paperSize: 'A1', ceilingHeightMm: 2700 });
    await t.ctx.db.insert(measureAnalyses).values({ projectId: id, runId: crypto.randomUUID(), params: PARAMS, paramsKey: 'k', status: 'done', result: { rooms: [] } });
    await t.ctx.db.update(projects).set({ hasResult: true }).where(eq(projects.id, id));
    await t.ctx.db.insert(measureRoomEdits).values({ projectId: id, roomId: 'r1', label: 'Pantry' });
    await t.ctx.db.insert(estimateSettings).values({ projectId: id, settings: { marker: 'kept' } });
    const before = await planOf(a.auth);

    expect((await req('POST', `/${id}/duplicate`, b.auth)).statusCode).toBe(404);
    const r = await req('POST', `/${id}/duplicate`, a.auth);
    expect(r.statusCode, r.body).toBe(201);
    const copy = r.json();
    expect(copy.project_id).not.toBe(id);
    expect(copy).toMatchObject({ filename: 'Villa (copy)', has_result: true, page_no: 1 });
    expect(await planOf(a.auth)).toEqual(before);
    expect(filesOf(copy.project_id)).toHaveLength(2);
    expect((await req('GET', `/${copy.project_id}/ceilling-scale`, a.auth)).json()).toMatchObject({ ceilling_hight_mm: 2700, scale_number: 50 });
    const [edit] = await t.ctx.db.select().from(measureRoomEdits).where(eq(measureRoomEdits.projectId, copy.project_id));
    expect(edit).toMatchObject({ roomId: 'r1', label: 'Pantry' });
    const [est] = await t.ctx.db.select().from(estimateSettings).where(eq(estimateSettings.projectId, copy.project_id));
    expect(est.settings).toEqual({ marker: 'kept' });
    const [row] = await t.ctx.db.select().from(projects).where(eq(projects.id, copy.project_id));
    expect(row.planState).toBe('free');
    // Both are listed, and deleting the original leaves the copy's files alone.
    expect((await req('GET', '', a.auth)).json().total_count).toBe(2);
    expect((await req('DELETE', `/${id}`, a.auth)).statusCode).toBe(204);
    expect(filesOf(copy.project_id)).toHaveLength(2);
    expect((await req('GET', `/${copy.project_id}`, a.auth)).statusCode).toBe(200);
  });

  it('deletes the own project with its stored files and its measurements; another user gets 404 and deletes nothing', async () => {
    const a = await userWithToken(t);
    const b = await userWithToken(t);
    const id = await uploaded(a.auth);
    await t.ctx.db.insert(measureSettings).values({ projectId: id, scaleRatio: '1:50 A1', scaleNumber: 50, paperSize: 'A1', ceilingHeightMm: 2400 });
    expect(filesOf(id)).toHaveLength(2);
    expect((await req('DELETE', `/${id}`, b.auth)).statusCode).toBe(404);
    expect(filesOf(id)).toHaveLength(2);
    expect((await req('DELETE', `/${id}`, a.auth)).statusCode).toBe(204);
    expect(filesOf(id)).toEqual([]);
    expect((await req('GET', `/${id}`, a.auth)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(measureSettings).where(eq(measureSettings.projectId, id))).toEqual([]);
    expect((await req('DELETE', `/${id}`, a.auth)).statusCode).toBe(404);
  });

  it('a failure of ours gives the spent plan back once, says so, and never twice; a duplicate gives nothing back', async () => {
    const a = await userWithToken(t, 3);
    const id = await uploaded(a.auth);
    await t.ctx.db.insert(measureSettings).values({ projectId: id, scaleRatio: '1:50 A1', scaleNumber: 50, paperSize: 'A1', ceilingHeightMm: 2400 });
    const failOnce = async (projectId: string, refund: boolean) => {
      const runId = crypto.randomUUID();
      await startRun(t.ctx.db, projectId, runId, PARAMS);
      expect(await claimRun(t.ctx.db, projectId, runId, 30_000)).toBeTruthy();
      return failRun(t.ctx.db, projectId, runId, 'x', refund ? 'engine_error' : 'corrupt', refund);
    };
    expect((await planOf(a.auth)).remaining).toBe(2);
    expect(await failOnce(id, true)).toBe(true);
    expect(await planOf(a.auth)).toMatchObject({ remaining: 3, used: 0 });
    const listed = (await req('GET', '', a.auth)).json().projects[0];
    expect(listed).toMatchObject({ status: 'failed' });
    expect(listed.status_detail).toContain(PLAN_GIVEN_BACK);
    expect((await req('GET', `/${id}/result`, a.auth)).json().detail).toContain(PLAN_GIVEN_BACK);
    // Tried again and failed again: nothing more.
    expect(await failOnce(id, true)).toBe(false);
    expect((await planOf(a.auth)).remaining).toBe(3);

    const copy = (await req('POST', `/${id}/duplicate`, a.auth)).json().project_id;
    expect(await failOnce(copy, true)).toBe(false);
    expect((await planOf(a.auth)).remaining).toBe(3);
  });

  it('a failure about the file gives nothing back and does not claim it did', async () => {
    const a = await userWithToken(t, 3);
    const id = await uploaded(a.auth);
    const runId = crypto.randomUUID();
    await startRun(t.ctx.db, id, runId, PARAMS);
    await claimRun(t.ctx.db, id, runId, 30_000);
    await t.ctx.db.update(measureAnalyses).set({ status: 'processing' }).where(eq(measureAnalyses.projectId, id));
    expect(await failRun(t.ctx.db, id, runId, 'x', 'corrupt')).toBe(false);
    expect((await planOf(a.auth)).remaining).toBe(2);
    expect((await req('GET', '', a.auth)).json().projects[0].status_detail).not.toContain(PLAN_GIVEN_BACK);
  });
});
