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
  });
});
