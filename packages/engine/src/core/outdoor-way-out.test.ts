import { describe, it, expect } from 'vitest';
import { hasWayOut, cellsOfRects, strokeRects, type Line } from './outdoor-spaces.js';
import { pointInPoly, toPath } from './geometry.js';
import { inflatePaths, JoinType, EndType } from 'clipper2-ts';
import type { PointMm } from '../types.js';

/** The cells the union-based search finds: the strokes 40 mm either side of the lines, with the walls. */
const cellsOf = (lines: Line[], walls: Parameters<typeof cellsOfRects>[1]) => cellsOfRects(strokeRects(lines, 40), walls);
/** Whether the union of the strokes (no walls) leaves a cell holding `at`: what the union-based search finds. */
const held = (at: PointMm, lines: Line[]) => cellsOf(lines, []).some((c) => pointInPoly(at[0], at[1], c));
const way = (at: PointMm, lines: Line[]) => hasWayOut(at, lines, [], at[0] - 3000, at[0] + 3000, at[1] - 3000, at[1] + 3000);
const box = (x0: number, y0: number, x1: number, y1: number): Line[] => [
  { a: [x0, y0], b: [x1, y0] }, { a: [x1, y0], b: [x1, y1] }, { a: [x1, y1], b: [x0, y1] }, { a: [x0, y1], b: [x0, y0] },
];

describe('a straight way out proves a stamp open without the union', () => {
  it('a stamp on its underline in the open, beside a closed box and a hatch joined to the underline', () => {
    const at: PointMm = [0, 0];
    // the underline it stands on, a hatch hanging from it, a closed box to one side
    const lines: Line[] = [{ a: [-800, -10], b: [800, -10] }, ...Array.from({ length: 8 }, (_, i) => ({ a: [-700 + i * 200, -10] as PointMm, b: [-500 + i * 200, -600] as PointMm })), ...box(1500, -1000, 2500, 1000)];
    expect(held(at, lines)).toBe(false);
    expect(way(at, lines)).toBe(true);
  });

  it('never inside a closed box, even standing on a line that crosses it', () => {
    const at: PointMm = [0, 0];
    const lines: Line[] = [{ a: [-800, -10], b: [800, -10] }, ...box(-1500, -1500, 1500, 1500)];
    expect(held(at, lines)).toBe(true);
    expect(way(at, lines)).toBe(false);
  });

  it('never when the only gaps are narrower than the strokes close', () => {
    const at: PointMm = [0, 0];
    // a box whose corners stop 50 mm short: the 40 mm strokes close them
    const lines: Line[] = [{ a: [-1000, -1000], b: [950, -1000] }, { a: [1000, -950], b: [1000, 1000] }, { a: [950, 1000], b: [-1000, 1000] }, { a: [-1000, 950], b: [-1000, -950] }];
    expect(held(at, lines)).toBe(true);
    expect(way(at, lines)).toBe(false);
  });

  it('only ever says open when the union leaves no cell around the stamp (random sheets)', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    let proved = 0;
    for (let t = 0; t < 300; t++) {
      const at: PointMm = [0, 0];
      const lines: Line[] = [];
      if (t % 2) lines.push({ a: [-300 - rnd() * 500, -15], b: [300 + rnd() * 500, -15] });
      const n = 3 + Math.floor(rnd() * 25);
      for (let i = 0; i < n; i++) {
        const a: PointMm = [(rnd() - 0.5) * 5000, (rnd() - 0.5) * 5000];
        const ang = rnd() * Math.PI * 2, len = 200 + rnd() * 3000;
        lines.push({ a, b: [a[0] + Math.cos(ang) * len, a[1] + Math.sin(ang) * len] });
      }
      if (way(at, lines)) {
        proved++;
        expect(held(at, lines)).toBe(false);
      }
    }
    expect(proved).toBeGreaterThan(30);
  });

  it('through a wall the piece of the stamp is joined to (its outer face and the room hole inside it)', () => {
    // a walled room 3 x 3 m (200 mm walls: outer ring anticlockwise, the room's hole clockwise)
    const outer: PointMm[] = [[0, 0], [3000, 0], [3000, 3000], [0, 3000]];
    const hole: PointMm[] = [[200, 200], [200, 2800], [2800, 2800], [2800, 200]];
    const rings = [outer, hole];
    const grown = inflatePaths(rings.map(toPath), 40, JoinType.Miter, EndType.Polygon);
    const at: PointMm = [4000, 1500];
    // the stamp stands on a line running into the wall; a U of lines closes every other side but for 120 mm
    // gaps at the wall (open in the union, too narrow for a straight ray): the only way out is through the wall
    const lines: Line[] = [{ a: [3000, 1490], b: [5000, 1490] }, { a: [6000, 200], b: [6000, 2800] }, { a: [3120, 200], b: [6000, 200] }, { a: [3120, 2800], b: [6000, 2800] }];
    expect(cellsOf(lines, grown).some((c) => pointInPoly(at[0], at[1], c))).toBe(false);
    expect(hasWayOut(at, lines, rings, 1000, 7000, -1500, 4500)).toBe(true);
    // the same U closed against the wall: enclosed, no way out
    // (the stamp's line an underline standing free inside)
    const closed: Line[] = [{ a: [3600, 1490], b: [4400, 1490] }, { a: [6000, 200], b: [6000, 2800] }, { a: [2990, 200], b: [6000, 200] }, { a: [2990, 2800], b: [6000, 2800] }];
    expect(cellsOf(closed, grown).some((c) => pointInPoly(at[0], at[1], c))).toBe(true);
    expect(hasWayOut(at, closed, rings, 1000, 7000, -1500, 4500)).toBe(false);
  });
});
