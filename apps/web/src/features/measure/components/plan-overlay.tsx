import { useResizeObserver } from '@mantine/hooks';
import { useId } from 'react';
import type { OpeningDto, PointMm, ResultDto } from '../api/measure-api';
import { roomNumber, roomTitle } from '../utils/format';
import { planFrameMm, tagPlaceMm, unmeasuredAreas } from '../utils/geometry';
import { layoutTags } from '../utils/tag-layout';

/** Colours shared by the overlay, the legend and the PDF plan page. */
export const PLAN_COLOURS = { room: '#1c7ed6', active: '#f08c00', excluded: '#868e96', window: '#0ca678', door: '#e03131', exterior: '#7048e8', unmeasured: '#d6336c' } as const;

/** Room numbers are this many screen pixels high at fit-to-screen, on a laptop and on a phone alike. */
const TAG_FONT_PX = 13;
/** Width the drawing is assumed to fill before the overlay has been measured (px). */
const ASSUMED_WIDTH_PX = 900;

const pts = (p: PointMm[]) => p.map(([x, y]) => `${x},${y}`).join(' ');

function Opening({ o, colour, unit }: { o: OpeningDto; colour: string; unit: number }) {
  if (o.segment) return <line x1={o.segment[0][0]} y1={o.segment[0][1]} x2={o.segment[1][0]} y2={o.segment[1][1]} stroke={colour} strokeWidth={unit * 4} strokeLinecap="round" />;
  if (o.position) return <circle cx={o.position[0]} cy={o.position[1]} r={unit * 5} fill={colour} />;
  return null;
}

/**
 * The spaces inside the building that no room holds (warning unmeasured_space), hatched, in an SVG whose units are mm
 * (`unit`: one screen pixel in mm). They handle no click of their own: it goes on to the plan (in the editor the missing
 * room is drawn over them).
 */
export function UnmeasuredAreas({ areas, unit }: { areas: PointMm[][]; unit: number }) {
  const hatch = useId();
  if (!areas.length) return null;
  return (
    <>
      <defs>
        <pattern id={hatch} patternUnits="userSpaceOnUse" width={unit * 8} height={unit * 8} patternTransform="rotate(45)">
          <line x1={0} y1={0} x2={0} y2={unit * 8} stroke={PLAN_COLOURS.unmeasured} strokeWidth={unit * 2} strokeOpacity={0.6} />
        </pattern>
      </defs>
      {areas.map((a, k) => (
        <polygon key={k} points={pts(a)} fill={`url(#${hatch})`} stroke={PLAN_COLOURS.unmeasured} strokeWidth={unit * 1.5} strokeDasharray={`${unit * 4} ${unit * 3}`}
          data-testid="unmeasured-area">
          <title>In no room: not measured. A door or window here may not have been closed; draw the room in the walls view.</title>
        </polygon>
      ))}
    </>
  );
}

/** The plan image with rooms, windows, doors and the exterior outline over it; coordinates stay in mm via the viewBox. */
export function PlanOverlay({ result, imageUrl, active, excluded, onHover, onSelect, showLabels = true }: {
  result: ResultDto; imageUrl?: string; active: number | null; excluded?: (i: number) => boolean;
  onHover: (i: number | null) => void; onSelect: (i: number) => void; showLabels?: boolean;
}) {
  const f = planFrameMm(result);
  const [ref, rect] = useResizeObserver<HTMLDivElement>();
  // One screen pixel in mm at fit-to-screen ('meet' fits the frame's tighter side): tags and strokes keep their
  // size on screen whatever the plan's size and the screen's, so numbers stay readable on a phone.
  const unit = rect.width > 0 && rect.height > 0 ? Math.max(f.w / rect.width, f.h / rect.height) : Math.max(f.w, f.h) / ASSUMED_WIDTH_PX;
  const ext = result.outside_detection?.exterior_polygon;
  // space inside the building no room holds (warning unmeasured_space): hatched, so a missed room shows at a glance
  const unmeasured = unmeasuredAreas(result.warnings, result.rooms);
  const openings = [
    ...result.rooms.flatMap((r, i) => [...r.windows.map((o) => ({ o, c: PLAN_COLOURS.window, k: `w${i}-${o.id}` })), ...r.doors.map((o) => ({ o, c: PLAN_COLOURS.door, k: `d${i}-${o.id}` }))]),
    ...(result.outside_detection?.outside_windows ?? []).map((o) => ({ o, c: PLAN_COLOURS.window, k: `ow-${o.id}` })),
    ...(result.outside_detection?.outside_doors ?? []).map((o) => ({ o, c: PLAN_COLOURS.door, k: `od-${o.id}` })),
  ];
  const fs = unit * TAG_FONT_PX;
  const tagR = fs * 0.85;
  const numbered = result.rooms.flatMap((r, i) => (r.polygon && r.polygon.length >= 3 ? [{ i, at: tagPlaceMm(r.polygon, tagR * 2) }] : []));
  const tags = layoutTags(numbered.map((t) => t.at), tagR).map((p, k) => ({ ...p, i: numbered[k].i }));
  return (
    <div ref={ref} style={{ width: '100%', height: '100%' }}>
    <svg data-unit-mm={unit.toFixed(3)} viewBox={`${f.x} ${f.y} ${f.w} ${f.h}`} preserveAspectRatio="xMidYMid meet" style={{ width: '100%', height: '100%', display: 'block' }} data-testid="plan-overlay" role="img" aria-label="Measured plan">
      {imageUrl && <image href={imageUrl} x={0} y={0} width={result.metadata.page_width_mm ?? f.w} height={result.metadata.page_height_mm ?? f.h} preserveAspectRatio="none" opacity={0.85} />}
      <UnmeasuredAreas areas={unmeasured} unit={unit} />
      {ext && ext.length > 2 && <polygon points={pts(ext)} fill="none" stroke={PLAN_COLOURS.exterior} strokeWidth={unit * 2.5} strokeDasharray={`${unit * 10} ${unit * 6}`} data-testid="exterior-outline" />}
      {result.rooms.map((r, i) => {
        if (!r.polygon || r.polygon.length < 3) return null;
        const out = excluded?.(i) ?? !!r.excluded;
        const colour = active === i ? PLAN_COLOURS.active : out ? PLAN_COLOURS.excluded : PLAN_COLOURS.room;
        return (
          <polygon key={i} points={pts(r.polygon)} data-room={i} onMouseEnter={() => onHover(i)} onMouseLeave={() => onHover(null)} onClick={() => onSelect(i)}
            fill={colour} fillOpacity={active === i ? 0.35 : out ? 0.08 : 0.16} stroke={colour} strokeWidth={unit * (active === i ? 3 : 1.8)}
            strokeDasharray={out ? `${unit * 6} ${unit * 4}` : undefined} style={{ cursor: 'pointer' }}>
            <title>{roomTitle(r, i)}</title>
          </polygon>
        );
      })}
      {openings.filter((x) => x.o.segment || x.o.position).map(({ o, c, k }) => <Opening key={k} o={o} colour={c} unit={unit} />)}
      {showLabels && tags.map(({ i, x, y, anchor, moved }) => {
        const r = result.rooms[i];
        const out = excluded?.(i) ?? !!r.excluded;
        const colour = active === i ? PLAN_COLOURS.active : out ? PLAN_COLOURS.excluded : PLAN_COLOURS.room;
        const n = String(roomNumber(r, i));
        // A numbered disc on white: short enough never to hide the plan, named in the list and the report.
        const w = Math.max(tagR * 2, n.length * fs * 0.62 + fs * 0.7);
        return (
          <g key={`t${i}`} pointerEvents="none" data-room-tag={i} data-room-number={n}>
            {moved && <line x1={anchor[0]} y1={anchor[1]} x2={x} y2={y} stroke={colour} strokeWidth={unit * 1.2} data-leader={i} />}
            {moved && <circle cx={anchor[0]} cy={anchor[1]} r={unit * 2.5} fill={colour} />}
            <rect x={x - w / 2} y={y - tagR} width={w} height={tagR * 2} rx={tagR} fill="#fff" fillOpacity={0.95} stroke={colour} strokeWidth={unit * 1.5} />
            <text x={x} y={y} textAnchor="middle" dominantBaseline="central" fontSize={fs} fontFamily="system-ui, sans-serif" fontWeight={700}
              fill={out ? '#495057' : '#0b3d6b'} textDecoration={out ? 'line-through' : undefined}>
              {n}
            </text>
          </g>
        );
      })}
    </svg>
    </div>
  );
}
