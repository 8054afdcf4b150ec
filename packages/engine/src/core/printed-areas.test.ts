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

describe('room sizes printed instead of areas', () => {
  it('reads a size line under the name as the room size, not as part of the label, and checks the rooms against it', async () => {
    // three rooms printed with their size in feet and inches, drawn at 1:100 and measured at 1:100
    // (kitchen 3.00 x 4.00 m printed 9' 10" x 13' 1": agrees; bedroom 4.00 x 4.00 m printed 10' x 10': 3.05 m sides)
    const pdf = await sheetPdf((p) => {
      p.rectWalls(0, 0, 11000, 4000, 200);
      p.line(3000, 0, 3000, 4000); p.line(3100, 0, 3100, 4000);
      p.line(7000, 0, 7000, 4000); p.line(7100, 0, 7100, 4000);
      p.text(1500, 1800, 'KITCHEN'); p.text(1500, 2100, `9' 10" x 13' 1"`);
      p.text(5000, 1800, 'BED ROOM'); p.text(5000, 2100, `10' x 10'`);
      p.text(9000, 1800, 'LIVING'); p.text(9000, 2100, '3.90 x 3.95');
    });
    const r = await analyzePdf(pdf, opts);
    const by = Object.fromEntries(r.rooms.map((x) => [x.label, x]));
    expect(Object.keys(by).sort()).toEqual(['BED ROOM', 'KITCHEN', 'LIVING']);
    expect(by.KITCHEN.printed_size_mm).toEqual([2997, 3988]);
    expect(by.LIVING.printed_size_mm).toEqual([3900, 3950]);
    expect(by.KITCHEN.printed_area_mm2).toBeUndefined();
    const flagged = r.warnings.filter((w) => w.code === 'printed_area_mismatch');
    expect(flagged.map((w) => w.room_id)).toEqual([by['BED ROOM'].id]);
    expect(flagged[0].message).toContain('3.05 × 3.05 m');
  });
});

describe('printed size checks', () => {
  const room = (id: string, polygon: [number, number][], size: [number, number]): Room => ({
    id, label: id, is_outdoor: false, polygon, windows: [], doors: [], perimeter_mm: 0, ceiling_area: Math.abs(polyAreaOf(polygon)),
    total_wall_surface_area: 0, total_window_area: 0, total_door_area: 0, net_wall_area: 0, printed_size_mm: size,
  });
  const polyAreaOf = (p: [number, number][]) => p.reduce((s, a, i) => { const b = p[(i + 1) % p.length]; return s + (a[0] * b[1] - b[0] * a[1]) / 2; }, 0);

  it('compares an L-shaped room printed 4 x 5 m with the rectangle around it, not with its smaller floor area', () => {
    const ell: [number, number][] = [[0, 0], [4000, 0], [4000, 2000], [2000, 2000], [2000, 5000], [0, 5000]];
    expect(printedAreaWarnings([room('Hall', ell, [4000, 5000])], 100)).toEqual([]);
    // the same room printed 3 x 5 m is 33 % more around than printed
    const w = printedAreaWarnings([room('Hall', ell, [3000, 5000])], 100);
    expect(w.map((x) => x.code)).toEqual(['printed_area_mismatch']);
    expect(w[0].message).toContain('33 % more');
  });

  it('measures a room drawn at an angle in its own direction', () => {
    const a = Math.PI / 6, c = Math.cos(a), s = Math.sin(a);
    const rot = ([x, y]: [number, number]): [number, number] => [x * c - y * s, x * s + y * c];
    const tilted = ([[0, 0], [3000, 0], [3000, 4000], [0, 4000]] as [number, number][]).map(rot);
    expect(printedAreaWarnings([room('Bath', tilted, [3000, 4000])], 100)).toEqual([]);
  });
});
