import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { analyzePdfInWorker } from '@plansight/engine';
import { randomUUID } from 'node:crypto';
import { measureAnalyses } from '../src/db/schema/measure.js';
import { projects } from '../src/db/schema/projects.js';
import { DEFAULT_ABUSE_LIMITS, type AbuseLimits } from '../src/lib/abuse-limits.js';
import { startBackground } from '../src/jobs/start.js';
import { ANALYSIS_QUEUE, getBoss } from '../src/jobs/queue.js';
import { createTestApp, testDbKind, type TestApp } from './helpers.js';
import { FAST_WORKER, ceilingBodyFor, simplePlan, userWithToken } from './measure-support.js';

/** Small allowances so a test reaches them in a few requests. */
const small = (over: Partial<AbuseLimits> = {}): AbuseLimits => ({
  upload: { ...DEFAULT_ABUSE_LIMITS.upload, perAccount: 2, perIp: 3 },
  checkout: { ...DEFAULT_ABUSE_LIMITS.checkout, perAccount: 2, perIp: 3 },
  contact: { ...DEFAULT_ABUSE_LIMITS.contact, perIp: 2 },
  issueReport: { ...DEFAULT_ABUSE_LIMITS.issueReport, perAccount: 2, perIp: 3 },
  longPoll: { perAccount: 1, total: 10 },
  ...over,
});

/** An engine whose calls wait until the test releases them, or until their run is cancelled. */
const standInEngine = (calls: { minRoomWidthMm: number; cancelled: boolean; release: () => void }[]) => (async (_bytes, options, opts) => {
  const call = { minRoomWidthMm: options.minRoomWidthMm ?? 0, cancelled: false, release: () => undefined as void };
  calls.push(call);
  await new Promise<void>((resolve, reject) => {
    call.release = resolve;
    const cancel = () => {
      call.cancelled = true;
      reject(new Error('cancelled'));
    };
    if (opts?.signal?.aborted) cancel();
    opts?.signal?.addEventListener('abort', cancel);
  });
  return { rooms: [], openings: [], warnings: [], page: options.page } as unknown as Awaited<ReturnType<typeof analyzePdfInWorker>>;
}) as typeof analyzePdfInWorker;

/** A project row with a stored (unread: the engine here is a stand-in) file; uploads are tested elsewhere. */
async function projectRow(t: TestApp, userId: string, pageNo: number): Promise<string> {
  const [p] = await t.ctx.db.insert(projects).values({
    userId, name: 'Plan', originalFilename: 'plan.pdf', pageNo, pageCount: 3, pdfKey: `k-${randomUUID()}`,
  }).returning({ id: projects.id, pdfKey: projects.pdfKey });
  await t.ctx.storage.put(p!.pdfKey, Buffer.from('%PDF-1.4 stand-in'), 'application/pdf');
  return p!.id;
}

const contactBody = { name: 'Jo', email: 'jo@example.com', subject: 'A question', message: 'How do plans work here?' };

describe(`per-account and per-IP allowances on ${testDbKind()}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1', LOGIN_RATE_LIMIT_PER_MIN: '2' }, { abuseLimits: small() });
  });
  afterAll(async () => t?.close());

  const from = (ip: string, forged = '203.0.113.99') => ({ 'x-forwarded-for': `${forged}, ${ip}` });

  it('TRUST_PROXY=1 believes only the hop the proxy added: forged left-most addresses buy no fresh login allowance', async () => {
    const login = (ip: string, forged: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@example.com', password: 'whatever-1' }, headers: from(ip, forged) });
    const codes = [];
    for (const forged of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) codes.push((await login('198.51.100.7', forged)).statusCode);
    expect(codes).toEqual([401, 401, 429]);
    // The proxy's hop is the client: another real address has its own allowance.
    expect((await login('198.51.100.8', '1.1.1.1')).statusCode).toBe(401);
  });

  it('limits contact messages per client address', async () => {
    const send = (ip: string) => t.app.inject({ method: 'POST', url: '/api/auth/contact-us', payload: contactBody, headers: from(ip) });
    expect([(await send('198.51.100.20')).statusCode, (await send('198.51.100.20')).statusCode]).toEqual([200, 200]);
    const third = await send('198.51.100.20');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'rate_limited', detail: expect.stringMatching(/Too many messages/) });
    expect((await send('198.51.100.21')).statusCode).toBe(200);
  });

  it('limits checkout sessions per account and per address', async () => {
    const a = await userWithToken(t);
    const b = await userWithToken(t);
    const start = (auth: Record<string, string>, ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/user-plan/create-checkout-session', payload: { price_id: 'price_plans_5' }, headers: { ...auth, ...from(ip) } });
    expect((await start(a.auth, '198.51.100.30')).statusCode).toBe(200);
    expect((await start(a.auth, '198.51.100.31')).statusCode).toBe(200);
    // Account a has used its two, whatever address it comes from.
    expect((await start(a.auth, '198.51.100.32')).statusCode).toBe(429);
    // Address .30 has two left of three: b takes them, then the address is spent even for a fresh account.
    expect((await start(b.auth, '198.51.100.30')).statusCode).toBe(200);
    expect((await start(b.auth, '198.51.100.30')).statusCode).toBe(200);
    const c = await userWithToken(t);
    expect((await start(c.auth, '198.51.100.30')).statusCode).toBe(429);
  });

  it('refuses uploads over the allowance before reading the body', async () => {
    const u = await userWithToken(t, 0);
    const upload = () => t.app.inject({ method: 'POST', url: '/api/user/projects', payload: 'not even multipart', headers: { ...u.auth, 'content-type': 'text/plain', ...from('198.51.100.40') } });
    const codes = [(await upload()).statusCode, (await upload()).statusCode];
    expect(codes.every((c) => c !== 429)).toBe(true);
    const third = await upload();
    expect(third.statusCode).toBe(429);
    expect(third.json().detail).toMatch(/Too many uploads/);
  });

  it('limits issue reports per account', async () => {
    const u = await userWithToken(t);
    const report = (ip: string) => t.app.inject({
      method: 'POST', url: '/api/auth/report-issue', headers: { ...u.auth, ...from(ip) },
      payload: { title: 'Report Issue by Acme', description: 'The results page shows no windows.', severity: 'low', category: 'bug' },
    });
    expect((await report('198.51.100.50')).statusCode).toBe(201);
    expect((await report('198.51.100.51')).statusCode).toBe(201);
    expect((await report('198.51.100.52')).statusCode).toBe(429);
  });
});

describe(`the analysis queue under load on ${testDbKind()}`, () => {
  let t: TestApp;
  let truth: Awaited<ReturnType<typeof simplePlan>>['truth'];
  beforeAll(async () => {
    t = await createTestApp({}, { abuseLimits: small() });
    ({ truth } = await simplePlan());
  });
  afterAll(async () => t?.close());

  const project = (userId: string) => projectRow(t, userId, truth.options.page);

  it('queues an account behind others by how many runs it already has (fair share)', async () => {
    const heavy = await userWithToken(t, 10);
    const light = await userWithToken(t, 10);
    const heavyProjects: string[] = [];
    for (let i = 0; i < 3; i++) heavyProjects.push(await project(heavy.id));
    const lightProject = await project(light.id);
    for (const [auth, id] of [...heavyProjects.map((p) => [heavy.auth, p] as const), [light.auth, lightProject] as const]) {
      await t.app.inject({ method: 'POST', url: `/api/user/projects/${id}/ceilling-scale`, headers: auth, payload: ceilingBodyFor(truth) });
    }
    const boss = await getBoss(t.ctx);
    const jobs = await boss.fetch<{ projectId: string }>(ANALYSIS_QUEUE, { batchSize: 2 });
    // The light account's one job is among the first two taken, not fourth: beside the heavy account's first.
    expect(jobs.map((j) => j.data.projectId).sort()).toEqual([heavyProjects[0], lightProject].sort());
    await boss.deleteJob(ANALYSIS_QUEUE, jobs.map((j) => j.id));
    // The heavy account's other runs wait behind: priority minus the runs it already had.
    const { rows } = await t.ctx.database.executeSql(`SELECT priority FROM pgboss.job WHERE name = $1 AND state = 'created' ORDER BY priority DESC`, [ANALYSIS_QUEUE]);
    expect(rows.map((r) => Number(r.priority))).toEqual([-1, -2]);
  });
});

describe(`one analysis per project on ${testDbKind()}`, () => {
  let t: TestApp;
  let truth: Awaited<ReturnType<typeof simplePlan>>['truth'];
  const calls: { minRoomWidthMm: number; cancelled: boolean; release: () => void }[] = [];
  const analyze = standInEngine(calls);
  beforeAll(async () => {
    t = await createTestApp({}, { abuseLimits: small() });
    ({ truth } = await simplePlan());
  });
  afterAll(async () => {
    for (const c of calls) c.release();
    await t?.close();
  });

  const project = (userId: string) => projectRow(t, userId, truth.options.page);

  it('runs one analysis per project: new inputs cancel the running one; capped long polls answer at once', async () => {
    await startBackground(t.app, t.ctx, { analysis: { ...FAST_WORKER, analyze } });
    const owner = await userWithToken(t, 5);
    const id = await project(owner.id);
    await t.app.inject({ method: 'POST', url: `/api/user/projects/${id}/ceilling-scale`, headers: owner.auth, payload: ceilingBodyFor(truth) });
    const base = `/api/projects/${id}/all-detections?confidence=0.1&overlap=0.9&overlay=false&min_room_height=200`;
    const first = t.app.inject({ url: `${base}&min_room_width=300`, headers: owner.auth });
    await expect.poll(() => calls.some((c) => c.minRoomWidthMm === 300), { timeout: 20_000 }).toBe(true);
    // The account's one long poll is taken: a second call answers 202 at once instead of waiting.
    const started = Date.now();
    const second = await t.app.inject({ url: `${base}&min_room_width=300`, headers: owner.auth });
    expect(second.statusCode).toBe(202);
    expect(Date.now() - started).toBeLessThan(3000);
    // New inputs supersede the run: the engine working on the old one is stopped.
    const newer = await t.app.inject({ url: `${base}&min_room_width=400`, headers: owner.auth });
    expect(newer.statusCode).toBe(202);
    await expect.poll(() => calls.find((c) => c.minRoomWidthMm === 300)?.cancelled, { timeout: 10_000 }).toBe(true);
    await expect.poll(() => calls.some((c) => c.minRoomWidthMm === 400), { timeout: 20_000 }).toBe(true);
    calls.find((c) => c.minRoomWidthMm === 400)!.release();
    expect((await first).statusCode).toBeLessThan(500);
    await expect.poll(async () => (await t.ctx.db.select().from(measureAnalyses).where(eq(measureAnalyses.projectId, id)))[0]?.status, { timeout: 20_000 }).toBe('done');
    expect(calls.filter((c) => c.minRoomWidthMm === 300)).toHaveLength(1);
  }, 90_000);
});
