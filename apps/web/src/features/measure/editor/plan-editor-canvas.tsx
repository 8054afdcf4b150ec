import { useRef, useState, type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent } from 'react';
import type { PointMm, ResultDto } from '../api/measure-api';
import { PLAN_COLOURS, UnmeasuredAreas } from '../components/plan-overlay';
import { planFrameMm, tagPlaceMm, unmeasuredAreas } from '../utils/geometry';
import { pxPerUnit, SNAP_SCREEN_PX } from '../calibrate/measure-on-plan';
import type { DrawnLine, Snap } from '../calibrate/snap';
import { nearestOnOutline, snapInPlan, type EditRoom } from './editor-state';

export type EditorMode = 'select' | 'draw' | 'split' | 'merge' | 'window' | 'door' | 'measure';

/** Pointer travel (mm at fit-to-screen pixels) before a press on a handle becomes a drag. */
const DRAG_THRESHOLD_PX = 3;
/** Corner handles are this much larger under a finger than under a mouse. */
const TOUCH_HANDLE_FACTOR = 2.2;
const coarsePointer = () => typeof window !== 'undefined' && !!window.matchMedia?.('(pointer: coarse)').matches;

type Drag =
  | { kind: 'corner'; room: number; index: number; start: PointMm; moved: boolean }
  | { kind: 'edge'; room: number; index: number; start: PointMm; from: PointMm[]; moved: boolean }
  | { kind: 'opening'; room: number; id: string; start: PointMm; moved: boolean };

export interface CanvasActions {
  select: (room: number | null, corner?: number | null) => void;
  /** A drag begins: the caller takes an undo step. */
  begin: () => void;
  moveCorner: (room: number, corner: number, p: PointMm) => void;
  moveEdge: (room: number, edge: number, d: PointMm, from: PointMm[]) => void;
  insertCorner: (room: number, edge: number, p: PointMm) => void;
  moveOpening: (room: number, id: string, p: PointMm) => void;
  /** A click on the plan in the draw, split, merge, window, door or measure modes. */
  place: (p: PointMm, room: number | null) => void;
}

const pts = (p: PointMm[]) => p.map(([x, y]) => `${x},${y}`).join(' ');

/** The editable plan: rooms, their corners and edges as handles, openings, and what is being drawn. */
export function PlanEditorCanvas({ result, imageUrl, rooms, selected, corner, mode, draft, measureLine, lines = [], actions }: {
  result: ResultDto; imageUrl?: string; rooms: EditRoom[]; selected: number | null; corner: number | null; mode: EditorMode;
  draft: PointMm[]; measureLine: PointMm[];
  /** The plan's drawn lines in the result's mm, to snap corners and measured points to. */
  lines?: readonly DrawnLine[];
  actions: CanvasActions;
}) {
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<Drag | null>(null);
  // a press on a handle ends in a click on the plan (the pointer is captured by the svg): it is not a click
  const swallowClick = useRef(false);
  const [hover, setHover] = useState<PointMm | null>(null);
  const [snapMark, setSnapMark] = useState<Snap | null>(null);
  const f = planFrameMm({ ...result, rooms: rooms.map((r) => ({ ...r, perimeter_mm: 0, ceiling_area: 0, net_wall_area: 0, total_wall_surface_area: 0, total_window_area: 0, total_door_area: 0, windows: [], doors: [] })) });
  const unit = Math.max(f.w, f.h) / 900;

  const toMm = (e: { clientX: number; clientY: number }): PointMm => {
    const el = svg.current!;
    const m = el.getScreenCTM();
    if (!m) return [0, 0];
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  };
  // corners snap to rooms' corners and edges and to the drawing's line ends and lines; a measured length only to ends and corners
  const snapAt = (p: PointMm, skip?: number) => snapInPlan(p, rooms, SNAP_SCREEN_PX / pxPerUnit(svg.current), skip, lines, mode !== 'measure');
  const snapped = (p: PointMm, skip?: number) => { const s = snapAt(p, skip); setSnapMark(s); return s?.point ?? p; };

  const press = (e: ReactPointerEvent, d: Drag) => {
    e.stopPropagation();
    svg.current?.setPointerCapture(e.pointerId);
    drag.current = d;
  };
  const onMove = (e: ReactPointerEvent) => {
    const p = toMm(e);
    if (mode === 'draw' || mode === 'split' || mode === 'measure') setHover(mode === 'split' ? p : snapped(p));
    const d = drag.current;
    if (!d) return;
    if (!d.moved) {
      if (Math.hypot(p[0] - d.start[0], p[1] - d.start[1]) < unit * DRAG_THRESHOLD_PX) return;
      d.moved = true;
      actions.begin();
    }
    if (d.kind === 'corner') actions.moveCorner(d.room, d.index, snapped(p, d.room));
    else if (d.kind === 'edge') {
      // an edge moves square to itself, so a wall face slides without turning
      const a = d.from[d.index], b = d.from[(d.index + 1) % d.from.length];
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
      const nx = -(b[1] - a[1]) / len, ny = (b[0] - a[0]) / len;
      const along = (p[0] - d.start[0]) * nx + (p[1] - d.start[1]) * ny;
      actions.moveEdge(d.room, d.index, [nx * along, ny * along], d.from);
    } else actions.moveOpening(d.room, d.id, nearestOnOutline(p, rooms[d.room].polygon).point);
  };
  const onUp = (e: ReactPointerEvent) => {
    const d = drag.current;
    drag.current = null;
    setSnapMark(null);
    if (d) swallowClick.current = true;
    if (!d || d.moved) return;
    if (d.kind === 'corner') actions.select(d.room, d.index);
    if (d.kind === 'edge') actions.insertCorner(d.room, d.index, nearestOnOutline(toMm(e), rooms[d.room].polygon).point);
  };
  const clickPlan = (e: ReactMouseEvent, room: number | null) => {
    if (swallowClick.current) { swallowClick.current = false; return; }
    if (mode === 'select') { actions.select(room); return; }
    e.stopPropagation();
    const p = toMm(e);
    actions.place(mode === 'draw' || mode === 'measure' ? snapped(p) : p, room);
  };

  const sel = selected != null ? rooms[selected] : null;
  const handle = unit * 6 * (coarsePointer() ? TOUCH_HANDLE_FACTOR : 1);
  return (
    <svg
      ref={svg} viewBox={`${f.x} ${f.y} ${f.w} ${f.h}`} preserveAspectRatio="xMidYMid meet" data-testid="plan-editor" data-mode={mode}
      style={{ width: '100%', height: '100%', display: 'block', cursor: mode === 'select' ? undefined : 'crosshair' }}
      onPointerMove={onMove} onPointerUp={onUp} onPointerLeave={() => { if (!drag.current) setSnapMark(null); }} onClick={(e) => clickPlan(e, null)}
    >
      {imageUrl && <image href={imageUrl} x={0} y={0} width={result.metadata.page_width_mm ?? f.w} height={result.metadata.page_height_mm ?? f.h} preserveAspectRatio="none" opacity={0.85} />}
      {/* the space in no room (warning unmeasured_space), hatched where a room may be missing, until one is drawn over it */}
      <UnmeasuredAreas areas={unmeasuredAreas(result.warnings, rooms)} unit={unit} />
      {rooms.map((r, i) => {
        const colour = selected === i ? PLAN_COLOURS.active : r.excluded ? PLAN_COLOURS.excluded : PLAN_COLOURS.room;
        return (
          <polygon key={r.id} points={pts(r.polygon)} data-room={i} data-room-id={r.id} fill={colour} fillOpacity={selected === i ? 0.3 : 0.14}
            stroke={colour} strokeWidth={unit * (selected === i ? 2.5 : 1.6)} strokeDasharray={r.excluded ? `${unit * 6} ${unit * 4}` : undefined}
            style={{ cursor: 'pointer' }} onClick={(e) => { e.stopPropagation(); clickPlan(e, i); }}>
            <title>{r.label}</title>
          </polygon>
        );
      })}
      {rooms.map((r, i) => {
        const fs = unit * 13;
        const [cx, cy] = tagPlaceMm(r.polygon, fs * 1.3);
        const w = r.label.length * fs * 0.62 + fs;
        return (
          <g key={`t${r.id}`} pointerEvents="none">
            <rect x={cx - w / 2} y={cy - fs * 0.8} width={w} height={fs * 1.6} rx={fs * 0.4} fill="#fff" fillOpacity={0.9} stroke={selected === i ? PLAN_COLOURS.active : PLAN_COLOURS.room} strokeWidth={unit} />
            <text x={cx} y={cy} textAnchor="middle" dominantBaseline="central" fontSize={fs} fontFamily="system-ui, sans-serif" fontWeight={600} fill="#0b3d6b">{r.label}</text>
          </g>
        );
      })}
      {rooms.flatMap((r, i) => r.openings.filter((o) => o.position).map((o) => (
        <circle key={`${r.id}-${o.id}`} cx={o.position![0]} cy={o.position![1]} r={unit * (selected === i ? 6 : 4)} data-opening={o.id}
          fill={o.kind === 'window' ? PLAN_COLOURS.window : PLAN_COLOURS.door} stroke="#fff" strokeWidth={unit}
          style={{ cursor: selected === i && mode === 'select' ? 'move' : 'default' }}
          onPointerDown={(e) => { if (selected === i && mode === 'select') press(e, { kind: 'opening', room: i, id: o.id, start: toMm(e), moved: false }); }}>
          <title>{`${o.kind === 'window' ? 'Window' : 'Door'} ${Math.round(o.width)} × ${Math.round(o.height)} mm`}</title>
        </circle>
      )))}
      {sel && mode === 'select' && sel.polygon.map((a, k) => {
        const b = sel.polygon[(k + 1) % sel.polygon.length];
        return (
          <line key={`e${k}`} x1={a[0]} y1={a[1]} x2={b[0]} y2={b[1]} stroke="transparent" strokeWidth={handle * 1.6} data-edge={k}
            style={{ cursor: 'copy' }} onClick={(e) => e.stopPropagation()}
            onPointerDown={(e) => press(e, { kind: 'edge', room: selected!, index: k, start: toMm(e), from: sel.polygon, moved: false })}>
            <title>Drag to move this wall; click to add a corner</title>
          </line>
        );
      })}
      {sel && mode === 'select' && sel.polygon.map((p, k) => (
        <rect key={`c${k}`} x={p[0] - handle / 2} y={p[1] - handle / 2} width={handle} height={handle} data-corner={k}
          fill={corner === k ? PLAN_COLOURS.active : '#fff'} stroke={PLAN_COLOURS.active} strokeWidth={unit * 1.5} style={{ cursor: 'move' }}
          onClick={(e) => e.stopPropagation()}
          onPointerDown={(e) => press(e, { kind: 'corner', room: selected!, index: k, start: toMm(e), moved: false })} />
      ))}
      {draft.length > 0 && (
        <g pointerEvents="none">
          <polyline points={pts(hover && mode === 'draw' ? [...draft, hover] : draft)} fill={mode === 'draw' ? `${PLAN_COLOURS.active}22` : 'none'} stroke={PLAN_COLOURS.active} strokeWidth={unit * 2} strokeDasharray={`${unit * 5} ${unit * 3}`} />
          {mode === 'split' && hover && <line x1={draft[0][0]} y1={draft[0][1]} x2={hover[0]} y2={hover[1]} stroke={PLAN_COLOURS.active} strokeWidth={unit * 2} />}
          {draft.map((p, k) => <circle key={k} cx={p[0]} cy={p[1]} r={unit * 4} fill={PLAN_COLOURS.active} />)}
        </g>
      )}
      {snapMark && mode !== 'split' && (
        <rect pointerEvents="none" x={snapMark.point[0] - unit * 5} y={snapMark.point[1] - unit * 5} width={unit * 10} height={unit * 10} fill="none"
          stroke="#1971c2" strokeWidth={unit * 1.5} data-testid="snap-marker" data-kind={snapMark.kind} />
      )}
      {measureLine.length > 0 && (
        <g pointerEvents="none" data-testid="measure-line">
          <polyline points={pts(measureLine.length === 1 && hover ? [...measureLine, hover] : measureLine)} fill="none" stroke="#e8590c" strokeWidth={unit * 2.5} />
          {measureLine.map((p, k) => <circle key={k} cx={p[0]} cy={p[1]} r={unit * 4} fill="#e8590c" />)}
        </g>
      )}
    </svg>
  );
}
