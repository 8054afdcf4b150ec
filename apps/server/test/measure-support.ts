import { randomUUID } from 'node:crypto';
import { catalog } from '../../../packages/engine/bench/catalog.js';
import { buildPlan } from '../../../packages/engine/bench/plan-pdf.js';
import type { PlanTruth } from '../../../packages/engine/bench/truth.js';
import { users } from '../src/db/schema/users.js';
import type { TestApp } from './helpers.js';

type App = Pick<TestApp, 'app' | 'ctx'>;

/** A verified user straight in the database plus a signed token; independent of the auth API. */
export async function userWithToken(t: App, remainPlan = 3) {
  const [u] = await t.ctx.db.insert(users).values({
    email: `m-${randomUUID()}@example.com`, passwordHash: 'x', companyName: 'Acme', emailVerifiedAt: new Date(), remainPlan,
  }).returning({ id: users.id });
  return { id: u.id, auth: { authorization: `Bearer ${await t.ctx.tokens.sign(u.id)}` } };
}

/**
 * One simple generated plan with its ground truth: a small double-line house (4 rooms) drawn at 1:50 on A1,
 * on page 3 of a 3-page PDF, a scale the ceiling-scale options offer.
 */
export async function simplePlan(): Promise<{ pdf: Buffer; truth: PlanTruth }> {
  const spec = catalog(64).find((s) => s.id === 'plan-045-double-line-small');
  if (!spec) throw new Error('plan-045 is no longer in the bench catalogue');
  const { pdf, truth } = await buildPlan(spec);
  return { pdf: Buffer.from(pdf), truth };
}

function multipart(file: Buffer, filename: string, fields: Record<string, string>) {
  const b = `----ms${randomUUID()}`;
  const parts = Object.entries(fields).map(([k, v]) => `--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const head = `${parts.join('')}--${b}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${b}--\r\n`)]), type: `multipart/form-data; boundary=${b}` };
}

/** Creates a project through POST /api/user/projects (multipart, as the web client does); returns its id. */
export async function uploadProject(t: App, auth: Record<string, string>, pdf: Buffer, pageNo: number, name = 'Test house'): Promise<string> {
  const m = multipart(pdf, 'house.pdf', { filename: name, pageno: String(pageNo) });
  const r = await t.app.inject({ method: 'POST', url: '/api/user/projects', payload: m.payload, headers: { ...auth, 'content-type': m.type } });
  if (r.statusCode !== 201) throw new Error(`upload failed ${r.statusCode}: ${r.body}`);
  return r.json().project_id;
}

/** The ceiling-scale body the web form sends for the plan's own scale and paper. */
export const ceilingBodyFor = (truth: PlanTruth, heightMm = truth.options.ceilingHeightMm) => ({
  scale_ratio: `1:${truth.options.scale} ${truth.options.paper}`, scale_number: truth.options.scale, paper_size: truth.options.paper, ceilling_hight_mm: heightMm,
});

export const ALL_DETECTIONS_QUERY = 'confidence=0.1&overlap=0.9&overlay=false&min_room_width=200&min_room_height=200';

/**
 * Short worker timings so recovery happens within a test. A lease counts as dead after 4 s without a beat
 * (13 missed beats): shorter, a busy test machine stalling the event loop makes a live run look dead and
 * runs it twice.
 */
export const FAST_WORKER = { pollingIntervalSeconds: 0.5, heartbeatMs: 300, staleMs: 4000, sweepMs: 500, resendMs: 5000 };
