import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from './helpers.js';

const contact = (over: Record<string, string> = {}) => ({
  name: 'Jo Painter',
  email: `jo-${Date.now()}@example.com`,
  subject: 'Question about plans',
  message: 'How many plans do I get with the business pack?',
  ...over,
});

describe(`support on ${testDbKind()}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('stores a contact message and mails it to support', async () => {
    const body = contact();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/contact-us', payload: body });
    expect(res.statusCode).toBe(200);
    expect(t.outbox().some((m) => m.includes(t.ctx.config.SUPPORT_EMAIL) && m.includes(body.email))).toBe(true);
    const { rows } = await t.ctx.database.executeSql('SELECT email FROM contact_messages');
    expect(rows.map((r) => r.email)).toContain(body.email);
  });

  it('rejects a short subject, a short message and a bad email with 422', async () => {
    for (const over of [{ subject: "Hey " }, { message: "  too short " }, { email: "nope" }] as Record<string, string>[]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/contact-us', payload: contact(over) });
      expect(res.statusCode).toBe(422);
    }
  });
});
