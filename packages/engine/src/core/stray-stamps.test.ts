import { describe, it, expect } from 'vitest';
import { analyzePdf } from '../analyze.js';
import { sheetPdf, type SheetPen } from '../test-pdfs.js';
import type { Room } from '../types.js';

const opts = { page: 1, scale: 100, ceilingHeightMm: 2500 };
const m2 = (r: Room) => r.ceiling_area / 1e6;

/** A changing room 6.0 x 4.0 m inside 200 mm walls with a closet 1.2 x 1.2 m walled off (100 mm) in its top-right corner. */
function roomWithCloset(p: SheetPen) {
  p.rectWalls(0, 0, 6000, 4000, 200);
  p.line(4700, 0, 4700, 1300); p.line(4800, 0, 4800, 1200);
  p.line(4700, 1300, 6000, 1300); p.line(4800, 1200, 6000, 1200);
}

describe('stamps printed beside their room', () => {
  it('moves a small room\'s stamp out of the room next door into the room it names', async () => {
    const pdf = await sheetPdf((p) => {
      roomWithCloset(p);
      p.text(2000, 2000, 'Umkleide'); p.text(2000, 2300, '22.31 m²');
      // the closet's stamp does not fit in it: printed just below it, in the changing room
      p.text(4400, 1700, 'Flur'); p.text(4400, 2000, '1.44 m²');
    });
    const r = await analyzePdf(pdf, opts);
    const big = r.rooms.find((x) => x.label === 'Umkleide')!;
    const closet = r.rooms.find((x) => x.label === 'Flur')!;
    expect(m2(big)).toBeGreaterThan(22.0);
    expect(m2(big)).toBeLessThan(22.5);
    expect(closet.printed_area_mm2).toBe(1.44e6);
    expect(m2(closet)).toBeGreaterThan(1.4);
    expect(m2(closet)).toBeLessThan(1.5);
    expect(r.warnings.some((w) => w.code === 'rooms_split_by_printed_areas')).toBe(false);
  });

  it('keeps a stamp in its space when the space agrees with all its printed areas together', async () => {
    const pdf = await sheetPdf((p) => {
      roomWithCloset(p);
      p.text(2000, 2000, 'Umkleide'); p.text(2000, 2300, '14.0 m²');
      p.text(4400, 2700, 'Flur'); p.text(4400, 3000, '8.31 m²');
    });
    const r = await analyzePdf(pdf, opts);
    expect(r.rooms.find((x) => x.label === 'Flur')!.printed_area_mm2).toBe(8.31e6);
    expect(r.warnings.some((w) => w.code === 'rooms_split_by_printed_areas')).toBe(true);
  });
});
