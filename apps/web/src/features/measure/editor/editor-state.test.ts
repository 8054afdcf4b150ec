import { describe, expect, it } from 'vitest';
import type { PointMm } from '../api/measure-api';
import {
  addOpening, addRoom, deleteOpening, snapInPlan, toRoomDto, updateOpening, commit, deleteCorner, historyOf, insertCorner, measureEditRoom, mergeRooms, moveCorner, moveEdge, redo, snapPoint, splitRoom, undo,
  type EditRoom,
} from './editor-state';

const rect = (x: number, y: number, w: number, h: number): PointMm[] => [[x, y], [x + w, y], [x + w, y + h], [x, y + h]];
const room = (id: string, polygon: PointMm[]): EditRoom => ({ id, label: id, excluded: false, polygon, openings: [] });
const H = 2400;

describe('editor commands', () => {
  it('dragging a corner re-measures the room by the area it adds', () => {
    const rooms = [room('a', rect(0, 0, 4000, 3000))];
    const moved = moveCorner(rooms, 0, 2, [4500, 3000]);
    expect(measureEditRoom(moved[0], H).ceiling_area).toBe(12_000_000 + (500 * 3000) / 2);
    expect(rooms[0].polygon[2]).toEqual([4000, 3000]);
  });

  it('moving an edge, adding and deleting corners', () => {
    const rooms = [room('a', rect(0, 0, 4000, 3000))];
    const wider = moveEdge(rooms, 0, 1, [1000, 0], rooms[0].polygon);
    expect(measureEditRoom(wider[0], H).ceiling_area).toBe(15_000_000);
    const more = insertCorner(rooms, 0, 0, [2000, 0]);
    expect(more[0].polygon).toHaveLength(5);
    expect(deleteCorner(more, 0, 1)[0].polygon).toEqual(rooms[0].polygon);
    expect(deleteCorner(deleteCorner(rooms, 0, 0), 0, 0)[0].polygon).toHaveLength(3);
  });

  it('a window lowers the net wall area by its area; a drawn room counts', () => {
    const rooms = addOpening([room('a', rect(0, 0, 4000, 3000))], 0, 'window', [2000, 0]);
    const q = measureEditRoom(rooms[0], H);
    expect(q.net_wall_area).toBe(14_000 * H - 1200 * 1200);
    const drawn = addRoom(rooms, rect(5000, 0, 2000, 2000), 'Store');
    expect(drawn).toHaveLength(2);
    expect(drawn[1].id).toMatch(/^added-/);
    expect(measureEditRoom(drawn[1], H).ceiling_area).toBe(4_000_000);
  });

  it('merges neighbours and splits a room', () => {
    const rooms = [room('a', rect(0, 0, 3000, 3000)), room('b', rect(3100, 0, 2000, 3000))];
    const merged = mergeRooms(rooms, 0, 1);
    expect(merged).toHaveLength(1);
    expect(measureEditRoom(merged[0], H).ceiling_area).toBe(5100 * 3000);
    const split = splitRoom(merged, 0, [2000, -100], [2000, 3100]);
    expect(split).toHaveLength(2);
    expect(split.map((r) => measureEditRoom(r, H).ceiling_area).sort((x, y) => x - y)).toEqual([6_000_000, 9_300_000]);
  });

  it('snaps to another room\'s corner, then to its edge', () => {
    const rooms = [room('a', rect(0, 0, 3000, 3000))];
    expect(snapPoint([3040, 2960], rooms, 100)).toEqual([3000, 3000]);
    expect(snapPoint([3050, 1500], rooms, 100)).toEqual([3000, 1500]);
    expect(snapPoint([3500, 1500], rooms, 100)).toEqual([3500, 1500]);
  });

  it('undo goes back step by step and redo forward again', () => {
    const a = [room('a', rect(0, 0, 1000, 1000))];
    const b = moveCorner(a, 0, 0, [10, 10]);
    const h = commit(historyOf(a), b);
    expect(undo(h).present).toBe(a);
    expect(redo(undo(h)).present).toBe(b);
    expect(undo(historyOf(a)).present).toBe(a);
  });
});

describe('a window or door between two rooms', () => {
  // A and B share a 200 mm wall (A's right face at x = 4000, B's left face at x = 4200); C stands apart
  const rooms = [room('a', rect(0, 0, 4000, 3000)), room('b', rect(4200, 0, 3000, 3000)), room('c', rect(9000, 0, 2000, 2000))];
  const added = addOpening(rooms, 0, 'window', [4000, 1500]);
  const id = added[0].openings[0].id;

  it('added on one side belongs to the room across the wall too, at the point across from it', () => {
    expect(added[1].openings).toEqual([expect.objectContaining({ id, kind: 'window', position: [4200, 1500] })]);
    expect(added[2].openings).toEqual([]);
    const area = 1200 * 1200;
    expect(measureEditRoom(added[0], H).net_wall_area).toBe(measureEditRoom(rooms[0], H).net_wall_area - area);
    expect(measureEditRoom(added[1], H).net_wall_area).toBe(measureEditRoom(rooms[1], H).net_wall_area - area);
  });

  it('resized, turned into a door, moved or deleted in one room, it changes in the other as well', () => {
    const resized = updateOpening(added, 1, id, { width: 1800, kind: 'door' });
    expect(resized.slice(0, 2).map((r) => r.openings[0])).toEqual([expect.objectContaining({ width: 1800, kind: 'door' }), expect.objectContaining({ width: 1800, kind: 'door' })]);
    const moved = updateOpening(added, 0, id, { position: [4000, 800] });
    expect(moved[1].openings[0].position).toEqual([4200, 800]);
    expect(deleteOpening(added, 1, id).map((r) => r.openings.length)).toEqual([0, 0, 0]);
  });

  it('is counted once in the totals', () => {
    const dtos = added.map((r) => toRoomDto(r, H));
    expect(dtos.flatMap((r) => r.windows).length).toBe(2);
    expect(new Set(dtos.flatMap((r) => r.windows.map((w) => w.id))).size).toBe(1);
  });

  it('a room whose wall runs the other way, or further than a wall thickness, is not across', () => {
    const far = [room('a', rect(0, 0, 4000, 3000)), room('d', rect(4800, 0, 3000, 3000))];
    expect(addOpening(far, 0, 'door', [4000, 1500])[1].openings).toEqual([]);
  });
});

describe('snapping in the plan', () => {
  const rooms = [room('a', rect(0, 0, 3000, 3000))];
  const lines: [number, number, number, number][] = [[5000, 0, 5000, 4000], [3200, -200, 8000, -200]];
  it('prefers a room corner, then a line end, then the nearest wall face or room edge', () => {
    expect(snapInPlan([3040, 40], rooms, 100, undefined, lines)).toMatchObject({ kind: 'corner', point: [3000, 0] });
    expect(snapInPlan([5030, 3950], rooms, 100, undefined, lines)).toMatchObject({ kind: 'end', point: [5000, 4000] });
    expect(snapInPlan([4950, 2000], rooms, 100, undefined, lines)).toMatchObject({ kind: 'line', point: [5000, 2000] });
    expect(snapInPlan([2990, 1500], rooms, 100, undefined, lines)).toMatchObject({ kind: 'edge', point: [3000, 1500] });
    expect(snapInPlan([4950, 2000], rooms, 100, undefined, lines, false)).toBeNull();
  });
});
