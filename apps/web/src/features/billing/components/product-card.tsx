import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { Product } from '@plansight/contracts';
import { billingPeriod, formatPrice } from '../api/billing-api';

interface Props {
  product: Product;
  highlighted?: boolean;
  processing: boolean;
  disabled: boolean;
  onPurchase: () => void;
}

/** One purchasable product: name, price, description, features and 'Purchase' (spec section 2). */
export function ProductCard({ product: p, highlighted, processing, disabled, onPurchase }: Props) {
  return (
    <Card withBorder radius="md" padding="xl" shadow={highlighted ? 'md' : 'xs'} style={highlighted ? { borderColor: 'var(--mantine-color-blue-5)', borderWidth: 2 } : undefined}>
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="center">
          <Text fw={700} size="lg">{p.name}</Text>
          {highlighted ? <Badge variant="filled">Most popular</Badge> : <Badge variant="light" color="gray">{p.unit_label}</Badge>}
        </Group>
        <div>
          <Text fz={30} fw={800} lh={1.1}>{formatPrice(p.price)}</Text>
          <Text size="sm" c="dimmed">{billingPeriod(p.price)} · {p.unit_label}</Text>
        </div>
        <Text size="sm">{p.description}</Text>
        {p.features.length > 0 && (
          <List spacing={6} size="sm" icon={<ThemeIcon size={18} radius="xl" color="teal" variant="light"><IconCheck size={12} /></ThemeIcon>}>
            {p.features.map((f) => <List.Item key={f}>{f}</List.Item>)}
          </List>
        )}
        <Button mt="auto" fullWidth variant={highlighted ? 'filled' : 'light'} disabled={disabled} onClick={onPurchase}>
          {processing ? 'Processing...' : 'Purchase'}
        </Button>
      </Stack>
    </Card>
  );
}
