/**
 * The building's outline for its outside walls: the outer ring of the walls around the rooms, without the parts of
 * it too thin to hold a room (a wall running on past the building, a fin, a section mark's or a stair's stroke
 * touching a wall). Their faces are no facade, and a stair or a mark joined to the walls only through such a part
 * falls away with it.
 */
import { inflatePaths, JoinType, EndType } from 'clipper2-ts';
import type { PointMm } from '../types.js';
import { fromPath, pointInPoly, polyArea, polyPerimeter, toPath } from './geometry.js';

/** Parts of the outline thinner than this are taken off (mm): a wall stub or fin, not a room (rooms are at least
 * 200 mm wide; a wall running on past the building is 100-400 mm thick). */
export const THIN_PART_MM = 450;
/** Miter limit of the opening (corners of any angle down to about 20 degrees come back square, not cut). */
const MITER_LIMIT = 6;
/** An opened outline this little shorter than the ring (mm) has lost nothing but the offsets' rounding. */
const UNCHANGED_MM = 10;

/**
 * `ring` opened by THIN_PART_MM (shrunk by half of it, grown back), the piece holding every one of `roomPoints` (a
 * point of each room) that the ring holds; the ring itself when no one piece holds them all (a thin part joined two
 * wings: the outline stays whole) or when nothing was taken off.
 */
export function buildingOutline(ring: PointMm[], roomPoints: PointMm[]): PointMm[] {
  if (ring.length < 3) return ring;
  const inside = roomPoints.filter((q) => pointInPoly(q[0], q[1], ring));
  const half = THIN_PART_MM / 2;
  const shrunk = inflatePaths([toPath(ring)], -half, JoinType.Miter, EndType.Polygon, MITER_LIMIT);
  const opened = inflatePaths(shrunk, half, JoinType.Miter, EndType.Polygon, MITER_LIMIT).map(fromPath);
  const sign = Math.sign(polyArea(ring));
  const pieces = opened.filter((p) => Math.sign(polyArea(p)) === sign || sign === 0);
  const holding = pieces.find((p) => inside.every((q) => pointInPoly(q[0], q[1], p)));
  // (nothing taken off: the ring as it was, not its copy through two offsets, a millimetre off here and there)
  return holding && polyPerimeter(holding) < polyPerimeter(ring) - UNCHANGED_MM ? holding : ring;
}
