import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PointMm } from '../types.js';
import { pointInPoly } from './geometry.js';
import { RingIndex } from './ring-index.js';

const slowParity = (rings: PointMm[][], p: PointMm) => rings.filter((r) => pointInPoly(p[0], p[1], r)).length % 2 === 1;
const slowHolding = (rings: PointMm[][], p: PointMm) => rings.flatMap((r, i) => (pointInPoly(p[0], p[1], r) ? [i] : []));

// integer-mm rings as Clipper returns them: a wall ring with a hole, an L, a triangle, a long thin ring
const square = (x: number, y: number, s: number): PointMm[] => [[x, y], [x + s, y], [x + s, y + s], [x, y + s]];
const rings: PointMm[][] = [
  square(0, 0, 10_000), square(200, 200, 9_600).reverse(),
  [[3000, 3000], [6000, 3000], [6000, 4000], [4000, 4000], [4000, 7000], [3000, 7000]],
  [[7000, 6000], [9000, 8500], [6500, 9000]],
  [[-500, 5000], [12_000, 5000], [12_000, 5100], [-500, 5100]],
];

describe('RingIndex', () => {
  it('answers like a point-in-polygon walk over every ring, on vertices, edges and strip boundaries too', () => {
    const index = new RingIndex(rings);
    const coord = fc.oneof(fc.integer({ min: -1000, max: 13_000 }), fc.constantFrom(0, 200, 3000, 4000, 5000, 5100, 7000, 9800, 10_000));
    fc.assert(fc.property(coord, coord, (x, y) => {
      const p: PointMm = [x, y];
      expect(index.parity(p)).toBe(slowParity(rings, p));
      expect(index.holding(p)).toEqual(slowHolding(rings, p));
    }), { numRuns: 3000 });
  });

  it('holds nothing for no rings and outside every ring', () => {
    expect(new RingIndex([]).parity([0, 0])).toBe(false);
    expect(new RingIndex(rings).holding([20_000, 20_000])).toEqual([]);
    expect(new RingIndex(rings).holding([100, 100])).toEqual([0]);
    expect(new RingIndex(rings).holding([3500, 6000])).toEqual([0, 1, 2]);
  });
});
