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

  it('serves the configured support address, the one contact messages are sent to', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/support/contact-info' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ email: t.ctx.config.SUPPORT_EMAIL });
  });

  it('stores a contact message and mails it to support', async () => {
    const body = contact();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/contact-us', payload: body });
    expect(res.statusCode).toBe(200);
    expect(t.outbox().some((m) => m.includes(t.ctx.config.SUPPORT_EMAIL) && m.includes(body.email))).toBe(true);
    const { rows } = await t.ctx.database.executeSql('SELECT email FROM contact_messages');
    expect(rows.map((r) => r.email)).toContain(body.email);
  });

  it('rejects a short subject, a 9-character message and a bad email with 422 and the spec texts, storing and sending nothing', async () => {
    const mailsBefore = t.outbox().length;
    const cases: [Record<string, string>, string, string][] = [
      [{ subject: 'Hey ' }, 'subject', 'Subject must be at least 5 characters long.'],
      [{ message: '  too short ' }, 'message', 'Message must be at least 10 characters long.'],
      [{ email: 'nope' }, 'email', 'Please enter a valid email'],
    ];
    for (const [over, field, msg] of cases) {
      const body = contact({ ...over, name: `Refused ${field}` });
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/contact-us', payload: body });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toEqual([expect.objectContaining({ loc: ['body', field], msg })]);
    }
    const { rows } = await t.ctx.database.executeSql("SELECT count(*) AS n FROM contact_messages WHERE name LIKE 'Refused%'");
    expect(Number(rows[0]!.n)).toBe(0);
    expect(t.outbox()).toHaveLength(mailsBefore);
  });
});
