import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/session';

/** Signed-in routes: a signed-out visitor goes to /auth/login, which remembers where they came from. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/auth/login" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}

/** Where RequireAuth's redirect memory points, when it is a safe in-app page; else /projects. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/auth/') ? from : '/projects';
}

/**
 * Login, signup and forgot-password: a signed-in user goes to /projects, or, just after logging in, back to
 * the page they were sent away from. This is also how login leaves: it stores the session and this guard
 * moves on, so there is one navigation and not two racing ones.
 */
export function RequireGuest({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session) return <Navigate to={returnPath(location.state)} replace />;
  return <>{children}</>;
}
