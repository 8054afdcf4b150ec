import { describe, expect, it } from 'vitest';
import { loginRequestSchema, registerRequestSchema, resetPasswordRequestSchema } from './auth.js';

const valid = { companyName: ' Acme ', email: ' Jo@Example.COM ', phone: '061412345678', password: 'long-enough-1', confirmPassword: 'long-enough-1' };
const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('auth schemas shared by the forms and the server', () => {
  it('trims and lower-cases the e-mail and trims the company name', () => {
    const v = registerRequestSchema.parse(valid);
    expect(v.email).toBe('jo@example.com');
    expect(v.companyName).toBe('Acme');
  });

  it('names every missing sign-up field', () => {
    const r = registerRequestSchema.safeParse({ companyName: '', email: '', phone: '', password: '', confirmPassword: '' });
    expect(messages(r)).toMatchObject({
      companyName: 'Company name is required',
      email: 'Email is required',
      phone: 'Phone is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
  });

  it("says 'Passwords do not match' on the confirm field", () => {
    const r = registerRequestSchema.safeParse({ ...valid, confirmPassword: 'other-password-2' });
    expect(messages(r)).toEqual({ confirmPassword: 'Passwords do not match' });
    const reset = resetPasswordRequestSchema.safeParse({ token: 't', password: 'long-enough-1', confirmPassword: 'nope-nope-1' });
    expect(messages(reset)).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it('rejects an invalid e-mail and a short password', () => {
    const r = registerRequestSchema.safeParse({ ...valid, email: 'nope', password: 'short', confirmPassword: 'short' });
    expect(messages(r)).toMatchObject({ email: 'Please enter a valid email address', password: expect.stringMatching(/at least 8/) });
  });

  it('login needs only a present password (old accounts may have short ones)', () => {
    expect(loginRequestSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(messages(loginRequestSchema.safeParse({ email: 'a@b.co', password: '' }))).toEqual({ password: 'Password is required' });
  });
});
