import { Grid, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { toPaperSize, type ScaleOption } from '@plansight/contracts';
import { saveCeilingScale, type PointMm, type ResultDto } from '../api/measure-api';
import { usePageScale } from '../api/use-page-scale';
import { linesInFrame } from '../calibrate/snap';
import { PlanViewer } from '../components/plan-viewer';
import { RoomsEditor } from '../components/rooms-editor';
import { StatCards } from '../components/stat-cards';
import { areaFormatter, fmtM } from '../utils/format';
import { roomTotals } from '../utils/quantities';
import { CalibratePanel } from './calibrate-panel';
import { EditorToolbar } from './editor-toolbar';
import * as cmd from './editor-state';
import { PlanEditorCanvas, type EditorMode } from './plan-editor-canvas';
import { RoomPanel } from './room-panel';
import { usePlanEditor } from './use-plan-editor';

/** A click this close (screen-ish px at fit) to the first corner closes a room being drawn. */
const CLOSE_PX = 12;

/** The walls view's editor: the plan with the rooms to reshape, the commands, the selected room and totals. */
export function WallsEditor({ projectId, result, imageUrl }: { projectId: string; result: ResultDto; imageUrl?: string }) {
  const phone = useMediaQuery('(max-width: 62em)');
  const navigate = useNavigate();
  const ed = usePlanEditor(projectId, result);
  const { rooms } = ed;
  const [mode, setModeState] = useState<EditorMode>('select');
  const [selected, setSelected] = useState<number | null>(null);
  const [corner, setCorner] = useState<number | null>(null);
  const [draft, setDraft] = useState<PointMm[]>([]);
  const [line, setLine] = useState<PointMm[]>([]);
  const [applying, setApplying] = useState(false);
  const H = result.statistics.ceiling_height_mm;
  const areaFmt = areaFormatter(result.metadata.units);
  const dtos = useMemo(() => rooms.map((r) => cmd.toRoomDto(r, H, result.rooms.find((x) => x.id === r.id))), [rooms, H, result.rooms]);
  const t = roomTotals(dtos);
  const sel = selected != null && selected < rooms.length ? selected : null;
  const unit = Math.max(result.metadata.page_width_mm ?? 1000, result.metadata.page_height_mm ?? 1000) / 900;
  // the page's own reading: its lines to snap to (in this result's mm) and its printed scale and dimensions
  const pageScale = usePageScale(projectId).data;
  const mmPerPt = pageScale?.page_width_pt ? (result.metadata.page_width_mm ?? 0) / pageScale.page_width_pt : 0;
  const lines = useMemo(() => (pageScale && mmPerPt > 0 ? linesInFrame(pageScale.lines, mmPerPt) : []), [pageScale, mmPerPt]);
  const paper = toPaperSize(result.metadata.paper_size) ?? 'PAGE';

  const setMode = (m: EditorMode) => { setModeState(m); setDraft([]); if (m !== 'measure') setLine([]); };
  const select = (i: number | null, c: number | null = null) => { setSelected(i); setCorner(c); };
  const finishDraw = () => {
    if (draft.length >= 3) {
      ed.apply(cmd.addRoom(rooms, draft, `Room ${rooms.length + 1}`));
      select(rooms.length);
      setModeState('select');
    }
    setDraft([]);
  };
  const deleteCorner = () => { if (sel != null && corner != null) { ed.apply(cmd.deleteCorner(rooms, sel, corner)); setCorner(null); } };

  const place = (p: PointMm, room: number | null) => {
    if (mode === 'draw') {
      if (draft.length >= 3 && Math.hypot(p[0] - draft[0][0], p[1] - draft[0][1]) < unit * CLOSE_PX) finishDraw();
      else setDraft([...draft, p]);
    } else if (mode === 'split') {
      if (sel == null) return notifications.show({ message: 'Select the room to split first.' });
      if (draft.length === 0) return setDraft([p]);
      const next = cmd.splitRoom(rooms, sel, draft[0], p);
      if (next === rooms) notifications.show({ color: 'yellow', message: 'The line must cross the room from one wall to another.' });
      else ed.apply(next);
      setDraft([]);
      setModeState('select');
    } else if (mode === 'merge') {
      if (sel == null) { if (room != null) select(room); return; }
      if (room == null || room === sel) return;
      const next = cmd.mergeRooms(rooms, sel, room);
      if (next === rooms) notifications.show({ color: 'yellow', message: 'Only rooms next to each other (one wall between them) can be merged.' });
      else { ed.apply(next); select(room < sel ? sel - 1 : sel); setModeState('select'); }
    } else if (mode === 'window' || mode === 'door') {
      const target = sel ?? room;
      if (target == null) return notifications.show({ message: 'Click a wall of a room.' });
      const on = cmd.nearestOnOutline(p, rooms[target].polygon);
      ed.apply(cmd.addOpening(rooms, target, mode, on.point));
      select(target);
    } else if (mode === 'measure') {
      setLine(line.length >= 2 ? [p] : [...line, p]);
    }
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const typing = (e.target as HTMLElement)?.closest?.('input, textarea, [contenteditable]');
      if (typing) return;
      const mod = e.ctrlKey || e.metaKey;
      if (mod && e.key.toLowerCase() === 'z') { e.preventDefault(); if (e.shiftKey) ed.redo(); else ed.undo(); }
      else if (mod && e.key.toLowerCase() === 'y') { e.preventDefault(); ed.redo(); }
      else if ((e.key === 'Delete' || e.key === 'Backspace') && corner != null) { e.preventDefault(); deleteCorner(); }
      else if (e.key === 'Enter' && mode === 'draw') finishDraw();
      else if (e.key === 'Escape') { setDraft([]); setModeState('select'); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const applyScale = async (o: ScaleOption) => {
    setApplying(true);
    try {
      const saved = await saveCeilingScale(projectId, { scale_ratio: o.scale_ratio, scale_number: o.scale_number, paper_size: o.paper_size, ceilling_hight_mm: H });
      navigate(`/projects/${projectId}/results`, { state: { ceiling: saved } });
    } catch {
      notifications.show({ color: 'red', message: 'The scale could not be saved. Please try again.' });
    } finally {
      setApplying(false);
    }
  };

  const planHeight = phone ? 420 : 'calc(100vh - 300px)';
  return (
    <Stack gap="md">
      <StatCards cols={6} items={[
        ['Rooms counted', `${t.count} of ${dtos.length}`], ['Skirting', fmtM(t.skirtingMm)], ['Ceiling area', areaFmt(t.ceilingAreaMm2)],
        ['Net wall area', areaFmt(t.netWallAreaMm2)], ['Windows', t.windows], ['Doors', t.doors],
      ]} />
      <EditorToolbar mode={mode} onMode={setMode} canUndo={ed.canUndo} canRedo={ed.canRedo} onUndo={ed.undo} onRedo={ed.redo}
        onResetAll={() => { select(null); void ed.reset(); }} saveState={ed.saveState} />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <PlanViewer height={planHeight}>
            <PlanEditorCanvas result={result} imageUrl={imageUrl} rooms={rooms} selected={sel} corner={corner} mode={mode} draft={draft} measureLine={line} lines={lines}
              actions={{
                select, begin: ed.begin,
                moveCorner: (i, c, p) => ed.change(cmd.moveCorner(rooms, i, c, p)),
                moveEdge: (i, e, d, from) => ed.change(cmd.moveEdge(rooms, i, e, d, from)),
                insertCorner: (i, e, p) => { ed.apply(cmd.insertCorner(rooms, i, e, p)); setCorner(e + 1); },
                moveOpening: (i, id, p) => ed.change(cmd.updateOpening(rooms, i, id, { position: p })),
                place,
              }} />
          </PlanViewer>
          {mode === 'draw' && draft.length > 0 && <Text size="xs" mt={4}>{draft.length} corner{draft.length > 1 ? 's' : ''} — click the first corner or press Enter to finish, Esc to cancel.</Text>}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="sm">
            {mode === 'measure' && (
              <CalibratePanel line={line} mmPerPt={mmPerPt} pageScale={pageScale} scaleNumber={result.metadata.scale_number ?? 100} paper={paper} applying={applying}
                onApply={(o) => void applyScale(o)} onClear={() => setLine([])} />
            )}
            {sel != null && (
              <RoomPanel room={rooms[sel]} ceilingHeightMm={H} corner={corner} areaFmt={areaFmt}
                onPatch={(p) => ed.apply(cmd.patchRoom(rooms, sel, p))}
                onDelete={() => { ed.apply(cmd.deleteRoom(rooms, sel)); select(null); }}
                onReset={() => void ed.reset(rooms[sel].id)}
                onDeleteCorner={deleteCorner}
                onOpening={(id, p) => ed.apply(cmd.updateOpening(rooms, sel, id, p))}
                onDeleteOpening={(id) => ed.apply(cmd.deleteOpening(rooms, sel, id))} />
            )}
            <Paper withBorder radius="md">
              <Text fw={600} px="md" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>Rooms</Text>
              <ScrollArea.Autosize mah={phone ? undefined : 'calc(100vh - 520px)'} type="auto">
                <RoomsEditor rooms={dtos} highlighted={sel} active={sel} onHover={() => undefined} onSelect={(i) => select(i === sel ? null : i)}
                  onPatch={(i, p) => ed.apply(cmd.patchRoom(rooms, i, p))} areaFmt={areaFmt} />
              </ScrollArea.Autosize>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
