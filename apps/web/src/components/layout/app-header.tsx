import { Box, Burger, Button, Container, Divider, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PricingModal } from '../../features/billing';
import { useSession } from '../../lib/session';
import { BrandLogo } from './brand-logo';
import { HeaderActions } from './header-actions';

/** Signed-in pages below the project list get 'Back to Projects' (the spec's optional back button). */
function showsBackButton(pathname: string): boolean {
  return pathname.startsWith('/projects/') || ['/contact', '/upgrade-plans', '/dashboard'].includes(pathname) || pathname.startsWith('/checkout/');
}

/** The shared header of every page (spec section 2), with a drawer for the same actions on phones. */
export function AppHeader() {
  const session = useSession();
  const { pathname } = useLocation();
  const [drawer, { toggle, close }] = useDisclosure(false);
  const [pricing, setPricing] = useState(false);
  // Render the actions once (inline or in the drawer) so dialogs owned by them are not mounted twice.
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const back = session && showsBackButton(pathname);

  return (
    <Box h="100%" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', background: 'white' }}>
      <Container size="xl" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <BrandLogo />
            {back && (
              <Button component={Link} to="/projects" variant="subtle" color="gray" size="sm" leftSection={<IconArrowLeft size={16} />} visibleFrom="sm">
                Back to Projects
              </Button>
            )}
          </Group>
          {wide ? (
            <Group gap="xs" wrap="nowrap">
              <HeaderActions onPricing={() => setPricing(true)} />
            </Group>
          ) : (
            <Burger opened={drawer} onClick={toggle} aria-label="Open menu" size="sm" />
          )}
        </Group>
      </Container>
      {!wide && (
        <Drawer opened={drawer} onClose={close} position="right" size="xs" title={<BrandLogo />} hiddenFrom="md">
          <Stack gap="sm">
            {back && (
              <Button component={Link} to="/projects" variant="subtle" color="gray" justify="flex-start" leftSection={<IconArrowLeft size={16} />} onClick={close}>
                Back to Projects
              </Button>
            )}
            {back && <Divider />}
            <HeaderActions stacked onAction={close} onPricing={() => setPricing(true)} />
          </Stack>
        </Drawer>
      )}
      <PricingModal opened={pricing} onClose={() => setPricing(false)} />
    </Box>
  );
}
