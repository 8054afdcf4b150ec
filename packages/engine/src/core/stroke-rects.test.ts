import { describe, it, expect } from 'vitest';
import { union, inflatePaths, FillRule, JoinType, EndType } from 'clipper2-ts';
import { strokeRects, type Line } from './outdoor-spaces.js';
import { toPath, areaPaths } from './geometry.js';

/** A small deterministic generator, so a failure can be replayed. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

function randomLines(n: number, seed: number): Line[] {
  const r = lcg(seed);
  const lines: Line[] = [];
  for (let i = 0; i < n; i++) {
    const a: [number, number] = [r() * 5000, r() * 5000];
    // axis-parallel, oblique, and now and then a dot
    const kind = r();
    const len = kind < 0.05 ? 0 : 50 + r() * 3000;
    const ang = kind < 0.5 ? Math.floor(r() * 4) * (Math.PI / 2) : r() * Math.PI * 2;
    lines.push({ a, b: [a[0] + len * Math.cos(ang), a[1] + len * Math.sin(ang)] });
  }
  return lines;
}

describe('lines thickened into rectangles', () => {
  it('cover what the offsetter gives for open two-point paths with square ends', () => {
    for (const seed of [1, 2, 3]) {
      const lines = randomLines(60, seed);
      const ours = areaPaths(union(strokeRects(lines, 40), FillRule.NonZero));
      const clipper = areaPaths(inflatePaths(lines.map((l) => toPath([l.a, l.b])), 40, JoinType.Miter, EndType.Square));
      // rounding to the millimetre grid at each corner only
      expect(Math.abs(ours - clipper) / clipper).toBeLessThan(0.002);
    }
  });

  it('run the same way round as grown walls, so a stroke across a wall adds to it instead of cutting it', () => {
    const wall = inflatePaths([toPath([[0, 0], [1000, 0], [1000, 1000], [0, 1000]])], 40, JoinType.Miter, EndType.Polygon);
    for (const stroke of [{ a: [500, -500], b: [500, 1500] }, { a: [500, 1500], b: [500, -500] }] as Line[]) {
      const merged = union([...wall, ...strokeRects([stroke], 40)], FillRule.NonZero);
      // the wall square (1080 mm) and the stroke beyond it at both ends (500 mm each, 80 mm wide)
      expect(merged.length).toBe(1);
      expect(Math.abs(areaPaths(merged))).toBeCloseTo(1080 * 1080 + 2 * 500 * 80, -2);
    }
  });
});
