import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';

/** Footer of every page; the copyright year is fixed by the spec (section 9). */
export function AppFooter() {
  const session = useSession();
  return (
    <Container size="xl" py="lg">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          © 2024 Plansight. All rights reserved.
        </Text>
        <Group gap="lg">
          <Anchor component={Link} to="/home" size="sm" c="dimmed">Home</Anchor>
          {session ? (
            <>
              <Anchor component={Link} to="/projects" size="sm" c="dimmed">Projects</Anchor>
              <Anchor component={Link} to="/contact" size="sm" c="dimmed">Contact Us</Anchor>
            </>
          ) : (
            <>
              <Anchor component={Link} to="/auth/login" size="sm" c="dimmed">Log in</Anchor>
              <Anchor component={Link} to="/auth/signup" size="sm" c="dimmed">Sign up</Anchor>
            </>
          )}
        </Group>
      </Group>
    </Container>
  );
}
