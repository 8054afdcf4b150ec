/**
 * Space inside the building that no room holds. A door or window gap the engine did not close lets a room run out
 * of the building: the building's outer ring then enters through the gap and goes round that room's faces, a pocket
 * of the ring, and the room is no hole of the walls, so it is not measured and nothing says so. The outer ring
 * closed over gaps up to a wide opening's width (a closing: grown, then shrunk back) holds the pocket again; what
 * the closing adds and no room holds is unmeasured. Recesses of the facade narrower than the closing (an entrance
 * niche, a loggia not found) fill too, and are mostly under the area that counts.
 */
import { difference, inflatePaths, FillRule, JoinType, EndType } from 'clipper2-ts';
import type { PointMm, Warning } from '../types.js';
import { fromPath, polyArea, toPath } from './geometry.js';

/** Gaps up to twice this wide are closed (mm): a wide glazed door or a garage door. */
const CLOSE_MM = 1500;
/** Each piece of unmeasured space at least this large is reported (mm²): a recessed entrance is smaller. */
const UNMEASURED_MIN_MM2 = 8e6;

/** The pieces of space the closed outer ring `exterior` adds to it and no room holds, each over UNMEASURED_MIN_MM2 (mm). */
export function unmeasuredSpace(exterior: PointMm[], rooms: PointMm[][]): PointMm[][] {
  if (exterior.length < 3) return [];
  const solid = [toPath(polyArea(exterior) > 0 ? exterior : [...exterior].reverse())];
  const grown = inflatePaths(solid, CLOSE_MM, JoinType.Miter, EndType.Polygon, 2);
  // (a pocket closed over its gap is a hole of the closed ring, and is filled: the outer rings only)
  const closed = inflatePaths(grown, -CLOSE_MM, JoinType.Miter, EndType.Polygon, 2).filter((p) => polyArea(fromPath(p)) > 0);
  const left = difference(difference(closed, solid, FillRule.NonZero), rooms.map(toPath), FillRule.NonZero).map(fromPath);
  if (!left.length) return [];
  // (outer rings run as the largest one does; holes, the other way, are islands in them)
  const outerSign = Math.sign(polyArea(left.reduce((b, r) => (Math.abs(polyArea(r)) > Math.abs(polyArea(b)) ? r : b))));
  return left.filter((r) => Math.sign(polyArea(r)) === outerSign && Math.abs(polyArea(r)) >= UNMEASURED_MIN_MM2);
}

/** The warning for the unmeasured pieces `areas` (mm, in the frame the user sees). */
export function unmeasuredWarning(areas: PointMm[][]): Warning {
  const m2 = areas.reduce((t, r) => t + Math.abs(polyArea(r)), 0) / 1e6, places = areas.length;
  return {
    code: 'unmeasured_space', areas_mm: areas.map((r) => r.map(([x, y]): PointMm => [Math.round(x), Math.round(y)])),
    message: `About ${Math.round(m2)} m² inside the building's outer walls ${places > 1 ? `(in ${places} places) is` : 'is'} in no room: a door or window there may not have been closed, so the room behind it was not measured, or the space has no walls of its own (a stair hall open to a landing). Check the plan in the walls view and draw any room that is missing.`,
  };
}
