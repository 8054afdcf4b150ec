import { Alert, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconDownload, IconRuler2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useResults } from '../api/use-results';
import { OutsideDetection } from '../components/outside-detection';
import { PlanOverlay } from '../components/plan-overlay';
import { PlanLegend, PlanViewer } from '../components/plan-viewer';
import { unmeasuredAreas } from '../utils/geometry';
import { ResultsError, ResultsLoading } from '../components/results-status';
import { RoomCards } from '../components/room-cards';
import { SpacesTable } from '../components/spaces-table';
import { StatCards } from '../components/stat-cards';
import { usePlanImage } from '../components/use-plan-image';
import { exportReport } from '../report/export-report';
import { areaFormatter, fmtM } from '../utils/format';
import { roomTotals } from '../utils/quantities';
import { EstimatePanel, estimateOf, resultUnderRule, roomIdsOf, useEstimateSettings } from '../../estimate';

/** Warnings that say the chosen scale is likely wrong: the banner offers to change it. */
const SCALE_WARNINGS = new Set(['scale_mismatch', 'scale_bar_mismatch', 'scale_doubt', 'printed_area_scale', 'door_scale']);

export default function ResultsPage() {
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 62em)');
  const { step, error, result: measured, ceiling, imageUrl, title } = useResults(projectId);
  const est = useEstimateSettings(projectId);
  const image = usePlanImage(imageUrl);
  const [sel, setSel] = useState<Set<number> | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [tableOpen, setTableOpen] = useState(false);
  const [warnOpen, setWarnOpen] = useState(true);
  const [exporting, setExporting] = useState(false);

  if (error) {
    return <ResultsError message={error} onBack={() => navigate('/projects')}
      onRetry={() => navigate(`/projects/${projectId}/results`, { replace: true })}
      onChangeScale={() => navigate(`/projects/${projectId}/ceiling-scale`)} />;
  }
  if (!measured) return <ResultsLoading step={step} />;
  // every net wall area on the page, in the report and in the exports follows the project's deduction rule
  const result = est.settings ? resultUnderRule(measured, est.settings.deduction) : measured;

  // Rule 7: every room selected at first; rooms left out in the walls view stay out.
  const all = () => new Set(result.rooms.flatMap((r, i) => (r.excluded ? [] : [i])));
  const selected = sel ?? all();
  const toggle = (i: number) => { if (result.rooms[i]?.excluded) return; const n = new Set(selected); if (n.has(i)) n.delete(i); else n.add(i); setSel(n); };
  const t = roomTotals(result.rooms.filter((_, i) => selected.has(i)));
  const areaFmt = areaFormatter(result.metadata.units);
  const summary: [string, string | number][] = [
    ['Total spaces', result.rooms.length], ['Selected spaces', selected.size], ['Total windows', result.statistics.total_windows],
    ['Total doors', result.statistics.total_doors], ['Scale ratio', ceiling?.scale_ratio ?? '-'], ['Ceiling height', `${result.statistics.ceiling_height_mm} mm`],
  ];
  async function download() {
    setExporting(true);
    try {
      const roomIndexes = [...selected].sort((a, b) => a - b);
      const estimate = est.settings ? estimateOf(result, est.settings, roomIndexes) : undefined;
      await exportReport({ result, roomIndexes, projectTitle: title, scaleRatio: ceiling?.scale_ratio, estimate }, image);
    } finally {
      setExporting(false);
    }
  }

  const scaleDoubted = (result.warnings ?? []).some((w) => SCALE_WARNINGS.has(w.code));
  const missing = unmeasuredAreas(result.warnings, result.rooms).length > 0;
  return (
    <Stack gap="md" px={{ base: 'sm', sm: 'lg' }} py="lg" maw={1480} mx="auto">
      <Group justify="space-between" align="flex-end">
        <div><Text size="sm" c="dimmed">Results</Text><Title order={2}>{title}</Title></div>
        <Group gap="xs">
          <Button variant="default" onClick={() => navigate('/projects')}>Back to Projects</Button>
          <Button variant="light" onClick={() => navigate(`/projects/${projectId}/walls`)}>Walls view</Button>
          <Button variant="light" color="teal" onClick={() => navigate(`/projects/${projectId}/walls?edit=1`)} data-testid="correct-plan">Correct the plan</Button>
        </Group>
      </Group>
      {warnOpen && (result.warnings?.length ?? 0) > 0 && (
        <Alert color="yellow" variant="light" withCloseButton closeButtonLabel="Dismiss warnings" onClose={() => setWarnOpen(false)} title="Check these measurements" data-testid="results-warnings">
          {result.warnings!.map((w, k) => <Text key={k} size="sm">{w.message}</Text>)}
          {/* what the warnings ask for, one click away: another scale, or the room that was not found drawn in */}
          {(scaleDoubted || missing) && (
            <Group gap="xs" mt="xs">
              {scaleDoubted && (
                <Button size="xs" variant="light" color="yellow" leftSection={<IconRuler2 size={14} />} onClick={() => navigate(`/projects/${projectId}/ceiling-scale`)} data-testid="warning-change-scale">Change height or scale</Button>
              )}
              {missing && (
                <Button size="xs" variant="light" color="yellow" onClick={() => navigate(`/projects/${projectId}/walls?edit=1`)} data-testid="draw-missing-room">Draw the missing room</Button>
              )}
            </Group>
          )}
        </Alert>
      )}
      {result.rooms.length === 0 && (
        <Alert color="orange" variant="light" title="No rooms were found on this page" data-testid="results-no-rooms">
          <Text size="sm">Check that the page is the floor plan and that the scale and paper size match the plan's title block: at the wrong scale, walls are not recognised as walls.</Text>
          <Button size="xs" mt="xs" variant="light" color="orange" onClick={() => navigate(`/projects/${projectId}/ceiling-scale`)}>Change height or scale</Button>
        </Alert>
      )}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder radius="md" p="md" style={{ position: phone ? undefined : 'sticky', top: 80 }}>
            <Title order={4} mb="sm">Project Summary</Title>
            <Stack gap={6}>
              {summary.map(([k, v]) => <Group key={k} justify="space-between"><Text size="sm" c="dimmed">{k}</Text><Text size="sm" fw={600}>{v}</Text></Group>)}
            </Stack>
            {/* A new height or scale measures the plan again; it never spends a plan. */}
            <Button size="xs" variant="subtle" px={0} mt={4} leftSection={<IconRuler2 size={14} />} onClick={() => navigate(`/projects/${projectId}/ceiling-scale`)}>
              Change height or scale
            </Button>
            <Stack mt="lg" gap="xs">
              <Group grow gap="xs">
                <Button size="xs" variant="default" onClick={() => setSel(all())}>Select All</Button>
                <Button size="xs" variant="default" onClick={() => setSel(new Set())}>Deselect All</Button>
              </Group>
              <Button leftSection={<IconDownload size={16} />} disabled={selected.size === 0} loading={exporting} onClick={download}>Download PDF ({selected.size} rooms)</Button>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="md">
            <div>
              <Title order={4} mb="xs">Inside detection</Title>
              <StatCards items={[
                ['Skirting', fmtM(t.skirtingMm), 'Total perimeter of the selected rooms, in metres.'],
                ['Ceiling area', areaFmt(t.ceilingAreaMm2), 'Floor area of the selected rooms, which is the ceiling area to paint.'],
                ['Net wall area', areaFmt(t.netWallAreaMm2), 'Wall surface at the ceiling height, less windows and doors.'],
                ['Windows', t.windows, 'Windows in the selected rooms.'], ['Doors', t.doors, 'Doors of the selected rooms; a door between two rooms counts once.'],
              ]} />
            </div>
            <div>
              <PlanViewer height={phone ? 320 : 460}>
                <PlanOverlay result={result} imageUrl={image?.url} active={hovered} excluded={(i) => !selected.has(i)} onHover={setHovered} onSelect={toggle} />
              </PlanViewer>
              <PlanLegend greyLabel="Not selected" unmeasured={missing} />
            </div>
            <RoomCards rooms={result.rooms} selected={selected} highlighted={hovered} onToggle={toggle} onHover={setHovered} areaFmt={areaFmt} />
            <div>
              <Button variant="subtle" px={0} rightSection={tableOpen ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />} onClick={() => setTableOpen((o) => !o)}>
                {tableOpen ? 'Hide' : 'Show'} spaces table
              </Button>
              {tableOpen && <SpacesTable rooms={result.rooms} selected={selected} highlighted={hovered} onToggle={toggle} onHover={setHovered} areaFmt={areaFmt} />}
            </div>
            <OutsideDetection result={result} />
          </Stack>
        </Grid.Col>
      </Grid>
      {est.settings && (
        <EstimatePanel
          projectId={projectId} settings={est.settings} estimate={estimateOf(result, est.settings, [...selected])} roomIds={roomIdsOf(result, [...selected].sort((a, b) => a - b))}
          saving={est.saving} invalid={est.invalid} onChange={est.update} onSaveAsDefault={est.saveAsDefault}
        />
      )}
    </Stack>
  );
}
