import { describe, it, expect } from 'vitest';
import type { FillPoly, VectorPage } from '../source/extract.js';
import { findWalls } from './walls.js';
import { wallLayers } from './light-fills.js';
import { pointInPoly } from './geometry.js';

// k = 1: page units are millimetres
const rect = (x0: number, y0: number, x1: number, y1: number, gray: number, group: number): FillPoly =>
  ({ pts: [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], gray, group, evenOdd: false });
const FAR = Date.now() + 60_000;
const inWalls = (polys: [number, number][][], x: number, y: number) => polys.filter((p) => pointInPoly(x, y, p)).length % 2 === 1;
const PALE = 0.87;

/**
 * A room 5000 x 3500 inside dark cut walls 200 thick; its outside wall (top) carries a pale insulation layer
 * 160 thick along its outer face; a pale counter 600 deep stands against the bottom wall.
 */
function page(): VectorPage {
  const fills = [
    rect(-200, -200, 5200, 0, 0.3, 1), rect(-200, 3500, 5200, 3700, 0.3, 2), rect(-200, 0, 0, 3500, 0.3, 3), rect(5000, 0, 5200, 3500, 0.3, 4),
    rect(-200, -360, 5200, -200, PALE, 5),
    rect(1000, 2900, 4000, 3500, PALE, 6),
  ];
  return { segs: [], fills, curves: [], fillCurves: [], imageCount: 0, pathOps: 6, truncated: false };
}

describe('layers of a composite wall', () => {
  it('takes a pale layer laid along a cut wall for part of the wall', () => {
    const w = findWalls(page(), 1, FAR);
    expect(inWalls(w.polys, 2500, -280)).toBe(true);
  });

  it('leaves a pale counter against a wall out of the walls', () => {
    const w = findWalls(page(), 1, FAR);
    expect(inWalls(w.polys, 2500, 3200)).toBe(false);
  });

  it('wants the layer along the wall over most of its length, no thicker than a wall, and long for its thickness', () => {
    const wall: [number, number][] = [[0, 0], [5000, 0], [5000, 200], [0, 200]];
    const band = (x0: number, x1: number, t: number) => ({ rings: [[[x0, 200], [x1, 200], [x1, 200 + t], [x0, 200 + t]] as [number, number][]], thick: t });
    const along = band(0, 5000, 150), overhang = band(3000, 8000, 150), deep = band(0, 5000, 600), stout = band(0, 900, 300);
    expect(wallLayers([along, overhang, deep, stout], [wall])).toEqual([along]);
  });
});
