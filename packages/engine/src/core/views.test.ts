import { describe, it, expect } from 'vitest';
import { analyzePdf } from '../analyze.js';
import { sheetPdf, type SheetPen } from '../test-pdfs.js';

const opts = { page: 1, scale: 100, ceilingHeightMm: 2500 };

/** A floor plan of two rooms (4.0 x 3.0 and 3.0 x 3.0 m) at (x, 0), its title 0.8 m under it. */
function plan(p: SheetPen, x: number, title: string | null) {
  p.rectWalls(x, 0, 4000, 3000, 200);
  p.rectWalls(x + 4200, 0, 3000, 3000, 200);
  if (title) p.text(x + 3500, 4000, title, 10);
}

/** An elevation at (x, 0): the facade's outline in single lines, two windows 2.4 x 1.4 m drawn as frames (double lines). */
function elevation(p: SheetPen, x: number, title: string) {
  p.line(x, 0, x + 10000, 0); p.line(x + 10000, 0, x + 10000, 3000); p.line(x + 10000, 3000, x, 3000); p.line(x, 3000, x, 0);
  p.rectWalls(x + 800, 800, 2400, 1400, 100);
  p.rectWalls(x + 5800, 800, 2400, 1400, 100);
  p.text(x + 5000, 4000, title, 10);
}

describe('several views on one sheet', () => {
  it('takes no rooms from an elevation beside a floor plan (its window frames are not rooms)', async () => {
    const r = await analyzePdf(await sheetPdf((p) => { plan(p, 0, 'GROUND FLOOR PLAN 1:100'); elevation(p, 12000, 'SOUTH ELEVATION 1:100'); }), opts);
    expect(r.rooms.map((x) => Math.round(x.ceiling_area / 1e6)).sort()).toEqual([12, 9].sort());
    expect(r.rooms.every((x) => x.view === undefined)).toBe(true);
  });

  it('tells the rooms of two floor plans on one sheet apart by their views', async () => {
    const r = await analyzePdf(await sheetPdf((p) => { plan(p, 0, 'GROUND FLOOR PLAN 1:100'); plan(p, 11000, 'FIRST FLOOR PLAN 1:100'); }), opts);
    expect(r.rooms).toHaveLength(4);
    const left = r.rooms.filter((x) => x.polygon[0][0] < 10000), right = r.rooms.filter((x) => x.polygon[0][0] > 10000);
    expect(left.map((x) => x.view)).toEqual(['GROUND FLOOR PLAN', 'GROUND FLOOR PLAN']);
    expect(right.map((x) => x.view)).toEqual(['FIRST FLOOR PLAN', 'FIRST FLOOR PLAN']);
  });

  it('does not read a callout inside a drawing (a detail mark in a courtyard) as the drawing\'s title', async () => {
    const r = await analyzePdf(await sheetPdf((p) => {
      plan(p, 0, 'GROUND FLOOR PLAN 1:100');
      // four rooms round a courtyard inside a site boundary, the detail mark in the courtyard
      const x = 12000;
      for (const [dx, dy] of [[0, 0], [6000, 0], [0, 6000], [6000, 6000]]) p.rectWalls(x + dx, dy, 2000, 2000, 200);
      p.line(x - 1000, -1000, x + 9000, -1000); p.line(x + 9000, -1000, x + 9000, 9000); p.line(x + 9000, 9000, x - 1000, 9000); p.line(x - 1000, 9000, x - 1000, -1000);
      p.text(x + 4000, 4000, 'DETAIL 5', 10);
    }), opts);
    expect(r.rooms).toHaveLength(6);
  });

  it('keeps every room where the sheet names no floor plan (a section mark is no reason to drop a plan)', async () => {
    const r = await analyzePdf(await sheetPdf((p) => { plan(p, 0, 'SECTION A-A'); elevation(p, 12000, 'SOUTH ELEVATION'); }), opts);
    expect(r.rooms.length).toBe(4);
  });
});
