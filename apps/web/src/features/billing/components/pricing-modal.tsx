import { Alert, Anchor, Button, Card, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { billingPeriod, fetchProducts, formatPrice } from '../api/billing-api';
import { byPrice } from '../utils/product-order';

/** The public pricing modal (spec section 2, Modals), opened from the shared header. */
export function PricingModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const products = useQuery({ queryKey: ['products'], queryFn: fetchProducts, enabled: opened });
  // Sorted by ascending price; unpriced products last.
  const sorted = byPrice(products.data ?? []);
  return (
    <Modal opened={opened} onClose={onClose} title="Price" size="xl">
      <Stack>
        <Alert color="teal" title="Get Started Free!">
          <Group justify="space-between">
            <Text size="sm">Sign up and get 3 FREE plans.</Text>
            <Button component={Link} to="/auth/signup" onClick={onClose} size="xs">Sign Up Free</Button>
          </Group>
        </Alert>
        {products.isLoading && <Loader />}
        {products.isError && <Alert color="red">Failed to load pricing plans. Please try again later.</Alert>}
        {products.isSuccess && sorted.length === 0 && <Text>No pricing plans available at the moment.</Text>}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {sorted.map((p) => (
            <Card key={p.id} withBorder radius="md">
              <Text fw={700}>{p.name}</Text>
              <Text size="xl" fw={800}>{formatPrice(p.price)}</Text>
              <Text size="sm" c="dimmed">{billingPeriod(p.price)} · {p.unit_label}</Text>
              <Text size="sm" mt="xs">{p.description}</Text>
            </Card>
          ))}
        </SimpleGrid>
        <Text size="sm" ta="center">
          Already have an account?{' '}
          <Anchor component={Link} to="/auth/login" onClick={onClose}>Log in</Anchor>
        </Text>
      </Stack>
    </Modal>
  );
}
