import { describe, it, expect } from 'vitest';
import { analyzePdf } from '../analyze.js';
import { sheetPdf, type SheetPen } from '../test-pdfs.js';
import type { Room } from '../types.js';

const opts = { page: 1, scale: 100, ceilingHeightMm: 2500 };
const m2 = (r: Room) => r.ceiling_area / 1e6;
/** A railing or slab edge: one line, thinner than the wall's pen. */
const railing = { widthPt: 0.25 };

/**
 * A room 5.0 x 4.0 m inside 300 mm walls; beyond its right wall's outer face (x = 5300) a loggia 2.0 m deep,
 * drawn only by a railing on its three open sides. `gapMm` leaves the railing's far side open that much.
 */
function houseWithLoggia(p: SheetPen, gapMm = 0, printed = '9.20 m2') {
  p.rectWalls(0, 0, 5000, 4000, 300);
  p.text(2500, 1800, 'Zimmer'); p.text(2500, 2200, '20.00 m2');
  p.line(5300, -300, 7300, -300, railing);
  p.line(7300, -300, 7300, 4300 - gapMm, railing);
  p.line(7300, 4300, 5300, 4300, railing);
  p.text(6300, 1900, 'Loggia'); p.text(6300, 2300, printed);
}

describe('outdoor spaces closed by railings against the building', () => {
  it('finds a loggia bounded by the outer wall face and a railing, marked outdoor, with its printed area', async () => {
    const r = await analyzePdf(await sheetPdf((p) => houseWithLoggia(p)), opts);
    const loggia = r.rooms.find((x) => x.label === 'Loggia');
    expect(loggia).toBeDefined();
    expect(loggia!.is_outdoor).toBe(true);
    // 2.0 x 4.6 m from the wall face to the railing's line
    expect(m2(loggia!)).toBeGreaterThan(9.0);
    expect(m2(loggia!)).toBeLessThan(9.4);
    expect(loggia!.printed_area_mm2).toBe(9.2e6);
    const room = r.rooms.find((x) => x.label === 'Zimmer')!;
    expect(room.is_outdoor).toBe(false);
    expect(m2(room)).toBeCloseTo(20, 1);
  });

  it('looks past paving joints drawn in a finer pen than the railing', async () => {
    const r = await analyzePdf(await sheetPdf((p) => {
      houseWithLoggia(p);
      for (const y of [700, 1500, 2700, 3500]) p.line(5300, y, 7300, y, { widthPt: 0.1 });
    }), opts);
    const loggia = r.rooms.find((x) => x.label === 'Loggia');
    expect(loggia?.is_outdoor).toBe(true);
    expect(m2(loggia!)).toBeGreaterThan(9.0);
    expect(m2(loggia!)).toBeLessThan(9.4);
  });

  it('takes a loggia across its paving joints when the railing is drawn in the same fine pen as the joints', async () => {
    const fine = { widthPt: 0.1 };
    const r = await analyzePdf(await sheetPdf((p) => {
      p.rectWalls(0, 0, 5000, 4000, 300);
      p.text(2500, 1800, 'Zimmer'); p.text(2500, 2200, '20.00 m2');
      p.line(5300, -300, 7300, -300, fine); p.line(7300, -300, 7300, 4300, fine); p.line(7300, 4300, 5300, 4300, fine);
      // joints every 800 mm from the wall face to the railing
      for (const y of [500, 1300, 2100, 2900, 3700]) p.line(5300, y, 7300, y, fine);
      p.text(6300, 1550, 'Loggia'); p.text(6300, 1850, '9.20 m2');
    }), opts);
    const loggia = r.rooms.find((x) => x.label === 'Loggia');
    expect(loggia?.is_outdoor).toBe(true);
    expect(m2(loggia!)).toBeGreaterThan(9.0);
    expect(m2(loggia!)).toBeLessThan(9.4);
  });

  it('does not join strips across lines that are no even pattern', async () => {
    const fine = { widthPt: 0.1 };
    const r = await analyzePdf(await sheetPdf((p) => {
      p.rectWalls(0, 0, 5000, 4000, 300);
      p.text(2500, 1800, 'Zimmer'); p.text(2500, 2200, '20.00 m2');
      p.line(5300, -300, 7300, -300, fine); p.line(7300, -300, 7300, 4300, fine); p.line(7300, 4300, 5300, 4300, fine);
      // three lines at uneven steps: the boundaries of other things, not joints
      for (const y of [900, 2100, 3700]) p.line(5300, y, 7300, y, fine);
      p.text(6300, 1550, 'Loggia'); p.text(6300, 1850, '9.20 m2');
    }), opts);
    expect(r.rooms.map((x) => x.label)).toEqual(['Zimmer']);
  });

  it('finds no outdoor space where the railing leaves its outline open', async () => {
    const r = await analyzePdf(await sheetPdf((p) => houseWithLoggia(p, 1000)), opts);
    expect(r.rooms.map((x) => x.label)).toEqual(['Zimmer']);
  });

  it('takes a region short of its printed area by a railing\'s width, not one short by a fifth', async () => {
    // the region runs to the railing's inner line (9.2 m2); a printed area to the slab edge beyond it is larger
    const loggia = async (printed: string) => (await analyzePdf(await sheetPdf((p) => houseWithLoggia(p, 0, printed)), opts)).rooms.find((x) => x.label === 'Loggia');
    expect(m2((await loggia('10.50 m2'))!)).toBeCloseTo(9.2, 0);
    expect(await loggia('11.50 m2')).toBeUndefined();
    // larger than printed is held to the tighter bound
    expect(await loggia('8.20 m2')).toBeUndefined();
  });

  it('does not take a region whose area disagrees with the area printed in it', async () => {
    const r = await analyzePdf(await sheetPdf((p) => {
      p.rectWalls(0, 0, 5000, 4000, 300);
      p.line(5300, -300, 7300, -300, railing); p.line(7300, -300, 7300, 4300, railing); p.line(7300, 4300, 5300, 4300, railing);
      p.text(6300, 1900, 'Abstellfläche'); p.text(6300, 2300, '14.00 m2');
    }), opts);
    expect(r.rooms).toHaveLength(1);
  });
});

describe('a loggia with a gap in its side wall', () => {
  /**
   * Walls cut as fills: a room 5.0 x 4.0 m; to its right a loggia 2.0 x 4.0 m under the top wall, its right side
   * a wall with a gap of 1.2 m (y 1400..2600), its bottom a railing. `slabEdge` draws the slab's edge across
   * the gap on the wall's outer face (x = 7600).
   */
  const loggiaWithGap = (slabEdge: boolean, printed: string) => sheetPdf((p) => {
    const wall = (x0: number, y0: number, x1: number, y1: number) => p.fill([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], 0.25);
    wall(-300, -300, 7600, 0); wall(-300, 0, 0, 4300); wall(0, 4000, 5300, 4300); wall(5000, 0, 5300, 4000);
    wall(7300, 0, 7600, 1400); wall(7300, 2600, 7600, 4000);
    p.line(5300, 4000, 7300, 4000, railing);
    if (slabEdge) p.line(7600, 1400, 7600, 2600, railing);
    p.text(2500, 1800, 'Zimmer'); p.text(2500, 2200, '20.00 m2');
    p.text(6300, 1900, 'Loggia'); p.text(6300, 2300, printed);
  });

  it('runs on through the gap to the slab edge: the gap\'s closure bounds no room', async () => {
    const r = await analyzePdf(await loggiaWithGap(true, '8.36 m2'), opts);
    const loggia = r.rooms.find((x) => x.label === 'Loggia');
    expect(loggia?.is_outdoor).toBe(true);
    // 2.0 x 4.0 m plus the gap's 0.3 x 1.2 m (8.0 m2 when the region stops at the closure's inner face)
    expect(m2(loggia!)).toBeGreaterThan(8.3);
    expect(m2(loggia!)).toBeLessThan(8.45);
    expect(m2(r.rooms.find((x) => x.label === 'Zimmer')!)).toBeCloseTo(20, 1);
  });

  it('stops at the closure when nothing closes the space beyond the gap', async () => {
    const r = await analyzePdf(await loggiaWithGap(false, '8.00 m2'), opts);
    const loggia = r.rooms.find((x) => x.label === 'Loggia');
    expect(loggia?.is_outdoor).toBe(true);
    expect(m2(loggia!)).toBeGreaterThan(7.9);
    expect(m2(loggia!)).toBeLessThan(8.1);
  });
});

describe('stamps given to a room through a leader line', () => {
  it('never label an outdoor space as well, even when printed in a closed region of the same area', async () => {
    const r = await analyzePdf(await sheetPdf((p) => {
      // a room 2.0 x 4.6 m with no stamp of its own; beyond its right wall a railed region 1.77 x 5.2 m (9.2 m²)
      p.rectWalls(0, 0, 2000, 4600, 300);
      p.line(2300, -300, 4070, -300, railing); p.line(4070, -300, 4070, 4900, railing); p.line(4070, 4900, 2300, 4900, railing);
      // the room's stamp printed in that region, its leader running through the wall into the room
      p.text(3200, 2100, 'Zimmer'); p.text(3200, 2400, '9.20 m2');
      p.line(3200, 1800, 3200, 1000, { widthPt: 0.25 }); p.line(3200, 1000, 1000, 1000, { widthPt: 0.25 });
    }), opts);
    const named = r.rooms.filter((x) => x.label === 'Zimmer');
    expect(named).toHaveLength(1);
    expect(named[0].is_outdoor).toBe(false);
    expect(m2(named[0])).toBeCloseTo(9.2, 1);
  });
});

describe('text blocks that are not room stamps', () => {
  it('a legend naming outdoor spaces, printed in a closed region against the building, is no outdoor space', async () => {
    const r = await analyzePdf(await sheetPdf((p) => {
      p.rectWalls(0, 0, 5000, 4000, 300);
      p.text(2500, 1800, 'Zimmer'); p.text(2500, 2200, '20.00 m2');
      p.line(5300, -300, 7300, -300, railing); p.line(7300, -300, 7300, 4300, railing); p.line(7300, 4300, 5300, 4300, railing);
      ['Legende', 'Balkon', 'Brüstungshöhe', 'Regenrohr', 'Lichtschacht'].forEach((t, i) => p.text(6300, 1000 + 400 * i, t));
    }), opts);
    expect(r.rooms.map((x) => x.label)).toEqual(['Zimmer']);
  });
});
