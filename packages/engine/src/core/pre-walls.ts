/**
 * Installation pre-walls whose face is cut as a thin board. A bathroom's pre-wall (the frame that carries the WC
 * and basin and hides the pipes) may be drawn as its cladding alone: a board in the walls' fill, thinner than any
 * wall, run from wall face to wall face parallel to the wall behind it at a pre-wall's depth. The printed net
 * area ends at the board. Too thin for a wall piece, the board's outline pairs with the wall face behind as a
 * band free at an end, a possible fitting, and the room ran on to the wall behind. A plain line at that depth (a
 * wardrobe's or a shelf's front) is furniture and stays in the room: ARCHICAD offices count it.
 */
import type { PointMm } from '../types.js';
import type { MmSeg } from './walls.js';

/** The board runs from wall to wall: at least this long (mm). */
const PRE_WALL_MIN_LEN_MM = 1000;
/** Each end meets a wall within this (mm). */
const END_REACH_MM = 60;
/** Depth of a pre-wall: the wall behind the board lies this far away (mm). */
const DEPTH_MIN_MM = 120;
const DEPTH_MAX_MM = 400;
/** The depths measured along the board agree within this (mm): it is parallel to the wall behind it. */
const DEPTH_SPREAD_MM = 30;
/** On its other side the room stays open at least this far (mm): a pre-wall faces a room, not a cupboard's back. */
const FRONT_MIN_MM = 600;
const SAMPLES = 7;
const STEP_MM = 10;

/**
 * The strips between each board (`boards`: a side of each thin cut fill) run from wall to wall and the wall
 * parallel behind it at a pre-wall's depth (quads in mm). `inWall(p)`: p is in a wall.
 */
export function preWallStrips(boards: MmSeg[], inWall: (p: PointMm) => boolean): PointMm[][] {
  const out: PointMm[][] = [];
  for (const s of boards) {
    if (s.len < PRE_WALL_MIN_LEN_MM) continue;
    const ux = (s.b[0] - s.a[0]) / s.len, uy = (s.b[1] - s.a[1]) / s.len;
    const at = (t: number, off: number): PointMm => [s.a[0] + ux * t - uy * off, s.a[1] + uy * t + ux * off];
    // both ends meet a wall (the board stops at the faces, or runs a little into the walls)
    const meets = (t: number, dir: number) => {
      for (let d = -END_REACH_MM; d <= END_REACH_MM; d += STEP_MM) if (inWall(at(t + dir * d, 0))) return true;
      return false;
    };
    if (!meets(0, -1) || !meets(s.len, 1)) continue;
    // the board itself stands in the room, not in a wall
    if (inWall(at(s.len / 2, 0))) continue;
    const depthTo = (t: number, dir: number, max: number) => {
      for (let d = STEP_MM; d <= max; d += STEP_MM) if (inWall(at(t, dir * d))) return d;
      return Infinity;
    };
    for (const dir of [-1, 1]) {
      const depths: number[] = [];
      for (let i = 0; i < SAMPLES; i++) depths.push(depthTo(((i + 1) / (SAMPLES + 1)) * s.len, dir, DEPTH_MAX_MM));
      const lo = Math.min(...depths), hi = Math.max(...depths);
      if (lo < DEPTH_MIN_MM || hi > DEPTH_MAX_MM || hi - lo > DEPTH_SPREAD_MM) continue;
      // the room in front of it
      const front = [0.25, 0.5, 0.75].map((f) => depthTo(f * s.len, -dir, FRONT_MIN_MM));
      if (front.some((d) => d < FRONT_MIN_MM)) continue;
      const d = (lo + hi) / 2;
      out.push([at(0, 0), at(s.len, 0), at(s.len, dir * d), at(0, dir * d)]);
    }
  }
  return out;
}
