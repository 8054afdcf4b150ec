import { AppShell, Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';

export const HEADER_HEIGHT_PX = 64;

/** Layout route of every page: the shared header, the page, and the footer. */
export function AppLayout() {
  return (
    <AppShell header={{ height: HEADER_HEIGHT_PX }} padding={0}>
      <AppShell.Header withBorder={false}>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
        <div style={{ flex: 1 }}>
          <Suspense fallback={<Center h="60vh"><Loader /></Center>}>
            <Outlet />
          </Suspense>
        </div>
        <footer style={{ borderTop: '1px solid var(--mantine-color-gray-2)', background: 'white' }}>
          <AppFooter />
        </footer>
      </AppShell.Main>
    </AppShell>
  );
}
