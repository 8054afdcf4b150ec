import { describe, expect, it } from 'vitest';
import { analyzePdf } from './analyze.js';
import { warmUpPlanPdf } from './warm-up.js';

describe('the warm-up plan', () => {
  it('is a plan the engine measures whole: every room by its name at its printed area, with its doors, the balcony outdoors', async () => {
    const r = await analyzePdf(warmUpPlanPdf(), { page: 1, scale: 100, ceilingHeightMm: 2500, ocr: false });
    const rooms = r.rooms.filter((x) => x.label.startsWith('Raum'));
    // the flat's 24 rooms and the turned wing's 6
    expect(rooms.map((x) => Number(x.label.slice(5))).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    for (const x of rooms) {
      expect(Math.abs(x.ceiling_area - x.printed_area_mm2!) / x.printed_area_mm2!, x.label).toBeLessThan(0.01);
      expect(x.total_door_area, x.label).toBeGreaterThan(0);
    }
    expect(rooms.filter((x) => x.total_window_area > 0).length).toBeGreaterThanOrEqual(18);
    expect(r.rooms.find((x) => x.label === 'Balkon')?.is_outdoor).toBe(true);
    expect(r.warnings.map((w) => w.code)).not.toContain('printed_area_mismatch');
  });
});
