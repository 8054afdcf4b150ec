import { describe, it, expect } from 'vitest';
import { analyzePdf } from '../analyze.js';
import { sheetPdf, type SheetPen } from '../test-pdfs.js';
import type { Room } from '../types.js';

const opts = { page: 1, scale: 100, ceilingHeightMm: 2500 };
const m2 = (r: Room) => r.ceiling_area / 1e6;
const rect = (p: SheetPen, x0: number, y0: number, x1: number, y1: number) => p.fill([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], 0.3);

/**
 * A room 4.0 x 3.0 m, walls filled grey, 200 mm. The left wall is broken from y = 800 to 2200; in front of the
 * break, a wall runs out at 45 degrees from the upper jamb's outer corner to (-900, 1500), and a French door is
 * hung from there back to the lower jamb's outer corner (-200, 2200): a door set across a chamfered corner, its
 * leaf drawn open along the slanted wall, its swing reaching into the room. `door` false: the same break with
 * nothing drawn in front of it but the slanted wall and the frame line.
 */
function chamferedDoor(p: SheetPen, door: boolean) {
  rect(p, -200, -200, 4200, 0);
  rect(p, 4000, 0, 4200, 3200);
  rect(p, -200, 3000, 4000, 3200);
  rect(p, -200, 0, 0, 800);
  rect(p, -200, 2200, 0, 3000);
  // the slanted wall, its inner face 80 mm outside the line from (-200, 800) to (-900, 1500) (the open leaf)
  p.fill([[-200, 686], [-957, 1443], [-1098, 1302], [-200, 404]], 0.3);
  // the door's frame (closed position) as two lines
  p.line(-900, 1500, -200, 2200);
  p.line(-930, 1530, -230, 2230);
  if (door) {
    p.line(-900, 1500, -200, 800);
    p.arc(-900, 1500, 990, -45, 45);
  }
}

describe('a door hung in a niche in front of a wall break', () => {
  it('lets the room run on through the break to the door', async () => {
    const r = await analyzePdf(await sheetPdf((p) => chamferedDoor(p, true)), opts);
    const areas = r.rooms.map(m2).sort((a, b) => b - a);
    // the room 12.0, the break through the wall 1.4 x 0.2, the triangle out to the door 1.4 x 0.7 / 2 and the
    // strip between the open leaf and the slanted wall (without the rule: 12.0 and the niche a room of its own)
    expect(areas).toHaveLength(1);
    expect(areas[0]).toBeCloseTo(12.8, 1);
  });

  it('closes the break on the wall line when no door is hung in front of it', async () => {
    const r = await analyzePdf(await sheetPdf((p) => chamferedDoor(p, false)), opts);
    const areas = r.rooms.map(m2).sort((a, b) => b - a);
    expect(areas[0]).toBeCloseTo(12.0, 1);
  });
});
