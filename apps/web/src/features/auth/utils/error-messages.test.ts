import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { forgotPasswordError, loginError, signupError } from './error-messages';

const apiError = (status: number, body: unknown) => new ApiError(status, body, body ? JSON.stringify(body) : '');

describe('auth error messages (spec section 8)', () => {
  it('login shows the server message, else the status, else the fallback', () => {
    expect(loginError(apiError(401, { detail: 'Invalid email or password', message: 'Invalid email or password', code: 'invalid_credentials' }))).toEqual({
      message: 'Invalid email or password',
      code: 'invalid_credentials',
    });
    expect(loginError(apiError(403, { error: 'Nope' })).message).toBe('Nope');
    expect(loginError(apiError(500, undefined)).message).toBe('Login failed: 500');
    expect(loginError(new TypeError('Failed to fetch')).message).toBe('Login failed. Please try again.');
  });

  it('login keeps the invalid-response message', () => {
    const err = new Error('Invalid response format: missing access_token or user data');
    expect(loginError(err).message).toBe('Invalid response format: missing access_token or user data');
  });

  it('signup lists each 422 entry under Validation errors:', () => {
    const body = {
      detail: [
        { loc: ['body', 'email'], msg: 'Please enter a valid email address', type: 'invalid_format' },
        { loc: ['body', 'phone'], msg: 'Please enter a valid phone number', type: 'invalid_format' },
      ],
    };
    expect(signupError(apiError(422, body))).toEqual({
      message: 'Validation errors:',
      items: ['email: Please enter a valid email address', 'phone: Please enter a valid phone number'],
      code: undefined,
    });
  });

  it('signup shows a duplicate e-mail message from the server and falls back per the spec', () => {
    const dup = signupError(apiError(409, { detail: 'An account with this email already exists.', code: 'email_taken' }));
    expect(dup).toEqual({ message: 'An account with this email already exists.', code: 'email_taken' });
    expect(signupError(apiError(422, { detail: 'plain text' })).message).toBe('plain text');
    expect(signupError(apiError(502, undefined)).message).toBe('Signup failed: 502');
    expect(signupError(new TypeError('network')).message).toBe('Signup failed. Please try again.');
  });

  it('forgot password uses its own status and fallback texts', () => {
    expect(forgotPasswordError(apiError(429, { message: 'Too many attempts.' })).message).toBe('Too many attempts.');
    expect(forgotPasswordError(apiError(503, null)).message).toBe('Request failed: 503');
    expect(forgotPasswordError(new TypeError('x')).message).toBe('Failed to send reset email. Please try again.');
  });
});
