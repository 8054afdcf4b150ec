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
