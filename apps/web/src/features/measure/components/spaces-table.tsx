import { Checkbox, Table, Text } from '@mantine/core';
import type { RoomDto } from '../api/measure-api';
import { fmtM, roomTitle } from '../utils/format';
import { roomTotals } from '../utils/quantities';

/** Columns: checkbox, space name, skirting, ceiling area, net wall area, windows, doors; totals over the selected rooms. */
export function SpacesTable({ rooms, selected, highlighted, onToggle, onHover, areaFmt }: {
  rooms: RoomDto[]; selected: Set<number>; highlighted: number | null; onToggle: (i: number) => void; onHover: (i: number | null) => void; areaFmt: (a: number) => string;
}) {
  const t = roomTotals(rooms.filter((_, i) => selected.has(i)));
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover withTableBorder data-testid="spaces-table">
        <Table.Thead>
          <Table.Tr><Table.Th w={40} /><Table.Th>Space</Table.Th><Table.Th ta="right">Skirting</Table.Th><Table.Th ta="right">Ceiling area</Table.Th><Table.Th ta="right">Net wall area</Table.Th><Table.Th ta="right">Windows</Table.Th><Table.Th ta="right">Doors</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rooms.map((r, i) => (
            <Table.Tr key={r.id ?? i} bg={highlighted === i ? 'orange.0' : undefined} onMouseEnter={() => onHover(i)} onMouseLeave={() => onHover(null)} c={r.excluded ? 'dimmed' : undefined}>
              <Table.Td><Checkbox checked={selected.has(i)} disabled={r.excluded} onChange={() => onToggle(i)} aria-label={`Select ${r.label || roomTitle(r, i)} in table`} /></Table.Td>
              <Table.Td>{roomTitle(r, i)}{r.view && <Text span size="xs" c="dimmed"> · {r.view}</Text>}</Table.Td><Table.Td ta="right">{fmtM(r.perimeter_mm)}</Table.Td><Table.Td ta="right">{areaFmt(r.ceiling_area)}</Table.Td>
              <Table.Td ta="right">{areaFmt(r.net_wall_area)}</Table.Td><Table.Td ta="right">{r.windows.length}</Table.Td><Table.Td ta="right">{r.doors.length}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr fw={700}>
            <Table.Td /><Table.Td>Total ({t.count} selected)</Table.Td><Table.Td ta="right">{fmtM(t.skirtingMm)}</Table.Td><Table.Td ta="right">{areaFmt(t.ceilingAreaMm2)}</Table.Td>
            <Table.Td ta="right">{areaFmt(t.netWallAreaMm2)}</Table.Td><Table.Td ta="right">{t.windows}</Table.Td><Table.Td ta="right">{t.doors}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
