import { Paper } from '@mantine/core';

interface Room {
  x: number;
  y: number;
  w: number;
  h: number;
  name: string;
  area: string;
  fill: string;
}

// A made-up apartment in a 400 x 280 drawing; areas are what the labels would read at 1:100.
const ROOMS: Room[] = [
  { x: 20, y: 20, w: 200, h: 150, name: 'Living', area: '28.4 m²', fill: '#dbeafe' },
  { x: 220, y: 20, w: 160, h: 100, name: 'Bedroom 1', area: '14.2 m²', fill: '#dcfce7' },
  { x: 220, y: 120, w: 90, h: 140, name: 'Bath', area: '6.1 m²', fill: '#fef3c7' },
  { x: 310, y: 120, w: 70, h: 140, name: 'Bed 2', area: '9.3 m²', fill: '#fce7f3' },
  { x: 20, y: 170, w: 200, h: 90, name: 'Kitchen', area: '15.8 m²', fill: '#ede9fe' },
];

/** The hero's picture: a floor plan with measured rooms, drawn in SVG so nothing loads from elsewhere. */
export function HeroPlanArt() {
  return (
    <Paper radius="lg" shadow="xl" p="md" withBorder style={{ background: 'white' }}>
      <svg viewBox="0 0 400 300" width="100%" role="img" aria-label="A floor plan with every room measured">
        <defs>
          <pattern id="grid" width="20" height="20" patternUnits="userSpaceOnUse">
            <path d="M 20 0 L 0 0 0 20" fill="none" stroke="#eef2f7" strokeWidth="1" />
          </pattern>
        </defs>
        <rect width="400" height="300" fill="url(#grid)" />
        {ROOMS.map((r) => (
          <g key={r.name}>
            <rect x={r.x} y={r.y} width={r.w} height={r.h} fill={r.fill} stroke="#1e293b" strokeWidth="4" />
            <text x={r.x + r.w / 2} y={r.y + r.h / 2 - 4} textAnchor="middle" fontSize="13" fontWeight="700" fill="#1e293b">
              {r.name}
            </text>
            <text x={r.x + r.w / 2} y={r.y + r.h / 2 + 13} textAnchor="middle" fontSize="11" fill="#334155">
              {r.area}
            </text>
          </g>
        ))}
        {/* Door openings and swings. */}
        <path d="M 180 170 h 30" stroke="white" strokeWidth="6" />
        <path d="M 180 170 a 30 30 0 0 1 30 -30" fill="none" stroke="#64748b" strokeWidth="1.5" />
        <path d="M 220 60 v 30" stroke="white" strokeWidth="6" />
        <path d="M 220 60 a 30 30 0 0 1 30 30" fill="none" stroke="#64748b" strokeWidth="1.5" />
        {/* Windows. */}
        <path d="M 70 20 h 60 M 260 20 h 80 M 20 200 v 40" stroke="#38bdf8" strokeWidth="6" />
        {/* A dimension line. */}
        <path d="M 20 282 H 380 M 20 276 v 12 M 380 276 v 12" stroke="#2563eb" strokeWidth="1.5" />
        <rect x="168" y="273" width="64" height="18" rx="4" fill="#2563eb" />
        <text x="200" y="286" textAnchor="middle" fontSize="11" fontWeight="700" fill="white">
          12.60 m
        </text>
      </svg>
    </Paper>
  );
}
