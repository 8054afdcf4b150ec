import { ActionIcon, Badge, Button, Group, NumberInput, Paper, SegmentedControl, Stack, Switch, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconRestore, IconTrash } from '@tabler/icons-react';
import { fmtM } from '../utils/format';
import { measureEditRoom, type EditOpening, type EditRoom } from './editor-state';

/** The selected room: name, counted, its figures (re-measured as it changes), its windows and doors. */
export function RoomPanel({ room, ceilingHeightMm, corner, areaFmt, sharedWith = () => [], onPatch, onDelete, onReset, onDeleteCorner, onOpening, onDeleteOpening }: {
  room: EditRoom; ceilingHeightMm: number; corner: number | null; areaFmt: (a: number) => string;
  /** The other rooms (names) that hold the same window or door: it is in the wall between them. */
  sharedWith?: (openingId: string) => string[];
  onPatch: (p: { label?: string; excluded?: boolean }) => void; onDelete: () => void; onReset: () => void; onDeleteCorner: () => void;
  onOpening: (id: string, p: Partial<Omit<EditOpening, 'id'>>) => void; onDeleteOpening: (id: string) => void;
}) {
  const q = measureEditRoom(room, ceilingHeightMm);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="room-panel" data-room-id={room.id}>
      <Stack gap="xs">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput key={room.id} size="xs" label="Room name" defaultValue={room.label} maxLength={80} style={{ flex: 1 }}
            onBlur={(e) => { const v = e.currentTarget.value.trim(); if (v && v !== room.label) onPatch({ label: v }); }}
            onKeyDown={(e) => { if (e.key === 'Enter') e.currentTarget.blur(); }} />
          <Switch size="sm" label="Counted" checked={!room.excluded} onChange={(e) => onPatch({ excluded: !e.currentTarget.checked })} />
        </Group>
        <Group gap="lg" data-testid="room-figures">
          <div><Text size="xs" c="dimmed">Skirting</Text><Text fw={600} size="sm" data-figure="perimeter">{fmtM(q.perimeter_mm)}</Text></div>
          <div><Text size="xs" c="dimmed">Ceiling</Text><Text fw={600} size="sm" data-figure="ceiling" data-mm2={q.ceiling_area}>{areaFmt(q.ceiling_area)}</Text></div>
          <div><Text size="xs" c="dimmed">Net wall</Text><Text fw={600} size="sm" data-figure="net-wall" data-mm2={q.net_wall_area}>{areaFmt(q.net_wall_area)}</Text></div>
          <div><Text size="xs" c="dimmed">Corners</Text><Text fw={600} size="sm">{room.polygon.length}</Text></div>
        </Group>
        <Group gap={6}>
          <Button size="xs" variant="default" color="red" disabled={corner == null || room.polygon.length <= 3} onClick={onDeleteCorner}>Delete corner</Button>
          <Button size="xs" variant="default" leftSection={<IconRestore size={14} />} onClick={onReset}>Reset to detected</Button>
          <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>Delete room</Button>
        </Group>
        <Text size="sm" fw={600}>Windows and doors</Text>
        {room.openings.length === 0 && <Text size="xs" c="dimmed">None. Pick "+ Window" or "+ Door" and click a wall of this room.</Text>}
        {room.openings.length > 0 && (
          <Table verticalSpacing={4} horizontalSpacing={4} data-testid="openings-table">
            <Table.Tbody>
              {room.openings.map((o) => (
                <Table.Tr key={o.id} data-opening-row={o.id}>
                  <Table.Td>
                    <SegmentedControl size="xs" value={o.kind} onChange={(v) => onOpening(o.id, { kind: v as EditOpening['kind'] })}
                      data={[{ value: 'window', label: 'Window' }, { value: 'door', label: 'Door' }]} aria-label="Window or door" />
                  </Table.Td>
                  <Table.Td><NumberInput size="xs" w={86} aria-label="Width (mm)" suffix=" W" min={100} max={20000} value={o.width} onChange={(v) => typeof v === 'number' && v > 0 && onOpening(o.id, { width: v })} /></Table.Td>
                  <Table.Td><NumberInput size="xs" w={86} aria-label="Height (mm)" suffix=" H" min={100} max={20000} value={o.height} onChange={(v) => typeof v === 'number' && v > 0 && onOpening(o.id, { height: v })} /></Table.Td>
                  <Table.Td>{sharedWith(o.id).length > 0 && (
                    <Tooltip label={`Also in ${sharedWith(o.id).join(', ')}: changes apply to both rooms`}><Badge size="xs" variant="outline" color="gray" data-testid="opening-shared">shared</Badge></Tooltip>
                  )}</Table.Td>
                  <Table.Td><Tooltip label="Delete"><ActionIcon size="sm" variant="subtle" color="red" aria-label={`Delete ${o.kind}`} onClick={() => onDeleteOpening(o.id)}><IconTrash size={14} /></ActionIcon></Tooltip></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group gap={4}>
          <Badge size="xs" variant="light" color="teal">{room.openings.filter((o) => o.kind === 'window').length} windows</Badge>
          <Badge size="xs" variant="light" color="red">{room.openings.filter((o) => o.kind === 'door').length} doors</Badge>
          <Text size="xs" c="dimmed">sizes in mm; drag a dot on the plan to move it along the wall</Text>
        </Group>
      </Stack>
    </Paper>
  );
}
