import { describe, it, expect } from 'vitest';
import { growByPieces, holesIn, type Ring } from './fitting-floor.js';
import { polyArea, pointInPoly } from './geometry.js';
import type { PointMm } from '../types.js';

/** A hole's ring (holes run against the walls' outer rings: clockwise here, negative area). */
const hole = (x0: number, y0: number, x1: number, y1: number): Ring => {
  const pts: PointMm[] = [[x0, y0], [x0, y1], [x1, y1], [x1, y0]];
  return { pts, area: polyArea(pts) };
};
const m2 = (r: Ring) => Math.abs(r.area) / 1e6;
const holding = (rings: Ring[], x: number, y: number) => rings.filter((r) => pointInPoly(x, y, r.pts));

describe('the floor under fittings where the walls without them hold several rooms', () => {
  // Without its fittings the space 0..7000 x 0..2500 is one: a bathroom (0..3000) and a bedroom (3150..7000) whose
  // partition (3000..3150) was itself read as a possible fitting. With the fittings, the bathroom ends at its
  // bathtub's rim (0..2800 x 0..600) and the bedroom at a bedside table (6500..7000 x 0..400).
  const space = hole(0, 0, 7000, 2500);
  const ring = (pts: PointMm[]): Ring => ({ pts, area: polyArea(pts) });
  const bath = ring([[0, 600], [0, 2500], [3000, 2500], [3000, 0], [2800, 0], [2800, 600]]);
  const bed = ring([[3150, 0], [3150, 2500], [7000, 2500], [7000, 400], [6500, 400], [6500, 0]]);

  it('gives each room the floor under the fittings that meet it alone; a piece between two rooms stays wall', () => {
    const out = growByPieces(space, [bath, bed]);
    expect(out).toHaveLength(2);
    const [b] = holding(out, 1500, 300);
    expect(b && m2(b)).toBeCloseTo(7.5, 2);
    const [r] = holding(out, 6750, 200);
    expect(r && m2(r)).toBeCloseTo(3.85 * 2.5, 2);
    // the partition, meeting both rooms, is in neither
    expect(holding(out, 3075, 1200)).toHaveLength(0);
  });

  it('leaves a room in pieces alone: small holes adding up to a room are not floor under a fitting', () => {
    // the bathroom ends at y = 1000 (and 2800..3000 x 0..1000); below it two holes of 1.2 and 1.0 m² split by a
    // fitting's lines (0..1350 and 1650..2800 x 0..900): with the gaps between them they make 2.8 m², a room
    // in pieces, which the bathroom does not swallow
    const upper = ring([[0, 1000], [0, 2500], [3000, 2500], [3000, 0], [2800, 0], [2800, 1000]]);
    const parts = [hole(0, 0, 1350, 900), hole(1650, 0, 2800, 900)];
    const out = growByPieces(space, [...parts, upper, bed]);
    const [u] = holding(out, 1500, 1800);
    expect(u && m2(u)).toBeCloseTo(4.7, 3);
    expect(holding(out, 600, 400)).toEqual([parts[0]]);
    // the bedroom still takes the floor under its bedside table
    const [r] = holding(out, 6750, 200);
    expect(r && m2(r)).toBeCloseTo(3.85 * 2.5, 2);
  });

  it('changes nothing where the space holds one room', () => {
    const holes = [hole(0, 600, 3000, 2500)];
    expect(growByPieces(hole(0, 0, 3000, 2500), holes)).toBe(holes);
  });
});

describe('holesIn', () => {
  it('gives the smaller holes lying in a lean hole, whichever lean hole asks first', () => {
    const a = hole(0, 0, 5000, 3000), b = hole(6000, 0, 9000, 3000);
    // two rooms sharing a's corner and edges, one sharing b's; one far away; a hole larger than both (asked about
    // again after it asked itself: what is worked out per hole holds for every lean hole)
    const inA1 = hole(0, 0, 2000, 3000), inA2 = hole(2100, 0, 5000, 1500), inB = hole(6000, 0, 8000, 3000);
    const far = hole(20000, 0, 21000, 1000), bigger = hole(-100, -100, 9100, 3100);
    const holes = [inA1, inA2, inB, far, bigger, a, b];
    expect(holesIn(b, holes)).toEqual([inB]);
    expect(holesIn(a, holes)).toEqual([inA1, inA2]);
    expect(holesIn(bigger, holes)).toEqual([inA1, inA2, inB, a, b]);
    expect(holesIn(b, holes)).toEqual([inB]);
  });
});
