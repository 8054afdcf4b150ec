import { describe, expect, it } from 'vitest';
import type { ResultDto } from '../api/measure-api';
import { planFrameMm, unmeasuredAreas } from './geometry';

const result = (over: Partial<ResultDto> = {}): ResultDto => ({
  rooms: [{ label: 'A', polygon: [[10000, 5000], [20000, 5000], [20000, 15000], [10000, 15000]], perimeter_mm: 0, ceiling_area: 0, net_wall_area: 0, total_wall_surface_area: 0, total_window_area: 0, total_door_area: 0, windows: [], doors: [] }],
  statistics: { total_windows: 0, total_doors: 0, ceiling_height_mm: 2400 },
  metadata: { units: 'mm', page_width_mm: 42000, page_height_mm: 29700 },
  ...over,
});

describe('planFrameMm', () => {
  it('frames the measured drawing with a margin, not the whole sheet', () => {
    expect(planFrameMm(result())).toEqual({ x: 9200, y: 4200, w: 11600, h: 11600 });
  });
  it('keeps the frame on the page', () => {
    const r = result();
    r.rooms[0].polygon = [[0, 0], [5000, 0], [5000, 5000], [0, 5000]];
    expect(planFrameMm(r)).toEqual({ x: 0, y: 0, w: 5400, h: 5400 });
  });
  it('shows the whole page when nothing was measured', () => {
    expect(planFrameMm(result({ rooms: [] }))).toEqual({ x: 0, y: 0, w: 42000, h: 29700 });
  });
});

describe('unmeasuredAreas', () => {
  const sq = (x: number, y: number, s: number): [number, number][] => [[x, y], [x + s, y], [x + s, y + s], [x, y + s]];
  const base = (rooms: [number, number][][]) => ({
    rooms: rooms.map((polygon) => ({ label: '', polygon, perimeter_mm: 0, ceiling_area: 0, net_wall_area: 0, total_wall_surface_area: 0, total_window_area: 0, total_door_area: 0, windows: [], doors: [] })),
    statistics: { total_windows: 0, total_doors: 0, ceiling_height_mm: 2500 }, metadata: {},
    warnings: [{ code: 'unmeasured_space', message: 'About 16 m² ...', areas_mm: [sq(5000, 0, 4000)] }, { code: 'door_height_assumed', message: '...' }],
  });

  it('gives the spaces in no room the warnings mark, and drops one the user has since drawn a room over', () => {
    const r1 = base([sq(0, 0, 4000)]);
    expect(unmeasuredAreas(r1.warnings, r1.rooms)).toEqual([sq(5000, 0, 4000)]);
    const r2 = base([sq(0, 0, 4000), sq(4900, -100, 4200)]);
    expect(unmeasuredAreas(r2.warnings, r2.rooms)).toEqual([]);
  });
});
