import { isDeducted, openingSizeMm as sizeOf, type Deduction } from '@plansight/contracts';
import type { OpeningDto, ResultDto, RoomDto } from '../api/measure-api';

/** Width and height of a window or door in mm (spec section 9), by the rule the estimate uses too. */
export const openingSizeMm = (o: OpeningDto) => sizeOf(o);
export const openingAreaMm2 = (o: OpeningDto) => { const s = openingSizeMm(o); return s.widthMm * s.heightMm; };

export interface RoomTotals { count: number; skirtingMm: number; ceilingAreaMm2: number; netWallAreaMm2: number; windows: number; doors: number }

/** Openings of the rooms, each once: a door between two rooms is listed in both but is one door. */
function distinctOpenings(lists: OpeningDto[][]): number {
  const ids = new Set<string>();
  let withoutId = 0;
  for (const o of lists.flat()) {
    if (o.id) ids.add(o.id);
    else withoutId++;
  }
  return ids.size + withoutId;
}

/**
 * Totals over exactly these rooms. Lengths and areas add up per room (a shared door is an opening in both
 * rooms' walls); window and door counts count each opening once, like the result's statistics.
 */
export function totalsOf(counted: readonly RoomDto[]): RoomTotals {
  const sum = (f: (r: RoomDto) => number) => counted.reduce((a, r) => a + (f(r) || 0), 0);
  return {
    count: counted.length, skirtingMm: sum((r) => r.perimeter_mm), ceilingAreaMm2: sum((r) => r.ceiling_area), netWallAreaMm2: sum((r) => r.net_wall_area),
    windows: distinctOpenings(counted.map((r) => r.windows)), doors: distinctOpenings(counted.map((r) => r.doors)),
  };
}

/** Totals over the given rooms; rooms the user left out (excluded) never count. */
export const roomTotals = (rooms: readonly RoomDto[]): RoomTotals => totalsOf(rooms.filter((r) => !r.excluded));

/**
 * Spec section 9: outside wall area = total wall length x ceiling height; net = that minus window and door
 * areas, the ones the project's deduction rule deducts (every one when the result names no rule).
 */
export function outsideQuantities(result: ResultDto) {
  const od = result.outside_detection;
  if (!od?.detection_available) return null;
  const rule = (result.metadata as { deduction?: Deduction }).deduction ?? { rule: 'all', threshold_m2: 0 };
  const wallAreaMm2 = (od.total_walls_mm || 0) * (result.statistics.ceiling_height_mm || 0);
  const windowsAreaMm2 = od.outside_windows.reduce((a, o) => a + openingAreaMm2(o), 0);
  const doorsAreaMm2 = od.outside_doors.reduce((a, o) => a + openingAreaMm2(o), 0);
  const deductedMm2 = [...od.outside_windows, ...od.outside_doors].filter((o) => isDeducted({ ...o, id: o.id ?? '' }, rule)).reduce((a, o) => a + openingAreaMm2(o), 0);
  return { wallLengthMm: od.total_walls_mm, wallAreaMm2, windowsAreaMm2, doorsAreaMm2, netWallAreaMm2: wallAreaMm2 - deductedMm2 };
}
