import { Anchor, Badge, Card, Checkbox, Collapse, Group, SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import type { RoomDto } from '../api/measure-api';
import { fmtM, roomTitle } from '../utils/format';
import { OpeningCounts, OpeningsList } from './room-openings';

function RoomCard({ room, index, selected, highlighted, onToggle, onHover, areaFmt }: {
  room: RoomDto; index: number; selected: boolean; highlighted: boolean; onToggle: () => void; onHover: (i: number | null) => void; areaFmt: (a: number) => string;
}) {
  const [open, setOpen] = useState(false);
  const border = highlighted ? 'var(--mantine-color-orange-5)' : selected ? 'var(--mantine-color-blue-4)' : undefined;
  return (
    <Card withBorder radius="md" padding="sm" data-room-card={index} onClick={room.excluded ? undefined : onToggle} onMouseEnter={() => onHover(index)} onMouseLeave={() => onHover(null)}
      style={{ cursor: room.excluded ? 'default' : 'pointer', borderColor: border, background: selected ? 'var(--mantine-color-blue-0)' : undefined, opacity: room.excluded ? 0.6 : 1 }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Checkbox checked={selected} disabled={room.excluded} onChange={onToggle} onClick={(e) => e.stopPropagation()} label={<Text fw={600} size="sm">{roomTitle(room, index)}</Text>} aria-label={`Select ${room.label || roomTitle(room, index)}`} />
        {room.edited && <Badge size="xs" color="teal" variant="light" data-edited>{room.source === 'added' ? 'Drawn' : 'Edited'}</Badge>}
        {room.excluded && <Badge size="xs" color="gray" variant="outline">Left out</Badge>}
      </Group>
      <SimpleGrid cols={3} spacing={4} mt="xs">
        {[['Skirting', fmtM(room.perimeter_mm)], ['Ceiling', areaFmt(room.ceiling_area)], ['Net wall', areaFmt(room.net_wall_area)]].map(([k, v]) => (
          <div key={k}><Text size="10px" c="dimmed" tt="uppercase" fw={600}>{k}</Text><Text size="sm" fw={600}>{v}</Text></div>
        ))}
      </SimpleGrid>
      <Group justify="space-between" mt="xs">
        <OpeningCounts windows={room.windows.length} doors={room.doors.length} />
        {room.windows.length + room.doors.length > 0 && (
          <Anchor size="xs" component="button" type="button" onClick={(e) => { e.stopPropagation(); setOpen((o) => !o); }}>{open ? 'Hide' : 'Show'} windows &amp; doors</Anchor>
        )}
      </Group>
      <Collapse in={open}><div onClick={(e) => e.stopPropagation()} style={{ marginTop: 6 }}><OpeningsList windows={room.windows} doors={room.doors} areaFmt={areaFmt} /></div></Collapse>
    </Card>
  );
}

/** One card per room; clicking a card or its checkbox selects it for the report. */
export function RoomCards({ rooms, selected, highlighted, onToggle, onHover, areaFmt }: {
  rooms: RoomDto[]; selected: Set<number>; highlighted: number | null; onToggle: (i: number) => void; onHover: (i: number | null) => void; areaFmt: (a: number) => string;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm">
      {rooms.map((r, i) => (
        <RoomCard key={r.id ?? i} room={r} index={i} selected={selected.has(i)} highlighted={highlighted === i} onToggle={() => onToggle(i)} onHover={onHover} areaFmt={areaFmt} />
      ))}
    </SimpleGrid>
  );
}
