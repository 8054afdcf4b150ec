/**
 * The plan editor's model: the rooms as the user is shaping them, each command a pure function, measured
 * with the engine's own measure code (the numbers match what the server will store).
 */
import { distToSeg, measureRoom, mergePolygons, polyArea, splitPolygon, type RoomQuantities } from '@plansight/engine/measure';
import type { OpeningDto, PointMm, ResultDto, RoomDto } from '../api/measure-api';
import { snapToLines, type DrawnLine, type Snap } from '../calibrate/snap';

export type OpeningKind = 'window' | 'door';
export interface EditOpening { id: string; kind: OpeningKind; width: number; height: number; position?: PointMm; tag?: string }
export interface EditRoom {
  /** The server's id; new rooms get an 'added-' id here so saves stay idempotent. */
  id: string;
  label: string;
  excluded: boolean;
  polygon: PointMm[];
  openings: EditOpening[];
}

/** Sizes (mm) given to a window or door placed on a wall, until the user types its own. */
export const NEW_OPENING_WIDTH_MM: Record<OpeningKind, number> = { window: 1200, door: 820 };
export const NEW_OPENING_HEIGHT_MM: Record<OpeningKind, number> = { window: 1200, door: 2040 };

const newId = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

const toOpening = (o: OpeningDto, kind: OpeningKind): EditOpening => ({
  id: o.id, kind, width: o.width, height: o.height, ...(o.position ? { position: o.position } : {}), ...(o.tag ? { tag: o.tag } : {}),
});

/** The editor's rooms from the server's result. */
export function roomsFromResult(result: ResultDto): EditRoom[] {
  return result.rooms.filter((r) => (r.polygon?.length ?? 0) >= 3).map((r, i) => ({
    id: r.id ?? String(i), label: r.label, excluded: !!r.excluded, polygon: r.polygon ?? [],
    openings: [...r.windows.map((o) => toOpening(o, 'window')), ...r.doors.map((o) => toOpening(o, 'door'))],
  }));
}

/** The body of PUT /user/projects/{id}/rooms. */
export function roomsBody(rooms: EditRoom[]) {
  const list = (r: EditRoom, kind: OpeningKind) => r.openings.filter((o) => o.kind === kind)
    .map((o) => ({ id: o.id, width: o.width, height: o.height, ...(o.position ? { position: o.position } : {}), ...(o.tag ? { tag: o.tag } : {}) }));
  return { rooms: rooms.map((r) => ({ id: r.id, label: r.label, excluded: r.excluded, polygon: r.polygon, windows: list(r, 'window'), doors: list(r, 'door') })) };
}

export function measureEditRoom(r: EditRoom, ceilingHeightMm: number): RoomQuantities {
  return measureRoom(r.polygon, { windows: r.openings.filter((o) => o.kind === 'window'), doors: r.openings.filter((o) => o.kind === 'door') }, ceilingHeightMm);
}

/** A RoomDto for the totals, report and list, re-measured from the editor's room. */
export function toRoomDto(r: EditRoom, ceilingHeightMm: number, original?: RoomDto): RoomDto {
  const dto = (o: EditOpening): OpeningDto => ({ id: o.id, keyword: o.kind, tag: o.tag ?? '', dimensions: `H${Math.round(o.height)} x W${Math.round(o.width)}`, width: o.width, height: o.height, ...(o.position ? { position: o.position } : {}) });
  return {
    ...original, id: r.id, label: r.label, excluded: r.excluded, polygon: r.polygon, ...measureEditRoom(r, ceilingHeightMm),
    windows: r.openings.filter((o) => o.kind === 'window').map(dto), doors: r.openings.filter((o) => o.kind === 'door').map(dto),
  };
}

const replace = (rooms: EditRoom[], i: number, room: EditRoom) => rooms.map((r, j) => (j === i ? room : r));

export const moveCorner = (rooms: EditRoom[], i: number, c: number, p: PointMm) =>
  replace(rooms, i, { ...rooms[i], polygon: rooms[i].polygon.map((q, k) => (k === c ? p : q)) });

/** Adds a corner on edge `e` (from corner e to e+1) at `p`. */
export const insertCorner = (rooms: EditRoom[], i: number, e: number, p: PointMm) =>
  replace(rooms, i, { ...rooms[i], polygon: [...rooms[i].polygon.slice(0, e + 1), p, ...rooms[i].polygon.slice(e + 1)] });

/** Removes a corner; a room keeps at least three. */
export function deleteCorner(rooms: EditRoom[], i: number, c: number): EditRoom[] {
  if (rooms[i].polygon.length <= 3) return rooms;
  return replace(rooms, i, { ...rooms[i], polygon: rooms[i].polygon.filter((_, k) => k !== c) });
}

/** Moves edge `e` (both its corners) by `d`. */
export function moveEdge(rooms: EditRoom[], i: number, e: number, d: PointMm, from: PointMm[]): EditRoom[] {
  const n = from.length;
  return replace(rooms, i, { ...rooms[i], polygon: from.map((q, k) => (k === e || k === (e + 1) % n ? [q[0] + d[0], q[1] + d[1]] as PointMm : q)) });
}

export function addRoom(rooms: EditRoom[], polygon: PointMm[], label: string): EditRoom[] {
  const clockwise = polyArea(polygon) < 0 ? [...polygon].reverse() : polygon;
  return [...rooms, { id: newId('added'), label, excluded: false, polygon: clockwise, openings: [] }];
}

export const deleteRoom = (rooms: EditRoom[], i: number) => rooms.filter((_, j) => j !== i);

/** Merges room j into room i (the wall between them becomes floor); unchanged when they are not neighbours. */
export function mergeRooms(rooms: EditRoom[], i: number, j: number): EditRoom[] {
  const merged = i !== j ? mergePolygons(rooms[i].polygon, rooms[j].polygon) : null;
  if (!merged) return rooms;
  const room = { ...rooms[i], polygon: merged, openings: [...rooms[i].openings, ...rooms[j].openings.filter((o) => !rooms[i].openings.some((q) => q.id === o.id))] };
  return replace(rooms, i, room).filter((_, k) => k !== j);
}

/** Splits a room along a line; the second piece is a new room. Openings go to the piece they are nearest. */
export function splitRoom(rooms: EditRoom[], i: number, a: PointMm, b: PointMm): EditRoom[] {
  const pieces = splitPolygon(rooms[i].polygon, a, b);
  if (!pieces) return rooms;
  const near = (o: EditOpening, p: PointMm[]) => (o.position ? distToPolygon(o.position, p) : 0);
  const first: EditRoom = { ...rooms[i], polygon: pieces[0], openings: rooms[i].openings.filter((o) => near(o, pieces[0]) <= near(o, pieces[1])) };
  const second: EditRoom = { id: newId('added'), label: `${rooms[i].label || 'Room'} (2)`, excluded: rooms[i].excluded, polygon: pieces[1], openings: rooms[i].openings.filter((o) => near(o, pieces[0]) > near(o, pieces[1])) };
  return [...replace(rooms, i, first), second];
}

export function distToPolygon(p: PointMm, poly: PointMm[]): number {
  let best = Infinity;
  for (let k = 0; k < poly.length; k++) best = Math.min(best, distToSeg(p[0], p[1], poly[k], poly[(k + 1) % poly.length]));
  return best;
}

/** The point of the room's outline nearest to `p`, with the edge it is on. */
export function nearestOnOutline(p: PointMm, poly: PointMm[]): { point: PointMm; edge: number; dist: number } {
  let best = { point: poly[0], edge: 0, dist: Infinity };
  for (let k = 0; k < poly.length; k++) {
    const a = poly[k], b = poly[(k + 1) % poly.length];
    const dx = b[0] - a[0], dy = b[1] - a[1];
    const l2 = dx * dx + dy * dy || 1;
    const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2));
    const q: PointMm = [a[0] + t * dx, a[1] + t * dy];
    const d = Math.hypot(p[0] - q[0], p[1] - q[1]);
    if (d < best.dist) best = { point: q, edge: k, dist: d };
  }
  return best;
}

/**
 * Where a point snaps, nearest first by kind: another room's corner (rooms then share corners exactly), the
 * end of a drawn line, else the nearest of another room's edge and a drawn line (a wall face). `skip` is the
 * room being edited; null when nothing is within `radiusMm`.
 */
export function snapInPlan(p: PointMm, rooms: EditRoom[], radiusMm: number, skip?: number, lines: readonly DrawnLine[] = [], along = true): Snap | null {
  let corner: Snap | null = null, edge: Snap | null = null;
  rooms.forEach((r, i) => {
    if (i === skip) return;
    for (const q of r.polygon) {
      const d = Math.hypot(q[0] - p[0], q[1] - p[1]);
      if (d <= radiusMm && (!corner || d < corner.dist)) corner = { point: q, kind: 'corner', dist: d };
    }
    if (!along) return;
    const on = nearestOnOutline(p, r.polygon);
    if (on.dist <= radiusMm && (!edge || on.dist < edge.dist)) edge = { point: on.point, kind: 'edge', dist: on.dist };
  });
  if (corner) return corner;
  const drawn = snapToLines(p, lines, radiusMm, along);
  if (drawn?.kind === 'end') return drawn;
  const e = edge as Snap | null;
  return e && (!drawn || e.dist <= drawn.dist) ? e : drawn;
}

/** The point snapped (see snapInPlan), or the point itself. */
export const snapPoint = (p: PointMm, rooms: EditRoom[], radiusMm: number, skip?: number, lines: readonly DrawnLine[] = []): PointMm =>
  snapInPlan(p, rooms, radiusMm, skip, lines)?.point ?? p;

/** A wall between two rooms is at most this thick (mm): a room's outline this close across it is the neighbour. */
export const MAX_WALL_THICKNESS_MM = 600;
/** The neighbour's wall face runs within this angle (degrees) of the clicked one. */
const PARALLEL_DEG = 10;

const edgeDir = (poly: PointMm[], e: number): PointMm => {
  const a = poly[e], b = poly[(e + 1) % poly.length];
  const l = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  return [(b[0] - a[0]) / l, (b[1] - a[1]) / l];
};

/**
 * The rooms on the other side of the wall at `p` (a point of room i's outline): each other room whose outline
 * passes within a wall's thickness of `p`, along a face parallel to room i's, with the point across from `p`.
 */
export function roomsAcross(rooms: EditRoom[], i: number, p: PointMm): { room: number; point: PointMm }[] {
  const here = nearestOnOutline(p, rooms[i].polygon);
  const d = edgeDir(rooms[i].polygon, here.edge);
  const out: { room: number; point: PointMm }[] = [];
  rooms.forEach((r, j) => {
    if (j === i || r.polygon.length < 3) return;
    const there = nearestOnOutline(here.point, r.polygon);
    if (there.dist > MAX_WALL_THICKNESS_MM) return;
    const e = edgeDir(r.polygon, there.edge);
    if (Math.abs(d[0] * e[1] - d[1] * e[0]) > Math.sin((PARALLEL_DEG * Math.PI) / 180)) return;
    out.push({ room: j, point: there.point });
  });
  return out;
}

/** Rooms holding the opening `id` (a window or door between two rooms is in both, under one id). */
const holders = (rooms: EditRoom[], id: string) => rooms.flatMap((r, j) => (r.openings.some((o) => o.id === id) ? [j] : []));

/** Adds a window or door on room i's wall at `position`; the room across that wall gets the same one. */
export function addOpening(rooms: EditRoom[], i: number, kind: OpeningKind, position: PointMm): EditRoom[] {
  const o: EditOpening = { id: newId(kind), kind, width: NEW_OPENING_WIDTH_MM[kind], height: NEW_OPENING_HEIGHT_MM[kind], position };
  let next = replace(rooms, i, { ...rooms[i], openings: [...rooms[i].openings, o] });
  for (const { room, point } of roomsAcross(rooms, i, position)) next = replace(next, room, { ...next[room], openings: [...next[room].openings, { ...o, position: point }] });
  return next;
}

/**
 * Changes a window or door in every room that holds it: its size and kind alike; a new position is taken in
 * room i and carried across the wall to the others (the nearest point of their outline).
 */
export function updateOpening(rooms: EditRoom[], i: number, id: string, patch: Partial<Omit<EditOpening, 'id'>>): EditRoom[] {
  let next = rooms;
  for (const j of holders(rooms, id)) {
    const position = patch.position && j !== i ? nearestOnOutline(patch.position, rooms[j].polygon).point : patch.position;
    next = replace(next, j, { ...next[j], openings: next[j].openings.map((o) => (o.id === id ? { ...o, ...patch, ...(position ? { position } : {}) } : o)) });
  }
  return next;
}

/** Deletes a window or door from every room that holds it. */
export function deleteOpening(rooms: EditRoom[], _i: number, id: string): EditRoom[] {
  return rooms.map((r) => (r.openings.some((o) => o.id === id) ? { ...r, openings: r.openings.filter((o) => o.id !== id) } : r));
}

export const patchRoom = (rooms: EditRoom[], i: number, patch: Partial<Pick<EditRoom, 'label' | 'excluded'>>) => replace(rooms, i, { ...rooms[i], ...patch });

/** Undo/redo over snapshots of the rooms. */
export interface History { past: EditRoom[][]; present: EditRoom[]; future: EditRoom[][] }
const HISTORY_LIMIT = 200;
export const historyOf = (rooms: EditRoom[]): History => ({ past: [], present: rooms, future: [] });
export const commit = (h: History, rooms: EditRoom[]): History =>
  rooms === h.present ? h : { past: [...h.past, h.present].slice(-HISTORY_LIMIT), present: rooms, future: [] };
/** Changes the present without a new undo step (while a corner is dragged; the step was taken when the drag began). */
export const amend = (h: History, rooms: EditRoom[]): History => ({ ...h, present: rooms });
export const undo = (h: History): History => (h.past.length ? { past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future] } : h);
export const redo = (h: History): History => (h.future.length ? { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1) } : h);
