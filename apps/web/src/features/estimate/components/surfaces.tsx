import { ActionIcon, Group, NumberInput, Paper, ScrollArea, SimpleGrid, Stack, Switch, Table, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { SURFACES, SURFACE_INFO, type Estimate, type EstimateLine, type EstimateSettings, type Surface, type SurfaceSettings } from '@plansight/contracts';
import { formatTins } from '../utils/estimate-format';

export interface SurfacesProps {
  settings: EstimateSettings;
  estimate: Estimate;
  money: (v: number | null) => string;
  onSurface: (k: Surface, patch: Partial<SurfaceSettings>) => void;
}

const num = (v: string | number, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const priceOrNull = (v: string | number) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** One surface's inputs, the same in the table and on the phone cards (so labels and limits never drift apart). */
function fields(k: Surface, c: SurfaceSettings, onSurface: SurfacesProps['onSurface'], label: boolean) {
  const info = SURFACE_INFO[k];
  const lbl = (text: string) => (label ? text : undefined);
  return {
    coats: <NumberInput size="xs" w={label ? undefined : 64} label={lbl('Coats')} min={0} max={10} allowDecimal={false} value={c.coats}
      aria-label={`${info.label} coats`} onChange={(v) => onSurface(k, { coats: num(v, 0) })} />,
    spread: <NumberInput size="xs" w={label ? undefined : 70} label={lbl('m²/L')} min={0.1} max={100} decimalScale={1} value={c.spread_m2_per_l}
      aria-label={`${info.label} spreading rate`} onChange={(v) => onSurface(k, { spread_m2_per_l: num(v, 0) })} />,
    waste: <NumberInput size="xs" w={label ? undefined : 70} label={lbl('Waste')} min={0} max={100} suffix=" %" value={c.waste_pct}
      aria-label={`${info.label} waste`} onChange={(v) => onSurface(k, { waste_pct: num(v, 0) })} />,
    price: <NumberInput size="xs" w={label ? undefined : 86} label={lbl('Price / L')} min={0} decimalScale={2} placeholder="—" value={c.price_per_l ?? ''}
      aria-label={`${info.label} price per litre`} onChange={(v) => onSurface(k, { price_per_l: priceOrNull(v) })} />,
    labour: <NumberInput size="xs" w={label ? undefined : 96} label={lbl('Labour rate')} min={0} decimalScale={2} placeholder="—" suffix={` /${info.unit}`}
      value={c.labour_rate ?? ''} aria-label={`${info.label} labour rate`} onChange={(v) => onSurface(k, { labour_rate: priceOrNull(v) })} />,
  };
}

function SurfaceName({ k, c, onSurface }: { k: Surface; c: SurfaceSettings; onSurface: SurfacesProps['onSurface'] }) {
  const info = SURFACE_INFO[k];
  return (
    <Group gap={6} wrap="nowrap">
      <Switch size="xs" checked={c.enabled} onChange={(e) => onSurface(k, { enabled: e.currentTarget.checked })} aria-label={`Include ${info.label}`} />
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{info.label}</Text>
      <Tooltip label={info.note} multiline w={260} withArrow events={{ hover: true, focus: true, touch: true }}>
        <ActionIcon variant="subtle" size="xs" color="gray" aria-label={`About ${info.label}`}><IconInfoCircle size={14} /></ActionIcon>
      </Tooltip>
    </Group>
  );
}

const lineOf = (estimate: Estimate, k: Surface): EstimateLine => estimate.lines.find((l) => l.surface === k)!;
const figure = (text: string, testId?: string) => <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }} data-testid={testId}>{text}</Text>;

/** Every surface as a table row (laptop and tablet). */
export function SurfacesTable({ settings, estimate, money, onSurface }: SurfacesProps) {
  return (
    <ScrollArea type="auto">
      <Table verticalSpacing={6} horizontalSpacing="xs" miw={1060} striped highlightOnHover data-testid="estimate-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Surface</Table.Th><Table.Th ta="right">Quantity</Table.Th><Table.Th>Coats</Table.Th><Table.Th>m²/L</Table.Th><Table.Th>Waste</Table.Th>
            <Table.Th ta="right">Litres</Table.Th><Table.Th>Tins</Table.Th><Table.Th>Price / L</Table.Th><Table.Th>Labour rate</Table.Th><Table.Th ta="right">Subtotal</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SURFACES.map((k) => {
            const c = settings.surfaces[k];
            const line = lineOf(estimate, k);
            const f = fields(k, c, onSurface, false);
            return (
              <Table.Tr key={k} data-testid={`estimate-row-${k}`} style={{ opacity: c.enabled ? 1 : 0.5 }}>
                <Table.Td><SurfaceName k={k} c={c} onSurface={onSurface} /></Table.Td>
                <Table.Td ta="right">{figure(`${line.quantity.toFixed(1)} ${SURFACE_INFO[k].unit}`)}</Table.Td>
                <Table.Td>{f.coats}</Table.Td>
                <Table.Td>{f.spread}</Table.Td>
                <Table.Td>{f.waste}</Table.Td>
                <Table.Td ta="right">{figure(`${line.litres.toFixed(1)} L`, `litres-${k}`)}</Table.Td>
                <Table.Td miw={130}><Text size="sm">{c.enabled ? formatTins(line.tins) : '—'}</Text></Table.Td>
                <Table.Td>{f.price}</Table.Td>
                <Table.Td>{f.labour}</Table.Td>
                <Table.Td ta="right">{figure(money(line.subtotal))}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/**
 * Every surface as a card (phone width): the figures a painter reads first (quantity, litres, tins,
 * subtotal) on top, the inputs below in a grid, so nothing needs sideways scrolling.
 */
export function SurfacesCards({ settings, estimate, money, onSurface }: SurfacesProps) {
  return (
    <Stack gap="xs" data-testid="estimate-table">
      {SURFACES.map((k) => {
        const c = settings.surfaces[k];
        const line = lineOf(estimate, k);
        const f = fields(k, c, onSurface, true);
        return (
          <Paper key={k} withBorder radius="sm" p="xs" data-testid={`estimate-row-${k}`} style={{ opacity: c.enabled ? 1 : 0.55 }}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <SurfaceName k={k} c={c} onSurface={onSurface} />
              {figure(`${line.quantity.toFixed(1)} ${SURFACE_INFO[k].unit}`)}
            </Group>
            {c.enabled && (
              <>
                <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
                  {figure(`${line.litres.toFixed(1)} L`, `litres-${k}`)}
                  <Text size="sm" c="dimmed" ta="center" style={{ flex: 1 }}>{formatTins(line.tins)}</Text>
                  {figure(money(line.subtotal))}
                </Group>
                <SimpleGrid cols={3} spacing="xs" verticalSpacing={4} mt={6}>
                  {f.coats}{f.spread}{f.waste}
                </SimpleGrid>
                <SimpleGrid cols={2} spacing="xs" mt={4}>
                  {f.price}{f.labour}
                </SimpleGrid>
              </>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
