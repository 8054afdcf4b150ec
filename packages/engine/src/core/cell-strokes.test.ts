import { describe, it, expect } from 'vitest';
import { union, intersect, inflatePaths, FillRule, JoinType, EndType, type Paths64 } from 'clipper2-ts';
import type { PointMm } from '../types.js';
import { strokeField } from './cell-strokes.js';
import { cellsOfRects, strokeRects, type Line } from './outdoor-spaces.js';
import { pointInPoly, polyArea, toPath } from './geometry.js';
import { lcg } from '../test-random.js';


const HALF = 40;
const line = (a: PointMm, b: PointMm): Line => ({ a, b });
const box = (x0: number, y0: number, x1: number, y1: number) => ({ x0, y0, x1, y1 });

/** The area of the smallest cell holding `at` (what the outdoor search takes as the stamp's cell), or 0. */
function cellArea(rects: Paths64, walls: Paths64, at: PointMm): number {
  const holding = cellsOfRects(rects, walls).filter((r) => pointInPoly(at[0], at[1], r)).map((r) => Math.abs(polyArea(r)));
  return holding.length ? Math.min(...holding) : 0;
}

/** A 4 m square court closed by four lines, the stamp in its middle, and a lawn east of it planted with 400 short
 * strokes (a planting symbol's twigs) behind the court's east line. */
function court(): { lines: Line[]; at: PointMm } {
  const lines = [line([0, 0], [4000, 0]), line([4000, 0], [4000, 4000]), line([4000, 4000], [0, 4000]), line([0, 4000], [0, 0])];
  const r = lcg(7);
  for (let i = 0; i < 400; i++) {
    const a: PointMm = [4300 + r() * 3000, 200 + r() * 3600];
    const t = r() * Math.PI;
    lines.push(line(a, [a[0] + 150 * Math.cos(t), a[1] + 150 * Math.sin(t)]));
  }
  return { lines, at: [2000, 2000] };
}

describe('strokesBoundingCell: the strokes that can bound the cell around a point', () => {
  it('keeps the lines round a court and leaves out a planting behind one of them, and the cell is the same', () => {
    const { lines, at } = court();
    const rects = strokeRects(lines, HALF);
    const kept = strokeField(at, rects, []).boundingCell([box(-3000, -3000, 7000, 7000)]);
    expect(kept).not.toBeNull();
    expect(kept!.length).toBe(4);
    expect(cellArea(kept!, [], at)).toBe(cellArea(rects, [], at));
    expect(cellArea(rects, [], at)).toBeGreaterThan(3.8e3 * 3.8e3);
  });

  it('keeps a twig that reaches into the court (it notches the cell)', () => {
    const { lines, at } = court();
    lines.push(line([3900, 2000], [3500, 2100]));
    const rects = strokeRects(lines, HALF);
    const kept = strokeField(at, rects, []).boundingCell([box(-3000, -3000, 7000, 7000)])!;
    expect(kept.length).toBe(5);
    expect(cellArea(kept, [], at)).toBe(cellArea(rects, [], at));
  });

  it('proves nothing round a point with a way out, nor inside a stroke', () => {
    const { lines, at } = court();
    // the court's north line stops short of the west one: a gap of 500 mm
    lines[2] = line([4000, 4000], [500, 4000]);
    expect(strokeField(at, strokeRects(lines, HALF), []).boundingCell([box(-3000, -3000, 7000, 7000)])).toBeNull();
    expect(strokeField([4000, 2000], strokeRects(court().lines, HALF), []).boundingCell([box(-3000, -3000, 7000, 7000)])).toBeNull();
  });

  it('takes the next window when the cell runs past the first', () => {
    const { lines, at } = court();
    const rects = strokeRects(lines, HALF);
    expect(strokeField(at, rects, []).boundingCell([box(1000, 1000, 3000, 3000)])).toBeNull();
    expect(strokeField(at, rects, []).boundingCell([box(1000, 1000, 3000, 3000), box(-1000, -1000, 5000, 5000)])!.length).toBe(4);
  });

  it('counts the walls as closing the cell, and a point inside them is in no cell of its own', () => {
    // the court's west side is a wall, not a line
    const { lines, at } = court();
    lines.splice(3, 1);
    const wall = inflatePaths([toPath([[-300, -200], [0, -200], [0, 4200], [-300, 4200]])], HALF, JoinType.Miter, EndType.Polygon);
    const rects = strokeRects(lines, HALF);
    const kept = strokeField(at, rects, wall).boundingCell([box(-3000, -3000, 7000, 7000)]);
    expect(kept).not.toBeNull();
    expect(cellArea(kept!, wall, at)).toBe(cellArea(rects, wall, at));
    expect(strokeField(at, rects, []).boundingCell([box(-3000, -3000, 7000, 7000)])).toBeNull();
    expect(strokeField([-150, 2000], rects, wall).boundingCell([box(-3000, -3000, 7000, 7000)])).toBeNull();
  });

  it('gives the same cell where short strokes poke out of slanted walls by a few millimetres', () => {
    let proved = 0;
    for (const seed of [21, 22, 23, 24]) {
      const r = lcg(seed);
      // two slanted walls 300 mm thick across an 8 m square, and the square's edges as lines
      const walls: PointMm[][] = [];
      const lines: Line[] = [line([0, 0], [8000, 0]), line([8000, 0], [8000, 8000]), line([8000, 8000], [0, 8000]), line([0, 8000], [0, 0])];
      for (let k = 0; k < 2; k++) {
        const t = 0.2 + r() * 1.2, c: PointMm = [2500 + r() * 3000, 2500 + r() * 3000];
        const ux = Math.cos(t), uy = Math.sin(t);
        const corner = (u: number, v: number): PointMm => [c[0] + u * ux - v * uy, c[1] + u * uy + v * ux];
        walls.push([corner(-6000, -150), corner(6000, -150), corner(6000, 150), corner(-6000, 150)]);
        // strokes from inside the wall to 0-60 mm past its face (the stroke's own half-width added)
        for (let i = 0; i < 40; i++) {
          const u = -3500 + r() * 7000, side = r() < 0.5 ? -1 : 1, out = 150 + HALF + r() * 60 - HALF;
          lines.push(line(corner(u, side * 50), corner(u + (r() - 0.5) * 200, side * out)));
        }
      }
      const grown = inflatePaths(union(walls.map(toPath), FillRule.NonZero), HALF, JoinType.Miter, EndType.Polygon);
      const clipped = intersect(grown, [toPath([[0, 0], [8000, 0], [8000, 8000], [0, 8000]])], FillRule.NonZero);
      const rects = strokeRects(lines, HALF);
      for (let k = 0; k < 12; k++) {
        const at: PointMm = [300 + r() * 7400, 300 + r() * 7400];
        const kept = strokeField(at, rects, clipped).boundingCell([box(-500, -500, 8500, 8500)]);
        if (!kept) continue;
        proved++;
        const full = cellArea(rects, clipped, at), ours = cellArea(kept, clipped, at);
        expect(full).toBeGreaterThan(0);
        expect(Math.abs(ours - full) / full).toBeLessThan(1e-4);
      }
    }
    expect(proved).toBeGreaterThan(20);
  });

  it('gives the same cell as every stroke on random drawings with walls, wherever the point', () => {
    let proved = 0, pruned = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const r = lcg(seed);
      const lines: Line[] = [];
      for (let i = 0; i < 70; i++) {
        const a: PointMm = [r() * 8000, r() * 8000];
        const len = r() < 0.3 ? 100 + r() * 300 : 1000 + r() * 6000;
        const t = r() < 0.5 ? Math.floor(r() * 4) * (Math.PI / 2) : r() * Math.PI * 2;
        lines.push(line(a, [a[0] + len * Math.cos(t), a[1] + len * Math.sin(t)]));
      }
      const wall = inflatePaths(union(strokeRects([line([0, 0], [8000, 0]), line([0, 0], [0, 8000])], 150), FillRule.NonZero), HALF, JoinType.Miter, EndType.Polygon);
      const rects = strokeRects(lines, HALF);
      for (let k = 0; k < 12; k++) {
        const at: PointMm = [500 + r() * 7000, 500 + r() * 7000];
        const kept = strokeField(at, rects, wall).boundingCell([box(at[0] - 3000, at[1] - 3000, at[0] + 3000, at[1] + 3000), box(-2000, -2000, 10_000, 10_000)]);
        if (!kept) continue;
        proved++;
        if (kept.length < rects.length) pruned++;
        const full = cellArea(rects, wall, at), ours = cellArea(kept, wall, at);
        expect(full).toBeGreaterThan(0);
        // (Clipper rounds crossings within scanbeams set by every vertex: a millimetre here and there)
        expect(Math.abs(ours - full) / full).toBeLessThan(1e-3);
      }
    }
    expect(proved).toBeGreaterThan(20);
    expect(pruned).toBeGreaterThan(proved / 2);
  });
});

describe('surelyOpen: a point no cell holds, proved without the union', () => {
  const held = (rects: Paths64, walls: Paths64, at: PointMm) => cellArea(rects, walls, at) > 0;
  /** A court whose only way out is a bent passage: no straight ray from the middle leaves it. */
  function bentWayOut(): Line[] {
    return [
      line([0, 0], [4000, 0]), line([4000, 0], [4000, 4000]), line([4000, 4000], [1000, 4000]), line([0, 4000], [0, 0]),
      // the passage leaves the north-west corner northwards, then turns east
      line([0, 4000], [0, 6000]), line([0, 6000], [6000, 6000]), line([1000, 4000], [1000, 5000]), line([1000, 5000], [6000, 5000]),
      // a screen in front of the opening, so no straight ray passes it
      line([300, 3000], [1300, 3000]),
    ];
  }

  it('finds the bent way out of a court, and the union agrees', () => {
    const rects = strokeRects(bentWayOut(), HALF);
    expect(held(rects, [], [2000, 2000])).toBe(false);
    expect(strokeField([2000, 2000], rects, []).surelyOpen()).toBe(true);
  });

  it('proves nothing in a closed court', () => {
    const lines = bentWayOut();
    lines.push(line([6000, 5000], [6000, 6000]));
    const rects = strokeRects(lines, HALF);
    expect(held(rects, [], [2000, 2000])).toBe(true);
    expect(strokeField([2000, 2000], rects, []).surelyOpen()).toBe(false);
  });

  it('counts the walls as closing the court', () => {
    const lines = bentWayOut();
    const wall = inflatePaths([toPath([[6000, 4800], [6300, 4800], [6300, 6200], [6000, 6200]])], HALF, JoinType.Miter, EndType.Polygon);
    const rects = strokeRects(lines, HALF);
    expect(held(rects, wall, [2000, 2000])).toBe(true);
    expect(strokeField([2000, 2000], rects, wall).surelyOpen()).toBe(false);
  });

  it('runs out from a stamp printed on a double line in the open, through the lines joined to the one under it', () => {
    // a railing drawn as two lines 10 mm apart, standing free; the stamp sits on the lower one's stroke only
    const lines = [line([0, 0], [3000, 0]), line([0, 10], [3000, 10])];
    const rects = strokeRects(lines, HALF);
    const at: PointMm = [1500, -35];
    expect(held(rects, [], at)).toBe(false);
    // the upper line comes near every pixel of the lower one: without knowing the two are one piece, nothing is proved
    expect(strokeField(at, rects, []).surelyOpen()).toBe(false);
    expect(strokeField(at, rects, []).surelyOpen((i) => i === 1)).toBe(true);
  });

  it('proves nothing for a stamp on a line that stands inside a closed court', () => {
    const { lines } = court();
    lines.push(line([1000, 2000], [3000, 2000]), line([1000, 2030], [3000, 2030]));
    const rects = strokeRects(lines, HALF);
    const at: PointMm = [2000, 2005];
    expect(held(rects, [], at)).toBe(true);
    expect(strokeField(at, rects, []).surelyOpen((i) => i === lines.length - 1)).toBe(false);
  });

  it('never says open where the union holds the point in a cell, on random drawings', () => {
    let open = 0;
    for (const seed of [11, 12, 13, 14, 15, 16, 17, 18]) {
      const r = lcg(seed);
      const lines: Line[] = [];
      for (let i = 0; i < 25; i++) {
        const a: PointMm = [r() * 8000, r() * 8000];
        const len = 500 + r() * 5000;
        const t = r() < 0.5 ? Math.floor(r() * 4) * (Math.PI / 2) : r() * Math.PI * 2;
        lines.push(line(a, [a[0] + len * Math.cos(t), a[1] + len * Math.sin(t)]));
      }
      const rects = strokeRects(lines, HALF);
      for (let k = 0; k < 15; k++) {
        const at: PointMm = [r() * 8000, r() * 8000];
        if (!strokeField(at, rects, []).surelyOpen()) continue;
        open++;
        expect(held(rects, [], at)).toBe(false);
      }
    }
    expect(open).toBeGreaterThan(30);
  });
});
