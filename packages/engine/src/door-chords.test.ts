import { describe, it, expect } from 'vitest';
import { PDFDocument, rgb } from 'pdf-lib';
import { analyzePdf } from './analyze.js';

/**
 * A room 4000 x 3000 mm (1:100, A4 landscape) with filled walls. Its entrance door stands in a break whose two
 * sides end on different wall lines: a 150 mm wall on the left, a 250 mm wall on the right (their room faces in
 * line). The door is drawn in its frame, a little in front of the wall face: hinge, leaf and swing.
 */
async function entrancePlan(frontMm: number) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([842, 595]);
  const pt = 72 / 25.4 / 100;
  const X = (mm: number) => 100 + mm * pt, Y = (mm: number) => 500 - mm * pt;
  const fill = (x0: number, y0: number, x1: number, y1: number) =>
    page.drawRectangle({ x: X(x0), y: Y(y1), width: (x1 - x0) * pt, height: (y1 - y0) * pt, color: rgb(0.3, 0.3, 0.3) });
  fill(-250, -250, 4250, 0); fill(-250, 0, 0, 3000); fill(4000, 0, 4250, 3000);
  fill(-250, 3000, 1500, 3150); fill(2400, 3000, 4250, 3250);
  const hy = 3000 - frontMm, hx = 2390, r = 880;
  page.drawLine({ start: { x: X(hx), y: Y(hy) }, end: { x: X(hx), y: Y(hy - r) }, thickness: 0.3, color: rgb(0, 0, 0) });
  const c = 0.5523 * r;
  // the swing from the open leaf's tip to the closed end, as a Bézier quarter circle (SVG y runs down)
  page.drawSvgPath(`M ${X(hx)} ${-Y(hy - r)} C ${X(hx - c)} ${-Y(hy - r)} ${X(hx - r)} ${-Y(hy - c)} ${X(hx - r)} ${-Y(hy)}`,
    { x: 0, y: 0, borderWidth: 0.3, borderColor: rgb(0, 0, 0) });
  return analyzePdf(await doc.save(), { page: 1, scale: 100, ceilingHeightMm: 2500 });
}

describe('door chords', () => {
  it('closes an entrance whose two sides end on different wall lines, the door drawn in front of the face', async () => {
    const r = await entrancePlan(60);
    expect(r.rooms).toHaveLength(1);
    expect(r.rooms[0].ceiling_area / 1e6).toBeGreaterThan(11.8);
    expect(r.rooms[0].ceiling_area / 1e6).toBeLessThan(12.1);
  });
});
