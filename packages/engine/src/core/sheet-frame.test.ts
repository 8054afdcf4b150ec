import { describe, it, expect } from 'vitest';
import { analyzePdf } from '../index.js';
import { sheetPdf, type SheetPen } from '../test-pdfs.js';
import { sheetFrames, type WallPiece } from './sheet-frame.js';

// The test sheet is A4 landscape drawn at 1:100 (site millimetres, origin 40 pt in from the top-left corner) and
// analysed at 1:200, where every length doubles: its 2 pt border is 0.7 mm on paper, 141 mm at 1:200, as thick as an
// interior wall. The page is 29 700 x 21 000 mm at 1:100; the origin 1 411 mm in from its left and top edges.
const opts = { page: 1, scale: 200, ceilingHeightMm: 2400 };
const FRAME_PT = 2;

/** Two rooms (4000 x 3000 and 3050 x 3000 at 1:100, walls 150 mm) and their names. */
function house(p: SheetPen): void {
  p.rectWalls(4000, 4000, 7200, 3000, 150);
  p.line(8000, 4000, 8000, 7000); p.line(8150, 4000, 8150, 7000);
  p.text(6000, 5500, 'LIVING'); p.text(9700, 5500, 'BEDROOM');
}

/** The sheet's border 500 mm (5 mm on paper) in from the page's edges, with a title block in its bottom-right corner. */
function border(p: SheetPen): void {
  const x0 = -911, y0 = -911, x1 = 27789, y1 = 19089;
  const w = { widthPt: FRAME_PT };
  p.line(x0, y0, x1, y0, w); p.line(x1, y0, x1, y1, w); p.line(x1, y1, x0, y1, w); p.line(x0, y1, x0, y0, w);
  // the title block: its box in the border's pen, rows in a thin one
  const bx = x1 - 11000, by = y1 - 3000;
  p.line(bx, by, x1, by, w); p.line(bx, by, bx, y1, w);
  p.line(bx, by + 1500, x1, by + 1500);
  p.text(bx + 5500, by + 1000, 'PLANSIGHT TEST ARCHITECTS');
  p.text(bx + 5500, by + 2500, 'GROUND FLOOR PLAN   SCALE 1:200');
}

describe('the sheet border drawn in a wall pen', () => {
  it('is no wall: the outside walls are the house, and the title block on it no room', async () => {
    const alone = await analyzePdf(await sheetPdf(house), opts);
    const framed = await analyzePdf(await sheetPdf((p) => { house(p); border(p); }), opts);
    expect(alone.rooms.map((r) => r.label).sort()).toEqual(['BEDROOM', 'LIVING']);
    expect(framed.rooms.map((r) => r.label).sort()).toEqual(['BEDROOM', 'LIVING']);
    // the house's outer faces, 7500 x 3300 at 1:100: 43 200 mm round at 1:200
    expect(Math.abs(framed.outside_detection.total_walls_mm - 43_200)).toBeLessThan(1000);
    expect(framed.outside_detection.total_walls_mm).toBeCloseTo(alone.outside_detection.total_walls_mm, -2);
  });

  it('a building drawn over the whole sheet keeps its walls', async () => {
    // outer walls 500 mm in from the page's edges (their outer faces), the rooms joined to them: no piece stands apart inside it
    const pdf = await sheetPdf((p) => {
      p.rectWalls(-761, -761, 28400, 19700, 150);
      p.line(13000, -761, 13000, 18939); p.line(13150, -761, 13150, 18939);
      p.line(-761, 9000, 13000, 9000); p.line(-761, 9150, 13000, 9150);
      p.line(13150, 9000, 27639, 9000); p.line(13150, 9150, 27639, 9150);
      p.text(6000, 4000, 'HALL'); p.text(20000, 4000, 'STORE'); p.text(6000, 14000, 'OFFICE'); p.text(20000, 14000, 'WORKSHOP');
    });
    const r = await analyzePdf(pdf, opts);
    expect(r.rooms.map((x) => x.label).sort()).toEqual(['HALL', 'OFFICE', 'STORE', 'WORKSHOP']);
  });
});

describe('sheetFrames', () => {
  const piece = (x0: number, y0: number, x1: number, y1: number, big = true): WallPiece => ({
    ring: [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], box: { x0, y0, x1, y1, w: x1 - x0, h: y1 - y0 }, big,
  });

  it('is a piece spanning the sheet with another piece of walls inside it', () => {
    const frame = piece(500, 500, 59000, 41500), building = piece(10000, 10000, 20000, 18000);
    expect([...sheetFrames([frame, building], 60000, 42000)]).toEqual([frame]);
    // nothing inside: a building drawn across the sheet
    expect(sheetFrames([frame], 60000, 42000).size).toBe(0);
    // only furniture inside (no piece large enough to be walls)
    expect(sheetFrames([frame, piece(10000, 10000, 11000, 11000, false)], 60000, 42000).size).toBe(0);
    // not spanning the sheet both ways
    expect(sheetFrames([piece(500, 500, 59000, 30000), building], 60000, 42000).size).toBe(0);
  });
});
