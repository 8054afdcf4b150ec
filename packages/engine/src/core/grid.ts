/** A uniform grid over the page (mm) for finding the segments, bands or points near a place cheaply. */
import type { PointMm } from '../types.js';
import type { MmSeg } from './walls.js';

/** Cell indices below this size (either sign) get a small integer key, which V8 stores and hashes unboxed... */
const SMALL_KEY_LIMIT = 2 ** 14;
/** ...below this a larger number (negative, so the two ranges never meet); beyond it a string (never met on a page). */
const NUMERIC_KEY_LIMIT = 2 ** 25;

/** A map key for the integer cell (cx, cy): one number per cell (cheaper to hash than a string, and no string
 * built per look-up), a string far out. Distinct cells get distinct keys. */
export function cellKey(cx: number, cy: number): number | string {
  if (cx < SMALL_KEY_LIMIT && cx >= -SMALL_KEY_LIMIT && cy < SMALL_KEY_LIMIT && cy >= -SMALL_KEY_LIMIT) return (cx + SMALL_KEY_LIMIT) * 2 * SMALL_KEY_LIMIT + (cy + SMALL_KEY_LIMIT);
  if (Math.abs(cx) < NUMERIC_KEY_LIMIT && Math.abs(cy) < NUMERIC_KEY_LIMIT) return -1 - ((cx + NUMERIC_KEY_LIMIT) * 2 * NUMERIC_KEY_LIMIT + (cy + NUMERIC_KEY_LIMIT));
  return `${cx},${cy}`;
}

/** What an empty cell holds: one list for all (the look-ups land in empty cells millions of times on a dense sheet,
 * and a new empty list each time was garbage; callers only read what they are given). */
const NONE: readonly never[] = [];

export class Grid<T> {
  private readonly cells = new Map<number | string, T[]>();
  constructor(readonly cell: number) {}

  private cellOf(v: number): number {
    return Math.floor(v / this.cell);
  }

  private push(cx: number, cy: number, item: T): void {
    const k = cellKey(cx, cy);
    const list = this.cells.get(k);
    if (list) list.push(item);
    else this.cells.set(k, [item]);
  }

  /** Adds `item` to the cell holding `p`. */
  add(p: PointMm, item: T): void {
    this.push(this.cellOf(p[0]), this.cellOf(p[1]), item);
  }

  /** Adds `item` to every cell of the box; false (nothing added) when that is more than `maxCells` cells. */
  addBox(x0: number, y0: number, x1: number, y1: number, item: T, maxCells = Infinity): boolean {
    const cx0 = this.cellOf(x0), cx1 = this.cellOf(x1), cy0 = this.cellOf(y0), cy1 = this.cellOf(y1);
    if ((cx1 - cx0 + 1) * (cy1 - cy0 + 1) > maxCells) return false;
    for (let x = cx0; x <= cx1; x++) for (let y = cy0; y <= cy1; y++) this.push(x, y, item);
    return true;
  }

  /** The items of the cell holding `p`. */
  at(p: PointMm): readonly T[] {
    return this.cells.get(cellKey(this.cellOf(p[0]), this.cellOf(p[1]))) ?? (NONE as readonly T[]);
  }

  /** The items of every cell the box touches (an item in several of them comes several times), column by
   * column. (An array, not a generator: the frame and hatch searches ask this hundreds of thousands of times
   * for a box of one cell, and a generator's resumption cost more than the look-up.) */
  inBox(x0: number, y0: number, x1: number, y1: number): readonly T[] {
    const cx0 = this.cellOf(x0), cy0 = this.cellOf(y0);
    if (cx0 === this.cellOf(x1) && cy0 === this.cellOf(y1)) return this.cells.get(cellKey(cx0, cy0)) ?? (NONE as readonly T[]);
    return this.cellsInBox(x0, y0, x1, y1).flat();
  }

  /** The item lists of the cells the box touches (the grid's own arrays: read them, do not change them),
   * column by column: `inBox` without copying the items into one array, for callers that ask very often. */
  cellsInBox(x0: number, y0: number, x1: number, y1: number): (readonly T[])[] {
    const cx0 = this.cellOf(x0), cx1 = this.cellOf(x1), cy0 = this.cellOf(y0), cy1 = this.cellOf(y1);
    const out: T[][] = [];
    for (let x = cx0; x <= cx1; x++)
      for (let y = cy0; y <= cy1; y++) {
        const c = this.cells.get(cellKey(x, y));
        if (c) out.push(c);
      }
    return out;
  }

  /** The item lists of the cell holding `p` and the `n` cells round it each way (read them in place), column by
   * column. */
  cellsAround(p: PointMm, n: number): (readonly T[])[] {
    const cx = this.cellOf(p[0]), cy = this.cellOf(p[1]);
    const out: T[][] = [];
    for (let x = cx - n; x <= cx + n; x++)
      for (let y = cy - n; y <= cy + n; y++) {
        const c = this.cells.get(cellKey(x, y));
        if (c) out.push(c);
      }
    return out;
  }

  /** Whether any cell the box touches holds an item. */
  anyInBox(x0: number, y0: number, x1: number, y1: number): boolean {
    for (let x = this.cellOf(x0); x <= this.cellOf(x1); x++)
      for (let y = this.cellOf(y0); y <= this.cellOf(y1); y++) if (this.cells.get(cellKey(x, y))?.length) return true;
    return false;
  }
}

/** Points along a segment at half-cell steps, both ends included: the cells a segment passes through. */
export function alongSeg(s: MmSeg, cell: number): PointMm[] {
  const n = Math.ceil(s.len / (cell / 2));
  const out: PointMm[] = [];
  for (let i = 0; i <= n; i++) out.push([s.a[0] + ((s.b[0] - s.a[0]) * i) / n, s.a[1] + ((s.b[1] - s.a[1]) * i) / n]);
  return out;
}

/** Segments by the cells they pass through. (The points of `alongSeg`, walked in place: along a straight line
 * both cell indices only ever grow or only ever shrink, so a cell met again is the one just met.) */
export function segGrid(segs: readonly MmSeg[], cell: number): Grid<MmSeg> {
  const grid = new Grid<MmSeg>(cell);
  for (const s of segs) {
    const n = Math.ceil(s.len / (cell / 2));
    let lastX = NaN, lastY = NaN;
    for (let i = 0; i <= n; i++) {
      const x = s.a[0] + ((s.b[0] - s.a[0]) * i) / n, y = s.a[1] + ((s.b[1] - s.a[1]) * i) / n;
      const cx = Math.floor(x / cell), cy = Math.floor(y / cell);
      if (cx === lastX && cy === lastY) continue;
      lastX = cx; lastY = cy;
      grid.add([x, y], s);
    }
  }
  return grid;
}
