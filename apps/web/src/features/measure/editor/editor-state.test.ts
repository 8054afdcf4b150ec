import { describe, expect, it } from 'vitest';
import type { PointMm } from '../api/measure-api';
import {
  addOpening, addRoom, commit, deleteCorner, historyOf, insertCorner, measureEditRoom, mergeRooms, moveCorner, moveEdge, redo, snapPoint, splitRoom, undo,
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
