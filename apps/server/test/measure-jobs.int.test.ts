import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { analyzePdfInWorker } from '@plansight/engine/server';
import { resultSchema } from '@plansight/contracts';
import type { PlanTruth } from '../../../packages/engine/bench/truth.js';
import { startBackground } from '../src/jobs/start.js';
import { measureAnalyses } from '../src/db/schema/measure.js';
import { users } from '../src/db/schema/users.js';
import { runAllDetections } from '../src/modules/measure/measure.service.js';
import { createTestApp, type TestApp } from './helpers.js';
import { ALL_DETECTIONS_QUERY, FAST_WORKER, ceilingBodyFor, simplePlan, uploadProject, userWithToken } from './measure-support.js';

type EngineOptions = Parameters<typeof analyzePdfInWorker>[1];

/** The real engine behind a gate the test opens, recording every call's options. */
function gatedEngine() {
  const calls: EngineOptions[] = [];
  let open: () => void = () => undefined;
  let gate = Promise.resolve();
  return {
    calls,
    close: () => { gate = new Promise((r) => { open = r; }); },
    open: () => open(),
    analyze: (async (bytes, options, opts) => {
      calls.push(options);
      await gate;
      return analyzePdfInWorker(bytes, options, opts);
    }) as typeof analyzePdfInWorker,
  };
}

describe('measure jobs: joining a run, the bounded wait, the sliver filter, re-measuring', () => {
  let t: TestApp;
  let pdf: Buffer;
  let truth: PlanTruth;
  let owner: Awaited<ReturnType<typeof userWithToken>>;
  const engine = gatedEngine();
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: owner.auth });
  const runRow = async (projectId: string) => (await t.ctx.db.select().from(measureAnalyses).where(eq(measureAnalyses.projectId, projectId)))[0];

  beforeAll(async () => {
    t = await createTestApp();
    await startBackground(t.app, t.ctx, { analysis: { ...FAST_WORKER, analyze: engine.analyze } });
    ({ pdf, truth } = await simplePlan());
    owner = await userWithToken(t, 10);
  });
  afterAll(async () => { engine.open(); await t?.close(); });

  it('all-detections joins the run already going: two calls at once, one run, one engine call', async () => {
    const projectId = await uploadProject(t, owner.auth, pdf, truth.options.page);
    engine.close();
    const before = engine.calls.length;
    const saved = await t.app.inject({ method: 'POST', url: `/api/user/projects/${projectId}/ceilling-scale`, headers: owner.auth, payload: ceilingBodyFor(truth) });
    expect(saved.statusCode).toBe(200);
    const { runId } = await runRow(projectId);
    const url = `/api/projects/${projectId}/all-detections?${ALL_DETECTIONS_QUERY}`;
    const both = Promise.all([get(url), get(url)]);
    await new Promise((r) => setTimeout(r, 800)); // both requests are now waiting on the gated run
    expect((await runRow(projectId)).status).toBe('processing');
    engine.open();
    const [a, b] = await both;
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toMatchObject({ status: 'done', has_result: true, rooms_count: truth.rooms.length });
    expect(engine.calls.length - before).toBe(1);
    expect(await runRow(projectId)).toMatchObject({ runId, status: 'done', attempts: 1 });
  });

  it('answers 202 with a detail when the run outlasts the bounded wait, and 200 once it is done', async () => {
    const projectId = await uploadProject(t, owner.auth, pdf, truth.options.page);
    engine.close();
    await t.app.inject({ method: 'POST', url: `/api/user/projects/${projectId}/ceilling-scale`, headers: owner.auth, payload: ceilingBodyFor(truth) });
    const q = { confidence: 0.1, overlap: 0.9, overlay: false, min_room_width: 200, min_room_height: 200 };
    const started = Date.now();
    const waiting = await runAllDetections(t.ctx, owner.id, projectId, q, 400);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(waiting.status).toBe(202);
    expect(waiting.body).toMatchObject({ has_result: false, detail: 'The analysis is still running. Please check again in a moment.' });
    expect(['queued', 'processing']).toContain(waiting.body.status);
    // Meanwhile the result answers clearly that it is not ready, and the project has no result yet.
    const early = await get(`/api/user/projects/${projectId}/result`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'result_processing', detail: 'The analysis is still running. Please try again in a moment.' });
    expect((await get(`/api/user/projects/${projectId}`)).json().has_result).toBe(false);
    engine.open();
    expect((await get(`/api/projects/${projectId}/all-detections?${ALL_DETECTIONS_QUERY}`)).statusCode).toBe(200);
  });

  it('min_room_width and min_room_height (mm) set the sliver filter: narrower rooms are left out', async () => {
    const projectId = await uploadProject(t, owner.auth, pdf, truth.options.page);
    await t.app.inject({ method: 'POST', url: `/api/user/projects/${projectId}/ceilling-scale`, headers: owner.auth, payload: ceilingBodyFor(truth) });
    const base = `/api/projects/${projectId}/all-detections?confidence=0.1&overlap=0.9&overlay=false`;
    const wide = await get(`${base}&min_room_width=2000&min_room_height=2000`);
    expect(wide.statusCode).toBe(200);
    expect(engine.calls.at(-1)).toMatchObject({ minRoomWidthMm: 2000, minRoomHeightMm: 2000 });
    // The plan's truth: rooms whose bounding box is under 2 m on a side are slivers at this setting.
    const bbox = (p: [number, number][]) => [Math.max(...p.map((q) => q[0])) - Math.min(...p.map((q) => q[0])), Math.max(...p.map((q) => q[1])) - Math.min(...p.map((q) => q[1]))];
    const kept = truth.rooms.filter((r) => bbox(r.polygon).every((s) => s >= 2000)).map((r) => r.label).sort();
    expect(kept.length).toBeLessThan(truth.rooms.length);
    const result = resultSchema.parse((await get(`/api/user/projects/${projectId}/result`)).json());
    expect(result.rooms.map((r) => r.label).sort()).toEqual(kept);

    // Back to the spec's 200 mm: a new run, every room again.
    const back = await get(`${base}&min_room_width=200&min_room_height=200`);
    expect(back.json().rooms_count).toBe(truth.rooms.length);
    expect(engine.calls.at(-1)).toMatchObject({ minRoomWidthMm: 200, minRoomHeightMm: 200 });
    expect((await get(`${base}&min_room_width=-1`)).statusCode).toBe(422);
  });

  it('a new scale re-measures with it and spends no plan', async () => {
    const projectId = await uploadProject(t, owner.auth, pdf, truth.options.page);
    const url = `/api/projects/${projectId}/all-detections?${ALL_DETECTIONS_QUERY}`;
    await t.app.inject({ method: 'POST', url: `/api/user/projects/${projectId}/ceilling-scale`, headers: owner.auth, payload: ceilingBodyFor(truth) });
    expect((await get(url)).statusCode).toBe(200);
    const first = resultSchema.parse((await get(`/api/user/projects/${projectId}/result`)).json());
    const [{ remain }] = await t.ctx.db.select({ remain: users.remainPlan }).from(users).where(eq(users.id, owner.id));
    const calls = engine.calls.length;

    // The same A1 sheet read as drawn for A2 at 1:50: every length shrinks by A2/A1 (1/sqrt 2), every area halves.
    expect(truth.options).toMatchObject({ scale: 50, paper: 'A1' });
    const saved = await t.app.inject({
      method: 'POST', url: `/api/user/projects/${projectId}/ceilling-scale`, headers: owner.auth,
      payload: { scale_ratio: '1:50 A2', scale_number: 50, paper_size: 'A2', ceilling_hight_mm: truth.options.ceilingHeightMm },
    });
    expect(saved.json()).toMatchObject({ scale_ratio: '1:50 A2', paper_size: 'A2' });
    expect((await get(url)).statusCode).toBe(200);
    expect(engine.calls.length).toBe(calls + 1);
    expect(engine.calls.at(-1)).toMatchObject({ scale: 50, paper: 'A2' });
    const next = resultSchema.parse((await get(`/api/user/projects/${projectId}/result`)).json());
    expect(next.metadata).toMatchObject({ paper_size: 'A2', scale_ratio: '1:50 A2' });
    expect(next.rooms.map((r) => r.label).sort()).toEqual(first.rooms.map((r) => r.label).sort());
    // Room by room the engine may read a wall or a piece of furniture differently at the new size (its limits
    // are in millimetres), so the typical room is compared: the median ratio, not every one.
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const pairs = first.rooms.map((room) => [room, next.rooms.find((r) => r.label === room.label)!] as const);
    expect(median(pairs.map(([a, b]) => b.perimeter_mm / a.perimeter_mm))).toBeCloseTo(Math.SQRT1_2, 1);
    expect(median(pairs.map(([a, b]) => b.ceiling_area / a.ceiling_area))).toBeCloseTo(0.5, 1);
    const [{ remain: after }] = await t.ctx.db.select({ remain: users.remainPlan }).from(users).where(eq(users.id, owner.id));
    expect(after).toBe(remain);
  });
});
