import { clearSession, getSession } from './session';

/** The spec's {host}: same origin by default, or VITE_API_URL for a separate API host. */
export const API_BASE = (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') ?? '/api';

/** An HTTP error with the parsed JSON body (detail, message, error) when there was one. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: any,
    public readonly text: string,
  ) {
    super(ApiError.messageOf(body, text) ?? `Request failed: ${status}`);
    this.name = 'ApiError';
  }

  /** detail (string), message or error field of an error body, if any. */
  static messageOf(body: any, text?: string): string | undefined {
    if (body && typeof body === 'object') {
      if (typeof body.detail === 'string') return body.detail;
      if (typeof body.message === 'string') return body.message;
      if (typeof body.error === 'string') return body.error;
    }
    return text || undefined;
  }
}

export interface RequestOptions {
  method?: string;
  json?: unknown;
  form?: FormData;
  query?: Record<string, string | number | boolean | undefined>;
  /** Send the stored token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

/**
 * Calls the API. Authenticated calls send 'token_type token'; a 401 on an authenticated call clears the
 * session and reloads the page (spec section 4).
 */
export async function apiRequest<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const session = getSession();
  const auth = opts.auth ?? true;
  if (auth && session) headers.Authorization = `${session.tokenType === 'bearer' ? 'Bearer' : session.tokenType} ${session.accessToken}`;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  const qs = opts.query
    ? '?' + new URLSearchParams(Object.entries(opts.query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString()
    : '';
  const res = await fetch(`${API_BASE}${path}${qs}`, { method: opts.method ?? (body ? 'POST' : 'GET'), headers, body, signal: opts.signal });
  const text = await res.text();
  let parsed: any = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!res.ok) {
    if (res.status === 401 && auth && session) {
      clearSession();
      window.location.reload();
    }
    throw new ApiError(res.status, parsed, text);
  }
  return parsed as T;
}
