import { ActionIcon, Badge, Group, Switch, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { RoomDto } from '../api/measure-api';
import { fmtM } from '../utils/format';

function RoomName({ room, onRename }: { room: RoomDto; onRename: (label: string) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null)
    return (
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={600} td={room.excluded ? 'line-through' : undefined} c={room.excluded ? 'dimmed' : undefined}>{room.label}</Text>
        <Tooltip label="Rename"><ActionIcon size="sm" variant="subtle" color="gray" aria-label={`Rename ${room.label}`} onClick={(e) => { e.stopPropagation(); setDraft(room.label); }}><IconPencil size={14} /></ActionIcon></Tooltip>
      </Group>
    );
  const save = () => { const v = draft.trim(); if (v && v !== room.label) onRename(v); setDraft(null); };
  return (
    <Group gap={4} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
      <TextInput size="xs" autoFocus value={draft} maxLength={80} aria-label="Room name" onChange={(e) => setDraft(e.currentTarget.value)}
        onKeyDown={(e) => { if (e.key === 'Enter') save(); if (e.key === 'Escape') setDraft(null); }} style={{ minWidth: 110 }} />
      <ActionIcon size="sm" variant="light" aria-label="Save name" onClick={save}><IconCheck size={14} /></ActionIcon>
      <ActionIcon size="sm" variant="subtle" color="gray" aria-label="Cancel rename" onClick={() => setDraft(null)}><IconX size={14} /></ActionIcon>
    </Group>
  );
}

/** The measured rooms with rename and 'count in totals'; rows and plan highlight each other. */
export function RoomsEditor({ rooms, highlighted, active, onHover, onSelect, onPatch, areaFmt }: {
  rooms: RoomDto[]; highlighted: number | null; active: number | null; onHover: (i: number | null) => void; onSelect: (i: number) => void;
  onPatch: (i: number, patch: { label?: string; excluded?: boolean }) => void; areaFmt: (a: number) => string;
}) {
  const rows = useRef<(HTMLTableRowElement | null)[]>([]);
  useEffect(() => { if (active != null) rows.current[active]?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }); }, [active]);
  return (
    <Table highlightOnHover verticalSpacing={6} horizontalSpacing="xs" data-testid="rooms-editor">
      <Table.Thead style={{ position: 'sticky', top: 0, background: 'var(--mantine-color-body)', zIndex: 1 }}>
        <Table.Tr style={{ whiteSpace: 'nowrap' }}><Table.Th>Counted</Table.Th><Table.Th>Room</Table.Th><Table.Th ta="right">Skirting</Table.Th><Table.Th ta="right">Ceiling</Table.Th><Table.Th ta="right" pr="md">Net wall</Table.Th></Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rooms.map((r, i) => (
          <Table.Tr key={r.id ?? i} ref={(el) => { rows.current[i] = el; }} data-room-row={i} data-highlighted={highlighted === i || undefined}
            bg={highlighted === i ? 'orange.0' : undefined} style={{ cursor: 'pointer', opacity: r.excluded ? 0.65 : 1 }}
            onMouseEnter={() => onHover(i)} onMouseLeave={() => onHover(null)} onClick={() => onSelect(i)}>
            <Table.Td onClick={(e) => e.stopPropagation()}>
              <Switch size="sm" checked={!r.excluded} aria-label={`Count ${r.label} in totals`} onChange={(e) => onPatch(i, { excluded: !e.currentTarget.checked })} />
            </Table.Td>
            <Table.Td>
              <RoomName room={r} onRename={(label) => onPatch(i, { label })} />
              <Group gap={4} mt={2}>
                {r.windows.length > 0 && <Badge size="xs" variant="light" color="teal">{r.windows.length} window{r.windows.length > 1 ? 's' : ''}</Badge>}
                {r.doors.length > 0 && <Badge size="xs" variant="light" color="red">{r.doors.length} door{r.doors.length > 1 ? 's' : ''}</Badge>}
                {r.excluded && <Badge size="xs" variant="outline" color="gray">Left out</Badge>}
              </Group>
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{fmtM(r.perimeter_mm)}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{areaFmt(r.ceiling_area)}</Table.Td>
            <Table.Td ta="right" pr="md" style={{ whiteSpace: 'nowrap' }}>{areaFmt(r.net_wall_area)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
