import {
  computeEstimate, describeDeduction, netWallAreaMm2, type Deduction, type Estimate, type EstimateInput, type EstimateOpening, type EstimateSettings,
} from '@plansight/contracts';

/** The slice of a result the rules read; any result type of the app fits it. */
interface OpeningLike { id?: string; width: number; height: number; dimensions?: string; wall_thickness?: number; room_ids?: string[] }
interface RoomLike {
  id?: string; label: string; excluded?: boolean; perimeter_mm: number; ceiling_area: number; total_wall_surface_area: number; net_wall_area: number;
  windows: OpeningLike[]; doors: OpeningLike[];
}
interface ResultLike {
  rooms: RoomLike[];
  statistics: { ceiling_height_mm: number };
  metadata: object;
  outside_detection?: { detection_available: boolean; total_walls_mm: number; outside_windows: OpeningLike[]; outside_doors: OpeningLike[] };
}

const opening = (o: OpeningLike, i: number): EstimateOpening => ({ ...o, id: o.id ?? `o${i}` });
const roomKey = (r: RoomLike, i: number) => r.id ?? String(i);

function estimateInput(result: ResultLike): EstimateInput {
  const od = result.outside_detection;
  return {
    rooms: result.rooms.map((r, i) => ({ ...r, id: roomKey(r, i), windows: r.windows.map(opening), doors: r.doors.map(opening) })),
    statistics: result.statistics,
    outside_detection: od
      ? { ...od, outside_windows: od.outside_windows.map(opening), outside_doors: od.outside_doors.map(opening) }
      : { detection_available: false, total_walls_mm: 0, outside_windows: [], outside_doors: [] },
  };
}

/** The result with every room's net wall area under the rule (the server does the same when it answers). */
export function resultUnderRule<T extends ResultLike>(result: T, d: Deduction): T {
  const input = estimateInput(result);
  return {
    ...result,
    rooms: result.rooms.map((r, i) => ({ ...r, net_wall_area: Math.round(netWallAreaMm2(input.rooms[i], d)) })),
    metadata: { ...result.metadata, deduction: d, deduction_rule: describeDeduction(d) },
  };
}

/** The estimate of the rooms at these indexes of the result. */
export function estimateOf(result: ResultLike, settings: EstimateSettings, roomIndexes: number[]): Estimate {
  const ids = roomIndexes.map((i) => roomKey(result.rooms[i], i));
  return computeEstimate(estimateInput(result), settings, ids);
}

export const roomIdsOf = (result: ResultLike, roomIndexes: number[]) => roomIndexes.filter((i) => result.rooms[i]).map((i) => roomKey(result.rooms[i], i));
