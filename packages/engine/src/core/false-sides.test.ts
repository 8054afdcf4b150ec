import { describe, it, expect } from 'vitest';
import { analyzePdf } from '../index.js';
import { sheetPdf, type SheetPen } from '../test-pdfs.js';

// A wall face line with a band on both sides: the wall behind it and a strip of floor between it and a fitting in
// front (a bed's pillows, a vanity standing off the wall). The side that is wall is kept (falseSides in walls.ts).
// The test sheet is drawn at 1:100 with its origin 1411 mm (40 pt) in from the page's top-left corner.
const opts = { page: 1, scale: 100, ceilingHeightMm: 2500 };

function rect(p: SheetPen, x: number, y: number, w: number, h: number): void {
  p.line(x, y, x + w, y); p.line(x + w, y, x + w, y + h); p.line(x + w, y + h, x, y + h); p.line(x, y + h, x, y);
}

/** A bedroom 4300 x 3400 behind 250 mm walls, a double bed with two pillows against its top wall. */
function bedroom(p: SheetPen, x: number, y: number): void {
  p.rectWalls(x, y, 4300, 3400, 250);
  rect(p, x + 200, y, 1530, 2030);
  rect(p, x + 300, y + 100, 615, 400);
  rect(p, x + 1015, y + 100, 615, 400);
  p.text(x + 2800, y + 2500, 'BEDROOM');
}

describe('the side of a face line that is wall', () => {
  it('is the wall whose end meets a wall across it just past its own end', async () => {
    // the top wall's middle and its inner face lie either side of a 500 mm line of the page (page y 5000 mm): the
    // side walls' bands start at the inner face, in the next cell of the look-up grid from the top wall's end
    for (const y of [3707, 3400]) {
      const r = await analyzePdf(await sheetPdf((p) => bedroom(p, 2000, y)), opts);
      expect(r.rooms.map((x) => x.label)).toEqual(['BEDROOM']);
      expect(Math.abs(r.rooms[0].ceiling_area - 4300 * 3400) / (4300 * 3400)).toBeLessThan(0.05);
    }
  });

  it('is the wall running the face\'s whole length when both sides are closed at an end', async () => {
    // a vanity 210 mm off the top wall, from the left wall's face: the strip between is closed by the left wall at
    // one end, as the top wall is by both side walls; the strip is floor (it was wall: 0.09 m² short)
    for (const y of [3400, 3600]) {
      const r = await analyzePdf(await sheetPdf((p) => {
        p.rectWalls(2000, y, 1600, 2400, 150);
        rect(p, 2000, y + 210, 450, 700);
        p.text(2800, y + 1600, 'ENS');
      }), opts);
      expect(r.rooms.map((x) => x.label)).toEqual(['ENS']);
      expect(Math.abs(r.rooms[0].ceiling_area - 1600 * 2400) / (1600 * 2400)).toBeLessThan(0.01);
    }
  });
});
