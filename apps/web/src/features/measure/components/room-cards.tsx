import { Anchor, Badge, Card, Checkbox, Collapse, Group, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import type { RoomDto } from '../api/measure-api';
import { fmtM, fmtM2x2, roomTitle } from '../utils/format';
import { printedAreaChecks, type PrintedAreaCheck } from '@plansight/engine/measure';
import { OpeningCounts, OpeningsList } from './room-openings';

/** The area (or size) printed on the plan for this room, and whether the measured room agrees with it. */
function PrintedArea({ check }: { check: PrintedAreaCheck }) {
  const pct = Math.round(check.off * 100);
  const size = check.printedSizeMm;
  // (a printed size is the room's overall width by length: it is compared with the rectangle around the room)
  const measured = size ? 'The rectangle around the measured room' : 'The measured ceiling area';
  const printed = size ? 'the size printed on the plan' : 'the area printed on the plan';
  const why = check.agrees
    ? `${measured} is within 3 % of ${printed}.`
    : `${measured} is ${Math.abs(pct)} % ${pct > 0 ? 'more' : 'less'} than ${printed}${check.afterCommonFactor ? ' (after the difference all rooms share, a drawing printed off its scale)' : ''}. Check the room's outline in the walls view.`;
  return (
    <Group gap={6} mt={6} wrap="nowrap" data-printed-area>
      <Text size="xs" c="dimmed">Plan prints {size ? `${(size[0] / 1000).toFixed(2)} × ${(size[1] / 1000).toFixed(2)} m` : fmtM2x2(check.printedMm2)}</Text>
      <Tooltip label={why} multiline w={260} withArrow events={{ hover: true, focus: true, touch: true }}>
        <Badge size="xs" variant="light" color={check.agrees ? 'teal' : 'orange'} tabIndex={0}>{check.agrees ? 'agrees' : `${pct > 0 ? '+' : '−'}${Math.abs(pct)} %`}</Badge>
      </Tooltip>
    </Group>
  );
}

function RoomCard({ room, index, selected, highlighted, onToggle, onHover, areaFmt, printed }: {
  room: RoomDto; index: number; selected: boolean; highlighted: boolean; onToggle: () => void; onHover: (i: number | null) => void; areaFmt: (a: number) => string;
  printed: PrintedAreaCheck | null;
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
      {room.view && <Text size="xs" c="dimmed" mt={2} data-room-view>{room.view}</Text>}
      <SimpleGrid cols={3} spacing={4} mt="xs">
        {[['Skirting', fmtM(room.perimeter_mm)], ['Ceiling', areaFmt(room.ceiling_area)], ['Net wall', areaFmt(room.net_wall_area)]].map(([k, v]) => (
          <div key={k}><Text size="10px" c="dimmed" tt="uppercase" fw={600}>{k}</Text><Text size="sm" fw={600}>{v}</Text></div>
        ))}
      </SimpleGrid>
      {printed && <PrintedArea check={printed} />}
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
  const printed = printedAreaChecks(rooms);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm">
      {rooms.map((r, i) => (
        <RoomCard key={r.id ?? i} room={r} index={i} selected={selected.has(i)} highlighted={highlighted === i} onToggle={() => onToggle(i)} onHover={onHover} areaFmt={areaFmt} printed={printed[i]} />
      ))}
    </SimpleGrid>
  );
}
