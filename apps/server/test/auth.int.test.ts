import { and, eq, isNull, sql } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { loginResponseSchema, profileResponseSchema, registerRequestSchema } from '@plansight/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, users } from '../src/db/schema/index.js';
import type { Mail, Mailer } from '../src/lib/mailer.js';
import { forgotPassword, register } from '../src/modules/auth/auth.service.js';
import { linkFromOutbox, post, signupBody, tokenOf, verifiedUser } from './auth-factories.js';
import { createTestApp, testDbKind, type TestApp } from './helpers.js';

describe(`accounts on ${testDbKind()}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MIN: '1000' });
  });
  afterAll(async () => t?.close());

  it('signs up, mails a single-use verify link, then logs in with 3 free plans', async () => {
    const body = signupBody();
    const reg = await post(t, '/api/auth/register', body);
    expect(reg.statusCode).toBe(201);
    expect(reg.json().email).toBe(body.email);
    const link = await linkFromOutbox(t, body.email, '/auth/verify');
    expect(link).toMatch(new RegExp(`^${t.config.PUBLIC_URL}/auth/verify\\?token=`));

    const early = await post(t, '/api/auth/login', { email: body.email, password: body.password });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('email_not_verified');
    expect(early.json().detail).toMatch(/verify your email/i);

    expect((await post(t, '/api/auth/verify-email', { token: tokenOf(link!) })).statusCode).toBe(200);
    const again = await post(t, '/api/auth/verify-email', { token: tokenOf(link!) });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid_token');

    const res = await post(t, '/api/auth/login', { email: body.email.toUpperCase(), password: body.password });
    expect(res.statusCode).toBe(200);
    const login = loginResponseSchema.parse(res.json());
    expect(login.token_type).toBe('bearer');
    expect(login.user).toMatchObject({ email: body.email, company_name: 'Acme Painting', remain_plan: 3, used_plan: 0, total_plan: 3, can_create_project: true, email_verified: true });
    expect(login.user.last_login).not.toBeNull();

    const prof = await t.app.inject({ url: '/api/user/profile', headers: { authorization: `Bearer ${login.access_token}` } });
    expect(prof.statusCode).toBe(200);
    expect(profileResponseSchema.parse(prof.json()).user.id).toBe(login.user.id);
  });

  it('prints the verification and reset links in the log as well as mailing them (no SMTP needed)', async () => {
    const printed: string[] = [];
    const body = registerRequestSchema.parse(signupBody());
    await register(t.ctx, body, (m) => printed.push(m));
    await post(t, '/api/auth/verify-email', { token: tokenOf((await linkFromOutbox(t, body.email, '/auth/verify'))!) });
    await forgotPassword(t.ctx, body.email, (m) => printed.push(m));
    expect(printed.join('\n')).toContain((await linkFromOutbox(t, body.email, '/auth/verify'))!);
    expect(printed.join('\n')).toContain((await linkFromOutbox(t, body.email, '/auth/reset-password'))!);
  });

  it('answers a sign-up with a registered e-mail (any case) like a new one, and tells that inbox it is already registered', async () => {
    const body = signupBody();
    const first = await post(t, '/api/auth/register', body);
    expect(first.statusCode).toBe(201);
    await t.mailSettled();
    const mailsBefore = t.outbox().filter((m) => m.includes(body.email)).length;
    const dup = await post(t, '/api/auth/register', { ...body, email: body.email.toUpperCase(), password: 'another-pass-1', confirmPassword: 'another-pass-1' });
    expect(dup.statusCode).toBe(201);
    expect(dup.json()).toEqual({ ...first.json(), email: body.email });
    await t.mailSettled();
    const mails = t.outbox().filter((m) => m.includes(body.email));
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)).toContain('You already have a Plansight account');
    expect(mails.at(-1)).not.toContain('/auth/verify');
    // The first password still holds: the second sign-up changed nothing.
    const [u] = await t.ctx.db.select().from(users).where(sql`lower(${users.email}) = ${body.email.toLowerCase()}`);
    expect(u).toBeDefined();
  });

  it('keeps verification and reset links out of the log when mail really leaves the machine (SMTP) or in production', async () => {
    for (const over of [{ SMTP_URL: 'smtp://mail.example.com:587' }, { NODE_ENV: 'production' as const }]) {
      const printed: string[] = [];
      const ctx = { ...t.ctx, config: { ...t.ctx.config, ...over } };
      const body = registerRequestSchema.parse(signupBody());
      await register(ctx, body, (m) => printed.push(m));
      await forgotPassword(ctx, body.email, (m) => printed.push(m));
      expect(await linkFromOutbox(t, body.email, '/auth/reset-password')).toBeTruthy();
      expect(printed.join('\n')).not.toMatch(/token=/);
    }
  });

  it('answers invalid sign-up input with 422 and a detail list of {loc, msg, type}', async () => {
    const res = await post(t, '/api/auth/register', signupBody({ email: 'not-an-email', companyName: '', confirmPassword: 'different-1' }));
    expect(res.statusCode).toBe(422);
    const detail = res.json().detail as { loc: string[]; msg: string; type: string }[];
    expect(detail).toEqual(expect.arrayContaining([
      expect.objectContaining({ loc: ['body', 'email'], msg: 'Please enter a valid email address' }),
      expect.objectContaining({ loc: ['body', 'companyName'], msg: 'Company name is required' }),
    ]));
    for (const d of detail) expect(typeof d.type).toBe('string');
    const mismatch = await post(t, '/api/auth/register', signupBody({ confirmPassword: 'different-1' }));
    expect(mismatch.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'confirmPassword'], msg: 'Passwords do not match' })]);
  });

  it('stores passwords and e-mail tokens only as hashes', async () => {
    const { email, password } = await verifiedUser(t);
    const [row] = await t.ctx.db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(password);
    const link = (await linkFromOutbox(t, email, '/auth/verify'))!;
    const tokens = await t.ctx.db.select().from(emailTokens).where(sql`${emailTokens.userId} = ${row.id}`);
    expect(tokens.length).toBeGreaterThan(0);
    for (const tok of tokens) expect(tok.tokenHash).not.toBe(tokenOf(link));
  });

  it('forgot-password answers the same for unknown e-mails and mails nothing to them', async () => {
    const { email } = await verifiedUser(t);
    const known = await post(t, '/api/auth/forgot-password', { email });
    const unknown = await post(t, '/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await linkFromOutbox(t, 'nobody-here@example.com', '/auth/reset-password')).toBeUndefined();
    expect(await linkFromOutbox(t, email, '/auth/reset-password')).toMatch(new RegExp(`^${t.config.PUBLIC_URL}/auth/reset-password\\?token=`));
    const r1 = await post(t, '/api/auth/resend-verification', { email });
    const r2 = await post(t, '/api/auth/resend-verification', { email: 'nobody-here@example.com' });
    expect(r1.json()).toEqual(r2.json());
  });

  it('resets a password once with the newest link; the old password stops working', async () => {
    const { email, password } = await verifiedUser(t);
    await post(t, '/api/auth/forgot-password', { email });
    const first = tokenOf((await linkFromOutbox(t, email, '/auth/reset-password'))!);
    await post(t, '/api/auth/forgot-password', { email });
    const token = tokenOf((await linkFromOutbox(t, email, '/auth/reset-password'))!);
    expect(token).not.toBe(first);
    const newPw = 'brand-new-pass-7';
    expect((await post(t, '/api/auth/reset-password', { token: first, password: newPw, confirmPassword: newPw })).statusCode).toBe(400);
    expect((await post(t, '/api/auth/reset-password', { token, password: newPw, confirmPassword: newPw })).statusCode).toBe(200);
    const reuse = await post(t, '/api/auth/reset-password', { token, password: 'another-pass-8', confirmPassword: 'another-pass-8' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('invalid_token');
    expect((await post(t, '/api/auth/login', { email, password })).statusCode).toBe(401);
    expect((await post(t, '/api/auth/login', { email, password: newPw })).statusCode).toBe(200);
  });

  it('a password reset ends sessions opened before it; a login after it works', async () => {
    const { email, password } = await verifiedUser(t);
    const { user } = (await post(t, '/api/auth/login', { email, password })).json();
    const sign = (iatSec: number) =>
      new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(user.id).setIssuedAt(iatSec).setExpirationTime('1h').sign(new TextEncoder().encode(t.config.JWT_SECRET));
    const old = await sign(Math.floor(Date.now() / 1000) - 60);
    const profile = (tok: string) => t.app.inject({ url: '/api/user/profile', headers: { authorization: `Bearer ${tok}` } });
    expect((await profile(old)).statusCode).toBe(200);
    await post(t, '/api/auth/forgot-password', { email });
    const token = tokenOf((await linkFromOutbox(t, email, '/auth/reset-password'))!);
    const newPw = 'after-reset-pass-9';
    expect((await post(t, '/api/auth/reset-password', { token, password: newPw, confirmPassword: newPw })).statusCode).toBe(200);
    expect((await profile(old)).statusCode).toBe(401);
    const fresh = (await post(t, '/api/auth/login', { email, password: newPw })).json().access_token;
    expect((await profile(fresh)).statusCode).toBe(200);
  });

  it('mails a reset link that expires one hour after it was asked for', async () => {
    const { email } = await verifiedUser(t);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    const askedAt = Date.now();
    await post(t, '/api/auth/forgot-password', { email });
    const open = await t.ctx.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.kind, 'reset'), isNull(emailTokens.usedAt)));
    expect(open).toHaveLength(1);
    const lifetimeMin = (open[0].expiresAt.getTime() - askedAt) / 60_000;
    expect(lifetimeMin).toBeGreaterThan(59.5);
    expect(lifetimeMin).toBeLessThan(60.5);
    await t.mailSettled();
    const mail = t.outbox().filter((m) => m.includes(email)).pop()!;
    expect(mail).toContain('expires in 60 minutes');
  });

  it('refuses an expired reset link', async () => {
    const { email } = await verifiedUser(t);
    await post(t, '/api/auth/forgot-password', { email });
    const token = tokenOf((await linkFromOutbox(t, email, '/auth/reset-password'))!);
    await t.ctx.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(sql`${emailTokens.kind} = 'reset'`);
    const res = await post(t, '/api/auth/reset-password', { token, password: 'brand-new-pass-7', confirmPassword: 'brand-new-pass-7' });
    expect(res.statusCode).toBe(400);
  });

  it('locks an account after repeated wrong passwords, even with the right one', async () => {
    const { email, password } = await verifiedUser(t);
    const other = await verifiedUser(t);
    for (let i = 0; i < 5; i++) expect((await post(t, '/api/auth/login', { email, password: 'wrong-password' })).statusCode).toBe(401);
    const locked = await post(t, '/api/auth/login', { email: email.toUpperCase(), password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('too_many_attempts');
    // Per account, not per address: another account from the same client still logs in.
    expect((await post(t, '/api/auth/login', other)).statusCode).toBe(200);
  });

  it('holds the lock against a parallel burst of wrong passwords: at most 5 are checked, the rest and the right one answer 429', async () => {
    const { email, password } = await verifiedUser(t);
    const burst = await Promise.all(Array.from({ length: 20 }, () => post(t, '/api/auth/login', { email, password: 'wrong-password' })));
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    expect((await post(t, '/api/auth/login', { email, password })).statusCode).toBe(429);
  });

  it('forgives the attempts of a successful login: four wrong, one right, then four wrong again still log in', async () => {
    const { email, password } = await verifiedUser(t);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) expect((await post(t, '/api/auth/login', { email, password: 'wrong-password' })).statusCode).toBe(401);
      expect((await post(t, '/api/auth/login', { email, password })).statusCode).toBe(200);
    }
  });

  it('answers an unknown e-mail exactly like a wrong password (no enumeration)', async () => {
    const { email } = await verifiedUser(t);
    const wrong = await post(t, '/api/auth/login', { email, password: 'wrong-password' });
    const unknown = await post(t, '/api/auth/login', { email: `nobody-${Date.now()}@example.com`, password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('signs access tokens that expire after ACCESS_TOKEN_TTL_MIN', async () => {
    const creds = await verifiedUser(t);
    const { access_token } = (await post(t, '/api/auth/login', creds)).json();
    const claims = decodeJwt(access_token);
    expect(claims.exp! - claims.iat!).toBe(t.config.ACCESS_TOKEN_TTL_MIN * 60);
  });

  it('profile needs a valid token: missing, forged and expired are 401', async () => {
    expect((await t.app.inject({ url: '/api/user/profile' })).statusCode).toBe(401);
    const forged = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('00000000-0000-0000-0000-000000000000').setExpirationTime('1h').sign(new TextEncoder().encode('another-secret-another-secret-00000'));
    expect((await t.app.inject({ url: '/api/user/profile', headers: { authorization: `Bearer ${forged}` } })).statusCode).toBe(401);
    const { email, password } = await verifiedUser(t);
    const { user } = (await post(t, '/api/auth/login', { email, password })).json();
    const expired = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(user.id).setIssuedAt(Math.floor(Date.now() / 1000) - 7200).setExpirationTime(Math.floor(Date.now() / 1000) - 3600).sign(new TextEncoder().encode(t.config.JWT_SECRET));
    expect((await t.app.inject({ url: '/api/user/profile', headers: { authorization: `Bearer ${expired}` } })).statusCode).toBe(401);
  });
});

describe(`mail off the request path on ${testDbKind()}`, () => {
  // A mailer that can hang (an SMTP server that never answers) or fail, to show that forgot-password and
  // resend-verification answer without waiting for it: otherwise a known address would answer slower.
  let mode: 'ok' | 'hang' | 'fail' = 'ok';
  /** Sends that fail before the mail server "comes back" (SMTP down for a while). */
  let failNext = 0;
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const sent: Mail[] = [];
  const mailer: Mailer = {
    send: async (mail) => {
      if (failNext > 0) {
        failNext--;
        throw new Error('connect ECONNREFUSED');
      }
      sent.push(mail);
      if (mode === 'hang') await released;
      if (mode === 'fail') throw new Error('SMTP refused');
    },
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MIN: '1000' }, { mailer });
  });
  // Also after a failed test: the next one starts with a working mailer and nothing left hanging.
  afterEach(() => {
    release();
    mode = 'ok';
  });
  afterAll(async () => t?.close());

  const linkIn = (to: string, fragment: string) =>
    sent.filter((m) => m.to === to).map((m) => m.text.match(new RegExp(`https?://\\S*${fragment}\\S*`))?.[0]).filter(Boolean).pop();
  /** The request's answer, or a failure after a generous 5 s: a request that waits for a hung mailer never answers. */
  async function answered(url: string, email: string) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${url} did not answer within 5 s: it waits for the mail`)), 5000);
    });
    try {
      return await Promise.race([post(t, url, { email }), late]);
    } finally {
      clearTimeout(timer);
    }
  }
  async function accounts() {
    const verified = signupBody();
    expect((await post(t, '/api/auth/register', verified)).statusCode).toBe(201);
    await t.mailSettled();
    const link = linkIn(verified.email, '/auth/verify');
    expect((await post(t, '/api/auth/verify-email', { token: tokenOf(link!) })).statusCode).toBe(200);
    const unverified = signupBody();
    expect((await post(t, '/api/auth/register', unverified)).statusCode).toBe(201);
    return { verified: verified.email, unverified: unverified.email, unknown: `nobody-${Date.now()}@example.com` };
  }

  it('answers forgot-password and resend-verification at once, the same for known and unknown addresses, while the mailer hangs', async () => {
    const a = await accounts();
    mode = 'hang';
    const before = sent.length;
    const known = await answered('/api/auth/forgot-password', a.verified);
    const unknown = await answered('/api/auth/forgot-password', a.unknown);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const resent = await answered('/api/auth/resend-verification', a.unverified);
    const resentUnknown = await answered('/api/auth/resend-verification', a.unknown);
    expect(resent.statusCode).toBe(200);
    expect(resentUnknown.statusCode).toBe(200);
    expect(resentUnknown.body).toBe(resent.body);

    // The mails still go out once the mail server answers, to the real accounts only.
    release();
    await t.mailSettled();
    expect(sent.slice(before).map((m) => m.to)).toEqual([a.verified, a.unverified]);
    expect(linkIn(a.verified, '/auth/reset-password')).toMatch(/\/auth\/reset-password\?token=/);
  });

  it('signs up while the mail server is down, and sends the verification mail once it is back', async () => {
    const body = signupBody();
    failNext = 2;
    const res = await post(t, '/api/auth/register', body);
    expect(res.statusCode).toBe(201);
    await t.mailSettled();
    expect(failNext).toBe(0);
    expect(linkIn(body.email, '/auth/verify')).toMatch(/\/auth\/verify\?token=/);
  });

  it('answers 200 when the mail fails, and the failure is only logged (no unhandled rejection)', async () => {
    const a = await accounts();
    mode = 'fail';
    const known = await answered('/api/auth/forgot-password', a.verified);
    const unknown = await answered('/api/auth/forgot-password', a.unknown);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect((await answered('/api/auth/resend-verification', a.unverified)).statusCode).toBe(200);
    await t.mailSettled();
  });
});

describe(`login rate limit per IP on ${testDbKind()}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MIN: '3' });
  });
  afterAll(async () => t?.close());

  it('answers 429 once an IP has used up its login attempts, across different accounts', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await post(t, '/api/auth/login', { email: `x${i}@example.com`, password: 'whatever-1' })).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    const limited = await post(t, '/api/auth/login', { email: 'x9@example.com', password: 'whatever-1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'too_many_attempts', detail: expect.stringMatching(/Too many attempts/) });
    // Without TRUST_PROXY a forged X-Forwarded-For does not buy a fresh allowance.
    const forged = await post(t, '/api/auth/login', { email: 'x10@example.com', password: 'whatever-1' }, { 'x-forwarded-for': '203.0.113.77' });
    expect(forged.statusCode).toBe(429);
  });
});

describe(`demo seed on ${testDbKind()}`, () => {
  it('creates a verified demo account that can log in, once, and prints its e-mail and password', async () => {
    const t = await createTestApp({ SEED_DEMO: 'true' });
    try {
      const { DEMO_ACCOUNT } = await import('../src/modules/auth/demo-seed.js');
      const res = await post(t, '/api/auth/login', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
      expect(res.statusCode).toBe(200);
      const { seedDemoAccount } = await import('../src/modules/auth/demo-seed.js');
      const printed: string[] = [];
      await seedDemoAccount(t.ctx, (m) => printed.push(m));
      expect(printed.join('\n')).toContain(DEMO_ACCOUNT.email);
      expect(printed.join('\n')).toContain(DEMO_ACCOUNT.password);
      const rows = await t.ctx.db.select().from(users);
      expect(rows.filter((r) => r.email === DEMO_ACCOUNT.email)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
