import { useSyncExternalStore } from 'react';

/** The user record from login (product-spec section 3), plus the company name. */
export interface SessionUser {
  id: string;
  email: string;
  company_name?: string;
  remain_plan: number;
  used_plan: number;
  total_plan?: number;
  can_create_project: boolean;
  created_at?: string;
  last_login?: string | null;
}

export interface Session {
  accessToken: string;
  tokenType: string;
  user: SessionUser;
}

const KEYS = { token: 'access_token', type: 'token_type', user: 'user', username: 'username' } as const;
const listeners = new Set<() => void>();
let cached: { raw: string | null; session: Session | null } = { raw: null, session: null };

function read(): Session | null {
  const token = localStorage.getItem(KEYS.token);
  const rawUser = localStorage.getItem(KEYS.user);
  const raw = `${token}|${localStorage.getItem(KEYS.type)}|${rawUser}`;
  if (raw === cached.raw) return cached.session;
  let session: Session | null = null;
  if (token && rawUser) {
    try {
      session = { accessToken: token, tokenType: localStorage.getItem(KEYS.type) || 'bearer', user: JSON.parse(rawUser) };
    } catch {
      session = null;
    }
  }
  cached = { raw, session };
  return session;
}

const emit = () => listeners.forEach((l) => l());

/** Signed-in status is decided by the stored token (spec section 2). */
export const getSession = read;

export function setSession(s: { access_token: string; token_type?: string; user: SessionUser }): void {
  localStorage.setItem(KEYS.token, s.access_token);
  localStorage.setItem(KEYS.type, s.token_type || 'bearer');
  localStorage.setItem(KEYS.user, JSON.stringify(s.user));
  localStorage.setItem(KEYS.username, s.user.company_name || s.user.email);
  emit();
}

/** Updates the stored user record (plan counts after a purchase or a new project). */
export function updateSessionUser(patch: Partial<SessionUser>): void {
  const s = read();
  if (!s) return;
  localStorage.setItem(KEYS.user, JSON.stringify({ ...s.user, ...patch }));
  emit();
}

export function clearSession(): void {
  Object.values(KEYS).forEach((k) => localStorage.removeItem(k));
  emit();
}

/** Stored username for issue titles ('Report Issue by' + name). */
export const getStoredUsername = () => localStorage.getItem(KEYS.username);

export function useSession(): Session | null {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      const onStorage = () => cb();
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(cb);
        window.removeEventListener('storage', onStorage);
      };
    },
    read,
    () => null,
  );
}
