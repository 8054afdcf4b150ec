import { Alert, Button, Center, Grid, Group, Loader, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { getProject, roomKey } from '../api/measure-api';
import { useRoomUpdate } from '../api/use-room-update';
import { fetchResultWithRetries, measureKeys, projectTitle } from '../api/use-results';
import { PlanOverlay } from '../components/plan-overlay';
import { PlanLegend, PlanViewer } from '../components/plan-viewer';
import { RoomsEditor } from '../components/rooms-editor';
import { StatCards } from '../components/stat-cards';
import { WallsEditor } from '../editor/walls-editor';
import { usePlanImage } from '../components/use-plan-image';
import { areaFormatter, fmtM } from '../utils/format';
import { roomTotals } from '../utils/quantities';

/**
 * Walls view: what was measured, drawn over the plan; rename rooms or leave them out, totals follow at once.
 * "Correct the plan" (?edit=1) opens the editor: reshape, draw, split, merge rooms, windows and doors, scale.
 */
export default function WallsPage() {
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 62em)');
  const { data: result, error, isPending } = useQuery({ queryKey: measureKeys.result(projectId), queryFn: () => fetchResultWithRetries(projectId), staleTime: Infinity, retry: false });
  const { data: project } = useQuery({ queryKey: ['measure', 'project', projectId], queryFn: () => getProject(projectId), staleTime: 60_000, retry: false });
  const image = usePlanImage(result?.project_data?.s3_png_url ?? project?.s3_png_url);
  const update = useRoomUpdate(projectId);
  const [hovered, setHovered] = useState<number | null>(null);
  const [active, setActive] = useState<number | null>(null);
  const [search, setSearch] = useSearchParams();
  const editing = search.get('edit') === '1';
  const setEditing = (on: boolean) => setSearch(on ? { edit: '1' } : {}, { replace: true });

  if (error)
    return (
      <Stack maw={560} mx="auto" py="xl" px="md">
        <Alert color="red" title="Error Loading Results">{error.message}</Alert>
        <Group><Button onClick={() => navigate(`/projects/${projectId}/results`)}>Measure this project</Button><Button variant="default" onClick={() => navigate('/projects')}>Back to Projects</Button></Group>
      </Stack>
    );
  if (isPending || !result) return <Center h="60vh"><Stack align="center"><Loader /><Text c="dimmed">Loading the walls analysis…</Text></Stack></Center>;

  const areaFmt = areaFormatter(result.metadata.units);
  const t = roomTotals(result.rooms);
  const highlighted = hovered ?? active;
  const patch = (i: number, p: { label?: string; excluded?: boolean }) => update.mutate({ roomId: roomKey(result.rooms[i], i), patch: p });
  const planHeight = phone ? 380 : 'calc(100vh - 330px)';

  return (
    <Stack gap="md" px={{ base: 'sm', sm: 'lg' }} py="lg" maw={1480} mx="auto">
      <Group justify="space-between" align="flex-end">
        <div>
          <Text size="sm" c="dimmed">Walls analysis</Text>
          <Title order={2}>{projectTitle(projectId, project, result)}</Title>
        </div>
        <Group gap="xs">
          <Button variant="default" onClick={() => navigate('/projects')}>Back to Projects</Button>
          <Button variant={editing ? 'filled' : 'light'} color={editing ? 'teal' : undefined} onClick={() => setEditing(!editing)} data-testid="toggle-editor">
            {editing ? 'Done editing' : 'Correct the plan'}
          </Button>
          <Button onClick={() => navigate(`/projects/${projectId}/results`, { state: { project: { ...project, has_result: true } } })}>Results &amp; report</Button>
        </Group>
      </Group>
      {editing ? <WallsEditor projectId={projectId} result={result} imageUrl={image?.url} /> : <>
      <StatCards cols={6} items={[
        ['Rooms counted', `${t.count} of ${result.rooms.length}`], ['Skirting', fmtM(t.skirtingMm)], ['Ceiling area', areaFmt(t.ceilingAreaMm2)],
        ['Net wall area', areaFmt(t.netWallAreaMm2)], ['Windows', t.windows], ['Doors', t.doors],
      ]} />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <PlanViewer height={planHeight}>
            <PlanOverlay result={result} imageUrl={image?.url} active={highlighted} onHover={setHovered} onSelect={(i) => setActive((a) => (a === i ? null : i))} />
          </PlanViewer>
          <PlanLegend />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md">
            <Group justify="space-between" px="md" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
              <Text fw={600}>Rooms</Text>
              <Text size="xs" c="dimmed">Switch a room off to leave it out of the totals</Text>
            </Group>
            <ScrollArea.Autosize mah={phone ? undefined : 'calc(100vh - 380px)'} type="auto">
              <RoomsEditor rooms={result.rooms} highlighted={highlighted} active={active} onHover={setHovered} onSelect={(i) => setActive((a) => (a === i ? null : i))} onPatch={patch} areaFmt={areaFmt} />
            </ScrollArea.Autosize>
          </Paper>
        </Grid.Col>
      </Grid>
      </>}
    </Stack>
  );
}
