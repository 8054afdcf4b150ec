import { describe, expect, it } from 'vitest';
import { printedAreaChecks } from './printed-area';

const room = (measuredM2: number, printedM2?: number) => ({ ceiling_area: measuredM2 * 1e6, ...(printedM2 ? { printed_area_mm2: printedM2 * 1e6 } : {}) });

describe('printedAreaChecks', () => {
  it('compares each room that prints an area with its measured area, within 3 %', () => {
    const [a, b, c] = printedAreaChecks([room(12.2, 12.4), room(10, 9), room(8)]);
    expect(a).toMatchObject({ agrees: true, afterCommonFactor: false });
    expect(a!.off).toBeCloseTo(-0.016, 3);
    expect(b).toMatchObject({ agrees: false });
    expect(b!.off).toBeCloseTo(0.111, 3);
    expect(c).toBeNull();
  });

  it('compares after the common factor when most rooms are off by the same one (a brochure off its scale)', () => {
    const checks = printedAreaChecks([room(6.3, 7), room(9, 10), room(13.5, 15), room(4, 5)]);
    expect(checks.map((c) => c!.afterCommonFactor)).toEqual([true, true, true, true]);
    expect(checks.slice(0, 3).every((c) => c!.agrees)).toBe(true);
    expect(checks[3]!.agrees).toBe(false);
  });
});
