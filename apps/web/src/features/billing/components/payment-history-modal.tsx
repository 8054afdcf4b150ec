import { useEffect } from 'react';
import { Alert, Badge, Center, Loader, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { fetchPayments, formatPrice, paymentHistoryError } from '../api/billing-api';

const statusColor = (s: string) => (s === 'paid' ? 'teal' : s === 'pending' ? 'yellow' : 'gray');
const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long' });

/** 'View Purchase History' (spec section 2 and the payment-history rows of section 8). */
export function PaymentHistoryModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const payments = useQuery({ queryKey: ['my-payments'], queryFn: fetchPayments, enabled: opened, retry: false, staleTime: 0 });
  const error = payments.isError ? paymentHistoryError(payments.error) : null;
  useEffect(() => {
    if (error && opened) alert(error);
  }, [error, opened]);

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700} size="lg">Purchase History</Text>} size="xl" fullScreen={phone}>
      {payments.isLoading && <Center py="xl"><Loader /></Center>}
      {error && <Alert color="red">{error}</Alert>}
      {payments.isSuccess && payments.data.length === 0 && (
        <Stack align="center" gap="xs" py="xl">
          <IconReceipt size={36} color="var(--mantine-color-gray-5)" />
          <Text c="dimmed">No payment history found.</Text>
        </Stack>
      )}
      {payments.isSuccess && payments.data.length > 0 && (
        <ScrollArea type="auto">
          <Table striped highlightOnHover verticalSpacing="sm" miw={520}>
            <Table.Thead>
              <Table.Tr><Table.Th>Date</Table.Th><Table.Th>Product</Table.Th><Table.Th ta="right">Amount</Table.Th><Table.Th>Status</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.data.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{longDate(r.created_at)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>{r.product_name}</Text>
                    {r.description && <Text size="xs" c="dimmed" lineClamp={1}>{r.description}</Text>}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatPrice({ amount: r.amount, currency: r.currency, interval: null })}</Table.Td>
                  <Table.Td><Badge color={statusColor(r.status)} variant="light">{r.status}</Badge></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Modal>
  );
}
