import { Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ProfileResponse } from '@plansight/contracts';
import { IconCalendar, IconClock, IconFolder, IconLogout, IconStack2, IconTicket } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useLogout } from '../../../components/layout';
import { apiRequest } from '../../../lib/api-client';
import { StatCard } from '../components/stat-card';
import { useSession } from '../../../lib/session';

const longDate = (iso?: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }) : 'N/A';

/** The signed-in user's figures (spec section 2, Dashboard). */
export default function DashboardPage() {
  const user = useSession()?.user;
  const logout = useLogout();
  // The spec's test call: its answer is only logged.
  const testCall = useMutation({
    mutationFn: () => apiRequest<ProfileResponse>('/user/profile'),
    onSuccess: (data) => {
      console.log('GET /api/user/profile', data);
      notifications.show({ color: 'teal', message: 'API call succeeded. The result is in the browser console.' });
    },
    onError: (err) => {
      console.log('GET /api/user/profile failed', err);
      notifications.show({ color: 'red', message: 'API call failed. The details are in the browser console.' });
    },
  });
  if (!user) return null;
  const total = user.total_plan ?? user.remain_plan + user.used_plan;

  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="xl">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              Welcome Back!
            </Title>
            <Text c="dimmed" mt={4}>
              {user.company_name || user.email} · {user.email}
            </Text>
          </div>
          <Group gap="sm">
            <Button component={Link} to="/projects" leftSection={<IconFolder size={16} />}>
              View Projects
            </Button>
            <Button variant="default" loading={testCall.isPending} onClick={() => testCall.mutate()}>
              Test API Call
            </Button>
            <Button variant="subtle" color="gray" leftSection={<IconLogout size={16} />} onClick={logout}>
              Logout
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <StatCard label="Plans remaining" value={user.remain_plan} icon={<IconTicket size={22} />} color="teal" />
          <StatCard label="Plans used" value={user.used_plan} icon={<IconStack2 size={22} />} color="blue" />
          <StatCard label="Total plans" value={total} icon={<IconStack2 size={22} />} color="grape" />
          <StatCard label="Member since" value={<Text span fz={18} fw={700}>{longDate(user.created_at)}</Text>} icon={<IconCalendar size={22} />} color="orange" />
          <StatCard label="Last login" value={<Text span fz={18} fw={700}>{longDate(user.last_login)}</Text>} icon={<IconClock size={22} />} color="cyan" />
        </SimpleGrid>
        <Paper withBorder radius="lg" p="lg" bg="blue.0" style={{ borderColor: 'var(--mantine-color-blue-1)' }}>
          <Group justify="space-between">
            <div>
              <Text fw={700}>Need more plans?</Text>
              <Text size="sm" c="dimmed">Each project uses one plan. Buy more at any time.</Text>
            </div>
            <Button component={Link} to="/upgrade-plans" variant="white">Upgrade Plan</Button>
          </Group>
        </Paper>
      </Stack>
    </Container>
  );
}
