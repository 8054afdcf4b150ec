import { describe, expect, it } from 'vitest';
import { analyzePdf } from '../analyze.js';
import { sheetPdf, type SheetPen } from '../test-pdfs.js';
import type { Room } from '../types.js';
import { hatchedColumns, hatchPatches, slantedPieces, withoutColumns, type PtSeg } from './columns.js';
import { segToSegDist } from './geometry.js';
import { lcg } from '../test-random.js';
import type { PointMm } from '../types.js';

const opts = { page: 1, scale: 100, ceilingHeightMm: 2500 };
const m2 = (r: Room) => r.ceiling_area / 1e6;

/**
 * A box x0..x1, y0..y1 (site mm) filled with 45° hatch strokes 100 mm apart (along x), every other one dashed
 * into 80 mm pieces with 40 mm gaps, as a CAD program exports a column's hatch: no outline of its own.
 */
function hatchBox(p: Pick<SheetPen, 'line'>, x0: number, y0: number, x1: number, y1: number): void {
  let n = 0;
  for (let c = x0 - (y1 - y0) + 50; c < x1; c += 100, n++) {
    // the stroke x - y = c - y0 ... clipped to the box: from its entry to its exit
    const ax = Math.max(x0, c), ay = y0 + (ax - c);
    const bx = Math.min(x1, c + (y1 - y0)), by = y0 + (bx - c);
    if (bx - ax < 10) continue;
    if (n % 2 === 0) { p.line(ax, ay, bx, by, { widthPt: 0.25 }); continue; }
    const len = Math.hypot(bx - ax, by - ay), ux = (bx - ax) / len, uy = (by - ay) / len;
    for (let t = 0; t < len; t += 120) {
      const e = Math.min(len, t + 80);
      p.line(ax + ux * t, ay + uy * t, ax + ux * e, ay + uy * e, { widthPt: 0.25 });
    }
  }
}

/** The same room without any column (m²; the wall lines' own width is outside it). */
async function plainRoomM2(): Promise<number> {
  const r = await analyzePdf(await sheetPdf((p) => p.rectWalls(0, 0, 4000, 3000, 200)), opts);
  return m2(r.rooms[0]);
}

describe('hatched columns', () => {
  it("takes a column hatched in a room's corner out of the room's floor", async () => {
    // a 4.0 x 3.0 m room in 200 mm walls; a 0.5 m column in its bottom-right corner, 20 mm off the right wall
    const pdf = await sheetPdf((p) => {
      p.rectWalls(0, 0, 4000, 3000, 200);
      hatchBox(p, 3480, 2500, 3980, 3000);
    });
    const r = await analyzePdf(pdf, opts);
    expect(r.rooms).toHaveLength(1);
    // the room less the column and the strip behind it (0.52 x 0.5 m)
    expect(m2(r.rooms[0])).toBeCloseTo((await plainRoomM2()) - 0.26, 1);
  });

  it('leaves a hatched box standing free in the room or against one wall in the floor', async () => {
    for (const [x0, y0] of [[1500, 1200], [3480, 1200]]) {
      const pdf = await sheetPdf((p) => {
        p.rectWalls(0, 0, 4000, 3000, 200);
        hatchBox(p, x0, y0, x0 + 500, y0 + 500);
      });
      const r = await analyzePdf(pdf, opts);
      expect(r.rooms).toHaveLength(1);
      // (not the box's 0.25 m²: the little it loses is the hatch's own strokes paired into a piece in the room)
      expect((await plainRoomM2()) - m2(r.rooms[0])).toBeLessThan(0.1);
    }
  });

  it('finds the box only where the hatch ends on its sides, is large enough and in a corner', () => {
    const segs: { x1: number; y1: number; x2: number; y2: number }[] = [];
    const pen = { line: (x1: number, y1: number, x2: number, y2: number) => { segs.push({ x1, y1, x2, y2 }); } };
    // walls: x >= 4000 and y >= 3000 (the room's right and bottom walls)
    const inWall = (p: PointMm) => p[0] >= 4000 || p[1] >= 3000;
    hatchBox(pen, 3480, 2500, 3980, 3000);
    const found = hatchedColumns(segs, 1, inWall);
    expect(found).toHaveLength(1);
    const [[x0, y0], , [x1, y1]] = found[0];
    expect(x0).toBeCloseTo(3480, -1);
    expect(y0).toBeCloseTo(2500, -1);
    // run on to the walls it stands against
    expect(x1).toBeGreaterThanOrEqual(4000);
    expect(y1).toBeGreaterThanOrEqual(3000);
    // its area out of the room: a notch, the room stays one ring
    const room = { pts: [[0, 0], [0, 3000], [4000, 3000], [4000, 0]] as PointMm[], area: -12e6 };
    const rest = withoutColumns(room, found);
    expect(Math.abs(rest.area) / 1e6).toBeCloseTo(12 - 0.26, 2);
    expect(Math.sign(rest.area)).toBe(-1);

    // a floor pattern (the hatch over 1.2 m) and a shower tray's cross are no column
    const pattern: typeof segs = [];
    hatchBox({ line: (x1, y1, x2, y2) => pattern.push({ x1, y1, x2, y2 }) }, 2780, 1800, 3980, 3000);
    expect(hatchedColumns(pattern, 1, inWall)).toHaveLength(0);
    const cross = [{ x1: 3480, y1: 2500, x2: 3980, y2: 3000 }, { x1: 3480, y1: 3000, x2: 3980, y2: 2500 }];
    expect(hatchedColumns(cross, 1, inWall)).toHaveLength(0);
  });

  it("links a long stroke's neighbour beyond its end, however long the stroke", () => {
    // a stroke 1130 mm long at 20° (the longest a column's hatch has) and a short one 100 mm on from its end, in line
    const t = (20 * Math.PI) / 180, ux = Math.cos(t), uy = Math.sin(t), mid = [999, 500];
    const a = [mid[0] - 565 * ux, mid[1] - 565 * uy], b = [mid[0] + 565 * ux, mid[1] + 565 * uy];
    const c = [b[0] + 100 * ux, b[1] + 100 * uy], d = [c[0] + 50 * ux, c[1] + 50 * uy];
    const segs: PtSeg[] = [{ x1: a[0], y1: a[1], x2: b[0], y2: b[1] }, { x1: c[0], y1: c[1], x2: d[0], y2: d[1] }];
    expect(hatchPatches(slantedPieces(segs, 1))).toEqual([[0, 1]]);
  });

  it('finds the same patches as every pair of strokes compared, on random hatching', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const r = lcg(seed);
      // strokes of three directions (and a little off each), of every length a piece may have, over a 6 m square
      const segs: PtSeg[] = [];
      for (let n = 0; n < 400; n++) {
        const deg = [25, 45, 60][n % 3] + (r() - 0.5) * 5, len = 10 + r() ** 2 * 1100, t = (deg * Math.PI) / 180;
        const x = r() * 6000, y = r() * 6000;
        segs.push({ x1: x, y1: y, x2: x + len * Math.cos(t), y2: y + len * Math.sin(t) });
      }
      const pieces = slantedPieces(segs, 1);
      // every pair within 130 mm and 2 degrees, joined one to the next
      const parent = pieces.map((_, i) => i);
      const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
      for (let i = 0; i < pieces.length; i++) for (let j = i + 1; j < pieces.length; j++) {
        const p = pieces[i], q = pieces[j];
        if (Math.abs(p.angle - q.angle) <= 2 && segToSegDist(p.a, p.b, q.a, q.b) <= 130) parent[find(i)] = find(j);
      }
      const byRoot = new Map<number, number[]>();
      pieces.forEach((_, i) => (byRoot.get(find(i)) ?? byRoot.set(find(i), []).get(find(i))!).push(i));
      const patches = hatchPatches(pieces);
      expect(patches.filter((g) => g.length > 1).length).toBeGreaterThan(10);
      expect(patches).toEqual([...byRoot.values()]);
    }
  });
});
