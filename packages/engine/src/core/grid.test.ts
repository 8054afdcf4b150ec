import { describe, it, expect } from 'vitest';
import { Grid, alongSeg, segGrid, cellKey } from './grid.js';
import type { MmSeg } from './walls.js';

const seg = (ax: number, ay: number, bx: number, by: number): MmSeg => ({ a: [ax, ay], b: [bx, by], w: 0, len: Math.hypot(bx - ax, by - ay), ang: Math.atan2(by - ay, bx - ax) });

describe('Grid', () => {
  it('finds an item in the cell of its point and not in a far cell', () => {
    const g = new Grid<string>(100);
    g.add([150, 150], 'a');
    expect(g.at([199, 101])).toEqual(['a']);
    expect(g.at([250, 150])).toEqual([]);
  });
  it('addBox fills every cell of the box, and refuses a box over maxCells', () => {
    const g = new Grid<string>(100);
    expect(g.addBox(0, 0, 250, 150, 'box')).toBe(true);
    expect([...g.inBox(0, 0, 299, 199)]).toHaveLength(6);
    expect(g.addBox(0, 0, 1000, 1000, 'big', 10)).toBe(false);
    expect(g.at([900, 900])).toEqual([]);
  });
  it('inBox lists the items column by column, once per cell; anyInBox tells whether the box holds any', () => {
    const g = new Grid<string>(100);
    g.add([150, 50], 'b');
    g.add([50, 150], 'a2');
    g.add([50, 50], 'a1');
    g.addBox(0, 0, 150, 50, 'wide');
    expect(g.inBox(0, 0, 199, 199)).toEqual(['a1', 'wide', 'a2', 'b', 'wide']);
    expect(g.inBox(120, 10, 130, 20)).toEqual(['b', 'wide']);
    expect(g.inBox(500, 500, 600, 600)).toEqual([]);
    expect(g.anyInBox(0, 100, 99, 199)).toBe(true);
    expect(g.anyInBox(100, 100, 199, 199)).toBe(false);
    // the same items, cell by cell, without copying them
    expect(g.cellsInBox(0, 0, 199, 199)).toEqual([['a1', 'wide'], ['a2'], ['b', 'wide']]);
    expect(g.cellsInBox(0, 0, 199, 199).flat()).toEqual(g.inBox(0, 0, 199, 199));
    expect(g.cellsInBox(500, 500, 600, 600)).toEqual([]);
  });
  it('cellsAround lists the cells round a point, column by column, and none farther', () => {
    const g = new Grid<string>(100);
    g.add([150, 150], 'centre');
    g.add([50, 250], 'corner');
    g.add([250, 150], 'right');
    g.add([350, 150], 'two away');
    expect(g.cellsAround([120, 180], 1)).toEqual([['corner'], ['centre'], ['right']]);
    expect(g.cellsAround([120, 180], 0)).toEqual([['centre']]);
  });
  it('cellKey gives distinct cells distinct keys, near the origin and beyond the numeric limit', () => {
    const cells = [[0, 0], [0, 1], [1, 0], [-1, 0], [0, -1], [2 ** 25 - 1, 0], [2 ** 25, 0], [0, 2 ** 25], [-(2 ** 25), 3]];
    // either side of the small-key limit, in every direction, and the corners of both numeric ranges
    for (const v of [2 ** 14 - 1, 2 ** 14, -(2 ** 14), -(2 ** 14) - 1, 2 ** 25 - 1, -(2 ** 25) + 1])
      for (const w of [0, 1, -1, 2 ** 14 - 1, -(2 ** 14), 2 ** 14, -(2 ** 14) - 1]) cells.push([v, w], [w, v]);
    expect(new Set(cells.map(([x, y]) => cellKey(x, y))).size).toBe(new Set(cells.map(([x, y]) => `${x},${y}`)).size);
    // near the origin the key is a small integer
    expect(Number.isInteger(cellKey(-(2 ** 14), 2 ** 14 - 1)) && Math.abs(cellKey(-(2 ** 14), 2 ** 14 - 1) as number) < 2 ** 30).toBe(true);
    expect(cellKey(3, -4)).toBe(cellKey(3, -4));
  });
  it('keeps cells apart far from the origin and across the numeric-key limit', () => {
    const g = new Grid<string>(1);
    const far = 2 ** 25;
    g.add([far - 1, 0], 'inside');
    g.add([far, 0], 'beyond');
    g.add([0, far - 1], 'up');
    g.add([-(far - 1), -(far - 1)], 'corner');
    expect(g.at([far - 1, 0])).toEqual(['inside']);
    expect(g.at([far, 0])).toEqual(['beyond']);
    expect(g.at([0, far - 1])).toEqual(['up']);
    expect(g.at([-(far - 1), -(far - 1)])).toEqual(['corner']);
    // neighbouring cells in y do not run into the next column
    g.add([5, -3], 'a');
    g.add([6, -3], 'b');
    g.add([5, -2], 'c');
    expect([g.at([5, -3]), g.at([6, -3]), g.at([5, -2])]).toEqual([['a'], ['b'], ['c']]);
  });
  it('works on negative coordinates', () => {
    const g = new Grid<number>(50);
    g.add([-10, -10], 1);
    expect(g.at([-49, -1])).toEqual([1]);
    expect(g.at([10, 10])).toEqual([]);
  });
});

describe('segments on a grid', () => {
  it('alongSeg samples at half-cell steps including both ends', () => {
    const pts = alongSeg(seg(0, 0, 200, 0), 100);
    expect(pts[0]).toEqual([0, 0]);
    expect(pts.at(-1)).toEqual([200, 0]);
    expect(pts).toHaveLength(5);
  });
  it('segGrid files a diagonal segment once in each cell it crosses', () => {
    const s = seg(0, 0, 299, 299);
    const g = segGrid([s], 100);
    expect(g.at([250, 250])).toEqual([s]);
    expect(g.at([50, 50])).toEqual([s]);
    expect(g.at([250, 50])).toEqual([]);
  });
});
