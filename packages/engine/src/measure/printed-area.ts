/**
 * The area the architect printed in a room against the area measured (or the size printed, width by length,
 * against the room's extent): one rule for the engine's warnings and the results page. Brochures are often printed a little off their scale: when at least
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
  /** The printed area, or for a printed size its width × length (mm²). */
  printedMm2: number;
  /** The printed size (width, length; mm) when the room's stamp prints a size instead of an area. */
  printedSizeMm?: [number, number];
  /** Measured ÷ printed − 1, after the common factor when there is one (0.05 = 5 % more measured). */
  off: number;
  agrees: boolean;
  /** The rooms disagree by one common factor (a scale difference), which `off` leaves out. */
  afterCommonFactor: boolean;
  /** That common factor (measured ÷ printed), 1 when there is none. */
  commonFactor: number;
}

/** A room as checked: its measured area and outline, and what its stamp prints (an area, or a size). */
export interface PrintedRoom { ceiling_area: number; printed_area_mm2?: number; printed_size_mm?: [number, number]; polygon?: [number, number][] }

/**
 * Measured ÷ printed of one room, or null when it prints nothing. A printed size (width by length) gives the
 * room's overall extent, so it is compared with the room's smallest enclosing rectangle, not its floor area: an
 * L-shaped room printed '12' x 14'' is 12 by 14 feet overall and less in area.
 */
function ratioOf(r: PrintedRoom): number | null {
  if (r.printed_area_mm2) return r.ceiling_area > 0 ? r.ceiling_area / r.printed_area_mm2 : null;
  const size = r.printed_size_mm;
  if (!size || !r.polygon || r.polygon.length < 3) return null;
  const box = enclosingRectArea(r.polygon);
  return box > 0 ? box / (size[0] * size[1]) : null;
}

export function printedAreaChecks(rooms: PrintedRoom[]): (PrintedAreaCheck | null)[] {
  const ratios = rooms.map(ratioOf);
  const known = ratios.filter((x): x is number => x !== null).sort((a, b) => a - b);
  const median = known.length ? known[Math.floor((known.length - 1) / 2)] : 1;
  const common = known.length >= COMMON_FACTOR_ROOMS && Math.abs(median - 1) > PRINTED_AREA_TOLERANCE;
  const ref = common ? median : 1;
  return rooms.map((r, i) => {
    const ratio = ratios[i];
    if (ratio === null) return null;
    const off = ratio / ref - 1;
    const size = r.printed_area_mm2 ? undefined : r.printed_size_mm;
    return {
      printedMm2: r.printed_area_mm2 ?? size![0] * size![1], ...(size ? { printedSizeMm: size } : {}),
      off, agrees: Math.abs(off) <= PRINTED_AREA_TOLERANCE, afterCommonFactor: common, commonFactor: ref,
    };
  });
}

/**
 * The area of the smallest rectangle enclosing the points (any orientation): one of its sides lies along an edge of
 * their convex hull, so each hull edge's direction is tried.
 */
function enclosingRectArea(pts: [number, number][]): number {
  const hull = convexHull(pts);
  if (hull.length < 3) return 0;
  let best = Infinity;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i], b = hull[(i + 1) % hull.length];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len === 0) continue;
    const ux = (b[0] - a[0]) / len, uy = (b[1] - a[1]) / len;
    let u0 = Infinity, u1 = -Infinity, v0 = Infinity, v1 = -Infinity;
    for (const p of hull) {
      const u = p[0] * ux + p[1] * uy, v = -p[0] * uy + p[1] * ux;
      u0 = Math.min(u0, u); u1 = Math.max(u1, u); v0 = Math.min(v0, v); v1 = Math.max(v1, v);
    }
    best = Math.min(best, (u1 - u0) * (v1 - v0));
  }
  return best === Infinity ? 0 : best;
}

/** The convex hull of the points, counter-clockwise (Andrew's monotone chain). */
function convexHull(pts: [number, number][]): [number, number][] {
  const p = [...pts].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length < 3) return p;
  const cross = (o: [number, number], a: [number, number], b: [number, number]) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: [number, number][]) => {
    const out: [number, number][] = [];
    for (const q of list) {
      while (out.length >= 2 && cross(out[out.length - 2], out[out.length - 1], q) <= 0) out.pop();
      out.push(q);
    }
    out.pop();
    return out;
  };
  return [...half(p), ...half([...p].reverse())];
}
