import { describe, it, expect } from 'vitest';
import { splitByStamps, type DrawnLine, type SplitStamp } from './split-rooms.js';
import { polyArea } from './geometry.js';
import type { PointMm } from '../types.js';

/** A stamp at (x, y) printing `m2` square metres, its text 1200 x 500 mm. */
const stamp = (x: number, y: number, m2: number): SplitStamp => ({
  at: [x, y], areaMm2: m2 * 1e6, box: [[x - 600, y - 250], [x + 600, y - 250], [x + 600, y + 250], [x - 600, y + 250]],
});
const areasM2 = (parts: { pts: PointMm[] }[]) => parts.map((p) => Math.abs(polyArea(p.pts)) / 1e6).sort((a, b) => a - b);

// a living room 6 x 4 m with a hall 2 x 3 m opening off it: one space, no wall between
const L: PointMm[] = [[0, 0], [6000, 0], [6000, 4000], [2000, 4000], [2000, 7000], [0, 7000]];
const rect = (w: number, h: number): PointMm[] => [[0, 0], [w, 0], [w, h], [0, h]];

describe('splitByStamps', () => {
  it('cuts an open space holding two stamps along the wall line continued from the corner', () => {
    const parts = splitByStamps(L, [stamp(3500, 2000, 24), stamp(1000, 5500, 6)]);
    expect(parts).toHaveLength(2);
    expect(areasM2(parts)).toEqual([6, 24]);
    expect(parts.every((p) => p.cuts[0] === 'wall-line')).toBe(true);
    expect(parts.map((p) => p.stamps.length)).toEqual([1, 1]);
  });

  it('never cuts a space holding one stamp', () => {
    expect(splitByStamps(L, [stamp(3500, 2000, 30)])).toHaveLength(1);
    expect(splitByStamps(L, [])).toHaveLength(1);
  });

  it('with nothing drawn, places a cut parallel to the walls so the parts follow the printed areas', () => {
    const parts = splitByStamps(rect(8000, 4000), [stamp(1500, 2000, 12.4), stamp(6000, 2000, 19.6)]);
    const [small, big] = areasM2(parts);
    expect(small).toBeCloseTo(12.4, 1);
    expect(big).toBeCloseTo(19.6, 1);
    expect(parts[0].cuts).toEqual(['printed-areas']);
  });

  it('with nothing drawn, also cuts square to the walls where the second wall direction is a slanted side', () => {
    // two small rooms side by side under one wall, the left one closed by a slanted outside wall: the walls run at
    // 0° and along the slant; the partition between them stands square to the long walls
    const trapezoid: PointMm[] = [[0, 0], [6000, 0], [6000, 1400], [1800, 1400]];
    // (a cut along the slant that keeps off both stamps leaves the left room 3.05 m² at most)
    const parts = splitByStamps(trapezoid, [stamp(2400, 700, 3.3), stamp(4000, 700, 3.84)]);
    const [small, big] = areasM2(parts);
    expect(small).toBeCloseTo(3.3, 1);
    expect(big).toBeCloseTo(3.84, 1);
  });

  it('prefers a line drawn across the space (a dashed zone line) when the printed areas agree with it', () => {
    // the dashes of a line at x = 3000; printed areas 3 % off the drawn split, as rounded stamps are
    const dashes: DrawnLine[] = [0, 1, 2, 3].map((i) => ({ a: [3000, 100 + i * 1000], b: [3000, 700 + i * 1000] }));
    const parts = splitByStamps(rect(8000, 4000), [stamp(1500, 2000, 12.4), stamp(6000, 2000, 19.6)], dashes);
    expect(areasM2(parts)).toEqual([12, 20]);
    expect(parts[0].cuts).toEqual(['drawn-line']);
  });

  it('takes no wall end from a jog of a few mm along one face: the cut follows the printed areas', () => {
    // the top face steps by 10 mm at x = 3000 (two lengths of wall drawn a hair apart); continuing that step
    // would cut 12 | 20 m², 3 % and 2 % off the printed 12.4 and 19.6, near enough to pass for the architect's line
    const jog: PointMm[] = [[0, 0], [8000, 0], [8000, 3990], [3000, 3990], [3000, 4000], [0, 4000]];
    const parts = splitByStamps(jog, [stamp(1500, 2000, 12.4), stamp(6000, 2000, 19.6)]);
    const [small, big] = areasM2(parts);
    expect(small).toBeCloseTo(12.4, 1);
    expect(big).toBeCloseTo(19.6, 1);
    expect(parts[0].cuts).toEqual(['printed-areas']);
    // a wall's end a wall's thickness deep (100 mm) is one
    const end: PointMm[] = [[0, 0], [8000, 0], [8000, 3900], [3000, 3900], [3000, 4000], [0, 4000]];
    const byWall = splitByStamps(end, [stamp(1500, 2000, 12.4), stamp(6000, 2000, 19.6)]);
    expect(byWall[0].cuts).toEqual(['wall-line']);
    expect(areasM2(byWall).map((a) => Math.round(a * 10) / 10)).toEqual([12, 19.5]);
  });

  it('does not follow a drawn line that puts far too much floor on one side', () => {
    const line: DrawnLine[] = [{ a: [3000, 0], b: [3000, 4000] }];
    const parts = splitByStamps(rect(8000, 4000), [stamp(1500, 2000, 16), stamp(6000, 2000, 16)], line);
    expect(areasM2(parts).map((a) => Math.round(a))).toEqual([16, 16]);
  });

  it('in a space too small for its stamps, follows the line that gives one side its printed area', () => {
    // a landing 6 x 3 m: its own stamp prints 10.8 m² (to x = 3600), the stair's stamp 17 m² (the stair's zone
    // runs on beyond this space); a line at x = 3600 and one at x = 2330, where the parts would share the space
    // in the printed proportion (18 m² for 27.8 printed)
    const lines: DrawnLine[] = [{ a: [3600, 0], b: [3600, 3000] }, { a: [2330, 0], b: [2330, 3000] }];
    const stamps = [stamp(1000, 1500, 10.8), stamp(5000, 1500, 17)];
    expect(areasM2(splitByStamps(rect(6000, 3000), stamps, lines, 1)).map((a) => Math.round(a * 10) / 10)).toEqual([7.2, 10.8]);
    // without the plan's ratio, the cut shares the space out in the printed proportion
    expect(areasM2(splitByStamps(rect(6000, 3000), stamps, lines)).map((a) => Math.round(a * 10) / 10)).toEqual([7, 11]);
    // a space that holds its stamps keeps the parts agreeing with each other
    const fits = [stamp(1000, 1500, 7), stamp(5000, 1500, 11)];
    expect(areasM2(splitByStamps(rect(6000, 3000), fits, lines, 1)).map((a) => Math.round(a * 10) / 10)).toEqual([7, 11]);
  });

  it('cuts a space with three stamps into three rooms', () => {
    const parts = splitByStamps(rect(9000, 4000), [stamp(1500, 2000, 12), stamp(4500, 2000, 12), stamp(7500, 2000, 12)]);
    expect(areasM2(parts).map((a) => Math.round(a * 10) / 10)).toEqual([12, 12, 12]);
  });

  it('does not run a cut through a stamp', () => {
    // printed areas would put the cut at x = 3500, through the left text: it must run between the texts
    const parts = splitByStamps(rect(8000, 4000), [stamp(3300, 2000, 14), stamp(4700, 2000, 18)]);
    expect(parts).toHaveLength(2);
    for (const p of parts) {
      const xs = p.pts.map((q) => q[0]);
      const inside = p.stamps[0];
      expect(inside.box.every((c) => c[0] >= Math.min(...xs) && c[0] <= Math.max(...xs))).toBe(true);
    }
  });
});
