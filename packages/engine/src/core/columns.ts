/**
 * Columns and shafts cut and hatched in a room's corner. A plan draws a cut solid too small for a wall piece (a
 * column, a shaft's casing, 0.15-0.8 m across) as a box filled with parallel slanted strokes, often without an
 * outline of its own (the hatch's ends are its sides) and with the strokes dashed into pieces. The printed net
 * floor area leaves construction out, so a room holding one in its corner was measured a column's area too large
 * (a 4 m² shower: +5 %).
 *
 * Such a box is a patch of slanted strokes of one direction (at least six, each within a hatch's spacing of
 * another) filling a near-square axis-aligned box 0.15-0.8 m across: strokes end on all four of its sides and
 * spread across its whole width. It stands against walls on two neighbouring sides; run on to those walls (the
 * strip behind a column is no floor either), it is taken out of the room that holds most of it. A hatched field
 * larger than a column (a floor pattern), a diagonal or two (a shower tray's cross), a box standing free in a room
 * or against one wall only (a hatched sill, a step, a table) are not taken. A box that is a wall's own hatch takes
 * nothing from a room: the room already ends at the wall.
 */
import { difference, FillRule, intersect } from 'clipper2-ts';
import type { PointMm } from '../types.js';
import { bbox, fromPath, hypot, polyArea, segToSegDist, toPath } from './geometry.js';
import { Grid } from './grid.js';
import { groups } from './groups.js';

/** A drawn segment in points (as the vector source gives it). */
export interface PtSeg { x1: number; y1: number; x2: number; y2: number; dashed?: boolean }

/** A hatch stroke runs at least this far off both axes (degrees): slanted hatching, not a box's sides. */
const MIN_SLANT_DEG = 20;
/** Strokes of one hatch run in one direction within this (degrees)... */
const ANGLE_TOL_DEG = 2;
/** ...and each lies within this of another (mm): a hatch's spacing, a dashed stroke's gaps. */
const NEAR_MM = 130;
/** Cells of the neighbour search (mm). */
const MAX_SPACING_MM = 250;
/** A patch is at least this many strokes (and at most MAX_PIECES: a column's box holds no more, dashed or not)... */
const MIN_PIECES = 6;
const MAX_PIECES = 1000;
/** ...ending on each side of its box at this many places at least... */
const MIN_ENDS_PER_SIDE = 2;
/** ...and spread across the hatch over this share of the box's width across it. */
const FILL_SHARE = 0.6;
/** Sides of a column's box (mm). */
const MIN_SIDE_MM = 150;
const MAX_SIDE_MM = 800;
/** Its long side is at most this many times its short side. */
const MAX_ASPECT = 2;
/** A hatch line's ends lie on the box's sides within this (mm). */
const END_TOL_MM = 15;
/** A side stands against a wall when the wall is within this of it (mm; a cladding line may stand between). */
const WALL_REACH_MM = 150;
/** A column stands in a room when at least this share of its box (run on to the walls) is the room's. */
const COLUMN_IN_ROOM = 0.4;
/** Step of the search for that wall (mm). */
const WALL_STEP_MM = 10;
/** Strokes shorter than this (mm) are dots, not hatch pieces. */
const MIN_PIECE_MM = 10;

/**
 * The boxes (mm, axis-aligned, as closed rings) of the hatched columns on the page: `segs` in points, `k` mm per
 * point, `inWall(p)` whether a point lies in a wall.
 */
export function hatchedColumns(segs: PtSeg[], k: number, inWall: (p: PointMm) => boolean): PointMm[][] {
  const pieces = slantedPieces(segs, k);
  if (pieces.length < MIN_PIECES) return [];
  const patches = hatchPatches(pieces);
  const out: PointMm[][] = [];
  for (const ids of patches) {
    if (ids.length < MIN_PIECES || ids.length > MAX_PIECES) continue;
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const i of ids) {
      x0 = Math.min(x0, pieces[i].x0); y0 = Math.min(y0, pieces[i].y0); x1 = Math.max(x1, pieces[i].x1); y1 = Math.max(y1, pieces[i].y1);
    }
    const w = x1 - x0, h = y1 - y0;
    if (Math.min(w, h) < MIN_SIDE_MM || Math.max(w, h) > MAX_SIDE_MM || Math.max(w, h) > MAX_ASPECT * Math.min(w, h)) continue;
    const ends = ids.flatMap((i) => [pieces[i].a, pieces[i].b]);
    // the hatch fills the box: strokes end on each of its four sides, at several places
    const onSides = [
      ends.filter((p) => Math.abs(p[0] - x0) <= END_TOL_MM).length, ends.filter((p) => Math.abs(p[0] - x1) <= END_TOL_MM).length,
      ends.filter((p) => Math.abs(p[1] - y0) <= END_TOL_MM).length, ends.filter((p) => Math.abs(p[1] - y1) <= END_TOL_MM).length,
    ];
    if (onSides.some((n) => n < MIN_ENDS_PER_SIDE)) continue;
    // and across it: lines at a spacing under NEAR_MM fill the box's whole width across the hatch
    const t = (pieces[ids[0]].angle * Math.PI) / 180, ux = Math.cos(t), uy = Math.sin(t);
    const across = ids.map((i) => -uy * pieces[i].mid[0] + ux * pieces[i].mid[1]);
    const spread = Math.max(...across) - Math.min(...across), span = Math.abs(-uy) * w + Math.abs(ux) * h;
    if (spread < FILL_SHARE * span) continue;
    // against walls on two neighbouring sides (a corner): how far off each side the wall stands, if it does
    const reachOf = (side: 'l' | 'r' | 't' | 'b'): number | null => {
      const found: number[] = [];
      for (const f of [0.25, 0.5, 0.75]) {
        for (let dd = WALL_STEP_MM; dd <= WALL_REACH_MM; dd += WALL_STEP_MM) {
          const p: PointMm = side === 'l' ? [x0 - dd, y0 + f * h] : side === 'r' ? [x1 + dd, y0 + f * h] : side === 't' ? [x0 + f * w, y0 - dd] : [x0 + f * w, y1 + dd];
          if (inWall(p)) { found.push(dd); break; }
        }
      }
      return found.length >= 2 ? Math.max(...found) : null;
    };
    const l = reachOf('l'), r = reachOf('r'), tp = reachOf('t'), b = reachOf('b');
    if (!((l !== null || r !== null) && (tp !== null || b !== null))) continue;
    // (the box runs on to the walls it stands against: the strip behind a column is no floor either, and the room
    // then loses a notch at its edge rather than an island it would keep)
    const X0 = x0 - (l ?? 0), X1 = x1 + (r ?? 0), Y0 = y0 - (tp ?? 0), Y1 = y1 + (b ?? 0);
    out.push([[X0, Y0], [X1, Y0], [X1, Y1], [X0, Y1]]);
  }
  return out;
}

/**
 * The patches of slanted pieces: each piece with every piece of about its direction (within ANGLE_TOL_DEG) within
 * NEAR_MM of it, joined one to the next (indices into `pieces`, each patch ascending).
 */
export function hatchPatches(pieces: SlantedPiece[]): number[][] {
  // patches: pieces of one direction within a hatch's spacing of each other. A piece is filed in every cell its box
  // touches and looks in the cells of its box widened by that spacing, at the pieces of its own direction band of
  // ANGLE_TOL_DEG and the two beside it: every piece within NEAR_MM and ANGLE_TOL_DEG of it is among them (a piece
  // further round cannot be linked: half the pairs on a sheet of crossing hatches), and the patches are the linked
  // pieces' groups whatever order the candidates come in.
  const band = (deg: number) => Math.floor(deg / ANGLE_TOL_DEG);
  const bandOf = Int32Array.from(pieces, (p) => band(p.angle));
  const grid = new Grid<number>(MAX_SPACING_MM);
  pieces.forEach((p, i) => grid.addBox(p.x0, p.y0, p.x1, p.y1, i));
  // (the candidates of one piece at a time: a piece in several of the cells looked in is listed once)
  const listedFor = new Int32Array(pieces.length).fill(-1);
  const candidates: number[] = [];
  // (each piece's line as a unit normal and offset: a piece wholly on one side of another's line, farther than NEAR_MM
  // from it, is farther than that from the piece - most of the pairs asked on a sheet of parallel hatching)
  const nx = new Float64Array(pieces.length), ny = new Float64Array(pieces.length), off = new Float64Array(pieces.length);
  pieces.forEach((p, i) => {
    const len = hypot(p.b[0] - p.a[0], p.b[1] - p.a[1]);
    nx[i] = -(p.b[1] - p.a[1]) / len; ny[i] = (p.b[0] - p.a[0]) / len; off[i] = nx[i] * p.a[0] + ny[i] * p.a[1];
  });
  return groups(pieces.length, (i, j) => {
    const p = pieces[i], q = pieces[j];
    // (the candidates' boxes are within NEAR_MM of the piece's already)
    if (Math.abs(q.angle - p.angle) > ANGLE_TOL_DEG) return false;
    const da = nx[i] * q.a[0] + ny[i] * q.a[1] - off[i], db = nx[i] * q.b[0] + ny[i] * q.b[1] - off[i];
    if ((da > NEAR_MM && db > NEAR_MM) || (da < -NEAR_MM && db < -NEAR_MM)) return false;
    return segToSegDist(p.a, p.b, q.a, q.b) <= NEAR_MM;
  }, (i) => {
    const p = pieces[i], b = bandOf[i];
    const x0 = p.x0 - NEAR_MM, y0 = p.y0 - NEAR_MM, x1 = p.x1 + NEAR_MM, y1 = p.y1 + NEAR_MM;
    candidates.length = 0;
    // (indexed loops: asked for every piece of a sheet, and for-of here made an iterator result per item)
    const lists = grid.cellsInBox(x0, y0, x1, y1);
    for (let c = 0; c < lists.length; c++) {
      const list = lists[c];
      for (let k = 0; k < list.length; k++) {
        const j = list[k];
        if (j <= i || listedFor[j] === i) continue;
        listedFor[j] = i;
        const q = pieces[j];
        if (Math.abs(bandOf[j] - b) <= 1 && q.x0 <= x1 && q.x1 >= x0 && q.y0 <= y1 && q.y1 >= y0) candidates.push(j);
      }
    }
    return candidates;
  });
}

export interface SlantedPiece { a: PointMm; b: PointMm; mid: PointMm; angle: number; x0: number; y0: number; x1: number; y1: number }

/** The slanted strokes (mm) that may be pieces of a column's hatch. */
export function slantedPieces(segs: PtSeg[], k: number): SlantedPiece[] {
  const out: SlantedPiece[] = [];
  for (const s of segs) {
    if (s.dashed) continue;
    // (the page's every line is asked: its points are made only for the pieces kept)
    const ax = s.x1 * k, ay = s.y1 * k, bx = s.x2 * k, by = s.y2 * k;
    const len = hypot(bx - ax, by - ay);
    // (no stroke of a column's hatch is longer than the box's diagonal)
    if (len < MIN_PIECE_MM || len > Math.SQRT2 * MAX_SIDE_MM) continue;
    let deg = (Math.atan2(by - ay, bx - ax) * 180) / Math.PI;
    deg = ((deg % 180) + 180) % 180;
    if (Math.min(deg % 90, 90 - (deg % 90)) < MIN_SLANT_DEG) continue;
    const a: PointMm = [ax, ay], b: PointMm = [bx, by];
    out.push({ a, b, mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], angle: deg, x0: Math.min(a[0], b[0]), y0: Math.min(a[1], b[1]), x1: Math.max(a[0], b[0]), y1: Math.max(a[1], b[1]) });
  }
  return out;
}

/** The room without the columns standing in it (its largest remaining part, its orientation kept). */
export function withoutColumns<R extends { pts: PointMm[]; area: number }>(room: R, columns: PointMm[][]): R {
  // (a column stands in the room when most of its box is the room's: its hatch may have been taken for a fitting
  // or a piece of wall in part)
  const box = bbox(room.pts);
  const inside = columns.filter((c) => {
    if (c[0][0] > box.x1 || c[2][0] < box.x0 || c[0][1] > box.y1 || c[2][1] < box.y0) return false;
    const shared = intersect([toPath(room.pts)], [toPath(c)], FillRule.NonZero).reduce((a, q) => a + Math.abs(polyArea(fromPath(q))), 0);
    return shared >= COLUMN_IN_ROOM * Math.abs(polyArea(c));
  });
  if (!inside.length) return room;
  const rest = difference([toPath(room.pts)], inside.map(toPath), FillRule.NonZero).map(fromPath);
  if (!rest.length) return room;
  let best = rest[0];
  for (const p of rest) if (Math.abs(polyArea(p)) > Math.abs(polyArea(best))) best = p;
  let area = polyArea(best);
  if (Math.sign(area) !== Math.sign(room.area)) { best = [...best].reverse(); area = -area; }
  return { ...room, pts: best, area };
}
