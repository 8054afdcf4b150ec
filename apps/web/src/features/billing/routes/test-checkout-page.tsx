import { useState } from 'react';
import { Alert, Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCreditCard, IconFlask } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { confirmTestCheckout, refreshPlanCount } from '../api/billing-api';

const NOT_CREDITED = 'This checkout was already completed or belongs to another account. No plans were added.';

/**
 * Local test-mode checkout (no STRIPE_SECRET_KEY): no card data leaves the page; 'Pay' fulfils the
 * session through the same path as Stripe's webhook.
 */
export default function TestCheckoutPage() {
  const { sessionId = '' } = useParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pay() {
    setBusy(true);
    try {
      const { credited } = await confirmTestCheckout(sessionId);
      // Already paid, or a checkout started by someone else: nothing was added, so say so.
      if (!credited) {
        setError(NOT_CREDITED);
        setBusy(false);
        return;
      }
      const u = await refreshPlanCount().catch(() => null);
      notifications.show({ color: 'teal', title: 'Payment successful', message: u ? `Your plans have been added. You now have ${u.remain_plan} remaining.` : 'Your plans have been added.' });
      navigate('/upgrade-plans');
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  }

  return (
    <Container size={480} py={{ base: 'md', sm: 'xl' }}>
      <Card withBorder radius="md" padding="xl" shadow="sm">
        <Stack>
          <Alert color="orange" variant="light" icon={<IconFlask />} title="Test mode: no real payment">
            Stripe is not configured on this server, so this page stands in for the card checkout. No card is charged.
          </Alert>
          <Group gap="xs">
            <IconCreditCard size={22} />
            <Title order={3}>Checkout</Title>
            <Badge color="orange" variant="outline" ml="auto">Test</Badge>
          </Group>
          <TextInput label="Card number" defaultValue="4242 4242 4242 4242" readOnly />
          <SimpleGrid cols={2}>
            <TextInput label="Expiry" defaultValue="12 / 34" readOnly />
            <TextInput label="CVC" defaultValue="123" readOnly />
          </SimpleGrid>
          {error && <Alert color="red">{error}</Alert>}
          <Button size="md" onClick={() => void pay()} loading={busy}>Pay (test card)</Button>
          <Button variant="subtle" color="gray" onClick={() => navigate('/upgrade-plans')} disabled={busy}>Cancel</Button>
          <Text size="xs" c="dimmed" ta="center">Reference {sessionId}</Text>
        </Stack>
      </Card>
    </Container>
  );
}
