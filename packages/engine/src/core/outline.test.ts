import { describe, expect, it } from 'vitest';
import { union, FillRule } from 'clipper2-ts';
import type { PointMm } from '../types.js';
import { buildingOutline, THIN_PART_MM } from './outline.js';
import { fromPath, polyArea, polyPerimeter as perimeter, toPath } from './geometry.js';

const rect = (x0: number, y0: number, x1: number, y1: number): PointMm[] => [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
/** The outer ring of the union of the shapes (as the sealed walls' outer ring is), mm. */
const ringOf = (...shapes: PointMm[][]): PointMm[] => {
  const rings = union(shapes.map(toPath), FillRule.NonZero).map(fromPath);
  return rings.reduce((a, b) => (Math.abs(polyArea(b)) > Math.abs(polyArea(a)) ? b : a));
};

describe('the building outline of the outside walls', () => {
  const house = rect(0, 0, 10000, 8000);
  const rooms: PointMm[] = [[2000, 2000], [7000, 5000]];

  it('leaves out a wall running on past the building (both its faces are outside, neither is a facade)', () => {
    const ring = ringOf(house, rect(-1400, 3900, 0, 4050));
    expect(perimeter(ring)).toBeCloseTo(36000 + 2 * 1400, 0);
    const out = buildingOutline(ring, rooms);
    expect(perimeter(out)).toBeCloseTo(36000, 0);
    expect(Math.abs(polyArea(out))).toBeCloseTo(80e6, -3);
  });

  it('leaves out a stair or a mark joined to the walls by a thin stroke, with the stroke', () => {
    const ring = ringOf(house, rect(4960, -1200, 5040, 0), rect(4200, -2400, 5800, -1200));
    const out = buildingOutline(ring, rooms);
    expect(perimeter(out)).toBeCloseTo(36000, 0);
    expect(out.every((p) => p[1] >= -1)).toBe(true);
  });

  it('keeps every corner of an L-shaped building and a cut corner as drawn', () => {
    const l = ringOf(rect(0, 0, 10000, 4000), rect(0, 4000, 4000, 9000));
    expect(buildingOutline(l, [[1000, 1000], [2000, 7000]])).toBe(l);
    const cut: PointMm[] = [[0, 0], [10000, 0], [10000, 6000], [8000, 8000], [0, 8000]];
    expect(buildingOutline(cut, rooms)).toBe(cut);
  });

  it('keeps a part as thick as a narrow room, and keeps the ring whole when a thin wall is all that joins two wings', () => {
    const bay = ringOf(house, rect(-THIN_PART_MM - 100, 3000, 0, 5000));
    expect(buildingOutline(bay, rooms)).toBe(bay);
    const wings = ringOf(house, rect(10000, 3900, 13000, 4050), rect(13000, 0, 20000, 8000));
    expect(buildingOutline(wings, [...rooms, [16000, 4000]])).toBe(wings);
  });
});
