import { describe, it, expect } from 'vitest';
import { union, inflatePaths, FillRule, JoinType, EndType } from 'clipper2-ts';
import { outsideOf, strokeRects, type Line } from './outdoor-spaces.js';
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

describe('outsideOf: strokes lying wholly inside the walls are left out of the union', () => {
  // a wall 0..3000 x 0..1000 with a notch cut into its top (1400..1600, 600..1000) and a hole (2200..2600, 300..700)
  const wall: [number, number][] = [[0, 0], [3000, 0], [3000, 1000], [1600, 1000], [1600, 600], [1400, 600], [1400, 1000], [0, 1000]];
  const hole: [number, number][] = [[2200, 300], [2200, 700], [2600, 700], [2600, 300]];
  const walls = union([toPath(wall), toPath(hole)], FillRule.EvenOdd);
  const rect = (x0: number, y0: number, x1: number, y1: number) => toPath([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]);

  it('drops a stroke inside a wall, keeps one touching its face, crossing a notch, in a hole or outside', () => {
    const inside = rect(100, 100, 900, 300);
    const touching = rect(100, 700, 900, 1000);
    const acrossNotch = rect(1300, 700, 1700, 800);
    const inHole = rect(2300, 400, 2500, 600);
    const aroundHole = rect(2100, 200, 2700, 800);
    const outside = rect(3100, 100, 3500, 300);
    const kept = outsideOf([inside, touching, acrossNotch, inHole, aroundHole, outside], walls);
    expect(kept).toEqual([touching, acrossNotch, inHole, aroundHole, outside]);
  });

  it('leaves the union of strokes and walls as it was (random strokes over random walls)', () => {
    for (const seed of [4, 5, 6]) {
      const lines = randomLines(300, seed);
      const grown = inflatePaths(union(strokeRects(randomLines(12, seed + 10), 150), FillRule.NonZero), 40, JoinType.Miter, EndType.Polygon);
      const rects = strokeRects(lines, 40);
      const kept = outsideOf(rects, grown);
      expect(kept.length).toBeLessThan(rects.length);
      const all = areaPaths(union([...rects, ...grown], FillRule.NonZero));
      const fewer = areaPaths(union([...kept, ...grown], FillRule.NonZero));
      // (Clipper rounds crossings to whole millimetres within each scanbeam: a few mm² apart at most)
      expect(Math.abs(fewer - all)).toBeLessThan(1e-6 * all + 50);
    }
  });
});
