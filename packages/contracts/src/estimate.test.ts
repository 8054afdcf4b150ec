import { describe, it, expect } from 'vitest';
import {
  DEFAULT_ESTIMATE_SETTINGS, bestTins, computeEstimate, describeDeduction, estimateSettingsSchema, isDeducted, netWallAreaMm2,
  type EstimateInput, type EstimateRoom, type EstimateSettings,
} from './estimate.js';

const opening = (id: string, widthMm: number, heightMm: number, extra: object = {}) => ({ id, width: widthMm, height: heightMm, ...extra });
/** A 4 × 3 m room, 2.5 m high: 14 m perimeter, 35 m² of wall; a small 0.6 × 0.6 window (0.36 m²) and a large 1.8 × 1.5 one (2.7 m²). */
function room(over: Partial<EstimateRoom> = {}): EstimateRoom {
  return {
    id: 'r1', label: 'Kitchen', perimeter_mm: 14000, ceiling_area: 12e6, total_wall_surface_area: 35e6,
    windows: [opening('w1', 600, 600), opening('w2', 1800, 1500)], doors: [], ...over,
  };
}
const input = (rooms: EstimateRoom[], outside = false): EstimateInput => ({
  rooms, statistics: { ceiling_height_mm: 2500 },
  outside_detection: { detection_available: outside, total_walls_mm: 20000, outside_windows: [opening('w2', 1800, 1500)], outside_doors: [opening('d9', 900, 2100)] },
});
const settings = (f: (s: EstimateSettings) => void = () => {}): EstimateSettings => {
  const s = structuredClone(DEFAULT_ESTIMATE_SETTINGS);
  f(s);
  return s;
};

describe('opening deduction rules', () => {
  it('deduct every opening: both windows come off the wall', () => {
    expect(netWallAreaMm2(room(), { rule: 'all', threshold_m2: 0.5 })).toBe(35e6 - 0.36e6 - 2.7e6);
  });
  it('deduct over 0.5 m²: only the large window comes off', () => {
    expect(netWallAreaMm2(room(), { rule: 'threshold', threshold_m2: 0.5 })).toBe(35e6 - 2.7e6);
  });
  it('VOB/C DIN 18363 (2.5 m²): the 2.7 m² window comes off, the 0.36 m² one does not', () => {
    const d = { rule: 'threshold' as const, threshold_m2: 2.5 };
    expect(isDeducted(opening('x', 600, 600), d)).toBe(false);
    expect(isDeducted(opening('x', 1800, 1500), d)).toBe(true);
    expect(netWallAreaMm2(room(), d)).toBe(35e6 - 2.7e6);
    expect(describeDeduction(d)).toMatch(/DIN 18363/);
  });
  it('an opening exactly at the threshold is not deducted (only larger ones are)', () => {
    expect(isDeducted(opening('x', 1000, 500), { rule: 'threshold', threshold_m2: 0.5 })).toBe(false);
  });
  it('deduct nothing: the whole wall is painted', () => {
    expect(netWallAreaMm2(room(), { rule: 'none', threshold_m2: 0.5 })).toBe(35e6);
  });
  it('reads sizes from the dimensions text when width or height is implausible', () => {
    expect(netWallAreaMm2(room({ windows: [{ id: 'w', width: 0, height: 0, dimensions: 'H1500 x W1800' }] }), { rule: 'all', threshold_m2: 0 })).toBe(35e6 - 2.7e6);
  });
});

describe('tins', () => {
  it('covers the need with the least paint left over, then the fewest tins', () => {
    expect(bestTins(13.2, [10, 4, 1])).toEqual([{ size_l: 10, count: 1 }, { size_l: 4, count: 1 }]);
    expect(bestTins(8, [10, 4, 1])).toEqual([{ size_l: 4, count: 2 }]);
    // 3 × 4 L leaves 1.99 L over, 10 + 4 L would leave 3.99 L
    expect(bestTins(10.01, [10, 4])).toEqual([{ size_l: 4, count: 3 }]);
  });
  it('rounds a fraction of a litre up to a whole tin', () => {
    expect(bestTins(0.3, [10, 4, 1])).toEqual([{ size_l: 1, count: 1 }]);
  });
  it('handles half-litre tins and a need of zero', () => {
    expect(bestTins(1.5, [1, 0.5])).toEqual([{ size_l: 1, count: 1 }, { size_l: 0.5, count: 1 }]);
    expect(bestTins(0, [10, 4, 1])).toEqual([]);
  });
});

describe('computeEstimate', () => {
  it('litres = area × coats ÷ spreading rate × (1 + waste), priced per litre and per m²', () => {
    const e = computeEstimate(input([room()]), settings((s) => { s.surfaces.walls.price_per_l = 20; s.surfaces.walls.labour_rate = 5; }));
    const walls = e.lines.find((l) => l.surface === 'walls')!;
    expect(walls.quantity).toBeCloseTo(31.94, 2); // 35 − 0.36 − 2.7
    expect(walls.litres).toBeCloseTo((31.94 * 2) / 12 * 1.1, 2);
    expect(walls.paint_cost).toBeCloseTo(((31.94 * 2) / 12) * 1.1 * 20, 2); // priced from unrounded litres
    expect(walls.labour_cost).toBeCloseTo(31.94 * 5, 2);
    expect(e.totals.gst).toBeCloseTo(e.totals.subtotal * 0.1, 2);
    expect(e.totals.total).toBeCloseTo(e.totals.subtotal * 1.1, 2);
  });
  it('zero coats needs no paint and buys no tins', () => {
    const e = computeEstimate(input([room()]), settings((s) => { s.surfaces.ceilings.coats = 0; }));
    const c = e.lines.find((l) => l.surface === 'ceilings')!;
    expect(c.litres).toBe(0);
    expect(c.tins).toEqual([]);
  });
  it('a surface switched off adds nothing to the litres or the price', () => {
    const priced = (off: boolean) => computeEstimate(input([room()]), settings((s) => { s.surfaces.ceilings.price_per_l = 10; s.surfaces.ceilings.enabled = !off; }));
    const on = priced(false), off = priced(true);
    expect(off.lines.find((l) => l.surface === 'ceilings')!.litres).toBe(0);
    expect(on.totals.litres - off.totals.litres).toBeCloseTo(on.lines.find((l) => l.surface === 'ceilings')!.litres, 2);
    expect(on.totals.paint_cost - off.totals.paint_cost).toBeCloseTo(on.lines.find((l) => l.surface === 'ceilings')!.paint_cost!, 2);
  });
  it('the wall litres follow the deduction rule', () => {
    const walls = (rule: 'all' | 'none') => computeEstimate(input([room()]), settings((s) => { s.deduction.rule = rule; })).lines.find((l) => l.surface === 'walls')!.quantity;
    expect(walls('none') - walls('all')).toBeCloseTo(3.06, 2);
  });
  it('doors count one side per room, frames are two jambs and a head, reveals need a wall thickness', () => {
    const door = opening('d1', 820, 2040, { room_ids: ['r1', 'r2'] });
    const win = opening('w3', 1000, 1000, { wall_thickness: 300, room_ids: ['r1'] });
    const e = computeEstimate(input([room({ doors: [door], windows: [win, opening('w4', 1000, 1000)] }), room({ id: 'r2', doors: [door], windows: [] })]), settings());
    const q = (k: string) => e.lines.find((l) => l.surface === k)!.quantity;
    expect(q('doors')).toBe(2 * 1.67); // 0.82 × 2.04 = 1.6728 m² per side, shown to 2 decimals
    expect(q('door_frames')).toBeCloseTo(2 * (2 * 2.04 + 0.82), 2);
    expect(q('reveals')).toBeCloseTo(0.3 * 4, 2);
  });
  it('skirting paint covers the skirting height', () => {
    const e = computeEstimate(input([room()]), settings());
    const sk = e.lines.find((l) => l.surface === 'skirting')!;
    expect(sk.quantity).toBe(14);
    expect(sk.paint_area_m2).toBeCloseTo(1.4, 2);
  });
  it('rooms left out and rooms not chosen are not estimated', () => {
    const e = computeEstimate(input([room(), room({ id: 'r2', excluded: true }), room({ id: 'r3' })]), settings(), ['r1', 'r2']);
    expect(e.rooms.map((r) => r.room_id)).toEqual(['r1']);
  });
  it('outside walls: length × height less deducted outside openings', () => {
    const e = computeEstimate(input([room()], true), settings((s) => { s.deduction = { rule: 'threshold', threshold_m2: 2.5 }; }));
    // 20 m × 2.5 m = 50 m²; the 2.7 m² window is deducted, the 1.89 m² door is not
    expect(e.lines.find((l) => l.surface === 'outside_walls')!.quantity).toBeCloseTo(47.3, 2);
  });
});

describe('estimate settings schema', () => {
  it('accepts the defaults and names the field of a bad value', () => {
    expect(estimateSettingsSchema.safeParse(DEFAULT_ESTIMATE_SETTINGS).success).toBe(true);
    const bad = estimateSettingsSchema.safeParse(settings((s) => { s.surfaces.walls.spread_m2_per_l = 0; }));
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0].path).toEqual(['surfaces', 'walls', 'spread_m2_per_l']);
  });
});
