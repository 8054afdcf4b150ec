import { describe, expect, it } from 'vitest';
import type { AnalysisResult, PointMm, Room } from '@plansight/engine';
import { roomIdOf } from '@plansight/engine/measure';
import type { RoomEditRow } from './room-edits.repository.js';
import { acrossWall, applyEdits, matchEdits, toPt, type UnnumberedRoom } from './room-edits.js';
import { totalsOf } from './result.dto.js';

const rect = (x: number, y: number, w: number, h: number): PointMm[] => [[x, y], [x + w, y], [x + w, y + h], [x, y + h]];
const K = 3.5; // mm per point

function roomAt(polygon: PointMm[], label: string): Room {
  return {
    id: roomIdOf(polygon), label, is_outdoor: false, polygon, perimeter_mm: 0, ceiling_area: 0, total_wall_surface_area: 0,
    total_window_area: 0, total_door_area: 0, net_wall_area: 0, windows: [], doors: [],
  };
}
function resultOf(rooms: Room[]): AnalysisResult {
  return {
    rooms, statistics: { total_rooms: rooms.length, total_windows: 0, total_doors: 0, ceiling_height_mm: 2500 },
    metadata: { units: 'mm', page: 1, scale_number: 100, paper_size: 'A3', page_width_mm: 40_000, page_height_mm: 30_000, mm_per_pt: K, engine_version: 't', duration_ms: 0 },
    outside_detection: { detection_available: false, exterior_polygon: [], total_walls_mm: 0, total_wall_area_mm2: 0, outside_windows: [], outside_doors: [], outside_windows_count: 0, outside_doors_count: 0 },
    warnings: [],
  };
}
function edit(roomId: string, over: Partial<RoomEditRow>): RoomEditRow {
  return {
    projectId: 'p', roomId, label: null, excluded: false, source: 'detected', deleted: false, polygonPt: null, anchorPt: null,
    windows: null, doors: null, createdAt: new Date(0), updatedAt: new Date(0), ...over,
  };
}

describe('room edits after a re-measure', () => {
  const kitchen = rect(1000, 1000, 4000, 3000), bed = rect(5200, 1000, 3000, 3000);

  it('keep the area printed in the room stamp on the room', () => {
    const withStamp = { ...roomAt(kitchen, 'KITCHEN'), printed_area_mm2: 12.4e6 };
    const rooms = applyEdits(resultOf([withStamp, roomAt(bed, 'BED')]), matchEdits(resultOf([]), []));
    expect(rooms.map((r) => r.printed_area_mm2)).toEqual([12.4e6, undefined]);
  });

  it('keep the floor-plan view a room was found in, on a sheet with several', () => {
    const rooms = applyEdits(resultOf([{ ...roomAt(kitchen, 'KITCHEN'), view: 'GROUND FLOOR PLAN' }, roomAt(bed, 'BED')]), matchEdits(resultOf([]), []));
    expect(rooms.map((r) => r.view)).toEqual(['GROUND FLOOR PLAN', undefined]);
  });

  it('stay on their room when another room appears in front of it', () => {
    const first = resultOf([roomAt(kitchen, 'KITCHEN'), roomAt(bed, 'BED')]);
    const rename = edit(first.rooms[1].id, { label: 'Main bedroom', anchorPt: toPt(bed, K) });
    const again = resultOf([roomAt(rect(1000, 5000, 2000, 2000), 'WC'), roomAt(kitchen, 'KITCHEN'), roomAt(bed, 'BED')]);
    const rooms = applyEdits(again, matchEdits(again, [rename]));
    expect(rooms.map((r) => r.label)).toEqual(['WC', 'KITCHEN', 'Main bedroom']);
  });

  it('follow their room by overlap when a re-measure moved its walls a little', () => {
    const first = resultOf([roomAt(kitchen, 'KITCHEN')]);
    const drawn = rect(1000, 1000, 4500, 3000);
    const reshaped = edit(first.rooms[0].id, { polygonPt: toPt(drawn, K), anchorPt: toPt(kitchen, K) });
    const again = resultOf([roomAt(rect(1040, 980, 3990, 3010), 'KITCHEN')]);
    expect(again.rooms[0].id).not.toBe(first.rooms[0].id);
    const [room] = applyEdits(again, matchEdits(again, [reshaped]));
    expect(room).toMatchObject({ id: again.rooms[0].id, edited: true, ceiling_area: 4500 * 3000, perimeter_mm: 15_000, total_wall_surface_area: 15_000 * 2500 });
  });

  it('keep a reshaped room whose detected room is gone, and drop a mere rename of it', () => {
    const gone = edit('room-old', { polygonPt: toPt(rect(9000, 9000, 2000, 2000), K), anchorPt: toPt(rect(9000, 9000, 2000, 2000), K) });
    const renamed = edit('room-other', { label: 'X', anchorPt: toPt(rect(20_000, 9000, 2000, 2000), K) });
    const rooms = applyEdits(resultOf([roomAt(kitchen, 'KITCHEN')]), matchEdits(resultOf([roomAt(kitchen, 'KITCHEN')]), [gone, renamed]));
    expect(rooms.map((r) => [r.id, r.source])).toEqual([[roomIdOf(kitchen), 'detected'], ['room-old', 'added']]);
  });
});

describe('a window or door between two rooms', () => {
  const opening = (id: string, width: number, height: number) => ({ id, keyword: 'window', tag: '', dimensions: '', dimensions_string: '', width, height, position: [0, 0] as PointMm });
  const room = (id: string, windows: ReturnType<typeof opening>[], doors: ReturnType<typeof opening>[] = []): UnnumberedRoom => ({
    id, label: id, original_label: id, excluded: false, polygon: rect(0, 0, 1000, 1000), perimeter_mm: 4000, ceiling_area: 1e6, net_wall_area: 0, total_wall_surface_area: 0,
    total_window_area: windows.reduce((s, o) => s + o.width * o.height, 0), total_door_area: 0, windows, doors,
  });
  const shared = opening('window-1', 1200, 1200);
  const rooms = [room('a', [shared, opening('window-2', 600, 600)]), room('b', [shared]), room('c', [opening('window-3', 900, 900)])];

  it('resized in one room, the room across the wall takes the new size; a room without it is untouched', () => {
    expect(acrossWall(rooms, 'a', { windows: [{ id: 'window-1', width: 1800, height: 1200 }, { id: 'window-2', width: 600, height: 600 }] }))
      .toEqual([{ roomId: 'b', windows: [expect.objectContaining({ id: 'window-1', width: 1800, height: 1200 })], doors: [] }]);
  });

  it('turned into a door or removed in one room, so it is in the other', () => {
    expect(acrossWall(rooms, 'a', { doors: [{ id: 'window-1', width: 1200, height: 2100 }], windows: [] })[0])
      .toMatchObject({ roomId: 'b', windows: [], doors: [{ id: 'window-1', height: 2100 }] });
    expect(acrossWall(rooms, 'b', { windows: [] })).toEqual([{ roomId: 'a', windows: [expect.objectContaining({ id: 'window-2' })], doors: [] }]);
    expect(acrossWall(rooms, 'a', { label: 'x' } as never)).toEqual([]);
  });

  it('counts once in the totals: one window, its area once', () => {
    const t = totalsOf(rooms.slice(0, 2).map((r, i) => ({ ...r, number: i + 1 })));
    expect(t.windows).toBe(2);
    expect(t.total_window_area).toBe(1200 * 1200 + 600 * 600);
  });
});
