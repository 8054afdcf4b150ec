import { describe, expect, it } from 'vitest';
import type { PointMm } from '../types.js';
import {
  bestOverlap, measureOutsideWalls, measureRoom, mergePolygons, polygonIoU, polygonProblem, roomIdOf, splitPolygon, sumQuantities, MAX_POLYGON_POINTS,
} from './index.js';

const rect = (x: number, y: number, w: number, h: number): PointMm[] => [[x, y], [x + w, y], [x + w, y + h], [x, y + h]];
const page = { widthMm: 40_000, heightMm: 30_000 };

describe('measureRoom', () => {
  it('measures a 4 m × 3 m room with a window and a door at 2.4 m ceilings', () => {
    const q = measureRoom(rect(1000, 1000, 4000, 3000), { windows: [{ width: 1200, height: 1000 }], doors: [{ width: 820, height: 2040 }] }, 2400);
    expect(q.perimeter_mm).toBe(14_000);
    expect(q.ceiling_area).toBe(12_000_000);
    expect(q.total_wall_surface_area).toBe(14_000 * 2400);
    expect(q.total_window_area).toBe(1_200_000);
    expect(q.total_door_area).toBe(820 * 2040);
    expect(q.net_wall_area).toBe(14_000 * 2400 - 1_200_000 - 820 * 2040);
  });

  it('never gives a negative net wall area', () => {
    expect(measureRoom(rect(0, 0, 100, 100), { windows: [{ width: 5000, height: 5000 }], doors: [] }, 2400).net_wall_area).toBe(0);
  });

  it('measures the outside walls along the exterior outline and totals rooms', () => {
    expect(measureOutsideWalls(rect(0, 0, 10_000, 8000), 2700)).toEqual({ total_walls_mm: 36_000, total_wall_area_mm2: 36_000 * 2700 });
    expect(measureOutsideWalls([], 2700).total_walls_mm).toBe(0);
    const a = measureRoom(rect(0, 0, 1000, 1000), { windows: [], doors: [] }, 2000);
    expect(sumQuantities([a, a]).ceiling_area).toBe(2_000_000);
  });
});

describe('roomIdOf', () => {
  it('depends on the room geometry only, and survives a millimetre of noise', () => {
    const id = roomIdOf(rect(1000, 1000, 4000, 3000));
    expect(id).toMatch(/^room-[0-9a-z]+$/);
    expect(roomIdOf(rect(1001, 999, 4000, 3001))).toBe(id);
    expect(roomIdOf(rect(6000, 1000, 4000, 3000))).not.toBe(id);
  });

  it('gives two equal rooms distinct ids', () => {
    const taken = new Set<string>();
    expect(roomIdOf(rect(0, 0, 10, 10), taken)).not.toBe(roomIdOf(rect(0, 0, 10, 10), taken));
  });
});

describe('overlap', () => {
  it('scores equal, shifted and separate rooms', () => {
    expect(polygonIoU(rect(0, 0, 1000, 1000), rect(0, 0, 1000, 1000))).toBeCloseTo(1, 5);
    expect(polygonIoU(rect(0, 0, 1000, 1000), rect(500, 0, 1000, 1000))).toBeCloseTo(1 / 3, 3);
    expect(polygonIoU(rect(0, 0, 1000, 1000), rect(2000, 0, 1000, 1000))).toBe(0);
  });

  it('finds the room a slightly moved outline belongs to', () => {
    const rooms = [rect(0, 0, 3000, 3000), rect(3200, 0, 3000, 3000)];
    expect(bestOverlap(rect(3250, 30, 3000, 2950), rooms)).toBe(1);
    expect(bestOverlap(rect(10_000, 0, 3000, 3000), rooms)).toBe(-1);
  });
});

describe('merge and split', () => {
  it('merges two rooms across the wall between them', () => {
    const merged = mergePolygons(rect(0, 0, 3000, 3000), rect(3100, 0, 2000, 3000));
    expect(merged).not.toBeNull();
    expect(merged!.length).toBe(4);
    expect(measureRoom(merged!, { windows: [], doors: [] }, 1).ceiling_area).toBe(5100 * 3000);
  });

  it('does not merge rooms far apart', () => {
    expect(mergePolygons(rect(0, 0, 3000, 3000), rect(5000, 0, 2000, 3000))).toBeNull();
  });

  it('splits a room with a line into two pieces whose areas add up', () => {
    const pieces = splitPolygon(rect(0, 0, 4000, 3000), [1000, -10], [1000, 3010]);
    expect(pieces).not.toBeNull();
    const areas = pieces!.map((p) => measureRoom(p, { windows: [], doors: [] }, 1).ceiling_area).sort((a, b) => a - b);
    expect(areas).toEqual([3_000_000, 9_000_000]);
    expect(splitPolygon(rect(0, 0, 4000, 3000), [5000, 0], [5000, 100])).toBeNull();
  });
});

describe('polygonProblem', () => {
  it('accepts a plain room and an explicitly closed ring', () => {
    expect(polygonProblem(rect(0, 0, 3000, 3000), page)).toBeNull();
    expect(polygonProblem([...rect(0, 0, 3000, 3000), [0, 0]], page)).toBeNull();
  });

  it('refuses a bow tie, a line, a room off the page and too many corners', () => {
    expect(polygonProblem([[0, 0], [1000, 1000], [1000, 0], [0, 1000]], page)).toMatch(/crosses itself/);
    expect(polygonProblem([[0, 0], [1000, 0]], page)).toMatch(/at least 3/);
    expect(polygonProblem([[0, 0], [1000, 0], [2000, 0]], page)).toMatch(/no area|crosses/);
    expect(polygonProblem(rect(39_000, 0, 3000, 3000), page)).toMatch(/outside the page/);
    const many: PointMm[] = Array.from({ length: MAX_POLYGON_POINTS + 1 }, (_, i) => {
      const t = (i / (MAX_POLYGON_POINTS + 1)) * 2 * Math.PI;
      return [5000 + 4000 * Math.cos(t), 5000 + 4000 * Math.sin(t)];
    });
    expect(polygonProblem(many, page)).toMatch(/at most/);
    expect(polygonProblem(many.slice(0, MAX_POLYGON_POINTS), page)).toBeNull();
  });
});
