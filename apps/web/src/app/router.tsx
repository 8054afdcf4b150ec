import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout } from '../components/layout';
import { RequireAuth, RequireGuest } from './guards';

const page = (load: () => Promise<{ default: ComponentType }>) => {
  const C = lazy(load);
  return (
    <Suspense fallback={<Center h="60vh"><Loader /></Center>}>
      <C />
    </Suspense>
  );
};
const authed = (el: ReactNode) => <RequireAuth>{el}</RequireAuth>;
const guest = (el: ReactNode) => <RequireGuest>{el}</RequireGuest>;

/**
 * The route table of product-spec section 2, plus verify/reset pages, the walls view and test checkout.
 * Every page sits inside the layout route, so each gets the shared header and footer.
 */
export const router = createBrowserRouter([
  { path: '/', element: <Navigate to="/home" replace /> },
  {
    element: <AppLayout />,
    children: [
      { path: '/home', element: page(() => import('../features/marketing/routes/home-page')) },
      { path: '/auth/login', element: guest(page(() => import('../features/auth/routes/login-page'))) },
      { path: '/auth/signup', element: guest(page(() => import('../features/auth/routes/signup-page'))) },
      { path: '/auth/forgot-password', element: guest(page(() => import('../features/auth/routes/forgot-password-page'))) },
      { path: '/auth/verify', element: page(() => import('../features/auth/routes/verify-page')) },
      { path: '/auth/reset-password', element: page(() => import('../features/auth/routes/reset-password-page')) },
      { path: '/dashboard', element: authed(page(() => import('../features/dashboard/routes/dashboard-page'))) },
      { path: '/projects', element: authed(page(() => import('../features/projects/routes/projects-page'))) },
      { path: '/projects/create', element: authed(page(() => import('../features/projects/routes/create-project-page'))) },
      { path: '/projects/:projectId/ceiling-scale', element: authed(page(() => import('../features/measure/routes/ceiling-scale-page'))) },
      { path: '/projects/:projectId/results', element: authed(page(() => import('../features/measure/routes/results-page'))) },
      { path: '/projects/:projectId/walls', element: authed(page(() => import('../features/measure/routes/walls-page'))) },
      { path: '/contact', element: authed(page(() => import('../features/support/routes/contact-page'))) },
      { path: '/upgrade-plans', element: authed(page(() => import('../features/billing/routes/upgrade-plans-page'))) },
      { path: '/checkout/test/:sessionId', element: authed(page(() => import('../features/billing/routes/test-checkout-page'))) },
      { path: '*', element: page(() => import('./not-found-page')) },
    ],
  },
]);
