/**
 * The user's room edits on top of the engine's result: which detected room each edit belongs to after a
 * re-measure, and the rooms as the user sees them (edited ones re-measured with the engine's measure code).
 * Pure functions; the service loads and stores the rows.
 */
import type { OpeningDto, OpeningEdit, RoomDto } from '@plansight/contracts';
import type { AnalysisResult, Opening, PointMm, Room } from '@plansight/engine';
import { bestOverlap, measureRoom } from '@plansight/engine/measure';
import type { OpeningEditPt, PointPt } from '../../db/schema/measure.js';
import type { RoomEditRow } from './measure.repository.js';

/** mm per PDF point of the result (the frame edits are stored in). */
export const mmPerPtOf = (r: AnalysisResult) => r.metadata.mm_per_pt || 1;
export const toPt = (p: PointMm[], k: number): PointPt[] => p.map(([x, y]) => [x / k, y / k]);
export const toMm = (p: PointPt[], k: number): PointMm[] => p.map(([x, y]) => [x * k, y * k]);

export interface MatchedEdits {
  /** Detected room id -> the edit that belongs to it (maybe stored under an older id). */
  byRoom: Map<string, RoomEditRow>;
  /** Rooms drawn by the user, and edits of detected rooms no longer found that carry an outline. */
  added: RoomEditRow[];
}

/**
 * Finds each edit's room in this result: the detected room with the same id, else (after a re-measure moved
 * it a little, or at another scale) the one its anchor outline overlaps most, else, for edits stored before
 * ids came from geometry ('room-N' without an anchor), the N-th room.
 */
export function matchEdits(result: AnalysisResult, edits: RoomEditRow[]): MatchedEdits {
  const k = mmPerPtOf(result);
  const byRoom = new Map<string, RoomEditRow>();
  const added: RoomEditRow[] = [];
  const ids = new Set(result.rooms.map((r) => r.id));
  const unmatched: RoomEditRow[] = [];
  for (const e of edits) {
    if (e.source === 'added') added.push(e);
    else if (ids.has(e.roomId) && !byRoom.has(e.roomId)) byRoom.set(e.roomId, e);
    else unmatched.push(e);
  }
  for (const e of unmatched) {
    const free = result.rooms.filter((r) => !byRoom.has(r.id));
    let room: Room | undefined;
    if (e.anchorPt) {
      const i = bestOverlap(toMm(e.anchorPt, k), free.map((r) => r.polygon));
      room = i >= 0 ? free[i] : undefined;
    } else {
      const legacy = /^room-(\d+)$/.exec(e.roomId);
      const candidate = legacy ? result.rooms[Number(legacy[1]) - 1] : undefined;
      room = candidate && !byRoom.has(candidate.id) ? candidate : undefined;
    }
    if (room) byRoom.set(room.id, e);
    else if (e.polygonPt && !e.deleted) added.push(e);
  }
  added.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return { byRoom, added };
}

const dims = (w: number, h: number) => `H${Math.round(h)} x W${Math.round(w)}`;

/** A stored window or door as the client sees it; a detected one the user resized or moved keeps its other facts. */
function openingDto(o: OpeningEditPt, kind: 'window' | 'door', detected: Opening[], roomId: string, k: number): OpeningDto {
  const base = detected.find((d) => d.id === o.id);
  const position: PointMm | undefined = o.positionPt ? [o.positionPt[0] * k, o.positionPt[1] * k] : base?.position;
  const shift = base && position ? [position[0] - base.position[0], position[1] - base.position[1]] : [0, 0];
  return {
    id: o.id, keyword: kind, tag: o.tag ?? base?.tag ?? '', dimensions: dims(o.width, o.height), dimensions_string: dims(o.width, o.height),
    width: o.width, height: o.height, height_assumed: base ? base.height_assumed && base.height === o.height : false,
    subtype: base?.subtype ?? (kind === 'door' ? 'swing' : 'window'), ...(position ? { position } : {}),
    ...(base ? { segment: base.segment.map(([x, y]) => [x + shift[0], y + shift[1]]) as [PointMm, PointMm] } : {}),
    exterior: base?.exterior ?? false, room_ids: base?.room_ids ?? [roomId],
  };
}

/** A room before it is numbered in display order (toResultDto numbers them). */
export type UnnumberedRoom = Omit<RoomDto, 'number'>;

/** The rooms as the user sees them: detected ones with their edits (re-measured when reshaped), then drawn ones. */
export function applyEdits(result: AnalysisResult, matched: MatchedEdits): UnnumberedRoom[] {
  const k = mmPerPtOf(result);
  const H = result.statistics.ceiling_height_mm;
  const out: UnnumberedRoom[] = [];
  const build = (id: string, room: Room | undefined, e: RoomEditRow | undefined): UnnumberedRoom => {
    const polygon = e?.polygonPt ? toMm(e.polygonPt, k) : room?.polygon ?? [];
    const windows = e?.windows ? e.windows.map((o) => openingDto(o, 'window', room?.windows ?? [], id, k)) : room?.windows ?? [];
    const doors = e?.doors ? e.doors.map((o) => openingDto(o, 'door', room?.doors ?? [], id, k)) : room?.doors ?? [];
    const edited = !room || !!(e?.polygonPt || e?.windows || e?.doors);
    const q = room && !edited ? room : measureRoom(polygon, { windows, doors }, H);
    return {
      id, label: e?.label ?? room?.label ?? '', original_label: room?.label ?? '', excluded: e?.excluded ?? false,
      is_outdoor: room?.is_outdoor ?? false, polygon, perimeter_mm: q.perimeter_mm, ceiling_area: q.ceiling_area,
      net_wall_area: q.net_wall_area, total_wall_surface_area: q.total_wall_surface_area,
      total_window_area: q.total_window_area, total_door_area: q.total_door_area, windows, doors,
      edited, source: room ? 'detected' : 'added',
      ...(room?.printed_area_mm2 ? { printed_area_mm2: room.printed_area_mm2 } : {}),
      ...(room?.printed_size_mm ? { printed_size_mm: room.printed_size_mm } : {}),
      ...(room?.view ? { view: room.view } : {}),
    };
  };
  for (const room of result.rooms) {
    const e = matched.byRoom.get(room.id);
    if (!e?.deleted) out.push(build(room.id, room, e));
  }
  for (const e of matched.added) out.push(build(e.roomId, undefined, e));
  return out;
}

/** Windows or doors of an edit request, stored in page points; new ones get an id. */
export function openingsToPt(list: OpeningEdit[], kind: 'window' | 'door', k: number, newId: () => string): OpeningEditPt[] {
  return list.map((o) => ({
    id: o.id ?? `${kind}-${newId()}`, width: o.width, height: o.height,
    ...(o.position ? { positionPt: [o.position[0] / k, o.position[1] / k] as PointPt } : {}),
    ...(o.tag !== undefined ? { tag: o.tag } : {}),
  }));
}

/** New windows and doors for a room across the wall from an edited one. */
export interface AcrossWall { roomId: string; windows: OpeningEdit[]; doors: OpeningEdit[] }

/**
 * A window or door between two rooms is listed in both under one id: when one room's windows or doors are
 * replaced, each other room holding one of them takes its new size and kind, and loses those removed.
 */
export function acrossWall(rooms: UnnumberedRoom[], roomId: string, patch: { windows?: OpeningEdit[]; doors?: OpeningEdit[] }): AcrossWall[] {
  const edited = rooms.find((r) => r.id === roomId);
  if (!edited) return [];
  type Kind = 'window' | 'door';
  const sent = new Map<string, { kind: Kind; o: OpeningEdit }>();
  for (const [kind, list] of [['window', patch.windows], ['door', patch.doors]] as const) for (const o of list ?? []) if (o.id) sent.set(o.id, { kind, o });
  const before = [...(patch.windows ? edited.windows : []), ...(patch.doors ? edited.doors : [])];
  const gone = new Set(before.map((o) => o.id).filter((id) => !sent.has(id)));
  const out: AcrossWall[] = [];
  for (const room of rooms) {
    if (room.id === roomId) continue;
    const next: Record<Kind, OpeningEdit[]> = { window: [], door: [] };
    let changed = false;
    const keep = (o: OpeningDto, kind: Kind) => {
      if (gone.has(o.id)) { changed = true; return; }
      const s = sent.get(o.id);
      if (s && (s.kind !== kind || s.o.width !== o.width || s.o.height !== o.height)) changed = true;
      next[s?.kind ?? kind].push({ id: o.id, width: s?.o.width ?? o.width, height: s?.o.height ?? o.height, ...(o.position ? { position: o.position } : {}), ...(o.tag ? { tag: o.tag } : {}) });
    };
    room.windows.forEach((o) => keep(o, 'window'));
    room.doors.forEach((o) => keep(o, 'door'));
    if (changed) out.push({ roomId: room.id, windows: next.window, doors: next.door });
  }
  return out;
}
