import { describe, it, expect } from 'vitest';
import { analyzePdf } from '../analyze.js';
import { sheetPdf, type SheetPen } from '../test-pdfs.js';
import { printedAreaWarnings } from './printed-areas.js';
import type { Room } from '../types.js';

const opts = { page: 1, scale: 100, ceilingHeightMm: 2500 };
const m2 = (r: Room) => r.ceiling_area / 1e6;

/**
 * One space 8.0 x 4.0 m inside 200 mm walls, with a 100 mm wall stub from the top wall down to y = 2500:
 * kitchen on the left (3.0 m wide), living on the right, open to each other below the stub.
 */
function openPlan(p: SheetPen) {
  p.rectWalls(0, 0, 8000, 4000, 200);
  p.line(3000, 0, 3000, 2500); p.line(3100, 0, 3100, 2500); p.line(3000, 2500, 3100, 2500);
}

describe('open-plan rooms printed as separate rooms', () => {
  it('cuts a space holding two stamps along the wall stub continued, one room per stamp', async () => {
    // printed areas 4 % off the drawn split (rounded stamps): the cut still follows the stub's line
    const pdf = await sheetPdf((p) => {
      openPlan(p);
      p.text(800, 1800, 'Küche'); p.text(800, 2100, 'Fliesen'); p.text(800, 2400, '12.5 m²');
      p.text(5000, 1800, 'Wohnen'); p.text(5000, 2100, 'Parkett'); p.text(5000, 2400, '19.25 m²');
    });
    const r = await analyzePdf(pdf, opts);
    expect(r.rooms).toHaveLength(2);
    const kitchen = r.rooms.find((x) => x.label === 'Küche')!;
    const living = r.rooms.find((x) => x.label === 'Wohnen')!;
    // along either face of the stub (12.0 or 12.15 m²), not where the printed areas alone would put it (12.8)
    expect(m2(kitchen)).toBeGreaterThan(11.95);
    expect(m2(kitchen)).toBeLessThan(12.2);
    expect(m2(kitchen) + m2(living)).toBeCloseTo(31.75, 1);
    expect(kitchen.printed_area_mm2).toBe(12.5e6);
    expect(r.warnings.map((w) => w.code)).not.toContain('rooms_split_by_printed_areas');
  });

  it('leaves a space with one stamp whole, labelled with its two name lines only', async () => {
    const pdf = await sheetPdf((p) => {
      openPlan(p);
      p.text(4000, 1800, 'KITCHEN'); p.text(4000, 2100, 'LIVING'); p.text(4000, 2400, '31.75 m²'); p.text(4000, 2700, 'H=2.50');
    });
    const r = await analyzePdf(pdf, opts);
    expect(r.rooms).toHaveLength(1);
    expect(r.rooms[0].label).toBe('KITCHEN LIVING');
    expect(r.rooms[0].printed_area_mm2).toBe(31.75e6);
  });
});

describe('printed area checks', () => {
  const room = (id: string, areaM2: number, printedM2?: number): Room => ({
    id, label: id, is_outdoor: false, polygon: [], windows: [], doors: [], perimeter_mm: 0, ceiling_area: areaM2 * 1e6,
    total_wall_surface_area: 0, total_window_area: 0, total_door_area: 0, net_wall_area: 0,
    ...(printedM2 ? { printed_area_mm2: printedM2 * 1e6 } : {}),
  });

  it('warns about a room whose measured area is more than 3 % off its printed area', () => {
    const w = printedAreaWarnings([room('Bad', 4.0, 4.4), room('Zimmer', 12.0, 12.1)], 100);
    expect(w.map((x) => [x.code, x.room_id])).toEqual([['printed_area_mismatch', 'Bad']]);
  });

  it('reads one common difference as the scale, and compares rooms after it', () => {
    // every room 1.21 x its printed area (drawn at 1:110, measured at 1:100), the bath 10 % further off
    const w = printedAreaWarnings([room('A', 12.1, 10), room('B', 24.2, 20), room('C', 6.05, 5), room('Bad', 5.32, 4)], 100);
    expect(w[0].code).toBe('printed_area_scale');
    expect(w[0].message).toContain('1:91');
    expect(w.slice(1).map((x) => x.room_id)).toEqual(['Bad']);
  });
});
