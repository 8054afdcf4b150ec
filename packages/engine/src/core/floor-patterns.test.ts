import { describe, it, expect } from 'vitest';
import { patternLines, type PatternLine } from './floor-patterns.js';

const line = (x0: number, y0: number, x1: number, y1: number, w = 0.1): PatternLine => ({ a: [x0, y0], b: [x1, y1], w });

describe('floor patterns (evenly spaced parallel lines in one pen)', () => {
  it('finds paving joints at an even step, also when turned', () => {
    const joints = [0, 600, 1200, 1800, 2400].map((x) => line(x, 0, x, 3000));
    expect([...patternLines(joints)].sort()).toEqual([0, 1, 2, 3, 4]);
    const c = Math.cos(0.5), s = Math.sin(0.5);
    const turned = joints.map((l) => ({ ...l, a: [l.a[0] * c - l.a[1] * s, l.a[0] * s + l.a[1] * c], b: [l.b[0] * c - l.b[1] * s, l.b[0] * s + l.b[1] * c] }) as PatternLine);
    expect(patternLines(turned).size).toBe(5);
  });

  it('leaves a railing, a slab edge and lines at uneven steps alone', () => {
    const lines = [line(0, 0, 3000, 0), line(0, 80, 3000, 80), line(0, 0, 0, 2000), line(0, 900, 3000, 900), line(0, 2100, 3000, 2100), line(0, 3700, 3000, 3700)];
    expect(patternLines(lines).size).toBe(0);
  });

  it('needs the lines side by side in one pen', () => {
    // even steps, but staggered along their length or drawn in different pens
    expect(patternLines([0, 600, 1200, 1800].map((x, i) => line(x, i * 4000, x, i * 4000 + 3000))).size).toBe(0);
    expect(patternLines([0, 600, 1200, 1800].map((x, i) => line(x, 0, x, 3000, 0.1 + i * 0.2))).size).toBe(0);
  });
});
