import { describe, it, expect } from 'vitest';
import { polyArea, polyPerimeter, pointInPoly, distToPoly, distToSeg, segToSegDist, segMeetsConvex, bbox, toPath, fromPath, areaPaths, curveCircle } from './geometry.js';
import type { PointMm } from '../types.js';

const square = (x: number, y: number, s: number): PointMm[] => [[x, y], [x + s, y], [x + s, y + s], [x, y + s]];
const lShape: PointMm[] = [[0, 0], [4000, 0], [4000, 1000], [1000, 1000], [1000, 3000], [0, 3000]];

describe('polyArea', () => {
  it('is exact for an L-shaped room and flips sign with the ring direction', () => {
    expect(Math.abs(polyArea(lShape))).toBe(4000 * 1000 + 1000 * 2000);
    expect(polyArea([...lShape].reverse())).toBe(-polyArea(lShape));
  });
  it('is zero for fewer than three points', () => {
    expect(polyArea([[0, 0], [10, 0]])).toBe(0);
  });
});

describe('polyPerimeter', () => {
  it('closes the ring implicitly', () => {
    expect(polyPerimeter(square(0, 0, 3000))).toBe(12000);
    expect(polyPerimeter(lShape)).toBe(2 * (4000 + 3000));
  });
  it('measures diagonal edges', () => {
    expect(polyPerimeter([[0, 0], [3000, 0], [0, 4000]])).toBe(3000 + 5000 + 4000);
  });
});

describe('pointInPoly', () => {
  it('tells inside from outside, including the notch of an L', () => {
    expect(pointInPoly(500, 2500, lShape)).toBe(true);
    expect(pointInPoly(3000, 500, lShape)).toBe(true);
    expect(pointInPoly(3000, 2500, lShape)).toBe(false);
    expect(pointInPoly(-1, 500, lShape)).toBe(false);
  });
});

describe('distances', () => {
  it('distToSeg clamps to the segment ends', () => {
    expect(distToSeg(5, 5, [0, 0], [10, 0])).toBe(5);
    expect(distToSeg(13, 4, [0, 0], [10, 0])).toBe(5);
    expect(distToSeg(3, 4, [0, 0], [0, 0])).toBe(5);
  });
  it('distToPoly is the distance to the nearest edge, from inside or outside', () => {
    expect(distToPoly(500, 500, square(0, 0, 3000))).toBe(500);
    expect(distToPoly(3500, 1000, square(0, 0, 3000))).toBe(500);
  });
});

describe('bbox and the Clipper bridge', () => {
  it('bbox gives extents and size', () => {
    expect(bbox(lShape)).toEqual({ x0: 0, y0: 0, x1: 4000, y1: 3000, w: 4000, h: 3000 });
  });
  it('toPath rounds to whole mm and fromPath returns the points', () => {
    expect(fromPath(toPath([[0.4, 1.6], [10.5, -2.5]]))).toEqual([[0, 2], [11, -2]]);
  });
  it('areaPaths sums signed areas (a hole cancels its part)', () => {
    const outer = toPath(square(0, 0, 100));
    const hole = toPath([...square(25, 25, 50)].reverse());
    expect(Math.abs(areaPaths([outer, hole]))).toBe(100 * 100 - 50 * 50);
  });
});

describe('segToSegDist', () => {
  it('is zero for crossing segments and the nearest end otherwise', () => {
    expect(segToSegDist([0, 0], [10, 10], [0, 10], [10, 0])).toBe(0);
    expect(segToSegDist([0, 0], [10, 0], [5, 3], [5, 8])).toBe(3);
    expect(segToSegDist([0, 0], [10, 0], [13, 4], [20, 4])).toBe(5);
  });
  it('takes a point as a segment of length zero, and is symmetric', () => {
    expect(segToSegDist([5, 2], [5, 2], [0, 0], [10, 0])).toBe(2);
    expect(segToSegDist([0, 0], [10, 0], [5, 2], [5, 2])).toBe(2);
  });
});

describe('segMeetsConvex', () => {
  const square: [number, number][] = [[0, 0], [10, 0], [10, 10], [0, 10]];
  it('meets a segment inside, crossing, or touching at an edge or a corner', () => {
    expect(segMeetsConvex([2, 2], [8, 8], square)).toBe(true);
    expect(segMeetsConvex([-5, 5], [15, 5], square)).toBe(true);
    expect(segMeetsConvex([-5, 10], [-1, 10], square)).toBe(false);
    expect(segMeetsConvex([-5, 10], [0, 10], square)).toBe(true);
    expect(segMeetsConvex([-5, 15], [15, -5], square)).toBe(true);
    expect(segMeetsConvex([-5, 30], [30, -5], square)).toBe(false);
    expect(segMeetsConvex([0, 20], [20, 0], square)).toBe(true);
    expect(segMeetsConvex([-5, 15], [5, 5], square)).toBe(true);
    expect(segMeetsConvex([20, 0], [20, 10], square)).toBe(false);
  });
});

describe('curveCircle', () => {
  it('gives the circle of a quarter arc drawn as a Bézier, in mm, and none for a straight piece', () => {
    // a quarter of the circle of radius 10 pt around (20, 20), at 2 mm per point
    const c = 0.5523 * 10;
    const q = curveCircle([[30, 20], [30, 20 + c], [20 + c, 30], [20, 30]], 2)!;
    expect(q.c[0]).toBeCloseTo(40, 0);
    expect(q.c[1]).toBeCloseTo(40, 0);
    expect(q.r).toBeCloseTo(20, 0);
    expect(q.a).toEqual([60, 40]);
    expect(q.z).toEqual([40, 60]);
    expect(curveCircle([[0, 0], [1, 1], [2, 2], [3, 3]], 1)).toBeNull();
  });
});
