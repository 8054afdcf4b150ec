import { useEffect, useState } from 'react';
import { Alert, Button, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { createCheckout, fetchProducts, refreshPlanCount } from '../api/billing-api';
import { PaymentHistoryModal } from '../components/payment-history-modal';
import { ProductCard } from '../components/product-card';
import { byPlanCount } from '../utils/product-order';

/** /upgrade-plans (spec sections 2, 4, 8): products on sale, purchase, and the purchase history. */
export default function UpgradePlansPage() {
  const session = useSession();
  const products = useQuery({ queryKey: ['products'], queryFn: fetchProducts });
  const [processing, setProcessing] = useState<string | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [params, setParams] = useSearchParams();

  // Back from Stripe Checkout: the webhook credits, so re-read the count (it may lag by a moment).
  useEffect(() => {
    const outcome = params.get('checkout');
    if (!outcome) return;
    setParams({}, { replace: true });
    if (outcome === 'success') {
      notifications.show({ color: 'teal', title: 'Payment received', message: 'Thank you! Your plans are being added to your account.' });
      const timers = [0, 2000, 5000].map((ms) => window.setTimeout(() => void refreshPlanCount().catch(() => undefined), ms));
      return () => timers.forEach((t) => window.clearTimeout(t));
    }
    notifications.show({ color: 'gray', title: 'Checkout cancelled', message: 'No payment was taken.' });
  }, [params, setParams]);

  async function purchase(priceId: string | null, id: string) {
    if (!priceId) return alert('Unable to find price information for this product. Please contact support.');
    setProcessing(id);
    try {
      const res = await createCheckout(priceId);
      const url = res.url || res.checkout_url;
      if (!url) throw new Error('No checkout URL received from server');
      window.location.assign(url);
    } catch (e) {
      setProcessing(null);
      alert(`Purchase failed: ${(e as Error).message}. Please try again or contact support.`);
    }
  }

  // The purchase page sorts by the number in unit_label, else by name (spec section 7).
  const sorted = byPlanCount(products.data ?? []);
  const remaining = session?.user.remain_plan;
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Group justify="space-between" align="flex-end" mb="xl" gap="md">
        <Stack gap={4}>
          <Title order={2}>Upgrade Plans</Title>
          <Text c="dimmed">
            Each project uses one plan.{' '}
            {typeof remaining === 'number' && <>You have <Text span fw={700} c="dark" data-testid="upgrade-remaining">{remaining}</Text> remaining.</>}
          </Text>
        </Stack>
        <Button variant="default" leftSection={<IconHistory size={16} />} onClick={() => setHistoryOpen(true)}>
          View Purchase History
        </Button>
      </Group>
      {products.isLoading && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" aria-busy="true">
          {[0, 1, 2].map((i) => <Skeleton key={i} h={340} radius="md" />)}
        </SimpleGrid>
      )}
      {products.isError && (
        <Alert color="red" icon={<IconAlertCircle />} title="Failed to load available plans. Please try again.">
          <Button size="xs" mt="xs" color="red" variant="light" onClick={() => void products.refetch()}>Retry</Button>
        </Alert>
      )}
      {products.isSuccess && sorted.length === 0 && (
        <Card withBorder radius="md" padding="xl">
          <Text fw={600}>No upgrade plans are currently available.</Text>
          <Text c="dimmed" size="sm">Please contact support for more information.</Text>
        </Card>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {sorted.map((p, i) => (
          <ProductCard
            key={p.id}
            product={p}
            highlighted={sorted.length === 3 && i === 1}
            processing={processing === p.id}
            disabled={processing !== null}
            onPurchase={() => void purchase(p.price_id, p.id)}
          />
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" ta="center" mt="xl">One-time payments, no subscription. Plans are added to your account as soon as the payment completes.</Text>
      <PaymentHistoryModal opened={historyOpen} onClose={() => setHistoryOpen(false)} />
    </Container>
  );
}
