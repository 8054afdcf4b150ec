import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from './helpers.js';

describe(`server foundation on ${testDbKind()}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers health and an unknown API path with a JSON 404 without a stack', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ ok: true });
    const res = await t.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Not found');
    expect(res.body).not.toMatch(/at .*\.ts/);
  });

  it('has applied the migrations on this database', async () => {
    const { rows } = await t.ctx.database.executeSql('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toContain('0001_foundation.sql');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends the whole set of security headers, the same on an API answer, a 404 and a 401', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob:;" +
        "object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';worker-src 'self' blob:;media-src 'self' blob:;connect-src 'self' blob: data:",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const url of ['/healthz', '/api/nope', '/api/user/projects']) {
      const res = await t.app.inject(url);
      expect(res.headers).toMatchObject(expected);
    }
  });

  it('refuses a JSON body over 1 MB with a 413 and no stack', async () => {
    const payload = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 1) });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ detail: 'The upload is too large.' });
    expect(res.body).not.toMatch(/\bat .*:\d+:\d+/);
  });

  it('answers a malformed JSON body with a 400 and no stack', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().detail).toBe('string');
    expect(res.body).not.toMatch(/\bat .*:\d+:\d+|node_modules/);
  });

  it('allows no cross-origin callers unless CORS_ORIGINS names them', async () => {
    const preflight = (app: TestApp, origin: string) =>
      app.app.inject({ method: 'OPTIONS', url: '/api/auth/login', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect((await preflight(t, 'https://app.example.com')).headers['access-control-allow-origin']).toBeUndefined();
    const cors = await createTestApp({ CORS_ORIGINS: 'https://app.example.com, https://other.example.com' });
    try {
      const allowed = await preflight(cors, 'https://app.example.com');
      expect(allowed.statusCode).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
      expect((await preflight(cors, 'https://evil.example.net')).headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await cors.close();
    }
  });
});
