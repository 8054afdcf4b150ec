import { describe, it, expect } from 'vitest';
import { analyzePdf } from '../analyze.js';
import { sheetPdf, type SheetPen } from '../test-pdfs.js';
import type { Room } from '../types.js';

const opts = { page: 1, scale: 100, ceilingHeightMm: 2500 };
const m2 = (r: Room) => r.ceiling_area / 1e6;
const rect = (p: SheetPen, x0: number, y0: number, x1: number, y1: number) => p.fill([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], 0.3);

/**
 * A hall (top, 6.0 x 3.0 m) over a living room (bottom, 5.0 m wide), walls filled grey, 200 mm outside. The
 * partition between them (110 mm, faces y = 3000 / 3110) runs from the left wall and ends at x = 4000; the
 * right outside wall steps in round the hall's entrance niche, its corner at (5000, stepY). Nothing is drawn in
 * the gap.
 */
function hallAndLiving(p: SheetPen, stepY: number) {
  rect(p, -200, -200, 6200, 0);
  rect(p, -200, 0, 0, 8200);
  rect(p, 0, 8000, 5200, 8200);
  rect(p, 6000, 0, 6200, stepY + 200);
  rect(p, 5000, stepY, 6000, stepY + 200);
  rect(p, 5000, stepY + 200, 5200, 8000);
  rect(p, 0, 3000, 4000, 3110);
}

describe('openings between a wall end and a corner on its face line', () => {
  it('closes the gap from a partition end to the corner flush with its face: hall and living room are two rooms', async () => {
    const r = await analyzePdf(await sheetPdf((p) => hallAndLiving(p, 3110)), opts);
    const areas = r.rooms.map(m2).sort((a, b) => a - b);
    expect(areas).toHaveLength(2);
    // hall 6.0 x 3.0 plus the strip beside the partition's end (2.0 x 0.11), less the closure (1.0 x 0.11)
    expect(areas[0]).toBeCloseTo(18.11, 1);
    expect(areas[1]).toBeCloseTo(5 * 4.89, 1);
  });

  it('leaves one room where the wall beyond the gap turns away off the partition\'s line', async () => {
    // the step 500 mm below the partition: the space goes on round the corner, nothing parts it
    const r = await analyzePdf(await sheetPdf((p) => hallAndLiving(p, 3610)), opts);
    expect(r.rooms).toHaveLength(1);
  });
});
