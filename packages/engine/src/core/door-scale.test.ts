import { describe, it, expect } from 'vitest';
import { analyzePdf } from '../analyze.js';
import { sheetPdf, type SheetPen } from '../test-pdfs.js';

const opts = { page: 1, scale: 100, ceilingHeightMm: 2500 };

/**
 * Three rooms in a row (each 5000 x 4000 mm as read at 1:100), filled 200 mm walls; a door of leaf width `leaf` in each
 * partition and one in the front wall, each hinged at a jamb on the room's face, its leaf drawn open at a right
 * angle and its swing from the leaf's tip to the other jamb. A sheet drawn at 1:50 and read at 1:100 shows its
 * 850 mm doors 1700 mm wide.
 */
function row(p: SheetPen, leaf: number, box = 0) {
  const wall = (x0: number, y0: number, x1: number, y1: number) => p.fill([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], 0.3);
  const W = 5000, H = 4000, T = 200;
  // outer walls, the front (bottom) one broken for the entrance of the first room
  wall(-T, -T, 3 * W + 2 * T + T, 0); wall(-T, 0, 0, H); wall(3 * W + 2 * T, 0, 3 * W + 3 * T, H);
  wall(-T, H, 1000, H + T); wall(1000 + leaf, H, 3 * W + 3 * T, H + T);
  // the partitions, each broken for a door 500 mm from the top
  for (const x of [W, 2 * W + T]) { wall(x, 0, x + T, 500); wall(x, 500 + leaf, x + T, H); }
  // the leaf a line from the hinge to the tip, or (`box`) a box: two lines `box` mm either side of that line
  const door = (hx: number, hy: number, tipX: number, tipY: number, a0: number, a1: number) => {
    const len = Math.hypot(tipX - hx, tipY - hy), nx = (-(tipY - hy) / len) * box, ny = ((tipX - hx) / len) * box;
    if (box) for (const s of [1, -1]) p.line(hx + s * nx, hy + s * ny, tipX + s * nx, tipY + s * ny, { widthPt: 0.3 });
    else p.line(hx, hy, tipX, tipY, { widthPt: 0.3 });
    p.arc(hx, hy, leaf, a0, a1);
  };
  // each partition's door hinged at its top jamb on the right room's face, the leaf open into that room
  for (const x of [W + T, 2 * W + 2 * T]) door(x, 500, x + leaf, 500, 0, 90);
  // the entrance hinged at its left jamb on the inner face, open into the room (up), swing to the right jamb
  door(1000, H, 1000, H - leaf, -90, 0);
}

describe('the scale the drawn doors suggest', () => {
  it('warns when the door swings measure twice a door at the chosen scale, and suggests the scale that makes them doors', async () => {
    const r = await analyzePdf(await sheetPdf((p) => row(p, 1700)), opts);
    const w = r.warnings.find((x) => x.code === 'door_scale');
    expect(w?.message).toContain('about 1700 mm at 1:100');
    expect(w?.message).toContain('1:50');
  });

  it('finds the leaves drawn as boxes, as thick as a door is for its width, at the scale the page is read', async () => {
    // a 40 mm leaf of an 850 mm door drawn at 1:50, read at 1:100: its lines stand 70 mm either side of the hinge
    const r = await analyzePdf(await sheetPdf((p) => row(p, 1700, 70)), opts);
    expect(r.warnings.find((x) => x.code === 'door_scale')?.message).toContain('1:50');
  });

  it('says nothing when the swings are a door wide', async () => {
    const r = await analyzePdf(await sheetPdf((p) => row(p, 850)), opts);
    expect(r.rooms.length).toBe(3);
    expect(r.warnings.map((x) => x.code)).not.toContain('door_scale');
  });
});
