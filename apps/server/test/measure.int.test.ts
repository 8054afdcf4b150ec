import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { allDetectionsResponseSchema, ceilingScaleSchema, resultSchema, roomSchema } from '@plansight/contracts';
import type { PlanTruth } from '../../../packages/engine/bench/truth.js';
import { startBackground } from '../src/jobs/start.js';
import { measureAnalyses } from '../src/db/schema/measure.js';
import { users } from '../src/db/schema/users.js';
import { createTestApp, type TestApp } from './helpers.js';
import { ALL_DETECTIONS_QUERY, FAST_WORKER, ceilingBodyFor, simplePlan, uploadProject, userWithToken } from './measure-support.js';

/** Relative error allowed between a measured room and the plan's truth (the engine traces wall faces). */
const AREA_TOLERANCE = 0.15;

describe('measure API: ceiling-scale, all-detections, result, room edits', () => {
  let t: TestApp;
  let pdf: Buffer;
  let truth: PlanTruth;
  let owner: Awaited<ReturnType<typeof userWithToken>>;
  let projectId: string;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, auth: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    await startBackground(t.app, t.ctx, { analysis: FAST_WORKER });
    ({ pdf, truth } = await simplePlan());
    owner = await userWithToken(t);
    projectId = await uploadProject(t, owner.auth, pdf, truth.options.page);
  });
  afterAll(async () => { await t?.close(); });

  it('ceiling-scale: 404 until set, 422 on bad input, then saved and read back; unknown scale falls back to 1:100 A2', async () => {
    const url = `/api/user/projects/${projectId}/ceilling-scale`;
    const before = await call('GET', url, owner.auth);
    expect(before.statusCode).toBe(404);
    expect(before.json().detail).toMatch(/not set/);
    expect((await call('GET', `/api/projects/${projectId}/all-detections?${ALL_DETECTIONS_QUERY}`, owner.auth)).statusCode).toBe(409);
    expect((await call('GET', `/api/user/projects/${projectId}/result`, owner.auth)).statusCode).toBe(404);

    const missing = await call('POST', url, owner.auth, { ceilling_hight_mm: 2400 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0].msg).toBe('Please fill in both ceiling height and scale ratio.');
    expect((await call('POST', url, owner.auth, { scale_ratio: '1:100 A2', ceilling_hight_mm: -5 })).statusCode).toBe(422);
    expect((await call('POST', url, owner.auth, { scale_ratio: '1:100 A2' })).statusCode).toBe(422);
    const zero = await call('POST', url, owner.auth, { scale_ratio: '1:100 A2', ceilling_hight_mm: 0 });
    expect(zero.json().detail[0].msg).toMatch(/^Ceiling height must be above 0 mm/);
    const metres = await call('POST', url, owner.auth, { scale_ratio: '1:100 A2', ceilling_hight_mm: 2.4 });
    expect(metres.statusCode).toBe(422);
    expect(metres.json().detail[0].msg).toMatch(/Ceiling height .*Did you mean 2400 mm\?/);

    const imperial = await call('POST', url, owner.auth, { scale_ratio: '1:48 ANSI B', scale_number: 48, paper_size: 'ANSI B', ceilling_hight_mm: 2400 });
    expect(imperial.json()).toEqual({ scale_ratio: '1:48 ANSI B', scale_number: 48, paper_size: 'ANSI B', ceilling_hight_mm: 2400 });

    const odd = await call('POST', url, owner.auth, { scale_ratio: '1:333 A7', scale_number: 333, paper_size: 'A7', ceilling_hight_mm: 2500 });
    expect(odd.statusCode).toBe(200);
    expect(odd.json()).toEqual({ scale_ratio: '1:100 A2', scale_number: 100, paper_size: 'A2', ceilling_hight_mm: 2500 });

    const saved = await call('POST', url, owner.auth, ceilingBodyFor(truth));
    expect(saved.statusCode).toBe(200);
    const body = ceilingScaleSchema.parse(saved.json());
    expect(body).toEqual({ scale_ratio: '1:50 A1', scale_number: 50, paper_size: 'A1', ceilling_hight_mm: truth.options.ceilingHeightMm });
    expect((await call('GET', url, owner.auth)).json()).toEqual(body);
  });

  it('all-detections measures the plan in the worker; the result matches the ground truth', async () => {
    const r = await call('GET', `/api/projects/${projectId}/all-detections?${ALL_DETECTIONS_QUERY}`, owner.auth);
    expect(r.statusCode).toBe(200);
    expect(allDetectionsResponseSchema.parse(r.json())).toMatchObject({ status: 'done', has_result: true, rooms_count: truth.rooms.length });

    const res = await call('GET', `/api/user/projects/${projectId}/result`, owner.auth);
    expect(res.statusCode).toBe(200);
    const result = resultSchema.parse(res.json());
    expect(result.rooms.map((x) => x.label).sort()).toEqual(truth.rooms.map((x) => x.label).sort());
    const H = truth.options.ceilingHeightMm;
    for (const tr of truth.rooms) {
      const room = result.rooms.find((x) => x.label === tr.label)!;
      expect(Math.abs(room.ceiling_area - tr.area_mm2) / tr.area_mm2, tr.label).toBeLessThan(AREA_TOLERANCE);
      expect(room.total_wall_surface_area).toBeCloseTo(room.perimeter_mm * H, -2);
      expect(room.net_wall_area).toBeCloseTo(room.total_wall_surface_area - room.total_window_area - room.total_door_area, -2);
      expect(room.polygon.length).toBeGreaterThanOrEqual(4);
    }
    expect(result.statistics).toMatchObject({ total_rooms: truth.rooms.length, total_doors: truth.totals.doors, ceiling_height_mm: H });
    expect(result.metadata).toMatchObject({ units: 'mm', page: truth.options.page, scale_number: 50, paper_size: 'A1', scale_ratio: '1:50 A1' });
    expect(result.outside_detection.detection_available).toBe(true);
    expect(result.outside_detection.exterior_polygon.length).toBeGreaterThanOrEqual(4);
    expect(result.project_data.s3_png_url).toBe(`/api/user/projects/${projectId}/page.png`);
    const project = (await call('GET', `/api/user/projects/${projectId}`, owner.auth)).json();
    expect(project.has_result).toBe(true);
  });

  it('a second user can neither read nor start anything of the first user\'s project', async () => {
    const other = await userWithToken(t);
    const urls: ['GET' | 'POST' | 'PATCH', string, object?][] = [
      ['GET', `/api/user/projects/${projectId}/ceilling-scale`],
      ['POST', `/api/user/projects/${projectId}/ceilling-scale`, { scale_ratio: '1:100 A2', ceilling_hight_mm: 3000 }],
      ['GET', `/api/projects/${projectId}/all-detections?${ALL_DETECTIONS_QUERY}`],
      ['GET', `/api/user/projects/${projectId}/result`],
      ['PATCH', `/api/user/projects/${projectId}/rooms/room-1`, { label: 'Mine now' }],
      ['POST', `/api/user/projects/${projectId}/rooms/room-1`, { label: 'Mine now' }],
      ['GET', `/api/user/projects/${projectId}`],
      ['GET', `/api/user/projects/${projectId}/page.png`],
    ];
    const before = await t.ctx.db.select().from(measureAnalyses).where(eq(measureAnalyses.projectId, projectId));
    for (const [method, url, payload] of urls) {
      const r = await call(method, url, other.auth, payload);
      expect(r.statusCode, `${method} ${url}`).toBe(404);
      expect((await call(method, url, {}, payload)).statusCode).toBe(401);
    }
    const after = await t.ctx.db.select().from(measureAnalyses).where(eq(measureAnalyses.projectId, projectId));
    expect(after[0].runId).toBe(before[0].runId);
    expect((await call('GET', `/api/user/projects/${projectId}/ceilling-scale`, owner.auth)).json().scale_ratio).toBe('1:50 A1');
  });

  it('renames and excludes rooms; edits persist and the totals follow', async () => {
    const first = resultSchema.parse((await call('GET', `/api/user/projects/${projectId}/result`, owner.auth)).json());
    const [a, b] = first.rooms;
    const renamed = await call('PATCH', `/api/user/projects/${projectId}/rooms/${a.id}`, owner.auth, { label: '  Main bedroom  ' });
    expect(renamed.statusCode).toBe(200);
    expect(roomSchema.parse(renamed.json())).toMatchObject({ id: a.id, label: 'Main bedroom', original_label: a.label, excluded: false });
    const out = await call('PATCH', `/api/user/projects/${projectId}/rooms/${b.id}`, owner.auth, { excluded: true });
    expect(out.json()).toMatchObject({ id: b.id, label: b.label, excluded: true });
    expect((await call('PATCH', `/api/user/projects/${projectId}/rooms/${a.id}`, owner.auth, { label: '' })).statusCode).toBe(422);
    expect((await call('PATCH', `/api/user/projects/${projectId}/rooms/${a.id}`, owner.auth, {})).statusCode).toBe(422);
    expect((await call('PATCH', `/api/user/projects/${projectId}/rooms/no-such-room`, owner.auth, { excluded: true })).statusCode).toBe(404);

    const next = resultSchema.parse((await call('GET', `/api/user/projects/${projectId}/result`, owner.auth)).json());
    expect(next.rooms.find((r) => r.id === a.id)).toMatchObject({ label: 'Main bedroom', excluded: false });
    expect(next.rooms.find((r) => r.id === b.id)).toMatchObject({ excluded: true });
    expect(next.totals.rooms).toBe(first.totals.rooms - 1);
    expect(next.totals.ceiling_area).toBeCloseTo(first.totals.ceiling_area - b.ceiling_area, 0);
    expect(next.totals.perimeter_mm).toBeCloseTo(first.totals.perimeter_mm - b.perimeter_mm, 3);
    expect(next.totals.net_wall_area).toBeCloseTo(first.totals.net_wall_area - b.net_wall_area, 0);
    expect(next.statistics.total_rooms).toBe(first.statistics.total_rooms - 1);

    const back = await call('POST', `/api/user/projects/${projectId}/rooms/${b.id}`, owner.auth, { excluded: false });
    expect(back.json().excluded).toBe(false);
    const restored = resultSchema.parse((await call('GET', `/api/user/projects/${projectId}/result`, owner.auth)).json());
    expect(restored.totals).toEqual(first.totals);
  });

  it('a new ceiling height re-measures without spending a plan; edits survive', async () => {
    const [{ remain }] = await t.ctx.db.select({ remain: users.remainPlan }).from(users).where(eq(users.id, owner.id));
    const saved = await call('POST', `/api/user/projects/${projectId}/ceilling-scale`, owner.auth, ceilingBodyFor(truth, 3000));
    expect(saved.json().ceilling_hight_mm).toBe(3000);
    const done = await call('GET', `/api/projects/${projectId}/all-detections?${ALL_DETECTIONS_QUERY}`, owner.auth);
    expect(done.statusCode).toBe(200);
    const result = resultSchema.parse((await call('GET', `/api/user/projects/${projectId}/result`, owner.auth)).json());
    expect(result.statistics.ceiling_height_mm).toBe(3000);
    for (const room of result.rooms) expect(room.total_wall_surface_area).toBeCloseTo(room.perimeter_mm * 3000, -2);
    expect(result.rooms.some((r) => r.label === 'Main bedroom')).toBe(true);
    const [{ remain: after }] = await t.ctx.db.select({ remain: users.remainPlan }).from(users).where(eq(users.id, owner.id));
    expect(after).toBe(remain);
    const [row] = await t.ctx.db.select().from(measureAnalyses).where(eq(measureAnalyses.projectId, projectId));
    expect(row.status).toBe('done');
  });
});
