/**
 * The area the architect printed in a room against the area measured: one rule for the engine's warnings
 * and the results page. Brochures are often printed a little off their scale: when at least
 * COMMON_FACTOR_ROOMS rooms print an area and their median ratio is off by more than the tolerance, rooms are
 * compared after that common factor.
 */

/**
 * A measured room further than this from its printed area (relative) disagrees. Printed areas are rounded to
 * 0.1 or 0.01 m² and measured to the wall faces as the engine does, so 3 % is the margin the product promises.
 */
export const PRINTED_AREA_TOLERANCE = 0.03;
/** Rooms with printed areas needed before their common ratio is read as a scale disagreement. */
const COMMON_FACTOR_ROOMS = 3;

export interface PrintedAreaCheck {
  printedMm2: number;
  /** Measured ÷ printed − 1, after the common factor when there is one (0.05 = 5 % more measured). */
  off: number;
  agrees: boolean;
  /** The rooms disagree by one common factor (a scale difference), which `off` leaves out. */
  afterCommonFactor: boolean;
  /** That common factor (measured ÷ printed), 1 when there is none. */
  commonFactor: number;
}

export function printedAreaChecks(rooms: { ceiling_area: number; printed_area_mm2?: number }[]): (PrintedAreaCheck | null)[] {
  const ratios = rooms.map((r) => (r.printed_area_mm2 && r.ceiling_area > 0 ? r.ceiling_area / r.printed_area_mm2 : null));
  const known = ratios.filter((x): x is number => x !== null).sort((a, b) => a - b);
  const median = known.length ? known[Math.floor((known.length - 1) / 2)] : 1;
  const common = known.length >= COMMON_FACTOR_ROOMS && Math.abs(median - 1) > PRINTED_AREA_TOLERANCE;
  const ref = common ? median : 1;
  return rooms.map((r, i) => {
    const ratio = ratios[i];
    if (ratio === null) return null;
    const off = ratio / ref - 1;
    return { printedMm2: r.printed_area_mm2!, off, agrees: Math.abs(off) <= PRINTED_AREA_TOLERANCE, afterCommonFactor: common, commonFactor: ref };
  });
}
