import { describe, it, expect } from 'vitest';
import { analyzePdf } from '../analyze.js';
import { sheetPdf, type SheetPen } from '../test-pdfs.js';

const opts = { page: 1, scale: 100, ceilingHeightMm: 2500 };

/**
 * Two rooms side by side (each 5000 x 4000 mm), filled 200 mm walls, a door break in the partition with its swing.
 * `front` is the gap (mm) in the right room's front wall with nothing drawn in it: 0 for none, 2800 for one wider than
 * a plain opening the engine closes (the room then runs out of the building). `recess`: the left room's front wall
 * steps in 2.4 m deep over 2.8 m, a niche of the facade wider than a plain opening (6.7 m², under the reported size).
 */
function pair(p: SheetPen, front: number, recess = false) {
  const wall = (x0: number, y0: number, x1: number, y1: number) => p.fill([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], 0.3);
  const W = 5000, H = 4000, T = 200;
  wall(-T, -T, 2 * W + 2 * T, 0); wall(-T, 0, 0, H + T); wall(2 * W + T, 0, 2 * W + 2 * T, H + T);
  // the partition with its door (900 mm from 500)
  wall(W, 0, W + T, 500); wall(W, 1400, W + T, H + T);
  p.line(W + T, 500, W + T + 900, 500, { widthPt: 0.3 }); p.arc(W + T, 500, 900, 0, 90);
  // the left room's front wall, with its niche
  if (recess) { wall(-T, H, 1000, H + T); wall(1000 - T, H - 2400, 1000, H); wall(1000, H - 2400 - T, 3800, H - 2400); wall(3800, H - 2400 - T, 3800 + T, H + T); wall(3800, H, W, H + T); }
  else wall(-T, H, W, H + T);
  // the right room's front wall, broken by `front`
  if (front) { wall(W, H, W + T + 1000, H + T); wall(W + T + 1000 + front, H, 2 * W + 2 * T, H + T); } else wall(W, H, 2 * W + 2 * T, H + T);
}

describe('space inside the building that no room holds', () => {
  it('says how much lies in no room when a room runs out through a gap', async () => {
    const r = await analyzePdf(await sheetPdf((p) => pair(p, 2800)), opts);
    expect(r.rooms).toHaveLength(1);
    const w = r.warnings.find((x) => x.code === 'unmeasured_space');
    // the right room, 20 m², and the mouth of its gap the closing fills
    const m2 = Number(/About (\d+) m² inside the building's outer walls is in no room/.exec(w?.message ?? '')?.[1]);
    expect(m2).toBeGreaterThanOrEqual(20);
    expect(m2).toBeLessThanOrEqual(22);
    // the place, for the plan to show: over the right room (x 5200..10200, y 0..4000 in the plan's mm)
    expect(w?.areas_mm).toHaveLength(1);
    const xs = w!.areas_mm![0].map((p) => p[0]);
    expect(Math.min(...xs)).toBeGreaterThan(Math.min(...r.rooms[0].polygon.map((p) => p[0])) + 4000);
  });

  it('says nothing when every room is closed, nor for a niche of the facade', async () => {
    for (const recess of [false, true]) {
      const r = await analyzePdf(await sheetPdf((p) => pair(p, 0, recess)), opts);
      expect(r.rooms).toHaveLength(2);
      expect(r.warnings.map((x) => x.code)).not.toContain('unmeasured_space');
    }
  });
});
