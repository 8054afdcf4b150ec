import { describe, it, expect } from 'vitest';
import { analyzePdf } from '../analyze.js';
import { sheetPdf, type SheetPen } from '../test-pdfs.js';
import { leaderTargets } from './leaders.js';
import type { Room } from '../types.js';
import type { PointMm } from '../types.js';

const opts = { page: 1, scale: 100, ceilingHeightMm: 2500 };
const m2 = (r: Room) => r.ceiling_area / 1e6;

/** One space 8.0 x 4.0 m inside 200 mm walls, a 100 mm wall stub from the top wall down to y = 2500 at x = 3000. */
function openPlan(p: SheetPen) {
  p.rectWalls(0, 0, 8000, 4000, 200);
  p.line(3000, 0, 3000, 2500); p.line(3100, 0, 3100, 2500); p.line(3000, 2500, 3100, 2500);
}

/** A stamp below the plan (name over area, in a drawn frame) with a leader from the frame up to (x, toY). */
function stampBelow(p: SheetPen, x: number, name: string, area: string, toY: number | null) {
  p.text(x, 5300, name); p.text(x, 5600, area);
  p.line(x - 700, 5000, x + 700, 5000); p.line(x + 700, 5000, x + 700, 5700); p.line(x + 700, 5700, x - 700, 5700); p.line(x - 700, 5700, x - 700, 5000);
  if (toY !== null) p.line(x, 5000, x, toY, { widthPt: 0.25 });
}

describe('room stamps outside the plan with leader lines', () => {
  it('gives each stamp to the room its leader points into, so an open-plan space is cut by their printed areas', async () => {
    const pdf = await sheetPdf((p) => {
      openPlan(p);
      stampBelow(p, 1500, 'Küche', '12.5 m²', 2000);
      stampBelow(p, 5500, 'Wohnen', '19.25 m²', 1500);
    });
    const r = await analyzePdf(pdf, opts);
    expect(r.rooms).toHaveLength(2);
    const kitchen = r.rooms.find((x) => x.label === 'Küche')!;
    const living = r.rooms.find((x) => x.label === 'Wohnen')!;
    expect(kitchen.printed_area_mm2).toBe(12.5e6);
    expect(living.printed_area_mm2).toBe(19.25e6);
    expect(m2(kitchen)).toBeGreaterThan(11.95);
    expect(m2(kitchen)).toBeLessThan(12.2);
  });

  it('gives no room a stamp whose nearby lines do not run into it', async () => {
    const pdf = await sheetPdf((p) => {
      openPlan(p);
      stampBelow(p, 1500, 'Küche', '12.5 m²', null);
      stampBelow(p, 5500, 'Wohnen', '19.25 m²', null);
    });
    const r = await analyzePdf(pdf, opts);
    expect(r.rooms).toHaveLength(1);
    expect(r.rooms[0].label).toBe('');
  });

  it('does not cut a room by a leader when the room prints its own stamp', async () => {
    const pdf = await sheetPdf((p) => {
      openPlan(p);
      p.text(5000, 1800, 'Wohnen'); p.text(5000, 2100, '31.75 m²');
      stampBelow(p, 1500, 'Küche', '12.5 m²', 2000);
    });
    const r = await analyzePdf(pdf, opts);
    expect(r.rooms).toHaveLength(1);
    expect(r.rooms[0].label).toBe('Wohnen');
  });
});

describe('leaderTargets', () => {
  const room: PointMm[] = [[0, 0], [4000, 0], [4000, 3000], [0, 3000]];
  const stamp = { box: [[1000, 4000], [2000, 4000], [2000, 4400], [1000, 4400]] as PointMm[], heightMm: 200 };

  it('follows a leader bent once from the stamp into the room', () => {
    const lines = [{ a: [1500, 4000] as PointMm, b: [1500, 3500] as PointMm }, { a: [1500, 3500] as PointMm, b: [2500, 1500] as PointMm }];
    const t = leaderTargets([stamp], lines, [room]).get(stamp);
    expect(t?.at).toEqual([2500, 1500]);
    expect(t?.room).toBe(0);
  });

  it('takes no line ending on the room\'s wall, nor one starting away from the stamp', () => {
    const onWall = { a: [1500, 4000] as PointMm, b: [1500, 3050] as PointMm };
    const far = { a: [3500, 4000] as PointMm, b: [3500, 1500] as PointMm };
    expect(leaderTargets([stamp], [onWall, far], [room]).size).toBe(0);
  });
});
