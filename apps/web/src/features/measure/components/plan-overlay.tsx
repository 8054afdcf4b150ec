import type { OpeningDto, PointMm, ResultDto } from '../api/measure-api';
import { planFrameMm, tagPlaceMm } from '../utils/geometry';

/** Colours shared by the overlay, the legend and the PDF plan page. */
export const PLAN_COLOURS = { room: '#1c7ed6', active: '#f08c00', excluded: '#868e96', window: '#0ca678', door: '#e03131', exterior: '#7048e8' } as const;

const pts = (p: PointMm[]) => p.map(([x, y]) => `${x},${y}`).join(' ');

function Opening({ o, colour, unit }: { o: OpeningDto; colour: string; unit: number }) {
  if (o.segment) return <line x1={o.segment[0][0]} y1={o.segment[0][1]} x2={o.segment[1][0]} y2={o.segment[1][1]} stroke={colour} strokeWidth={unit * 4} strokeLinecap="round" />;
  if (o.position) return <circle cx={o.position[0]} cy={o.position[1]} r={unit * 5} fill={colour} />;
  return null;
}

/** The plan image with rooms, windows, doors and the exterior outline over it; coordinates stay in mm via the viewBox. */
export function PlanOverlay({ result, imageUrl, active, excluded, onHover, onSelect, showLabels = true }: {
  result: ResultDto; imageUrl?: string; active: number | null; excluded?: (i: number) => boolean;
  onHover: (i: number | null) => void; onSelect: (i: number) => void; showLabels?: boolean;
}) {
  const f = planFrameMm(result);
  const unit = Math.max(f.w, f.h) / 900; // one screen-ish pixel at fit-to-screen
  const ext = result.outside_detection?.exterior_polygon;
  const openings = [
    ...result.rooms.flatMap((r, i) => [...r.windows.map((o) => ({ o, c: PLAN_COLOURS.window, k: `w${i}-${o.id}` })), ...r.doors.map((o) => ({ o, c: PLAN_COLOURS.door, k: `d${i}-${o.id}` }))]),
    ...(result.outside_detection?.outside_windows ?? []).map((o) => ({ o, c: PLAN_COLOURS.window, k: `ow-${o.id}` })),
    ...(result.outside_detection?.outside_doors ?? []).map((o) => ({ o, c: PLAN_COLOURS.door, k: `od-${o.id}` })),
  ];
  return (
    <svg viewBox={`${f.x} ${f.y} ${f.w} ${f.h}`} preserveAspectRatio="xMidYMid meet" style={{ width: '100%', height: '100%', display: 'block' }} data-testid="plan-overlay" role="img" aria-label="Measured plan">
      {imageUrl && <image href={imageUrl} x={0} y={0} width={result.metadata.page_width_mm ?? f.w} height={result.metadata.page_height_mm ?? f.h} preserveAspectRatio="none" opacity={0.85} />}
      {ext && ext.length > 2 && <polygon points={pts(ext)} fill="none" stroke={PLAN_COLOURS.exterior} strokeWidth={unit * 2.5} strokeDasharray={`${unit * 10} ${unit * 6}`} data-testid="exterior-outline" />}
      {result.rooms.map((r, i) => {
        if (!r.polygon || r.polygon.length < 3) return null;
        const out = excluded?.(i) ?? !!r.excluded;
        const colour = active === i ? PLAN_COLOURS.active : out ? PLAN_COLOURS.excluded : PLAN_COLOURS.room;
        return (
          <polygon key={i} points={pts(r.polygon)} data-room={i} onMouseEnter={() => onHover(i)} onMouseLeave={() => onHover(null)} onClick={() => onSelect(i)}
            fill={colour} fillOpacity={active === i ? 0.35 : out ? 0.08 : 0.16} stroke={colour} strokeWidth={unit * (active === i ? 3 : 1.8)}
            strokeDasharray={out ? `${unit * 6} ${unit * 4}` : undefined} style={{ cursor: 'pointer' }}>
            <title>{r.label}</title>
          </polygon>
        );
      })}
      {openings.filter((x) => x.o.segment || x.o.position).map(({ o, c, k }) => <Opening key={k} o={o} colour={c} unit={unit} />)}
      {showLabels && result.rooms.map((r, i) => {
        if (!r.polygon || r.polygon.length < 3) return null;
        // A name tag on white near the top of the room: readable over the plan and clear of its printed name.
        const fs = unit * 15;
        const [cx, cy] = tagPlaceMm(r.polygon, fs * 1.3);
        const out = excluded?.(i) ?? !!r.excluded;
        const colour = active === i ? PLAN_COLOURS.active : out ? PLAN_COLOURS.excluded : PLAN_COLOURS.room;
        const w = r.label.length * fs * 0.68 + fs;
        return (
          <g key={`t${i}`} pointerEvents="none" data-room-tag={i}>
            <rect x={cx - w / 2} y={cy - fs * 0.8} width={w} height={fs * 1.6} rx={fs * 0.4} fill="#fff" fillOpacity={0.92} stroke={colour} strokeWidth={unit} />
            <text x={cx} y={cy} textAnchor="middle" dominantBaseline="central" fontSize={fs} fontFamily="system-ui, sans-serif" fontWeight={600}
              fill={out ? '#495057' : '#0b3d6b'} textDecoration={out ? 'line-through' : undefined}>
              {r.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
