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

/** Login, signup and forgot-password: a signed-in user goes to /projects. */
export function RequireGuest({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session) return <Navigate to="/projects" replace />;
  return <>{children}</>;
}
