import { describe, expect, it } from 'vitest';
import { clipSegInto, insideClip, makeClip, type Clip, type Pt } from './clip.js';

/** The parts of segment a-b inside the clip, as pairs of points. */
function clipSeg(c: Clip, a: Pt, b: Pt): [Pt, Pt][] {
  const flat: number[] = [], out: [Pt, Pt][] = [];
  const n = clipSegInto(c, a, b, flat);
  for (let i = 0; i < n; i += 4) out.push([[flat[i], flat[i + 1]], [flat[i + 2], flat[i + 3]]]);
  return out;
}

/** The same clip without its edge grid: every edge is tested (the reference). */
function plain(rings: Pt[][]) {
  const c = makeClip(rings);
  c.index = null;
  return c;
}

/** A deterministic pseudo-random source (mulberry32). */
function rng(seed: number) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A wall outline as a plan draws one: a comb of rectangles (many edges, on a grid, with holes). */
function comb(teeth: number): Pt[][] {
  const outer: Pt[] = [];
  for (let i = 0; i < teeth; i++) outer.push([i * 20, 0], [i * 20, 100], [i * 20 + 10, 100], [i * 20 + 10, 0]);
  outer.push([teeth * 20, 0], [teeth * 20, -10], [0, -10]);
  const hole: Pt[] = [[2, -8], [teeth * 20 - 2, -8], [teeth * 20 - 2, -2], [2, -2]];
  return [outer, hole];
}

describe('clip paths', () => {
  it('a hatch line across a comb-shaped wall outline keeps only the parts inside the teeth', () => {
    const c = makeClip(comb(20));
    const parts = clipSeg(c, [-5, 50], [405, 50]);
    expect(parts).toHaveLength(20);
    expect(parts[0][0][0]).toBeCloseTo(0, 9);
    expect(parts[0][1][0]).toBeCloseTo(10, 9);
    expect(parts[19][1][0]).toBeCloseTo(390, 9);
    // the band at the bottom, minus its hole (even-odd)
    const band = clipSeg(c, [-5, -5], [405, -5]).map(([p, q]) => [p[0], q[0]].map((v) => Math.round(v * 1e6) / 1e6));
    expect(band).toEqual([[0, 2], [398, 400]]);
    expect(insideClip(c, 50, -1)).toBe(true);
    expect(insideClip(c, 50, -5)).toBe(false);
    expect(insideClip(c, 15, 50)).toBe(false);
  });

  it('gives exactly the all-edges answer for lines of every kind, on edges, through corners and far away', () => {
    const rand = rng(7);
    const shapes: Pt[][][] = [comb(30), comb(3)];
    // a star with many edges and a ring inside it
    const star: Pt[] = [];
    for (let i = 0; i < 200; i++) {
      const a = (i / 200) * Math.PI * 2, r = i % 2 ? 100 : 40 + rand() * 30;
      star.push([Math.cos(a) * r, Math.sin(a) * r]);
    }
    shapes.push([star, star.map(([x, y]) => [x * 0.2, y * 0.2] as Pt)]);
    let pieces = 0;
    for (const rings of shapes) {
      const fast = makeClip(rings), ref = plain(rings);
      const pts = rings.flat();
      const pick = (): Pt => {
        const k = rand();
        if (k < 0.3) return pts[Math.floor(rand() * pts.length)]; // a vertex of the outline
        if (k < 0.5) return [Math.round(rand() * 40) * 10 - 20, Math.round(rand() * 24) * 10 - 120]; // on the grid
        return [rand() * 700 - 150, rand() * 400 - 200];
      };
      for (let n = 0; n < 3000; n++) {
        const a = pick(), b = rand() < 0.3 ? ([a[0], pick()[1]] as Pt) : pick();
        const got = clipSeg(fast, a, b);
        expect(got).toEqual(clipSeg(ref, a, b));
        pieces += got.length;
        expect(insideClip(fast, a[0], a[1])).toBe(insideClip(ref, a[0], a[1]));
      }
    }
    expect(pieces).toBeGreaterThan(1000); // the lines did meet the outlines
  });

  it('builds the edge grid only where it pays (and then uses it)', () => {
    const small = makeClip([[[0, 0], [10, 0], [10, 10], [0, 10]]]);
    insideClip(small, 5, 5);
    expect(small.index).toBeNull();
    const big = makeClip(comb(10));
    clipSeg(big, [0, 50], [200, 50]);
    expect(big.index).toBeTruthy();
  });
});
