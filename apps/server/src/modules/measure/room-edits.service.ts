import { randomUUID } from 'node:crypto';
import type { ResultDto, RoomCreate, RoomDto, RoomEdit, RoomsReplace } from '@plansight/contracts';
import type { AnalysisResult, PointMm, Room } from '@plansight/engine';
import { polygonProblem } from '@plansight/engine/measure';
import type { AppContext } from '../../context.js';
import { AppError, conflict, notFound } from '../../errors.js';
import type { ProjectRow } from '../projects/projects.repository.js';
import { getAnalysis, type AnalysisRow } from './measure.repository.js';
import { ownProject } from './measure.service.js';
import { toResultDto } from './result.dto.js';
import { projectSettings, withEstimate } from '../estimate/estimate.service.js';
import { acrossWall, applyEdits, matchEdits, mmPerPtOf, openingsToPt, toPt, type MatchedEdits } from './room-edits.js';
import { deleteRoomEdit, getEditVersion, getRoomEdits, replaceRoomEdits, saveRoomEdit, type NewRoomEdit, type RoomEditRow } from './room-edits.repository.js';

/** A detected room's outline counts as unchanged when no corner moved more than this (mm). */
const SAME_OUTLINE_MM = 0.5;
const shortId = () => randomUUID().slice(0, 8);

interface Loaded { userId: string; project: ProjectRow; row: AnalysisRow & { result: AnalysisResult }; edits: RoomEditRow[]; matched: MatchedEdits }

async function load(ctx: AppContext, userId: string, projectId: string): Promise<Loaded> {
  const project = await ownProject(ctx, userId, projectId);
  const row = await getAnalysis(ctx.db, projectId);
  if (row?.status !== 'done' || !row.result) throw conflict('This project has no result to edit yet.', 'result_processing');
  const edits = await getRoomEdits(ctx.db, projectId);
  return { userId, project, row: { ...row, result: row.result }, edits, matched: matchEdits(row.result, edits) };
}

/** 422 with a `detail` list naming the field, like every other validation error. */
function checkPolygon(result: AnalysisResult, polygon: PointMm[], field: (string | number)[]): void {
  const problem = polygonProblem(polygon, { widthMm: result.metadata.page_width_mm, heightMm: result.metadata.page_height_mm });
  if (problem) throw new AppError(422, 'invalid_polygon', problem, [{ loc: ['body', ...field], msg: problem, type: 'invalid_polygon' }]);
}

/** The detected room a path names (by id, or by list index as the spec's client may), with its current edit. */
function detectedRoom(l: Loaded, roomId: string): { room: Room; edit: RoomEditRow | undefined } | undefined {
  const rooms = l.row.result.rooms;
  const room = rooms.find((r) => r.id === roomId) ?? (/^\d+$/.test(roomId) ? rooms[Number(roomId)] : undefined);
  return room ? { room, edit: l.matched.byRoom.get(room.id) } : undefined;
}

/** The result as GET .../result answers it (edits applied, the estimate's deduction rule followed). */
async function resultOf(ctx: AppContext, l: Pick<Loaded, 'userId' | 'project' | 'row'>): Promise<ResultDto> {
  const projectId = l.project.id;
  const dto = toResultDto(l.project, l.row, await getRoomEdits(ctx.db, projectId), await getEditVersion(ctx.db, projectId));
  return withEstimate(dto, (await projectSettings(ctx, l.userId, projectId)).settings);
}

async function roomAfter(ctx: AppContext, l: Loaded, roomId: string): Promise<RoomDto> {
  const room = (await resultOf(ctx, l)).rooms.find((r) => r.id === roomId);
  if (!room) throw notFound('Room not found');
  return room;
}

/** The edit row for a change to a room: the old edit's fields, overridden by what the request sends. */
function mergedRow(l: Loaded, projectId: string, roomId: string, base: RoomEditRow | undefined, patch: RoomEdit, anchor: PointMm[] | null): NewRoomEdit {
  const k = mmPerPtOf(l.row.result);
  return {
    projectId, roomId, source: base?.source ?? 'detected', deleted: false,
    label: patch.label ?? base?.label ?? null, excluded: patch.excluded ?? base?.excluded ?? false,
    polygonPt: patch.polygon ? toPt(patch.polygon, k) : base?.polygonPt ?? null,
    anchorPt: anchor ? toPt(anchor, k) : base?.anchorPt ?? null,
    windows: patch.windows ? openingsToPt(patch.windows, 'window', k, shortId) : base?.windows ?? null,
    doors: patch.doors ? openingsToPt(patch.doors, 'door', k, shortId) : base?.doors ?? null,
  };
}

/** The rooms across the wall take the new size, kind or removal of the windows and doors they share with `roomId`. */
async function followAcrossWall(ctx: AppContext, l: Loaded, projectId: string, roomId: string, patch: RoomEdit): Promise<void> {
  if (!patch.windows && !patch.doors) return;
  for (const other of acrossWall(applyEdits(l.row.result, l.matched), roomId, patch)) {
    const change: RoomEdit = { windows: other.windows, doors: other.doors };
    const detected = l.row.result.rooms.find((r) => r.id === other.roomId);
    if (detected) {
      const edit = l.matched.byRoom.get(detected.id);
      await saveRoomEdit(ctx.db, mergedRow(l, projectId, detected.id, edit, change, detected.polygon), edit?.roomId);
    } else {
      const drawn = l.matched.added.find((e) => e.roomId === other.roomId);
      if (drawn) await saveRoomEdit(ctx.db, { ...mergedRow(l, projectId, drawn.roomId, drawn, change, null), source: 'added' });
    }
  }
}

/**
 * Renames, leaves out, redraws a room or replaces its windows and doors; kept across re-measures. A window
 * or door it shares with the room across the wall changes (or goes) there too.
 */
export async function patchRoom(ctx: AppContext, userId: string, projectId: string, roomId: string, patch: RoomEdit): Promise<RoomDto> {
  const l = await load(ctx, userId, projectId);
  if (patch.polygon) checkPolygon(l.row.result, patch.polygon, ['polygon']);
  const found = detectedRoom(l, roomId);
  if (found) {
    if (found.edit?.deleted) throw notFound('Room not found');
    await saveRoomEdit(ctx.db, mergedRow(l, projectId, found.room.id, found.edit, patch, found.room.polygon), found.edit?.roomId);
    await followAcrossWall(ctx, l, projectId, found.room.id, patch);
    return roomAfter(ctx, l, found.room.id);
  }
  const drawn = l.matched.added.find((e) => e.roomId === roomId);
  if (!drawn) throw notFound('Room not found');
  await saveRoomEdit(ctx.db, { ...mergedRow(l, projectId, roomId, drawn, patch, null), source: 'added' });
  await followAcrossWall(ctx, l, projectId, roomId, patch);
  return roomAfter(ctx, l, roomId);
}

/** Adds a room the engine missed. */
export async function addRoom(ctx: AppContext, userId: string, projectId: string, body: RoomCreate): Promise<RoomDto> {
  const l = await load(ctx, userId, projectId);
  checkPolygon(l.row.result, body.polygon, ['polygon']);
  const roomId = `added-${shortId()}`;
  await saveRoomEdit(ctx.db, { ...mergedRow(l, projectId, roomId, undefined, { windows: [], doors: [], ...body }, null), source: 'added' });
  return roomAfter(ctx, l, roomId);
}

/** Removes a room: a detected one is marked deleted (so a re-measure does not bring it back), a drawn one is dropped. */
export async function deleteRoom(ctx: AppContext, userId: string, projectId: string, roomId: string): Promise<void> {
  const l = await load(ctx, userId, projectId);
  const found = detectedRoom(l, roomId);
  if (found && !found.edit?.deleted) {
    await saveRoomEdit(ctx.db, { ...mergedRow(l, projectId, found.room.id, found.edit, {}, found.room.polygon), deleted: true }, found.edit?.roomId);
    return;
  }
  const drawn = l.matched.added.find((e) => e.roomId === roomId);
  if (!drawn) throw notFound('Room not found');
  await deleteRoomEdit(ctx.db, projectId, drawn.roomId);
}

/** "Reset to detected" for one room (a drawn room goes away) or, without a room, for the whole plan. */
export async function resetRooms(ctx: AppContext, userId: string, projectId: string, roomId?: string): Promise<ResultDto> {
  const l = await load(ctx, userId, projectId);
  if (roomId === undefined) {
    await replaceRoomEdits(ctx.db, projectId, []);
  } else {
    const found = detectedRoom(l, roomId);
    const key = found ? found.edit?.roomId : l.matched.added.find((e) => e.roomId === roomId)?.roomId;
    if (!found && !key) throw notFound('Room not found');
    if (key) await deleteRoomEdit(ctx.db, projectId, key);
  }
  return resultOf(ctx, l);
}

const sameOutline = (a: PointMm[], b: PointMm[]) =>
  a.length === b.length && a.every((p, i) => Math.hypot(p[0] - b[i][0], p[1] - b[i][1]) <= SAME_OUTLINE_MM);

/**
 * Stores the editor's whole set of rooms: detected rooms sent back unchanged keep no edit, changed ones keep
 * what changed, rooms without a detected id are drawn rooms, detected rooms not sent are deleted. The later
 * save wins; the version in the answer tells other tabs.
 */
export async function replaceRooms(ctx: AppContext, userId: string, projectId: string, body: RoomsReplace): Promise<ResultDto> {
  const l = await load(ctx, userId, projectId);
  body.rooms.forEach((r, i) => checkPolygon(l.row.result, r.polygon, ['rooms', i, 'polygon']));
  const current = new Map(applyEdits(l.row.result, { byRoom: new Map(), added: [] }).map((r) => [r.id, r]));
  const detected = new Map(l.row.result.rooms.map((r) => [r.id, r]));
  const rows: NewRoomEdit[] = [];
  const kept = new Set<string>();
  for (const r of body.rooms) {
    const room = r.id ? detected.get(r.id) : undefined;
    if (room && !kept.has(room.id)) {
      kept.add(room.id);
      const plain = current.get(room.id)!;
      const sameOpenings = (a: typeof r.windows, b: typeof plain.windows) =>
        a.length === b.length && a.every((o, i) => o.id === b[i].id && o.width === b[i].width && o.height === b[i].height
          && (!o.position || !b[i].position || Math.hypot(o.position[0] - b[i].position![0], o.position[1] - b[i].position![1]) <= SAME_OUTLINE_MM));
      const patch: RoomEdit = {
        ...(r.label !== room.label ? { label: r.label } : {}), ...(r.excluded ? { excluded: true } : {}),
        ...(sameOutline(r.polygon, room.polygon) ? {} : { polygon: r.polygon }),
        ...(sameOpenings(r.windows, plain.windows) ? {} : { windows: r.windows }),
        ...(sameOpenings(r.doors, plain.doors) ? {} : { doors: r.doors }),
      };
      if (Object.keys(patch).length) rows.push(mergedRow(l, projectId, room.id, undefined, patch, room.polygon));
    } else {
      const id = r.id?.startsWith('added-') && !rows.some((x) => x.roomId === r.id) ? r.id : `added-${shortId()}`;
      rows.push({ ...mergedRow(l, projectId, id, undefined, r, null), source: 'added' });
    }
  }
  for (const room of l.row.result.rooms) {
    if (!kept.has(room.id)) rows.push({ ...mergedRow(l, projectId, room.id, undefined, {}, room.polygon), deleted: true });
  }
  await replaceRoomEdits(ctx.db, projectId, rows);
  return resultOf(ctx, l);
}
