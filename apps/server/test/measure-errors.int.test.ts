import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineInputError, type analyzePdfInWorker } from '@plansight/engine/server';
import { startBackground } from '../src/jobs/start.js';
import { failureReason, PLAN_GIVEN_BACK } from '../src/modules/measure/analysis-failure.js';
import { createTestApp, testDbKind, type TestApp } from './helpers.js';
import { ALL_DETECTIONS_QUERY, FAST_WORKER, ceilingBodyFor, simplePlan, uploadProject, userWithToken } from './measure-support.js';

/**
 * An engine that fails the way the test says, counting its calls: the raw messages name internal paths,
 * which a client must never see.
 */
function failingEngine() {
  let failure: () => Error = () => new Error('unset');
  let calls = 0;
  return {
    failWith: (f: () => Error) => { failure = f; calls = 0; },
    calls: () => calls,
    analyze: (async () => {
      calls++;
      throw failure();
    }) as typeof analyzePdfInWorker,
  };
}

describe(`measure errors reach the client as codes and clear messages on ${testDbKind()}`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof userWithToken>>;
  let pdf: Buffer;
  let truth: Awaited<ReturnType<typeof simplePlan>>['truth'];
  const engine = failingEngine();

  beforeAll(async () => {
    t = await createTestApp();
    // No worker dies here: a long lease keeps a slow machine from taking a live run for a dead one (the
    // tests count the engine's calls).
    await startBackground(t.app, t.ctx, { analysis: { ...FAST_WORKER, staleMs: 60_000, analyze: engine.analyze } });
    ({ pdf, truth } = await simplePlan());
    owner = await userWithToken(t, 10);
  });
  afterAll(async () => t?.close());

  /** Polls all-detections (each call waits at most 60 s server-side) until it answers something final. */
  async function finalAnswer(projectId: string) {
    await t.app.inject({ method: 'POST', url: `/api/user/projects/${projectId}/ceilling-scale`, headers: owner.auth, payload: ceilingBodyFor(truth) });
    for (;;) {
      const r = await t.app.inject({ url: `/api/projects/${projectId}/all-detections?${ALL_DETECTIONS_QUERY}`, headers: owner.auth });
      if (r.statusCode !== 202) return r;
    }
  }

  it('a permanent engine error about the plan is not retried, and its pdf.js internals are not shown', async () => {
    engine.failWith(() => new EngineInputError('corrupt', `The PDF could not be read: bad XRef entry in ${t.dataDir}/files/x.pdf`));
    const projectId = await uploadProject(t, owner.auth, pdf, truth.options.page);
    const r = await finalAnswer(projectId);
    expect(r.statusCode).toBe(422);
    // the message the results page shows for this code, not the engine's text
    const { message } = failureReason('corrupt');
    expect(message).toMatch(/could not be read/);
    expect(r.json()).toEqual({ code: 'analysis_failed', detail: message, message });
    expect(engine.calls()).toBe(1);
    // A failure about the file: the plan stays spent, and nothing claims otherwise.
    expect(r.json().detail).not.toContain(PLAN_GIVEN_BACK);
  });

  it('an internal failure that outlasts the retries answers a generic message, never the raw error or a path', async () => {
    engine.failWith(() => new Error(`ENOENT: no such file or directory, open '${t.dataDir}/files/projects/abc/original.pdf'`));
    const remaining = async () => (await t.app.inject({ url: '/api/user/projects/plan-status', headers: owner.auth })).json().remaining;
    const before = await remaining();
    const projectId = await uploadProject(t, owner.auth, pdf, truth.options.page);
    expect(await remaining()).toBe(before - 1);
    const r = await finalAnswer(projectId);
    expect(r.statusCode).toBe(422);
    // Our failure: the plan the upload spent is back, and the message says so.
    expect(r.json()).toMatchObject({ code: 'analysis_failed', detail: failureReason(null, true).message });
    expect(r.json().detail).toContain(PLAN_GIVEN_BACK);
    expect(await remaining()).toBe(before);
    expect(r.body).not.toContain(t.dataDir);
    expect(r.body).not.toContain('ENOENT');
    expect(engine.calls()).toBe(3);
    const res = await t.app.inject({ url: `/api/user/projects/${projectId}/result`, headers: owner.auth });
    expect(res.json().detail).toBe(failureReason(null, true).message);
  }, 150_000);
});
