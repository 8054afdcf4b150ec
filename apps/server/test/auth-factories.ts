import type { TestApp } from './helpers.js';

let n = 0;
/** A valid sign-up body; override any field. */
export const signupBody = (over: Record<string, unknown> = {}) => ({
  companyName: 'Acme Painting',
  email: `user-${Date.now().toString(36)}-${n++}@example.com`,
  phone: '061412345678',
  password: 'correct-horse-9',
  confirmPassword: 'correct-horse-9',
  ...over,
});

export const post = (t: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

/**
 * The newest link containing `fragment` in a mail to `to`, decoded from quoted-printable. Some mails go out
 * in the background, so it first waits (bounded) for those still being sent.
 */
export async function linkFromOutbox(t: TestApp, to: string, fragment: string): Promise<string | undefined> {
  await t.mailSettled();
  for (const raw of t.outbox().reverse()) {
    if (!raw.includes(to)) continue;
    const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const m = text.match(new RegExp(`https?://[^\\s"<>]*${fragment}[^\\s"<>]*`));
    if (m) return m[0];
  }
  return undefined;
}

export const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

/** Registers, verifies through the mailed link, and returns the credentials. */
export async function verifiedUser(t: TestApp, over: Record<string, unknown> = {}) {
  const body = signupBody(over);
  const reg = await post(t, '/api/auth/register', body);
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const link = await linkFromOutbox(t, body.email, '/auth/verify');
  if (!link) throw new Error('no verification mail');
  const v = await post(t, '/api/auth/verify-email', { token: tokenOf(link) });
  if (v.statusCode !== 200) throw new Error(`verify failed: ${v.body}`);
  return { email: body.email, password: body.password };
}
