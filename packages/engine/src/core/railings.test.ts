import { describe, it, expect } from 'vitest';
import { analyzePdf } from '../analyze.js';
import { sheetPdf, type SheetPen } from '../test-pdfs.js';
import type { Room } from '../types.js';

const opts = { page: 1, scale: 100, ceilingHeightMm: 2500 };
const m2 = (r: Room) => r.ceiling_area / 1e6;
const WALL = 0.2;
const rect = (p: SheetPen, x0: number, y0: number, x1: number, y1: number) => p.fill([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], WALL);

/**
 * Walls cut as dark fills, 250 thick: a room 4.0 x 3.0 m and beside it a loggia 2.0 x 3.0 m recessed into the
 * building. The loggia's front (y = 3000..3250, in line with the outer walls) is a parapet drawn as two lines,
 * the outer one the slab edge, between the cut walls at its ends. `name` labels the loggia.
 */
function recessedLoggia(p: SheetPen, name: string) {
  rect(p, -250, -250, 6500, 0);
  rect(p, -250, 0, 0, 3250); rect(p, 0, 3000, 4250, 3250); rect(p, 4000, 0, 4250, 3000); rect(p, 6250, 0, 6500, 3250);
  p.line(4250, 3000, 6250, 3000, { widthPt: 0.3 }); p.line(4250, 3250, 6250, 3250, { widthPt: 0.3 });
  p.text(2000, 1400, 'Zimmer'); p.text(2000, 1700, '12.00 m2');
  p.text(5250, 1400, name); p.text(5250, 1700, '6.50 m2');
}

describe('a loggia sealed by its parapet drawn in lines', () => {
  it('runs the loggia to the slab edge under the parapet', async () => {
    const r = await analyzePdf(await sheetPdf((p) => recessedLoggia(p, 'Loggia')), opts);
    const loggia = r.rooms.find((x) => x.label === 'Loggia');
    expect(loggia?.is_outdoor).toBe(true);
    // 2.0 x 3.25 m to the outer line, not 2.0 x 3.0 m to the parapet's inner line
    expect(m2(loggia!)).toBeCloseTo(6.5, 1);
    // the room beside it keeps its wall faces
    expect(m2(r.rooms.find((x) => x.label === 'Zimmer')!)).toBeCloseTo(12, 1);
  });

  it('leaves a room that is not outdoor at the lines', async () => {
    const r = await analyzePdf(await sheetPdf((p) => recessedLoggia(p, 'Abstellraum')), opts);
    expect(m2(r.rooms.find((x) => x.label === 'Abstellraum')!)).toBeCloseTo(6, 1);
  });

  it('does not take a wall cut as a fill, or a window in it, for a parapet', async () => {
    const r = await analyzePdf(await sheetPdf((p) => {
      rect(p, -250, -250, 6500, 0);
      rect(p, -250, 0, 0, 3250); rect(p, 0, 3000, 4250, 3250); rect(p, 4000, 0, 4250, 3000); rect(p, 6250, 0, 6500, 3250);
      // the front cut as a fill with a window 1.2 m wide in it (glass lines between the piers)
      rect(p, 4250, 3000, 4650, 3250); rect(p, 5850, 3000, 6250, 3250);
      p.line(4650, 3100, 5850, 3100, { widthPt: 0.3 }); p.line(4650, 3150, 5850, 3150, { widthPt: 0.3 });
      p.text(2000, 1400, 'Zimmer'); p.text(2000, 1700, '12.00 m2');
      p.text(5250, 1400, 'Loggia'); p.text(5250, 1700, '6.00 m2');
    }), opts);
    const loggia = r.rooms.find((x) => x.label === 'Loggia');
    expect(m2(loggia!)).toBeCloseTo(6, 1);
  });

  it('moves no side where the walls are drawn as lines too: a wall\'s pair of lines is no parapet', async () => {
    // the same building with every wall a pair of lines 250 apart (no fills): the loggia's front is one more
    // such pair, as the outer walls are, and the room ends at its inner line
    const r = await analyzePdf(await sheetPdf((p) => {
      const box = (x0: number, y0: number, x1: number, y1: number) => {
        p.line(x0, y0, x1, y0, { widthPt: 0.5 }); p.line(x1, y0, x1, y1, { widthPt: 0.5 });
        p.line(x1, y1, x0, y1, { widthPt: 0.5 }); p.line(x0, y1, x0, y0, { widthPt: 0.5 });
      };
      box(-250, -250, 6500, 3250); box(0, 0, 4000, 3000); box(4250, 0, 6250, 3000);
      p.text(2000, 1400, 'Zimmer'); p.text(2000, 1700, '12.00 m2');
      p.text(5250, 1400, 'Loggia'); p.text(5250, 1700, '6.00 m2');
    }), opts);
    expect(r.metadata.wall_style).toBe('double-line');
    const loggia = r.rooms.find((x) => x.label === 'Loggia');
    expect(loggia?.is_outdoor).toBe(true);
    expect(m2(loggia!)).toBeCloseTo(6, 1);
  });

  it('finds a loggia outside the walls by its printed area as measured to the slab edge', async () => {
    // walls cut as fills round a room 4.0 x 3.0 m; beyond its right wall a loggia with railings on its sides and
    // a parapet of two lines 250 apart in front (x = 6250 inner, 6500 slab edge). Inside the inner line it is
    // 2.0 x 3.5 = 7.0 m2, 11 % under the printed 7.88 m2 (2.25 x 3.5 to the slab edge): judged on that region
    // it is no match, judged as it will be measured it is.
    const r = await analyzePdf(await sheetPdf((p) => {
      rect(p, -250, -250, 4250, 0); rect(p, -250, 3000, 4250, 3250); rect(p, -250, 0, 0, 3000); rect(p, 4000, 0, 4250, 3000);
      p.line(4250, -250, 6500, -250, { widthPt: 0.3 }); p.line(4250, 3250, 6500, 3250, { widthPt: 0.3 });
      p.line(6250, -250, 6250, 3250, { widthPt: 0.3 }); p.line(6500, -250, 6500, 3250, { widthPt: 0.3 });
      p.text(2000, 1400, 'Zimmer'); p.text(2000, 1700, '12.00 m2');
      p.text(5250, 1400, 'Loggia'); p.text(5250, 1700, '7.88 m2');
    }), opts);
    const loggia = r.rooms.find((x) => x.label === 'Loggia');
    expect(loggia?.is_outdoor).toBe(true);
    expect(m2(loggia!)).toBeCloseTo(7.88, 1);
  });
});
