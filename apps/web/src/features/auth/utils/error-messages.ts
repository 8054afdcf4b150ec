import { ApiError } from '../../../lib/api-client';

/** The displayable form of a failure: a message, or the 422 'Validation errors:' list (spec section 8). */
export interface FormError {
  message: string;
  /** 'location: message' lines of a 422 detail list. */
  items?: string[];
  /** The server's error code, e.g. email_not_verified or email_taken. */
  code?: string;
}

/** The server's message, error or detail field, in that order (spec section 8). */
function serverMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  for (const key of ['message', 'error', 'detail'] as const) {
    if (typeof b[key] === 'string' && b[key]) return b[key];
  }
  return undefined;
}

const codeOf = (e: ApiError) => (e.body && typeof e.body.code === 'string' ? (e.body.code as string) : undefined);

/** A 422 detail entry's location without the leading 'body' the server adds. */
function locationOf(loc: unknown): string {
  if (!Array.isArray(loc)) return String(loc ?? '');
  const parts = loc[0] === 'body' && loc.length > 1 ? loc.slice(1) : loc;
  return parts.join('.');
}

/**
 * Builds an error message the spec's way: the server's text, else '{prefix}: {status}' for an HTTP failure,
 * else the fallback (network failure and the like).
 */
function describe(err: unknown, prefix: string, fallback: string): FormError {
  if (err instanceof ApiError) return { message: serverMessage(err.body) ?? `${prefix}: ${err.status}`, code: codeOf(err) };
  if (err instanceof Error && err.message.startsWith('Invalid response format')) return { message: err.message };
  return { message: fallback };
}

export const loginError = (err: unknown) => describe(err, 'Login failed', 'Login failed. Please try again.');

export const forgotPasswordError = (err: unknown) => describe(err, 'Request failed', 'Failed to send reset email. Please try again.');

/** Signup: a 422 detail list becomes 'Validation errors:' plus one line per entry. */
export function signupError(err: unknown): FormError {
  if (err instanceof ApiError && err.status === 422 && Array.isArray(err.body?.detail)) {
    const items = (err.body.detail as { loc?: unknown; msg?: unknown }[]).map((d) => `${locationOf(d.loc)}: ${String(d.msg ?? '')}`);
    return { message: 'Validation errors:', items, code: codeOf(err) };
  }
  return describe(err, 'Signup failed', 'Signup failed. Please try again.');
}

/** Verify and reset pages: the server's message, else a generic one. */
export const linkError = (err: unknown, fallback: string) => describe(err, 'Request failed', fallback);
