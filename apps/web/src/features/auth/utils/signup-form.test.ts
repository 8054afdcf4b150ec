import { registerRequestSchema } from '@plansight/contracts';
import { describe, expect, it } from 'vitest';
import { signupFormSchema, toRegisterRequest } from './signup-form';

const valid = {
  companyName: 'Acme Painting',
  email: 'Office@Acme.test',
  country: 'AU',
  phone: '412 345 678',
  password: 'correct-horse',
  confirmPassword: 'correct-horse',
};

const messages = (input: object) => {
  const r = signupFormSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('signup form', () => {
  it('builds a register body the server accepts, phone as 0 + code + number', () => {
    const body = toRegisterRequest(signupFormSchema.parse(valid));
    expect(body).toEqual({ ...valid, email: 'office@acme.test', phone: '061412345678', country: undefined, confirmPassword: 'correct-horse' });
    expect(registerRequestSchema.safeParse(body).success).toBe(true);
  });

  it('requires every field', () => {
    const empty = { companyName: '', email: '', country: 'AU', phone: '', password: '', confirmPassword: '' };
    expect(messages(empty)).toEqual([
      'companyName: Company name is required',
      'email: Email is required',
      'phone: Phone is required',
      'password: Password is required',
      'confirmPassword: Please confirm your password',
    ]);
  });

  it('says when the passwords do not match or the e-mail is invalid', () => {
    expect(messages({ ...valid, confirmPassword: 'other-password' })).toEqual(['confirmPassword: Passwords do not match']);
    expect(messages({ ...valid, email: 'not-an-email' })).toEqual(['email: Please enter a valid email address']);
    expect(messages({ ...valid, phone: '12a' })).toEqual(['phone: Please enter a valid phone number']);
    expect(messages({ ...valid, email: 'x', confirmPassword: 'other-password' })).toEqual([
      'email: Please enter a valid email address',
      'confirmPassword: Passwords do not match',
    ]);
    expect(messages({ ...valid, companyName: '', email: 'bad@', phone: '12ab', password: 'short', confirmPassword: 'shorter' })).toEqual([
      'companyName: Company name is required',
      'email: Please enter a valid email address',
      'phone: Please enter a valid phone number',
      'password: Password must be at least 8 characters long',
      'confirmPassword: Passwords do not match',
    ]);
  });
});
