import { Badge, Group, Table, Text } from '@mantine/core';
import type { OpeningDto } from '../api/measure-api';
import { openingAreaMm2, openingSizeMm } from '../utils/quantities';

/** Each window and door of a room (or of the outside) with its size in mm and its area. */
export function OpeningsList({ windows, doors, areaFmt }: { windows: OpeningDto[]; doors: OpeningDto[]; areaFmt: (a: number) => string }) {
  const rows = [...windows.map((o) => ({ o, kind: 'Window' as const })), ...doors.map((o) => ({ o, kind: 'Door' as const }))];
  if (!rows.length) return <Text size="xs" c="dimmed">No windows or doors detected.</Text>;
  return (
    <Table fz="xs" verticalSpacing={2} horizontalSpacing="xs">
      <Table.Tbody>
        {rows.map(({ o, kind }, k) => {
          const s = openingSizeMm(o);
          return (
            <Table.Tr key={`${kind}${o.id ?? k}`}>
              <Table.Td><Badge size="xs" variant="light" color={kind === 'Window' ? 'teal' : 'red'}>{kind}</Badge></Table.Td>
              <Table.Td>{o.tag || o.keyword || o.id}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>W {Math.round(s.widthMm)} × H {Math.round(s.heightMm)} mm</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{areaFmt(openingAreaMm2(o))}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

export function OpeningCounts({ windows, doors }: { windows: number; doors: number }) {
  return (
    <Group gap={4}>
      <Badge size="sm" variant="light" color="teal">{windows} window{windows === 1 ? '' : 's'}</Badge>
      <Badge size="sm" variant="light" color="red">{doors} door{doors === 1 ? '' : 's'}</Badge>
    </Group>
  );
}
