import { Alert, Badge, Button, Group, NumberInput, Paper, ScrollArea, Select, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDeviceFloppy, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import {
  DEDUCTION_PRESETS, type Estimate, type EstimateSettings, type Surface, type SurfaceSettings,
} from '@plansight/contracts';
import { downloadExport } from '../api/estimate-api';
import { formatMoney, parseTinSizes } from '../utils/estimate-format';
import { SurfacesCards, SurfacesTable } from './surfaces';

const CURRENCIES = ['AUD', 'NZD', 'USD', 'CAD', 'GBP', 'EUR', 'CHF'];
const CUSTOM = 'custom';

/** Which preset the rule is, or 'custom' for a threshold the presets do not name. */
function presetOf(s: EstimateSettings): string {
  const p = DEDUCTION_PRESETS.find((x) => x.deduction.rule === s.deduction.rule && (s.deduction.rule !== 'threshold' || x.deduction.threshold_m2 === s.deduction.threshold_m2));
  return p?.id ?? CUSTOM;
}

export interface EstimatePanelProps {
  projectId: string;
  settings: EstimateSettings;
  estimate: Estimate;
  /** The rooms the figures cover (the selected ones), sent with the exports. */
  roomIds: string[];
  saving: boolean;
  invalid: string | null;
  onChange: (s: EstimateSettings) => void;
  onSaveAsDefault: () => void;
}

/** Paint quantities, tins and prices for the selected rooms, by the project's rules; every change recomputes at once. */
export function EstimatePanel({ projectId, settings, estimate, roomIds, saving, invalid, onChange, onSaveAsDefault }: EstimatePanelProps) {
  const [tinText, setTinText] = useState(settings.tin_sizes_l.join(', '));
  const [exporting, setExporting] = useState<'xlsx' | 'csv' | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [perRoom, setPerRoom] = useState(false);
  // Phones get one card per surface instead of a ten-column table scrolled sideways.
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const set = (f: (s: EstimateSettings) => void) => {
    const next = structuredClone(settings);
    f(next);
    onChange(next);
  };
  const setSurface = (k: Surface, patch: Partial<SurfaceSettings>) => set((s) => { s.surfaces[k] = { ...s.surfaces[k], ...patch }; });
  const num = (v: string | number, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
  const money = (v: number | null) => (v === null ? '—' : formatMoney(v, settings.currency));
  const preset = presetOf(settings);

  async function exportAs(kind: 'xlsx' | 'csv') {
    setExporting(kind);
    setExportError(null);
    try {
      await downloadExport(projectId, kind, roomIds);
    } catch (e) {
      setExportError(`The ${kind === 'xlsx' ? 'spreadsheet' : 'CSV'} could not be made: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setExporting(null);
    }
  }

  return (
    <Paper withBorder radius="md" p="md" data-testid="estimate-panel">
      <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap" gap="xs">
        <div>
          <Title order={4}>Estimate</Title>
          <Text size="sm" c="dimmed">Paint and labour for the {roomIds.length} selected rooms. {saving ? 'Saving…' : 'Saved with the project.'}</Text>
        </div>
        <Group gap="xs">
          <Button size="xs" variant="light" leftSection={<IconFileSpreadsheet size={16} />} loading={exporting === 'xlsx'} disabled={!roomIds.length} onClick={() => exportAs('xlsx')}>Download spreadsheet</Button>
          <Button size="xs" variant="default" leftSection={<IconFileTypeCsv size={16} />} loading={exporting === 'csv'} disabled={!roomIds.length} onClick={() => exportAs('csv')}>Download CSV</Button>
        </Group>
      </Group>
      {exportError && <Alert color="red" variant="light" mb="sm" withCloseButton onClose={() => setExportError(null)}>{exportError}</Alert>}
      {invalid && <Alert color="orange" variant="light" mb="sm" title="Not saved">{invalid}</Alert>}

      <Group align="flex-end" gap="sm" mb="sm" wrap="wrap">
        <Select
          label="Opening deduction" w={320} allowDeselect={false} data-testid="deduction-rule"
          data={[...DEDUCTION_PRESETS.map((p) => ({ value: p.id, label: p.label })), { value: CUSTOM, label: 'Deduct openings over a custom size' }]}
          value={preset}
          onChange={(v) => set((s) => {
            const p = DEDUCTION_PRESETS.find((x) => x.id === v);
            s.deduction = p ? { ...p.deduction } : { rule: 'threshold', threshold_m2: s.deduction.threshold_m2 };
          })}
        />
        {settings.deduction.rule === 'threshold' && (
          <NumberInput label="Deduct openings over" suffix=" m²" w={150} min={0} max={100} step={0.1} decimalScale={2} value={settings.deduction.threshold_m2}
            onChange={(v) => set((s) => { s.deduction.threshold_m2 = num(v, 0); })} />
        )}
        <Tooltip label="New projects start with these settings" withArrow>
          <Button size="xs" variant="subtle" leftSection={<IconDeviceFloppy size={16} />} onClick={onSaveAsDefault}>Make these my defaults</Button>
        </Tooltip>
      </Group>
      <Text size="xs" c="dimmed" mb="sm" data-testid="deduction-text">{estimate.deduction_text}. Net wall areas on this page, in the report and in the exports follow this rule.</Text>

      {phone
        ? <SurfacesCards settings={settings} estimate={estimate} money={money} onSurface={setSurface} />
        : <SurfacesTable settings={settings} estimate={estimate} money={money} onSurface={setSurface} />}

      <Button size="xs" variant="subtle" px={0} mt="xs" onClick={() => setPerRoom((o) => !o)} data-testid="estimate-per-room-toggle">
        {perRoom ? 'Hide' : 'Show'} surfaces per room
      </Button>
      {perRoom && <PerRoomTable estimate={estimate} />}

      <Group justify="space-between" align="flex-end" mt="md" wrap="wrap" gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput label="Tin sizes (L)" w={140} value={tinText} error={parseTinSizes(tinText) ? undefined : 'e.g. 10, 4, 1'}
            onChange={(e) => { const t = e.currentTarget.value; setTinText(t); const sizes = parseTinSizes(t); if (sizes) set((s) => { s.tin_sizes_l = sizes; }); }} />
          <NumberInput label="GST" w={90} min={0} max={100} suffix=" %" value={settings.gst_pct} onChange={(v) => set((s) => { s.gst_pct = num(v, 0); })} />
          <Select label="Currency" w={100} allowDeselect={false} data={CURRENCIES.includes(settings.currency) ? CURRENCIES : [settings.currency, ...CURRENCIES]} value={settings.currency} onChange={(v) => v && set((s) => { s.currency = v; })} />
        </Group>
        <Stack gap={2} miw={260} data-testid="estimate-totals">
          <Group justify="space-between"><Text size="sm" c="dimmed">Paint, {estimate.totals.litres.toFixed(1)} L</Text><Text size="sm" ff="monospace">{money(estimate.totals.paint_cost)}</Text></Group>
          <Group justify="space-between"><Text size="sm" c="dimmed">Labour</Text><Text size="sm" ff="monospace">{money(estimate.totals.labour_cost)}</Text></Group>
          <Group justify="space-between"><Text size="sm" c="dimmed">Subtotal</Text><Text size="sm" ff="monospace">{money(estimate.totals.subtotal)}</Text></Group>
          <Group justify="space-between"><Text size="sm" c="dimmed">GST ({settings.gst_pct} %)</Text><Text size="sm" ff="monospace">{money(estimate.totals.gst)}</Text></Group>
          <Group justify="space-between"><Text fw={700}>Total</Text><Text fw={700} ff="monospace" data-testid="estimate-total">{money(estimate.totals.total)}</Text></Group>
          {!estimate.totals.priced && <Badge variant="light" color="gray" mt={4}>Add a price per litre or a labour rate to price the job</Badge>}
        </Stack>
      </Group>
    </Paper>
  );
}

/** Each selected room's surfaces under the same rule (what the totals above add up). */
function PerRoomTable({ estimate }: { estimate: Estimate }) {
  const cols: [keyof Estimate['rooms'][number], string][] = [
    ['walls_m2', 'Walls m²'], ['ceilings_m2', 'Ceiling m²'], ['skirting_m', 'Skirting m'], ['doors_m2', 'Doors m²'], ['door_frames_m', 'Frames m'], ['reveals_m2', 'Reveals m²'],
  ];
  const total = (k: keyof Estimate['rooms'][number]) => estimate.rooms.reduce((a, r) => a + (r[k] as number), 0);
  return (
    <ScrollArea type="auto" mt="xs">
      <Table verticalSpacing={4} horizontalSpacing="xs" miw={640} striped data-testid="estimate-per-room">
        <Table.Thead>
          <Table.Tr><Table.Th>Room</Table.Th>{cols.map(([, h]) => <Table.Th key={h} ta="right">{h}</Table.Th>)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {estimate.rooms.map((r) => (
            <Table.Tr key={r.room_id}>
              <Table.Td><Text size="sm">{r.label || r.room_id}</Text></Table.Td>
              {cols.map(([k]) => <Table.Td key={k} ta="right"><Text size="sm" ff="monospace">{(r[k] as number).toFixed(1)}</Text></Table.Td>)}
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td><Text size="sm" fw={700}>Total</Text></Table.Td>
            {cols.map(([k]) => <Table.Td key={k} ta="right"><Text size="sm" fw={700} ff="monospace">{total(k).toFixed(1)}</Text></Table.Td>)}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
