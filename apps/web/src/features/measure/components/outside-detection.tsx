import { Button, Collapse, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ResultDto } from '../api/measure-api';
import { areaFormatter, fmtM } from '../utils/format';
import { outsideQuantities } from '../utils/quantities';
import { OpeningsList } from './room-openings';

/** Outside detection (only when available): walls, windows and doors of the exterior; window and door areas with 2 decimals. */
export function OutsideDetection({ result }: { result: ResultDto }) {
  const [open, setOpen] = useState({ windows: false, doors: false });
  const q = outsideQuantities(result);
  const od = result.outside_detection;
  if (!q || !od) return null;
  const area = areaFormatter(result.metadata.units);
  const area2 = areaFormatter(result.metadata.units, 2);
  const figures: [string, string][] = [
    ['Total wall length', fmtM(q.wallLengthMm)], ['Total wall area', area(q.wallAreaMm2)],
    [`Windows (${od.outside_windows_count})`, area2(q.windowsAreaMm2)], [`Doors (${od.outside_doors_count})`, area2(q.doorsAreaMm2)], ['Net wall area', area(q.netWallAreaMm2)],
  ];
  return (
    <Paper withBorder radius="md" p="md" data-testid="outside-detection">
      <Title order={4}>Outside detection</Title>
      <Text size="xs" c="dimmed" mb="sm">Exterior walls at the ceiling height, less the outside windows and doors.</Text>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
        {figures.map(([k, v]) => <div key={k}><Text size="xs" c="dimmed">{k}</Text><Text fw={700}>{v}</Text></div>)}
      </SimpleGrid>
      <Group mt="sm" gap="xs">
        <Button size="xs" variant="subtle" onClick={() => setOpen((o) => ({ ...o, windows: !o.windows }))}>{open.windows ? 'Hide' : 'Show'} outside windows ({od.outside_windows_count})</Button>
        <Button size="xs" variant="subtle" onClick={() => setOpen((o) => ({ ...o, doors: !o.doors }))}>{open.doors ? 'Hide' : 'Show'} outside doors ({od.outside_doors_count})</Button>
      </Group>
      <Collapse in={open.windows}><OpeningsList windows={od.outside_windows} doors={[]} areaFmt={area2} /></Collapse>
      <Collapse in={open.doors}><OpeningsList windows={[]} doors={od.outside_doors} areaFmt={area2} /></Collapse>
    </Paper>
  );
}
