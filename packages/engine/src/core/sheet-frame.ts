/**
 * The sheet's border drawn in a pen as thick as a wall. A border of 0.5 mm is 100 mm at 1:200: the walls take it
 * (a thick stroke is a wall, a trim line beside the border a pair of wall faces), its hole holds the whole
 * drawing, so it became the building's outline (outside walls several times too long), and a title block drawn on
 * it became a room.
 *
 * A piece of the walls that spans nearly the whole sheet both ways and holds another piece of the walls inside it,
 * not joined to it, is that border, with whatever is drawn joined to it (a title block, a legend's box): none of
 * it is walls. A building drawn across the whole sheet has its rooms and walls joined to its outer walls; a
 * building standing in another's courtyard does not span the sheet. To hold another piece, a piece's outer ring
 * must close round it, and these are the walls before their openings are closed: a building's outer walls, broken
 * at its entrance and its windows, hold nothing (a core standing free in an open floor lies outside their ring),
 * where a border runs round unbroken. Not covered: a floor with no entrance on its facade (an upper floor) whose
 * windows' glass lines pair into thin walls, cropped to its outer walls, round a core standing free: its walls
 * would be taken for a border.
 *
 * Scans find their border on the wall mask instead (`isSheetFrame` in source/raster/regions.ts): a piece spanning the
 * cropped drawing whose ink is a thin share of its box. A vector page's pieces have no ink share to compare, and the
 * page, not a crop of it, is what its border runs round.
 */
import type { PointMm } from '../types.js';
import { bbox, pointInPoly } from './geometry.js';

/** A border spans at least this share of the sheet's width and of its height. */
const FRAME_SPAN = 0.85;

export interface WallPiece {
  /** Its outer ring (mm). */
  ring: PointMm[];
  box: ReturnType<typeof bbox>;
  /** Large enough to be part of a building's walls. */
  big: boolean;
}

/** The pieces (of `pieces`) that are the sheet's border. */
export function sheetFrames<P extends WallPiece>(pieces: readonly P[], pageWmm: number, pageHmm: number): Set<P> {
  const out = new Set<P>();
  for (const p of pieces) {
    if (!p.big || p.box.w < FRAME_SPAN * pageWmm || p.box.h < FRAME_SPAN * pageHmm) continue;
    // another piece of walls stands inside it, apart (pieces never cross: one point of it tells)
    const holds = pieces.some((q) => q !== p && q.big && q.box.x0 > p.box.x0 && q.box.x1 < p.box.x1 && q.box.y0 > p.box.y0 && q.box.y1 < p.box.y1
      && pointInPoly(q.ring[0][0], q.ring[0][1], p.ring));
    if (holds) out.add(p);
  }
  return out;
}
