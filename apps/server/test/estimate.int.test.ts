import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { DEFAULT_ESTIMATE_SETTINGS, resultSchema, type EstimateSettings } from '@plansight/contracts';
import type { PlanTruth } from '../../../packages/engine/bench/truth.js';
import { startBackground } from '../src/jobs/start.js';
import { createTestApp, type TestApp } from './helpers.js';
import { ALL_DETECTIONS_QUERY, FAST_WORKER, ceilingBodyFor, simplePlan, uploadProject, userWithToken } from './measure-support.js';

const settingsWith = (f: (s: EstimateSettings) => void): EstimateSettings => {
  const s = structuredClone(DEFAULT_ESTIMATE_SETTINGS);
  f(s);
  return s;
};

describe('estimate API: settings per project and per account, the estimate with the result, exports', () => {
  let t: TestApp;
  let truth: PlanTruth;
  let owner: Awaited<ReturnType<typeof userWithToken>>;
  let other: Awaited<ReturnType<typeof userWithToken>>;
  let projectId: string;
  const call = (method: 'GET' | 'PUT', url: string, auth: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    await startBackground(t.app, t.ctx, { analysis: FAST_WORKER });
    const plan = await simplePlan();
    truth = plan.truth;
    owner = await userWithToken(t);
    other = await userWithToken(t);
    projectId = await uploadProject(t, owner.auth, plan.pdf, truth.options.page);
    expect((await t.app.inject({ method: 'POST', url: `/api/user/projects/${projectId}/ceilling-scale`, headers: owner.auth, payload: ceilingBodyFor(truth) })).statusCode).toBe(200);
    expect((await call('GET', `/api/projects/${projectId}/all-detections?${ALL_DETECTIONS_QUERY}`, owner.auth)).statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => { await t?.close(); });

  it('starts from the product defaults and the result carries the estimate under them', async () => {
    const r = await call('GET', `/api/user/projects/${projectId}/estimate`, owner.auth);
    expect(r.statusCode).toBe(200);
    expect(r.json().source).toBe('default');
    expect(r.json().settings).toEqual(DEFAULT_ESTIMATE_SETTINGS);
    const result = resultSchema.parse((await call('GET', `/api/user/projects/${projectId}/result`, owner.auth)).json());
    expect(result.metadata.deduction_rule).toMatch(/Every window and door/);
    const walls = result.estimate!.lines.find((l) => l.surface === 'walls')!;
    expect(walls.quantity).toBeCloseTo(result.totals.net_wall_area / 1e6, 1);
  });

  it('saves a project rule: net wall areas, totals and litres follow it, and it reads back', async () => {
    const before = resultSchema.parse((await call('GET', `/api/user/projects/${projectId}/result`, owner.auth)).json());
    const none = settingsWith((s) => { s.deduction = { rule: 'none', threshold_m2: 0.5 }; s.surfaces.walls.coats = 3; });
    const saved = await call('PUT', `/api/user/projects/${projectId}/estimate`, owner.auth, { settings: none });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().source).toBe('project');
    expect(saved.json().settings).toEqual(none);
    const after = resultSchema.parse((await call('GET', `/api/user/projects/${projectId}/result`, owner.auth)).json());
    // nothing deducted: every room's net wall area is its whole wall surface
    for (const room of after.rooms) expect(room.net_wall_area).toBe(room.total_wall_surface_area);
    expect(after.totals.net_wall_area).toBeGreaterThan(before.totals.net_wall_area);
    const walls = after.estimate!.lines.find((l) => l.surface === 'walls')!;
    expect(walls.coats).toBe(3);
    expect(walls.litres).toBeCloseTo(((walls.quantity * 3) / 12) * 1.1, 1);
    expect(after.metadata.deduction_rule).toMatch(/No openings deducted/);
  });

  it('refuses bad settings with a message naming the field', async () => {
    const bad = settingsWith((s) => { s.surfaces.ceilings.spread_m2_per_l = 0; });
    const r = await call('PUT', `/api/user/projects/${projectId}/estimate`, owner.auth, { settings: bad });
    expect(r.statusCode).toBe(422);
    expect(JSON.stringify(r.json().detail)).toMatch(/spread_m2_per_l/);
    expect(JSON.stringify(r.json().detail)).toMatch(/Spreading rate must be above 0/);
  });

  it('account defaults apply to projects without their own settings', async () => {
    const din = settingsWith((s) => { s.deduction = { rule: 'threshold', threshold_m2: 2.5 }; s.currency = 'EUR'; s.gst_pct = 19; });
    expect((await call('PUT', '/api/user/estimate-defaults', owner.auth, { settings: din })).json()).toEqual({ settings: din, source: 'account' });
    const plan = await simplePlan();
    const second = await uploadProject(t, owner.auth, plan.pdf, plan.truth.options.page, 'Second house');
    const r = await call('GET', `/api/user/projects/${second}/estimate`, owner.auth);
    expect(r.json()).toMatchObject({ source: 'account', settings: din, estimate: null });
    // the first project keeps its own
    expect((await call('GET', `/api/user/projects/${projectId}/estimate`, owner.auth)).json().settings.deduction.rule).toBe('none');
  });

  it("another user can neither read nor change a project's estimate nor export it", async () => {
    for (const url of [`/api/user/projects/${projectId}/estimate`, `/api/user/projects/${projectId}/export.xlsx`, `/api/user/projects/${projectId}/export.csv`])
      expect((await call('GET', url, other.auth)).statusCode).toBe(404);
    expect((await call('PUT', `/api/user/projects/${projectId}/estimate`, other.auth, { settings: DEFAULT_ESTIMATE_SETTINGS })).statusCode).toBe(404);
    expect((await call('GET', '/api/user/estimate-defaults', other.auth)).json().source).toBe('default');
  });

  it('exports a workbook whose total formulas add up to the result, and a CSV of the rooms', async () => {
    const result = resultSchema.parse((await call('GET', `/api/user/projects/${projectId}/result`, owner.auth)).json());
    const x = await call('GET', `/api/user/projects/${projectId}/export.xlsx`, owner.auth);
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-disposition']).toMatch(/attachment; filename="Plansight - Test house - .*\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Rooms', 'Openings', 'Outside walls', 'Estimate']);
    const rooms = wb.getWorksheet('Rooms')!;
    const totalRow = rooms.getRow(result.rooms.length + 2);
    expect(totalRow.getCell('B').value).toBe('Total');
    const g = totalRow.getCell('G').value as { formula: string; result: number };
    expect(g.formula).toBe(`SUM(G2:G${result.rooms.length + 1})`);
    expect(g.result).toBeCloseTo(result.totals.net_wall_area / 1e6, 2);
    expect(rooms.getCell('D2').numFmt).toContain('m²');

    const csv = await call('GET', `/api/user/projects/${projectId}/export.csv`, owner.auth);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toMatch(/^No\.,Room,Skirting \(m\),Ceiling area/);
    expect(lines).toHaveLength(result.rooms.length + 1);
    const chosen = result.rooms[0].id;
    const one = await call('GET', `/api/user/projects/${projectId}/export.csv?rooms=${encodeURIComponent(chosen)}`, owner.auth);
    expect(one.body.trim().split('\r\n')).toHaveLength(2);
  });
});
