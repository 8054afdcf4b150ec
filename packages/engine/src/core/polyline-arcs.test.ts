import { describe, it, expect } from 'vitest';
import type { Seg } from '../source/extract.js';
import { curveCircle } from './geometry.js';
import { polylineArcs } from './polyline-arcs.js';

/** One path's segments through the points, in order. */
const chain = (pts: [number, number][], path = 1): Seg[] =>
  pts.slice(1).map((p, i) => ({ x1: pts[i][0], y1: pts[i][1], x2: p[0], y2: p[1], w: 0.3, path }));
/** `n` equal chords of the arc round (cx, cy), radius r, from angle a0 through `sweep` (degrees). */
const arc = (cx: number, cy: number, r: number, a0: number, sweep: number, n: number): [number, number][] =>
  Array.from({ length: n + 1 }, (_, i) => { const t = ((a0 + (sweep * i) / n) * Math.PI) / 180; return [cx + r * Math.cos(t), cy + r * Math.sin(t)]; });

/** The summed sweep (degrees) and the circles of the pieces. */
function read(segs: Seg[]) {
  const pieces = polylineArcs(segs);
  const circles = pieces.map((p) => curveCircle(p.p, 1)!);
  const sweep = circles.reduce((s, c) => {
    const ang = (q: [number, number]) => Math.atan2(q[1] - c.c[1], q[0] - c.c[0]);
    const d = Math.abs(ang(c.z) - ang(c.a));
    return s + (Math.min(d, 2 * Math.PI - d) * 180) / Math.PI;
  }, 0);
  return { pieces, circles, sweep };
}

describe('arcs drawn as chains of short segments', () => {
  it('reads a quarter circle of nine chords as one arc on its circle, either way round', () => {
    for (const sweepDeg of [90, -90]) {
      const { pieces, circles, sweep } = read(chain(arc(100, 200, 30, 10, sweepDeg, 9)));
      expect(pieces).toHaveLength(1);
      expect(circles[0].c[0]).toBeCloseTo(100, 3);
      expect(circles[0].c[1]).toBeCloseTo(200, 3);
      expect(circles[0].r).toBeCloseTo(30, 3);
      expect(sweep).toBeCloseTo(90, 1);
    }
  });

  it('splits a longer arc into pieces of at most a quarter, and finds it after a leaf drawn in the same path', () => {
    // a leaf from the hinge out, then a 150 degree swing of 30 chords, in one path
    const pts: [number, number][] = [[0, 0], ...arc(0, 0, 50, 0, 150, 30)];
    const { pieces, sweep } = read(chain(pts));
    expect(pieces).toHaveLength(2);
    expect(sweep).toBeCloseTo(150, 1);
  });

  it('reads no arc in a polygon, a zigzag, a straight run, a chain too short, or pieces that do not join', () => {
    const octagon = arc(0, 0, 40, 0, 360, 8);
    const zigzag: [number, number][] = Array.from({ length: 10 }, (_, i) => [i * 5, i % 2 ? 1 : 0]);
    const straight: [number, number][] = Array.from({ length: 10 }, (_, i) => [i * 5, 0]);
    const short = arc(0, 0, 30, 0, 30, 3);
    // (each chord of a quarter circle moved half a point along x from the one before: no two join)
    const apart = chain(arc(0, 0, 30, 0, 90, 9)).map((s, i) => ({ ...s, x1: s.x1 + 0.5 * i, x2: s.x2 + 0.5 * i }));
    for (const segs of [chain(octagon), chain(zigzag), chain(straight), chain(short), apart]) expect(polylineArcs(segs)).toEqual([]);
  });

  it('reads no arc in a chain whose turns or chords are uneven (a freehand line, a spline through unevenly spaced points)', () => {
    const uneven: [number, number][] = [[0, 0], [10, 0], [19, 2], [30, 2], [38, 9], [50, 9], [57, 18]];
    expect(polylineArcs(chain(uneven))).toEqual([]);
  });
});
