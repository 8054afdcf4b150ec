import { Group, Paper, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** A row of small figure cards (label above, value below), each with an optional explaining tooltip. */
export function StatCards({ items, cols = 5 }: { items: [string, string | number, string?][]; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: cols }} spacing="sm">
      {items.map(([k, v, tip]) => (
        <Paper key={k} withBorder radius="md" p="sm" data-stat={k}>
          <Group gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>{k}</Text>
            {tip && <Tooltip label={tip} multiline w={240} withArrow><IconInfoCircle size={14} color="var(--mantine-color-gray-5)" aria-label={tip} /></Tooltip>}
          </Group>
          <Text fw={700} size="lg">{v}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
