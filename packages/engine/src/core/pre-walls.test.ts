import { describe, it, expect } from 'vitest';
import { analyzePdf } from '../analyze.js';
import { sheetPdf, type SheetPen } from '../test-pdfs.js';

const opts = { page: 1, scale: 100, ceilingHeightMm: 2500 };
const rect = (p: SheetPen, x0: number, y0: number, x1: number, y1: number, gray = 0.25) => p.fill([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], gray);

/** A shower room 3.0 x 2.5 m inside walls cut as dark fills 250 thick; `front` draws what stands before the bottom wall. */
async function showerRoom(front: (p: SheetPen) => void) {
  const r = await analyzePdf(await sheetPdf((p) => {
    rect(p, -250, -250, 3250, 0); rect(p, -250, 2500, 3250, 2750); rect(p, -250, 0, 0, 2500); rect(p, 3000, 0, 3250, 2500);
    front(p);
    p.text(1500, 1000, 'Dusche'); p.text(1500, 1300, '6.75 m2');
  }), opts);
  return r.rooms.map((x) => x.ceiling_area / 1e6);
}

describe('a pre-wall whose face is cut as a thin board', () => {
  it('ends the room at a board 25 mm thick run from wall to wall 250 mm before the wall', async () => {
    const areas = await showerRoom((p) => rect(p, 0, 2225, 3000, 2250));
    expect(areas).toHaveLength(1);
    // 3.0 x 2.225..2.25 m, not 3.0 x 2.5
    expect(areas[0]).toBeGreaterThan(6.6);
    expect(areas[0]).toBeLessThan(6.8);
  });

  it('leaves a line drawn in front of the wall (a wardrobe, a shelf) in the room', async () => {
    const areas = await showerRoom((p) => p.line(0, 2250, 3000, 2250, { widthPt: 0.2 }));
    expect(areas).toHaveLength(1);
    expect(areas[0]).toBeCloseTo(7.5, 1);
  });

  it('leaves a board that stops short of a wall in the room', async () => {
    const areas = await showerRoom((p) => rect(p, 0, 2225, 2000, 2250));
    expect(areas).toHaveLength(1);
    expect(areas[0]).toBeCloseTo(7.5, 1);
  });
});
