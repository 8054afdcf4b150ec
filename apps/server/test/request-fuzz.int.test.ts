import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from './helpers.js';
import { seedProjects, userWithToken } from './projects-factories.js';
import { projects } from '../src/db/schema/projects.js';
import { eq } from 'drizzle-orm';

/** Runs per property: enough to find a schema hole, few enough for a shared CI machine. */
const RUNS = 60;

/** Every JSON route, with `:id` and `:roomId` filled in per run. */
const JSON_ROUTES: { method: 'POST' | 'PUT' | 'PATCH'; url: string }[] = [
  { method: 'POST', url: '/api/auth/register' }, { method: 'POST', url: '/api/auth/verify-email' },
  { method: 'POST', url: '/api/auth/resend-verification' }, { method: 'POST', url: '/api/auth/login' },
  { method: 'POST', url: '/api/auth/forgot-password' }, { method: 'POST', url: '/api/auth/reset-password' },
  { method: 'POST', url: '/api/auth/contact-us' }, { method: 'POST', url: '/api/user-plan/create-checkout-session' },
  { method: 'PUT', url: '/api/user/projects/:id/estimate' }, { method: 'PUT', url: '/api/user/estimate-defaults' },
  { method: 'POST', url: '/api/user/projects/:id/ceilling-scale' }, { method: 'PATCH', url: '/api/user/projects/:id/rooms/:roomId' },
  { method: 'POST', url: '/api/user/projects/:id/rooms' }, { method: 'PUT', url: '/api/user/projects/:id/rooms' },
];
const GET_ROUTES = [
  '/api/user/projects', '/api/user/projects/:id', '/api/user/projects/:id/estimate', '/api/user/projects/:id/export.csv',
  '/api/user/projects/:id/ceilling-scale', '/api/user/projects/:id/result', '/api/user/projects/:id/page.png',
];

/** Plausible keys of the request schemas, so generated objects reach past the first "missing field". */
const KEYS = ['email', 'password', 'token', 'name', 'company_name', 'message', 'product_id', 'scale', 'paper', 'ceilling_hight_mm',
  'page', 'limit', 'label', 'polygon', 'rooms', 'windows', 'doors', 'width', 'height', 'rates', 'vat', 'search', 'sort'];
const value = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.string({ maxLength: 40 }), fc.double(), fc.integer(), fc.array(fc.tuple(fc.double(), fc.double()), { maxLength: 5 }));
const body = fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 8 }));
const segment = fc.oneof(fc.uuid(), fc.string({ maxLength: 20 }).map(encodeURIComponent), fc.constant('..%2F..'), fc.constant(''));
const query = fc.dictionary(fc.constantFrom('page', 'limit', 'search', 'sort', 'order', 'confidence', 'exp', 'sig'), fc.string({ maxLength: 20 }), { maxKeys: 4 });

describe(`no request makes the server answer 5xx, on ${testDbKind()}`, () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let ownProjectId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const u = await userWithToken(t, 3);
    auth = u.auth;
    await seedProjects(t, u.id, 1);
    ownProjectId = (await t.ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.userId, u.id)))[0]!.id;
  });
  afterAll(async () => t?.close());

  const fill = (url: string, id: string, roomId: string) => url.replace(':id', id).replace(':roomId', roomId);

  it('any JSON body on any JSON route, signed in or not', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom(...JSON_ROUTES), body, fc.oneof(segment, fc.constant('own')), segment, fc.boolean(), async (route, payload, id, roomId, signedIn) => {
      const res = await t.app.inject({
        method: route.method, url: fill(route.url, id === 'own' ? ownProjectId : id, roomId),
        headers: { 'content-type': 'application/json', ...(signedIn ? auth : {}) }, payload: JSON.stringify(payload),
      });
      expect(res.statusCode, `${route.method} ${route.url} ${JSON.stringify(payload)} → ${res.body}`).toBeLessThan(500);
    }), { numRuns: RUNS * 3 });
  }, 300_000);

  it('any raw body and content type: broken JSON, text, bytes', async () => {
    const raw = fc.oneof(fc.string({ maxLength: 200 }), fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)));
    const type = fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream', 'multipart/form-data; boundary=x');
    await fc.assert(fc.asyncProperty(fc.constantFrom(...JSON_ROUTES), raw, type, async (route, payload, contentType) => {
      const res = await t.app.inject({ method: route.method, url: fill(route.url, ownProjectId, 'r1'), headers: { 'content-type': contentType, ...auth }, payload });
      expect(res.statusCode, `${route.url} ${contentType} → ${res.body}`).toBeLessThan(500);
    }), { numRuns: RUNS });
  }, 300_000);

  it('any path segment and query string on the read routes', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom(...GET_ROUTES), segment, query, async (url, id, q) => {
      const qs = new URLSearchParams(q).toString();
      const res = await t.app.inject({ method: 'GET', url: `${fill(url, id, 'r1')}${qs ? `?${qs}` : ''}`, headers: auth });
      expect(res.statusCode, `${url} ${id} ${qs} → ${res.body}`).toBeLessThan(500);
    }), { numRuns: RUNS });
  }, 300_000);

  it('any multipart upload: random parts, names, field values and file bytes', async () => {
    const part = fc.record({
      name: fc.oneof(fc.constantFrom('file', 'filename', 'pageno', 'other'), fc.string({ maxLength: 10 })),
      filename: fc.option(fc.string({ maxLength: 30 }), { nil: undefined }),
      content: fc.oneof(fc.string({ maxLength: 60 }), fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)), fc.constant(Buffer.from('%PDF-1.7\n%%EOF\n'))),
    });
    await fc.assert(fc.asyncProperty(fc.array(part, { maxLength: 5 }), fc.boolean(), async (parts, closeBoundary) => {
      const b = 'fuzzBoundary7MA4YWxk';
      const chunks = parts.map((p) => Buffer.concat([
        Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${p.name.replace(/["\r\n]/g, '')}"${p.filename !== undefined ? `; filename="${p.filename.replace(/["\r\n]/g, '')}"` : ''}\r\n\r\n`),
        Buffer.from(p.content), Buffer.from('\r\n'),
      ]));
      const payload = Buffer.concat([...chunks, Buffer.from(closeBoundary ? `--${b}--\r\n` : '')]);
      const res = await t.app.inject({ method: 'POST', url: '/api/user/projects', headers: { ...auth, 'content-type': `multipart/form-data; boundary=${b}` }, payload });
      expect(res.statusCode, res.body).toBeLessThan(500);
    }), { numRuns: RUNS });
  }, 300_000);
});
