import { describe, it, expect } from 'vitest';
import { AreaGrid } from './area-grid.js';
import type { PointMm } from '../types.js';

const square = (x0: number, y0: number, x1: number, y1: number, ccw = false): PointMm[] => {
  const r: PointMm[] = [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
  return ccw ? r.reverse() : r;
};

describe('area grid', () => {
  it('shares a region out over the cells it covers', () => {
    const g = new AreaGrid(1000, 10);
    g.add([square(500, 0, 2500, 1000)]);
    expect(g.near([0, 500], 0)).toBeCloseTo(500 * 1000, -2);
    expect(g.near([1500, 500], 0)).toBeCloseTo(1000 * 1000, -2);
    expect(g.near([1500, 500], 1000)).toBeCloseTo(2000 * 1000, -2);
    expect(g.near([5500, 500], 1000)).toBe(0);
  });

  it('leaves out a hole wound against its outer ring', () => {
    const g = new AreaGrid(1000, 10);
    g.add([square(0, 0, 3000, 3000), square(1000, 1000, 2000, 2000, true)]);
    expect(g.near([1500, 1500], 0)).toBeCloseTo(0, -2);
    expect(g.near([1500, 1500], 1000)).toBeCloseTo(8e6, -3);
  });

  it('measures a slanted region', () => {
    const g = new AreaGrid(1000, 5);
    // a triangle of 2000 x 2000 / 2
    g.add([[[0, 0], [2000, 0], [0, 2000]]]);
    expect(g.near([1000, 1000], 1000)).toBeCloseTo(2e6, -4);
  });
});
