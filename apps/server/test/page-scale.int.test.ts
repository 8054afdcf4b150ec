import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageScaleSchema, type PageScale } from '@plansight/contracts';
import { catalog } from '../../../packages/engine/bench/catalog.js';
import { buildPlan } from '../../../packages/engine/bench/plan-pdf.js';
import { eq } from 'drizzle-orm';
import { analyzePdfInWorker, heldPages } from '@plansight/engine/server';
import type { PlanTruth } from '../../../packages/engine/bench/truth.js';
import { startBackground } from '../src/jobs/start.js';
import { projects } from '../src/db/schema/projects.js';
import { createTestApp, type TestApp } from './helpers.js';
import { FAST_WORKER, ceilingBodyFor, uploadProject, userWithToken } from './measure-support.js';

const PT_MM = 25.4 / 72;

describe('GET /api/user/projects/{id}/page-scale', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof userWithToken>>;
  let projectId: string;
  let truth: PlanTruth;
  /** The page name of each analysis the engine was asked for (WorkerOptions.hold). */
  const holds: (string | undefined)[] = [];
  const get = (auth: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/user/projects/${projectId}/page-scale`, headers: auth });
  /** Asks until the page has been read ('reading' means ask again). */
  async function reading(): Promise<PageScale> {
    for (let i = 0; i < 30; i++) {
      const r = await get(owner.auth);
      expect(r.statusCode, r.body).toBe(200);
      const body = pageScaleSchema.parse(r.json());
      if (body.status !== 'reading') return body;
      await new Promise((res) => setTimeout(res, 1000));
    }
    throw new Error('the page was never read');
  }

  beforeAll(async () => {
    t = await createTestApp();
    // drawn at 1:100 on A3, with a title block and dimension chains
    const spec = catalog(64).find((s) => s.id === 'plan-027-hatched-rect');
    if (!spec) throw new Error('plan-027 is no longer in the bench catalogue');
    const built = await buildPlan(spec);
    const pdf = built.pdf;
    truth = built.truth;
    await startBackground(t.app, t.ctx, { analysis: { ...FAST_WORKER, analyze: ((bytes, options, opts) => {
      holds.push(opts?.hold);
      return analyzePdfInWorker(bytes, options, opts);
    }) as typeof analyzePdfInWorker } });
    owner = await userWithToken(t);
    projectId = await uploadProject(t, owner.auth, Buffer.from(pdf), truth.options.page);
  }, 120_000);
  afterAll(async () => { await t?.close(); });

  it('offers the printed scale and the dimension strings that check it, with lines to snap to', async () => {
    const r = await reading();
    expect(r).toMatchObject({ status: 'ready', sheet: 'A3', printed_scale: 100 });
    expect(r.dimensions?.scale_number).toBeCloseTo(100, 0);
    const check = r.dimensions!.checks[0];
    // the check as the page shows it: "9450 printed, 9450 measured at 1:100"
    expect(Math.abs(check.length_pt * PT_MM * 100 - check.printed_mm) / check.printed_mm).toBeLessThan(0.01);
    expect(r.lines.length).toBeGreaterThan(20);
    expect(r.page_width_pt).toBeCloseTo(420 / PT_MM, 0);
  });

  it('answers from the stored reading the second time', async () => {
    const started = Date.now();
    const r = pageScaleSchema.parse((await get(owner.auth)).json());
    expect(r.status).toBe('ready');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("answers someone else's project like a missing one", async () => {
    const other = await userWithToken(t);
    expect((await get(other.auth)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/projects/${projectId}/page-scale` })).statusCode).toBe(401);
  });

  it('keeps the page as read for the analysis asked next, which runs from it in the host that read it', async () => {
    // (read by the first test: the page was read once, and its worker kept it)
    const [row] = await t.ctx.db.select({ pdfKey: projects.pdfKey, pageNo: projects.pageNo }).from(projects).where(eq(projects.id, projectId));
    const name = `${row.pdfKey}#${row.pageNo}`;
    expect(heldPages()).toContain(name);
    const saved = await t.app.inject({ method: 'POST', url: `/api/user/projects/${projectId}/ceilling-scale`, headers: owner.auth, payload: ceilingBodyFor(truth) });
    expect(saved.statusCode, saved.body).toBe(200);
    let result: { statusCode: number; json: () => { rooms?: unknown[] } } | null = null;
    for (let i = 0; i < 120 && result?.statusCode !== 200; i++) {
      await new Promise((r) => setTimeout(r, 500));
      result = await t.app.inject({ method: 'GET', url: `/api/user/projects/${projectId}/result`, headers: owner.auth });
    }
    expect(result?.statusCode).toBe(200);
    expect(holds).toEqual([name]);
    // the host keeping the page took the analysis, and keeps the page again for the next one (an analysis sent to
    // another host would leave the page kept twice)
    expect(heldPages().filter((n) => n === name)).toHaveLength(1);
  }, 120_000);
});
