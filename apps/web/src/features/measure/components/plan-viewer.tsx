import { ActionIcon, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconArrowsMinimize, IconMinus, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PLAN_COLOURS } from './plan-overlay';

const MIN_ZOOM = 1;
const MAX_ZOOM = 12;
const BUTTON_ZOOM_STEP = 1.4;
/** Pointer travel (px) before a press becomes a pan rather than a click on a room. */
const DRAG_THRESHOLD_PX = 4;

interface View { k: number; x: number; y: number }
const clampZoom = (k: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k));

/** Zoom (wheel, trackpad or two-finger pinch, buttons) and pan (drag) around any content that fills its box; 'Fit' returns to the whole plan. */
export function PlanViewer({ children, height }: { children: ReactNode; height: number | string }) {
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ k: 1, x: 0, y: 0 });
  const drag = useRef<{ sx: number; sy: number; vx: number; vy: number; moved: boolean } | null>(null);
  const swallowClick = useRef(false);
  // fingers on the plan (touch): two of them pinch to zoom around their midpoint
  const touches = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ d: number } | null>(null);

  const zoomAt = (factor: number, px: number, py: number) =>
    setView((v) => {
      const k = clampZoom(v.k * factor);
      if (k === MIN_ZOOM) return { k, x: 0, y: 0 };
      return { k, x: px - (px - v.x) * (k / v.k), y: py - (py - v.y) * (k / v.k) };
    });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // Non-passive so the page does not scroll while zooming the plan.
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      zoomAt(Math.exp(-e.deltaY * 0.0015), e.clientX - r.left, e.clientY - r.top);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const centre = () => { const r = box.current!.getBoundingClientRect(); return [r.width / 2, r.height / 2] as const; };
  return (
    <Paper withBorder radius="md" pos="relative" style={{ overflow: 'hidden', background: '#f8f9fa' }}>
      <div
        ref={box} data-testid="plan-viewer" data-zoom={view.k.toFixed(2)}
        style={{ height, touchAction: 'none', cursor: drag.current?.moved ? 'grabbing' : 'grab', userSelect: 'none' }}
        onPointerDown={(e) => {
          if (e.pointerType === 'touch') touches.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
          if (touches.current.size === 2) { drag.current = null; pinch.current = null; return; }
          drag.current = { sx: e.clientX, sy: e.clientY, vx: view.x, vy: view.y, moved: false };
        }}
        onPointerMove={(e) => {
          if (touches.current.has(e.pointerId)) touches.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
          if (touches.current.size === 2) {
            const [a, b] = [...touches.current.values()];
            const dist = Math.hypot(a.x - b.x, a.y - b.y);
            const r = box.current!.getBoundingClientRect();
            if (pinch.current && dist > 0) zoomAt(dist / pinch.current.d, (a.x + b.x) / 2 - r.left, (a.y + b.y) / 2 - r.top);
            pinch.current = { d: dist };
            swallowClick.current = true;
            return;
          }
          const d = drag.current;
          if (!d) return;
          const dx = e.clientX - d.sx;
          const dy = e.clientY - d.sy;
          if (!d.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
          if (!d.moved) { d.moved = true; box.current?.setPointerCapture(e.pointerId); }
          setView((v) => ({ ...v, x: d.vx + dx, y: d.vy + dy }));
        }}
        onPointerUp={(e) => {
          touches.current.delete(e.pointerId);
          if (touches.current.size < 2) pinch.current = null;
          if (drag.current) swallowClick.current = drag.current.moved;
          drag.current = null;
        }}
        onPointerCancel={(e) => { touches.current.delete(e.pointerId); pinch.current = null; drag.current = null; }}
        onClickCapture={(e) => { if (swallowClick.current) { e.stopPropagation(); swallowClick.current = false; } }}
      >
        <div style={{ width: '100%', height: '100%', transform: `translate(${view.x}px, ${view.y}px) scale(${view.k})`, transformOrigin: '0 0' }}>{children}</div>
      </div>
      <Group gap={4} pos="absolute" top={10} right={10} style={{ background: 'white', borderRadius: 8, boxShadow: '0 1px 4px rgba(0,0,0,.15)', padding: 2 }}>
        <Tooltip label="Zoom in"><ActionIcon variant="subtle" color="gray" aria-label="Zoom in" onClick={() => zoomAt(BUTTON_ZOOM_STEP, ...centre())}><IconPlus size={18} /></ActionIcon></Tooltip>
        <Tooltip label="Zoom out"><ActionIcon variant="subtle" color="gray" aria-label="Zoom out" onClick={() => zoomAt(1 / BUTTON_ZOOM_STEP, ...centre())}><IconMinus size={18} /></ActionIcon></Tooltip>
        <Tooltip label="Fit to screen"><ActionIcon variant="subtle" color="gray" aria-label="Fit to screen" onClick={() => setView({ k: 1, x: 0, y: 0 })}><IconArrowsMinimize size={18} /></ActionIcon></Tooltip>
      </Group>
      <Text size="xs" c="dimmed" pos="absolute" bottom={8} left={12} style={{ pointerEvents: 'none' }}>{Math.round(view.k * 100)}% · scroll to zoom, drag to move</Text>
    </Paper>
  );
}

const Swatch = ({ colour, kind }: { colour: string; kind: 'fill' | 'line' | 'dash' }) => (
  <svg width={22} height={12} aria-hidden>
    {kind === 'fill' && <rect x={1} y={1} width={20} height={10} rx={2} fill={colour} fillOpacity={0.2} stroke={colour} strokeWidth={1.5} />}
    {kind === 'line' && <line x1={2} y1={6} x2={20} y2={6} stroke={colour} strokeWidth={4} strokeLinecap="round" />}
    {kind === 'dash' && <line x1={1} y1={6} x2={21} y2={6} stroke={colour} strokeWidth={2} strokeDasharray="5 3" />}
  </svg>
);

/** What each colour on the plan means. */
export function PlanLegend({ greyLabel = 'Left out of totals', unmeasured = false }: { greyLabel?: string; unmeasured?: boolean }) {
  const items: [string, string, 'fill' | 'line' | 'dash'][] = [
    ['Room', PLAN_COLOURS.room, 'fill'], ['Selected room', PLAN_COLOURS.active, 'fill'], [greyLabel, PLAN_COLOURS.excluded, 'dash'],
    ['Window', PLAN_COLOURS.window, 'line'], ['Door', PLAN_COLOURS.door, 'line'], ['Exterior outline', PLAN_COLOURS.exterior, 'dash'],
    // (shown when the plan has space in no room)
    ...(unmeasured ? [['In no room (not measured)', PLAN_COLOURS.unmeasured, 'dash'] as [string, string, 'dash']] : []),
  ];
  return (
    <Group gap="md" mt="xs" data-testid="plan-legend">
      {items.map(([label, colour, kind]) => (
        <Group key={label} gap={6} wrap="nowrap"><Swatch colour={colour} kind={kind} /><Text size="xs" c="dimmed">{label}</Text></Group>
      ))}
    </Group>
  );
}
