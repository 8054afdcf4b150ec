/**
 * Outdoor spaces (loggias, balconies, terraces, a Sitzplatz): bounded on one side by the building's outer wall
 * face and elsewhere by thinner lines (a railing, a glazing line, the slab edge), so the wall sealing never
 * closes them and they are no hole of the walls. A stamp that stands outside every room, and either prints an
 * area or names an outdoor space, is given the region bounded by the nearest drawn lines around it: kept when
 * that region is closed, touches the building, has a plausible area, and agrees with the printed area (at the
 * plan's own measured/printed ratio, as sales sheets are often printed a little off their scale).
 */
import { union, intersect, inflatePaths, FillRule, JoinType, EndType, Clipper, type Path64, type Paths64 } from 'clipper2-ts';
import type { PointMm } from '../types.js';
import type { TextItem } from '../source/text.js';
import { bbox, type Box, distToPoly, distToSeg, fromPath, hypot, pointInPoly, polyArea, segMeetsConvex, segToSegDist, toPath } from './geometry.js';
import { Grid } from './grid.js';
import { readStamps, type RoomStamp } from './stamps.js';
import { RingIndex } from './ring-index.js';
import { patternLines } from './floor-patterns.js';
import { strokeField } from './cell-strokes.js';

/** Names of outdoor spaces in the languages the plans come in. */
export const OUTDOOR_NAME = /loggia|balkon|balcon|terrass|terrace|sitzplatz|veranda|patio|porch|deck\b|garten|garden|alfresco|yard|outdoor|freisitz|dachterrasse/i;
/** Lines are thickened by this much on each side before the region is taken (mm): joints of railings and
 * slab edges that stop short of the wall face are closed; the region is grown back by as much after. */
const CLOSE_MM = 40;
/** The region is looked for within these distances of its stamp (mm), nearest first (the union of the lines
 * costs seconds on a tiled floor of a whole sheet), up to the largest balcony or terrace. */
const REACHES_MM = [3000, 6000, 12_000];
/** Plausible areas of an outdoor space (mm²). */
const MIN_AREA_MM2 = 1e6;
const MAX_AREA_MM2 = 250e6;
/** The region touches the building along at least this length (mm). */
const CONTACT_MM = 800;
/** Measured and printed areas agree within this share (after the plan's own ratio)... */
const PRINTED_AGREES = 0.1;
/** ...or the measured area falls short by at most this share: the region runs to the inner line of a railing
 * drawn as a double line (walls drawn in lines are never crossed, so no side moves out over it), the printed
 * area to the slab edge under it. */
const PRINTED_SHORT = 0.15;
/** At most this many lines are taken around one stamp (a dense sheet: the stamp is skipped beyond). */
const MAX_LINES = 20_000;
/**
 * A room's stamp names it in a line or two (three with a use under the name); a block of more name lines is a
 * legend, a note or the title block (a legend of abbreviations lists 'Balkon', a title block 'Terrassenschlitz').
 */
const MAX_NAME_LINES = 3;

/** A drawn line (mm) with its pen width (points; 0 or absent for the edge of a fill). */
export interface Line { a: PointMm; b: PointMm; w?: number }

export interface OutdoorInput {
  /** The page's text (mm). */
  text: TextItem[];
  /** The rooms found so far (mm). */
  rooms: PointMm[][];
  /** The sealed wall union (walls with their openings closed). */
  building: Paths64;
  /**
   * The walls without the openings' closures that have open space on both faces (`idle`, their quads), or null
   * when there are none: around a stamp with such a closure within reach the region is looked for in these walls
   * first (a loggia's floor runs on through a gap in its side wall to the slab edge beyond), then, when none is
   * accepted there (the gap opens onto nothing closed), in `building`.
   */
  openBuilding?: () => { idle: PointMm[][]; walls: () => Paths64 } | null;
  /** Every drawn line of the page (mm). */
  lines: () => Line[];
  /** The plan's measured/printed area ratio (median over its rooms), or null when unknown. */
  ratio: number | null;
  /** Where stamps already given to a room through their leader line are printed: not an outdoor space's stamp. */
  taken?: PointMm[][];
  /**
   * The space as it will be measured (a loggia runs on under a parapet drawn in lines, railings.ts): its printed
   * area is compared with that, not with the region inside the parapet's inner line.
   */
  asMeasured?: (pts: PointMm[]) => PointMm[];
}

export interface OutdoorSpace { pts: PointMm[]; stamp: RoomStamp }

/** The outdoor spaces around stamps that stand outside every room. */
export function findOutdoorSpaces(inp: OutdoorInput): OutdoorSpace[] {
  const roomIndex = new RingIndex(inp.rooms);
  const inRoom = (p: PointMm) => roomIndex.holding(p).length > 0;
  const buildingRings = inp.building.map(fromPath);
  const buildingIndex = new RingIndex(buildingRings);
  const inWall = (p: PointMm) => buildingIndex.parity(p);
  // a stamp whose leader line runs into a room names that room (leaders.ts), wherever it is printed
  const takenBoxes = (inp.taken ?? []).map(bbox);
  const takenStamp = (p: PointMm) => takenBoxes.some((b) => p[0] >= b.x0 && p[0] <= b.x1 && p[1] >= b.y0 && p[1] <= b.y1);
  const stamps = readStamps(inp.text.filter((t) => !inRoom(t.at)))
    .filter((s) => s.names.length > 0 && s.names.length <= MAX_NAME_LINES && (s.printedAreaMm2 !== null || OUTDOOR_NAME.test(s.names.join(' '))))
    .filter((s) => !inRoom(s.at) && !inWall(s.at) && !takenStamp(s.at) && nearBuilding(s.at, buildingRings));
  if (!stamps.length) return [];
  const lines = inp.lines();
  const out: OutdoorSpace[] = [];
  // the walls without the idle closures, sealed when a stamp first has one within reach (the walls differ only
  // there: a stamp with none within the farthest reach finds the same region in either)
  const idle = inp.openBuilding?.() ?? null;
  let open: { inp: OutdoorInput; rings: PointMm[][] } | null = null;
  const openWalls = () => {
    if (!open && idle) {
      const walls = idle.walls();
      open = { inp: { ...inp, building: walls }, rings: walls.map(fromPath) };
    }
    return open;
  };
  const reach = REACHES_MM[REACHES_MM.length - 1];
  const idleNear = (at: PointMm) => !!idle && idle.idle.some((q) => q.some((p) => Math.abs(p[0] - at[0]) <= reach && Math.abs(p[1] - at[1]) <= reach));
  for (const s of stamps) {
    if (out.some((o) => pointInPoly(s.at[0], s.at[1], o.pts))) continue;
    const o = idleNear(s.at) ? openWalls() : null;
    const pts = (o && regionByPens(s, lines, o.inp, o.rings)) ?? regionByPens(s, lines, inp, buildingRings);
    if (!pts) continue;
    // a region holding a second stamp with a printed area is two spaces the lines do not separate
    if (stamps.some((o) => o !== s && o.printedAreaMm2 !== null && pointInPoly(o.at[0], o.at[1], pts))) continue;
    out.push({ pts, stamp: s });
  }
  return out;
}

/** A stamp of an outdoor space stands within this distance of the building's walls (mm): schedules, title
 * blocks and notes around the plan are not looked at (each look costs a union of the lines around it). */
const STAMP_NEAR_MM = 6000;

function nearBuilding(at: PointMm, rings: PointMm[][]): boolean {
  return rings.some((r) => {
    const b = bbox(r);
    if (at[0] < b.x0 - STAMP_NEAR_MM || at[0] > b.x1 + STAMP_NEAR_MM || at[1] < b.y0 - STAMP_NEAR_MM || at[1] > b.y1 + STAMP_NEAR_MM) return false;
    return distToPoly(at[0], at[1], r) < STAMP_NEAR_MM;
  });
}

/** Pen widths tried, finest first, when the region inside every line is not the space (paving joints). */
const MAX_PEN_TRIES = 4;

/**
 * The region around a stamp, bounded by every line near it; when that region is not accepted (a floor's
 * paving joints or tiles cut it into strips), again without the finest pen's lines, and so on: hatching and
 * paving are drawn with a finer pen than the railing or slab edge that closes the space.
 */
function regionByPens(s: RoomStamp, lines: Line[], inp: OutdoorInput, rings: PointMm[][]): PointMm[] | null {
  for (const reach of REACHES_MM) {
    const r = regionWithin(s, lines, inp, rings, reach);
    if (r !== 'open') return r;
  }
  return null;
}

/** The accepted region within `reach` of the stamp, null when none is accepted, 'open' when it is not closed there. */
function regionWithin(s: RoomStamp, lines: Line[], inp: OutdoorInput, rings: PointMm[][], reach: number): PointMm[] | null | 'open' {
  const at = s.at;
  const x0 = at[0] - reach, x1 = at[0] + reach, y0 = at[1] - reach, y1 = at[1] + reach;
  // (what the lines alone give round the stamp is worked out once: a stamp near an idle closure is asked with the
  // walls open and again closed)
  const place = placeOf(lines, at, reach);
  const near = place.near;
  if (near.length > MAX_LINES) return null;
  // a stamp with a way out between the lines is open at this reach: known without the union (seconds on a
  // dense sheet) - the region is looked for only where no straight way out passes every stroke and wall
  const piece = place.piece();
  if (hasWayOut(at, near, rings, x0, x1, y0, y1, piece)) return 'open';
  const pens = [...new Set(near.map((l) => Math.round((l.w ?? 0) * 100) / 100))].sort((a, b) => a - b);
  const floors = [-1, ...pens.slice(0, -1)].slice(0, MAX_PEN_TRIES);
  // the cells bounded by every line near the stamp, built once: the region inside every line and the one
  // joined across a floor pattern are both taken from them (each build is a union of thousands of strokes)
  // (as are the grown walls, the same for every pen)
  const grownWalls = grownWallsNear(at, reach, inp.building, rings);
  // (the cells and the joined region depend on the lines and the grown walls only: asked again with the walls open
  // or closed where they are the same round the stamp, they are taken from the first asking)
  const memo = place.withWalls(grownWalls);
  const remember = <T>(key: string, work: () => T): T => (memo.has(key) ? (memo.get(key) as T) : (memo.set(key, work()), memo.get(key) as T));
  const cellsOfAll = () => remember('all', () => cellsOfRects(place.rects(), grownWalls));
  // the cell holding the stamp is taken from the strokes that can bound it, when a raster proves which they are
  // (cell-strokes.ts: a terrace among planting is bounded by hundreds of the union's ten thousand strokes)
  // (a cell closed by lines that run on past the reach may reach past it)
  const windows = WINDOWS.map((k) => ({ x0: x0 - reach * k, y0: y0 - reach * k, x1: x1 + reach * k, y1: y1 + reach * k }));
  // (and a stamp surely in the open among them, or on a piece of lines that is no island, is in no cell: no union at
  // all; the piece is that of every line, and holds with every line only)
  const cellsHolding = (rects: Paths64, all: boolean) => {
    const field = strokeField(at, rects, grownWalls);
    const kept = field.boundingCell(windows);
    if (kept) return cellsOfRects(kept, grownWalls);
    if (field.surelyOpen(all && piece ? (i) => piece.has(i) : undefined)) return [];
    return all ? cellsOfAll() : cellsOfRects(rects, grownWalls);
  };
  for (const floor of floors) {
    const cells = remember(`cells ${floor}`, () => floor < 0 ? cellsHolding(place.rects(), true)
      : cellsHolding(strokeRects(near.filter((l) => Math.round((l.w ?? 0) * 100) / 100 > floor), CLOSE_MM), false));
    const pts = regionAround(at, cells);
    // an open region stays open without more lines
    if (!pts) return floor < 0 ? 'open' : null;
    if (accept(pts, s, inp, rings)) return pts;
    // paving or decking joints cut the space into strips, its edge drawn in the same pen: take the strips
    // joined across the joints (a family of evenly spaced lines), keeping every other line as a boundary
    if (floor < 0) {
      const joined = remember('joined', () => regionAcrossPatterns(at, near, inp.rooms, cellsOfAll, (w) => windowCells(place.rects(), grownWalls, w)));
      if (joined && accept(joined, s, inp, rings)) return joined;
    }
  }
  return null;
}

/** What the page's lines alone give round a stamp at one reach: asked again with the walls closed, and per pen. */
interface Place {
  /** The lines whose boxes meet the box `reach` round the stamp, in the page's order. */
  near: Line[];
  /** Their strokes (strokeRects), in the same order. */
  rects(): Paths64;
  /** The stamp's own piece of them (ownPiece). */
  piece(): Set<number> | null;
  /** The memo of what is worked out from them with the grown walls `walls` (kept per walls, compared point by point). */
  withWalls(walls: Paths64): Map<string, unknown>;
}

/** Per page's lines, their boxes (x0, x1, y0, y1 of each line in turn) and the places asked, by stamp place and reach. */
const placeCache = new WeakMap<Line[], { boxes: Float64Array; places: Map<string, Place> }>();

function placeOf(lines: Line[], at: PointMm, reach: number): Place {
  let page = placeCache.get(lines);
  if (!page) {
    const boxes = new Float64Array(4 * lines.length);
    lines.forEach((l, i) => {
      boxes[4 * i] = Math.min(l.a[0], l.b[0]); boxes[4 * i + 1] = Math.max(l.a[0], l.b[0]);
      boxes[4 * i + 2] = Math.min(l.a[1], l.b[1]); boxes[4 * i + 3] = Math.max(l.a[1], l.b[1]);
    });
    placeCache.set(lines, (page = { boxes, places: new Map() }));
  }
  const key = `${at[0]},${at[1]},${reach}`;
  let place = page.places.get(key);
  if (!place) {
    const x0 = at[0] - reach, x1 = at[0] + reach, y0 = at[1] - reach, y1 = at[1] + reach, b = page.boxes;
    const near: Line[] = [];
    for (let i = 0; i < lines.length; i++) if (b[4 * i + 1] >= x0 && b[4 * i] <= x1 && b[4 * i + 3] >= y0 && b[4 * i + 2] <= y1) near.push(lines[i]);
    let rects: Paths64 | undefined;
    let piece: Set<number> | null | undefined;
    const memos: { walls: Paths64; memo: Map<string, unknown> }[] = [];
    place = {
      near,
      rects: () => (rects ??= strokeRects(near, CLOSE_MM)),
      // (on the dense sheet a piece is followed through nine thousand lines)
      piece: () => (piece === undefined ? (piece = ownPiece(at, near)) : piece),
      withWalls: (walls) => {
        let entry = memos.find((e) => samePaths(e.walls, walls));
        if (!entry) memos.push((entry = { walls, memo: new Map() }));
        return entry.memo;
      },
    };
    page.places.set(key, place);
  }
  return place;
}

function samePaths(a: Paths64, b: Paths64): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const p = a[i], q = b[i];
    if (p.length !== q.length) return false;
    for (let k = 0; k < p.length; k++) if (p[k].x !== q[k].x || p[k].y !== q[k].y) return false;
  }
  return true;
}

/** The raster that finds the strokes bounding a stamp's cell reaches past the reach by these shares of it, the
 * nearer first (a cell closed by lines running on past the reach runs on past it too). */
const WINDOWS = [0.25, 1.5];

/** Directions tried for a straight way out from a stamp, evenly around the circle. */
const WAY_OUT_DIRECTIONS = 64;
/** Clearance of a way out from a line (mm): its stroke rectangle lies within CLOSE_MM·√2 of it; plus Clipper's
 * rounding to whole millimetres. */
const LINE_CLEAR_MM = CLOSE_MM * Math.SQRT2 + 2;
/** A stamp this close to a line (mm) stands inside its stroke rectangle (CLOSE_MM, less rounding). */
const ON_STROKE_MM = CLOSE_MM - 2;
/** Clearance from a wall face (mm): the grown walls lie within 2·CLOSE_MM of the faces (mitred joins, Clipper's
 * miter limit 2); plus rounding. */
const WALL_CLEAR_MM = 2 * CLOSE_MM + 5;

/**
 * Whether a straight ray from `at` stays clear of every stroke (strokeRects' rectangles) and every grown wall near
 * the stamp: then no ring of their union encloses the stamp, and cellsOfRects would give no cell holding it. Only a
 * proof of openness; false says nothing.
 */
export function hasWayOut(at: PointMm, near: Line[], rings: PointMm[][], x0: number, x1: number, y0: number, y1: number,
  own: Set<number> | null = ownPiece(at, near)): boolean {
  // the walls united with the strokes (grownWallsNear)
  const walls = ringsInBox(rings, x0, x1, y0, y1);
  // the strokes the stamp stands on (its underline, the line it names) and every stroke surely joined to them
  // are the stamp's own piece of the union: the ray may cross it (a hole of a piece never encloses the piece
  // itself); every other stroke must stay clear of the ray
  if (own === null) return false;
  // the directions each other stroke and each wall face may come within clearance of (a superset: the
  // segment's angular span from the stamp widened by the clearance's angle at its nearest point)
  const blocked = new Uint8Array(WAY_OUT_DIRECTIONS);
  let free = WAY_OUT_DIRECTIONS;
  const block = (a: PointMm, b: PointMm, clear: number): boolean => {
    const d = segToSegDist(at, at, a, b);
    if (d <= clear) return true;
    const ta = Math.atan2(a[1] - at[1], a[0] - at[0]);
    let span = Math.atan2(b[1] - at[1], b[0] - at[0]) - ta;
    if (span > Math.PI) span -= 2 * Math.PI;
    if (span < -Math.PI) span += 2 * Math.PI;
    const wide = Math.asin(clear / d) + 1e-9;
    const lo = Math.min(ta, ta + span) - wide, hi = Math.max(ta, ta + span) + wide;
    const step = (2 * Math.PI) / WAY_OUT_DIRECTIONS;
    for (let k = Math.ceil(lo / step); k <= Math.floor(hi / step); k++) {
      const i = ((k % WAY_OUT_DIRECTIONS) + WAY_OUT_DIRECTIONS) % WAY_OUT_DIRECTIONS;
      if (!blocked[i]) { blocked[i] = 1; free--; }
    }
    return free === 0;
  };
  for (let i = 0; i < near.length; i++) if (!own.has(i) && block(near[i].a, near[i].b, LINE_CLEAR_MM)) return false;
  // a wall's fill (its outer ring with its holes) that the stamp's piece touches is part of the piece too
  const joined = joinedWalls(near, own, rings, walls);
  for (const i of walls) {
    if (joined.has(i)) continue;
    const r = rings[i];
    for (let e = 0; e < r.length; e++) if (block(r[e], r[(e + 1) % r.length], WALL_CLEAR_MM)) return false;
  }
  return free > 0;
}

/** Per ring list (the page's walls), each ring's bounding box, computed once: every stamp and reach asks. */
const boxesCache = new WeakMap<PointMm[][], ReturnType<typeof bbox>[]>();
function ringBoxes(rings: PointMm[][]): ReturnType<typeof bbox>[] {
  let boxes = boxesCache.get(rings);
  if (!boxes) boxesCache.set(rings, (boxes = rings.map(bbox)));
  return boxes;
}

/** The indices of the rings whose bounding box meets the box x0..x1, y0..y1. */
function ringsInBox(rings: PointMm[][], x0: number, x1: number, y0: number, y1: number): number[] {
  const out: number[] = [];
  ringBoxes(rings).forEach((b, i) => { if (b.x1 >= x0 && b.x0 <= x1 && b.y1 >= y0 && b.y0 <= y1) out.push(i); });
  return out;
}

/** Per ring list, each ring's fill: the index of its outer ring (itself for an outer ring), -1 when unsure. */
const fillsCache = new WeakMap<PointMm[][], number[]>();
function wallFills(rings: PointMm[][]): number[] {
  const known = fillsCache.get(rings);
  if (known) return known;
  const areas = rings.map(polyArea);
  const sgn = Math.sign(areas.reduce((b, a) => (Math.abs(a) > Math.abs(b) ? a : b), 0)) || 1;
  const boxes = ringBoxes(rings);
  const fills = rings.map((r, i) => {
    if (Math.sign(areas[i]) === sgn) return i;
    // a hole belongs to the smallest outer ring around it; a hole touching an outer ring is left unsure
    const p = r[0], bi = boxes[i];
    let best = -1;
    for (let j = 0; j < rings.length; j++) {
      const bj = boxes[j];
      if (Math.sign(areas[j]) !== sgn || Math.abs(areas[j]) <= Math.abs(areas[i]) || bj.x0 > bi.x0 || bj.x1 < bi.x1 || bj.y0 > bi.y0 || bj.y1 < bi.y1) continue;
      if (distToPoly(p[0], p[1], rings[j]) <= FILL_SURE_MM) return -1;
      if (pointInPoly(p[0], p[1], rings[j]) && (best < 0 || Math.abs(areas[j]) < Math.abs(areas[best]))) best = j;
    }
    return best;
  });
  fillsCache.set(rings, fills);
  return fills;
}
/** A hole's corner this close to an outer ring (mm) may lie on it: which fill it belongs to is unsure. */
const FILL_SURE_MM = 1;

/** The wall rings (of `walls`) whose fill a stroke of the stamp's piece surely overlaps, with every ring of those fills. */
function joinedWalls(near: Line[], own: Set<number>, rings: PointMm[][], walls: number[]): Set<number> {
  const out = new Set<number>();
  if (!own.size || !walls.length) return out;
  const fills = wallFills(rings);
  const grid = lineGrid(near, own);
  // (a line reaches a face within JOINED_MM: the line's stroke and the grown wall overlap)
  const touches = (a: PointMm, b: PointMm): boolean => {
    for (const cell of grid.cellsInBox(Math.min(a[0], b[0]) - JOINED_MM, Math.min(a[1], b[1]) - JOINED_MM, Math.max(a[0], b[0]) + JOINED_MM, Math.max(a[1], b[1]) + JOINED_MM))
      for (const j of cell) if (segToSegDist(a, b, near[j].a, near[j].b) <= JOINED_MM) return true;
    return false;
  };
  const joinedFills = new Set<number>();
  for (const i of walls) {
    const f = fills[i];
    if (f < 0 || joinedFills.has(f)) continue;
    const r = rings[i];
    for (let e = 0; e < r.length; e++) if (touches(r[e], r[(e + 1) % r.length])) { joinedFills.add(f); break; }
  }
  for (const i of walls) if (fills[i] >= 0 && joinedFills.has(fills[i])) out.add(i);
  return out;
}

/** Two strokes whose lines are this close (mm) overlap: each rectangle holds every point within CLOSE_MM of its
 * line, less rounding. */
const JOINED_MM = 2 * ON_STROKE_MM;
/** Grid cell of the look-up of lines near a line (mm). A line is filed in every cell of its box: at 200 mm a long
 * slanted line of a dense sheet filled dozens, and the grids cost more than the search (leiq: 400 mm, about 70 ms less
 * per analysis; the piece found is the same whatever the cell, only the work to find it changes). */
const PIECE_CELL_MM = 400;
/** The piece is followed through at most this many lines (beyond: no proof, the union is built). */
const PIECE_MAX_LINES = 20_000;

/** The indices of the lines whose strokes are surely joined to a stroke holding `at` (empty when none holds it). */
function ownPiece(at: PointMm, near: Line[]): Set<number> | null {
  const own = new Set<number>();
  const queue: number[] = [];
  near.forEach((l, i) => { if (distToSeg(at[0], at[1], l.a, l.b) <= ON_STROKE_MM) { own.add(i); queue.push(i); } });
  if (!queue.length) return own;
  const grid = lineGrid(near, near.keys());
  // (each pair looked at once: a line lies in several cells)
  const seenBy = new Int32Array(near.length).fill(-1);
  // (membership as flags: asked for every line of every cell looked at)
  const isOwn = new Uint8Array(near.length);
  for (const i of own) isOwn[i] = 1;
  while (queue.length) {
    if (own.size > PIECE_MAX_LINES) return null;
    const li = queue.pop()!, l = near[li];
    const bx0 = Math.min(l.a[0], l.b[0]) - JOINED_MM, bx1 = Math.max(l.a[0], l.b[0]) + JOINED_MM;
    const by0 = Math.min(l.a[1], l.b[1]) - JOINED_MM, by1 = Math.max(l.a[1], l.b[1]) + JOINED_MM;
    for (const cell of grid.cellsInBox(bx0, by0, bx1, by1)) {
      for (const j of cell) {
        if (seenBy[j] === li || isOwn[j]) continue;
        seenBy[j] = li;
        const m = near[j];
        if (Math.max(m.a[0], m.b[0]) < bx0 || Math.min(m.a[0], m.b[0]) > bx1 || Math.max(m.a[1], m.b[1]) < by0 || Math.min(m.a[1], m.b[1]) > by1) continue;
        if (segToSegDist(l.a, l.b, m.a, m.b) <= JOINED_MM) { own.add(j); isOwn[j] = 1; queue.push(j); }
      }
    }
  }
  return own;
}

/** The lines `which` of `near`, by index, in every PIECE_CELL_MM cell their bounding box touches. */
function lineGrid(near: Line[], which: Iterable<number>): Grid<number> {
  const grid = new Grid<number>(PIECE_CELL_MM);
  for (const i of which) {
    const l = near[i];
    grid.addBox(Math.min(l.a[0], l.b[0]), Math.min(l.a[1], l.b[1]), Math.max(l.a[0], l.b[0]), Math.max(l.a[1], l.b[1]), i);
  }
  return grid;
}

/** The cells bounded by the given strokes (strokeRects) and the walls: holes of their union (not grown back),
 * counter-clockwise. */
export function cellsOfRects(rects: Paths64, grownWalls: Paths64): PointMm[][] {
  // (a stroke lying wholly inside the grown walls adds nothing to their union and is left out: a wall's hatching
  // or a planting drawn over a wall is thousands of strokes that cost the union most of its time)
  const strokes = outsideOf(rects, grownWalls);
  const merged = union([...strokes, ...grownWalls], FillRule.NonZero).map(fromPath);
  if (!merged.length) return [];
  // holes run opposite to the largest ring
  const largest = merged.reduce((b, r) => (Math.abs(polyArea(r)) > Math.abs(polyArea(b)) ? r : b));
  const ref = Math.sign(polyArea(largest)) || 1;
  return merged.filter((r) => Math.sign(polyArea(r)) !== ref).map((r) => (polyArea(r) > 0 ? r : [...r].reverse()));
}

/**
 * The rectangles (convex, integer corners) not lying wholly inside the region of `walls` (a union's rings: outers
 * and holes): a rectangle is left out when its four corners are inside and no edge of the walls meets it, not even
 * at a point. (Corners and edges are whole millimetres: the orientation tests are exact.)
 */
export function outsideOf(rects: Paths64, walls: Paths64): Paths64 {
  if (!walls.length || !rects.length) return rects;
  const rings = walls.map(fromPath);
  const inside = new RingIndex(rings);
  let edges: Grid<[PointMm, PointMm]> | null = null;
  const edgesIn = (x0: number, y0: number, x1: number, y1: number) => {
    if (!edges) {
      edges = new Grid<[PointMm, PointMm]>(EDGE_CELL_MM);
      for (const r of rings) for (let i = 0; i < r.length; i++) {
        const a = r[i], b = r[(i + 1) % r.length];
        edges.addBox(Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1]), [a, b]);
      }
    }
    return edges.cellsInBox(x0, y0, x1, y1);
  };
  return rects.filter((path) => {
    const r = fromPath(path);
    if (!r.every((q) => inside.parity(q))) return true;
    const b = bbox(r);
    for (const list of edgesIn(b.x0, b.y0, b.x1, b.y1)) {
      for (const [p, q] of list) if (segMeetsConvex(p, q, r)) return true;
    }
    return false;
  });
}
/** Cell of the look-up of wall edges in `outsideOf` (mm). */
const EDGE_CELL_MM = 250;

/** The walls within `reach` of `at` (by bounding box), grown by CLOSE_MM: what closes the cells at the walls. */
function grownWallsNear(at: PointMm, reach: number, building: Paths64, rings: PointMm[][]): Paths64 {
  const walls = ringsInBox(rings, at[0] - reach, at[0] + reach, at[1] - reach, at[1] + reach).map((i) => building[i]);
  return inflatePaths(walls, CLOSE_MM, JoinType.Miter, EndType.Polygon);
}

/** Grown by `d` (mm), the largest ring (or null). */
function grow(pts: PointMm[], d: number): PointMm[] | null {
  const g = inflatePaths([toPath(pts)], d, JoinType.Miter, EndType.Polygon).map(fromPath);
  return g.length ? g.reduce((b, r) => (Math.abs(polyArea(r)) > Math.abs(polyArea(b)) ? r : b)) : null;
}

/** A cell grown by CLOSE_MM with mitred corners (Clipper's miter limit 2) lies within this of its own box (mm; with
 * the rounding of both to whole millimetres). */
const GROWN_REACH = 2 * CLOSE_MM + 2;

/** Two cells meet along at least this length (mm) across a joint to be joined. */
const JOINT_MIN_MM = 300;

/** Cells of the strokes within a window, each with whether it is surely a cell of every stroke too (windowCells). */
export interface WindowCells { cells: PointMm[][]; sure: boolean[]; box: Box }

/** Width of the frame closing a window's cells at its edge (mm). */
const FRAME_MM = 10;

/**
 * The cells (cellsOfRects) of the strokes and grown walls that meet the box `w`, closed at the box's edge by a
 * frame round it. A cell lying strictly inside the box is a cell of every stroke as well (`sure`): every stroke
 * meeting it or bounding it meets the box, and the frame lies outside it. A cell reaching the box's edge may be
 * part of a larger cell, or of the open space outside every cell.
 */
export function windowCells(rects: Paths64, grownWalls: Paths64, w: Box): WindowCells {
  const meets = (path: Path64) => {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const q of path) { if (q.x < x0) x0 = q.x; if (q.x > x1) x1 = q.x; if (q.y < y0) y0 = q.y; if (q.y > y1) y1 = q.y; }
    return x1 >= w.x0 && x0 <= w.x1 && y1 >= w.y0 && y0 <= w.y1;
  };
  const rect = (x0: number, y0: number, x1: number, y1: number): Path64 => [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }];
  const X0 = Math.floor(w.x0), Y0 = Math.floor(w.y0), X1 = Math.ceil(w.x1), Y1 = Math.ceil(w.y1), f = FRAME_MM;
  const frame = [rect(X0 - f, Y0 - f, X1 + f, Y0), rect(X0 - f, Y1, X1 + f, Y1 + f), rect(X0 - f, Y0, X0, Y1), rect(X1, Y0, X1 + f, Y1)];
  const cells = cellsOfRects([...rects.filter(meets), ...frame], grownWalls.filter(meets));
  const sure = cells.map((c) => {
    const b = bbox(c);
    return b.x0 > X0 && b.x1 < X1 && b.y0 > Y0 && b.y1 < Y1;
  });
  return { cells, sure, box: w };
}

/** A cell whose grown box lies this far inside a window (mm) has every cell near it in the window's cells, whole or
 * in parts whose outlines near it are the whole cell's (what the join asks of its neighbours lies within
 * GROWN_REACH + 2·CLOSE_MM of the box). */
const LOCAL_MM = 400;

/** The windows round the stamp the strips joined across a pattern are first looked for in (mm each side of it),
 * before the cells of every line near it: a union of the strokes of a small box costs a fraction of the union of
 * every stroke within the reach, and most stamps' joins end within a metre or two. */
const JOIN_WINDOWS_MM = [1000, 2000];

/**
 * The cell holding the stamp joined with every cell reached across lines of a floor pattern (each cell grown
 * back to the lines' middles), or null when no pattern line bounds it. Cells inside a room are never joined. The
 * cells are first taken from windows round the stamp (`cellsIn`), widening while the join reaches a cell that is
 * not surely whole there, and from every line near the stamp (`cellsOfAll`) only beyond: the same region as from
 * every line.
 */
export function regionAcrossPatterns(at: PointMm, near: Line[], rooms: PointMm[][], cellsOfAll: () => PointMm[][],
  cellsIn: (w: Box) => WindowCells): PointMm[] | null {
  const pattern = patternLines(near);
  if (!pattern.size) return null;
  const joints = near.filter((_, i) => pattern.has(i));
  // (the near lines' box: a window covering it holds every cell)
  const nb = bbox(near.flatMap((l) => [l.a, l.b]));
  for (const m of JOIN_WINDOWS_MM) {
    const w = { x0: at[0] - m, y0: at[1] - m, x1: at[0] + m, y1: at[1] + m };
    if (w.x0 <= nb.x0 && w.y0 <= nb.y0 && w.x1 >= nb.x1 && w.y1 >= nb.y1) break;
    const r = joinCells(at, cellsIn(w), joints, rooms);
    if (r !== 'unsure') return r;
  }
  return joinCells(at, { cells: cellsOfAll(), sure: null, box: null }, joints, rooms) as PointMm[] | null;
}

/**
 * The join of regionAcrossPatterns over the given cells (every cell near the stamp, or a window's: `sure` and `box`
 * null, or not); 'unsure' when over a window's cells it may differ from the join over every cell: when a cell cut by
 * the window's edge might be the start or be joined.
 */
export function joinCells(at: PointMm, given: { cells: PointMm[][]; sure: boolean[] | null; box: Box | null }, joints: Line[], rooms: PointMm[][]): PointMm[] | null | 'unsure' {
  const { cells: nearCells, sure, box } = given;
  // each cell grown back to the lines' middles when first looked at (a cell's grown corners lie within GROWN_REACH
  // of its own: a cell whose box, widened by that, is clear of what is asked is passed over without growing it)
  // (null: a cell that vanishes grown, left out)
  const grownCells: (PointMm[] | null | undefined)[] = new Array(nearCells.length);
  const rawBoxes = nearCells.map(bbox);
  const cellAt = (i: number) => (grownCells[i] === undefined ? (grownCells[i] = grow(nearCells[i], CLOSE_MM)) : grownCells[i]);
  /** A grown cell known not to vanish. */
  const cell = (i: number) => cellAt(i)!;
  const boxOf: (ReturnType<typeof bbox> | undefined)[] = [];
  const boxAt = (i: number) => (boxOf[i] ??= bbox(cell(i)));
  const mayHold = (i: number, x0: number, x1: number, y0: number, y1: number) => {
    const r = rawBoxes[i];
    return r.x0 - GROWN_REACH <= x1 && r.x1 + GROWN_REACH >= x0 && r.y0 - GROWN_REACH <= y1 && r.y1 + GROWN_REACH >= y0;
  };
  // (the smallest cell holding the stamp; of equal ones the lowest, then leftmost: the same whichever order the
  // union gave the cells in)
  const before = (i: number, j: number) => {
    const ai = polyArea(cell(i)), aj = polyArea(cell(j));
    if (ai !== aj) return ai < aj;
    const bi = rawBoxes[i], bj = rawBoxes[j];
    return bi.y0 !== bj.y0 ? bi.y0 < bj.y0 : bi.x0 !== bj.x0 ? bi.x0 < bj.x0 : bi.y1 !== bj.y1 ? bi.y1 < bj.y1 : bi.x1 < bj.x1;
  };
  let startAt = -1;
  const cut: number[] = [];
  for (let i = 0; i < nearCells.length; i++) {
    if (!mayHold(i, at[0], at[0], at[1], at[1])) continue;
    if (sure && !sure[i]) { cut.push(i); continue; }
    const c = cellAt(i);
    if (c && pointInPoly(at[0], at[1], c) && (startAt < 0 || before(i, startAt))) startAt = i;
  }
  // a cell cut by the window is part of a cell at least as large (every stroke meeting it is in the window): it
  // cannot be the smallest when it is larger than the smallest whole cell holding the stamp already; with no whole
  // cell holding it, the stamp may stand in a cell reaching past the window, or in an island of one
  if (sure && (startAt < 0 || cut.some((i) => { const c = cellAt(i); return !!c && polyArea(c) <= polyArea(cell(startAt)); }))) return 'unsure';
  if (startAt < 0) return null;
  const roomPaths = rooms.map(toPath);
  // (a cell is laid over the rooms whose boxes meet its box: the others lie clear of it and add nothing)
  const inRooms = (c: PointMm[]) => {
    const b = bbox(c);
    const over = ringsInBox(rooms, b.x0 - 1, b.x1 + 1, b.y0 - 1, b.y1 + 1).map((i) => roomPaths[i]);
    return (over.length ? intersect([toPath(c)], over, FillRule.NonZero) : []).reduce((t, p) => t + Math.abs(polyArea(fromPath(p))), 0) > 0.5 * polyArea(c);
  };
  // each cell grown by half the joint, once (every pair of neighbouring cells is compared grown)
  const halfGrown: Paths64[] = [];
  const grownHalf = (i: number) => (halfGrown[i] ??= inflatePaths([toPath(cell(i))], CLOSE_MM / 2, JoinType.Miter, EndType.Polygon));
  const taken = new Set([startAt]);
  const queue = [startAt];
  let area = polyArea(cell(startAt));
  const areaOf = (paths: Paths64) => paths.reduce((t, p) => t + Math.abs(polyArea(fromPath(p))), 0);
  /** The middle of the largest of the polygons `shared` (of their boxes), and whether a joint passes within CLOSE_MM of it. */
  const atJoint = (shared: PointMm[][]) => {
    const big = shared.reduce((b, r) => (Math.abs(polyArea(r)) > Math.abs(polyArea(b)) ? r : b));
    const bb = bbox(big), mid: PointMm = [(bb.x0 + bb.x1) / 2, (bb.y0 + bb.y1) / 2];
    return joints.some((l) => distToSeg(mid[0], mid[1], l.a, l.b) <= CLOSE_MM);
  };
  while (queue.length && area <= MAX_AREA_MM2) {
    const c = queue.shift()!;
    const bc = boxAt(c);
    // (in a window, a cell whose outline would be joined to a cell around it, that cell whole - the strip they share
    // is all of its outline - may be joined to a cell reaching past the window that holds the island it lies in)
    // (a cell near the window's edge may have neighbours past it that the window's cells do not show at all)
    if (box && !(bc.x0 - LOCAL_MM > box.x0 && bc.x1 + LOCAL_MM < box.x1 && bc.y0 - LOCAL_MM > box.y0 && bc.y1 + LOCAL_MM < box.y1)) return 'unsure';
    const own = sure ? areaOf(grownHalf(c)) : 0;
    if (sure && own >= JOINT_MIN_MM * CLOSE_MM && atJoint(grownHalf(c).map(fromPath))) return 'unsure';
    // (what the cut cells share with this one: a cell reaching past the window shares at most all of it)
    let cutShared = 0;
    for (let d = 0; d < nearCells.length; d++) {
      if (taken.has(d) || !mayHold(d, bc.x0 - CLOSE_MM, bc.x1 + CLOSE_MM, bc.y0 - CLOSE_MM, bc.y1 + CLOSE_MM)) continue;
      const whole = !sure || sure[d];
      if (!cellAt(d)) { if (whole) continue; return 'unsure'; }
      const bd = boxAt(d);
      if (whole && (bd.x0 > bc.x1 + CLOSE_MM || bd.x1 < bc.x0 - CLOSE_MM || bd.y0 > bc.y1 + CLOSE_MM || bd.y1 < bc.y0 - CLOSE_MM)) continue;
      // the strip the two cells share (each grown a little past the line between them)
      const shared = intersect(grownHalf(c), grownHalf(d), FillRule.NonZero).map(fromPath);
      const strip = shared.reduce((t, p) => t + Math.abs(polyArea(p)), 0);
      if (!whole) {
        // a cell cut by the window is part of a larger cell, which shares with this one what its cut parts near it
        // share (offsetting is local, and the window's edge is far): all of this cell's outline when one of them holds
        // it in an island (a join only at a joint in its middle, checked above), else at most what they share together
        if (Math.abs(strip - own) > 1) cutShared += strip;
        continue;
      }
      if (strip < JOINT_MIN_MM * CLOSE_MM || !atJoint(shared) || inRooms(cell(d))) continue;
      taken.add(d); queue.push(d); area += polyArea(cell(d));
    }
    if (cutShared >= JOINT_MIN_MM * CLOSE_MM) return 'unsure';
  }
  if (taken.size < 2 || area > MAX_AREA_MM2) return null;
  // the cells touch along the joints' middles: grown a millimetre, united, shrunk back
  const joined = union([...taken].flatMap((i) => inflatePaths([toPath(cell(i))], 1, JoinType.Miter, EndType.Polygon)), FillRule.NonZero);
  if (!joined.length) return null;
  const outer = joined.map(fromPath).reduce((b, r) => (Math.abs(polyArea(r)) > Math.abs(polyArea(b)) ? r : b));
  return grow(polyArea(outer) > 0 ? outer : [...outer].reverse(), -1);
}

/** The closed region around `at` among the cells bounded by the lines and the walls (cellsOfRects), or null when it is open. */
function regionAround(at: PointMm, cells: PointMm[][]): PointMm[] | null {
  // the smallest cell holding the stamp is its region, grown back to the lines' middles and the walls' faces
  const best = cells.filter((r) => pointInPoly(at[0], at[1], r)).sort((p, q) => polyArea(p) - polyArea(q))[0];
  return best ? grow(best, CLOSE_MM) : null;
}

/**
 * Each line thickened by `halfMm` on both sides and beyond both ends, as a rectangle with positive
 * orientation: what offsetting the open two-point path with square ends gives, without the offsetter's own
 * union of every stroke (the caller unions them once, with the walls).
 */
export function strokeRects(lines: Line[], halfMm: number): Paths64 {
  const out: Paths64 = [];
  for (const l of lines) {
    const dx = l.b[0] - l.a[0], dy = l.b[1] - l.a[1];
    const len = hypot(dx, dy);
    // a dot is a square around it
    const ux = len > 1e-9 ? dx / len : 1, uy = len > 1e-9 ? dy / len : 0;
    const ex = ux * halfMm, ey = uy * halfMm, nx = -ey, ny = ex;
    const rect: Path64 = [
      { x: Math.round(l.a[0] - ex + nx), y: Math.round(l.a[1] - ey + ny) },
      { x: Math.round(l.a[0] - ex - nx), y: Math.round(l.a[1] - ey - ny) },
      { x: Math.round(l.b[0] + ex - nx), y: Math.round(l.b[1] + ey - ny) },
      { x: Math.round(l.b[0] + ex + nx), y: Math.round(l.b[1] + ey + ny) },
    ];
    out.push(Clipper.isPositive(rect) ? rect : rect.reverse());
  }
  return out;
}

function accept(pts: PointMm[], s: RoomStamp, inp: OutdoorInput, rings: PointMm[][]): boolean {
  const area = Math.abs(polyArea(pts));
  if (area < MIN_AREA_MM2 || area > MAX_AREA_MM2) return false;
  // never around a room (a region closed by dimension lines round the whole building)
  if (inp.rooms.some((r) => r.some((p) => pointInPoly(p[0], p[1], pts)) && Math.abs(polyArea(r)) < area)) return false;
  // it touches the building: a strip along its edge overlaps the walls over CONTACT_MM or more
  const band = inflatePaths([toPath(pts)], 2 * CLOSE_MM, JoinType.Miter, EndType.Polygon);
  // (laid over the walls whose boxes meet the band's: a sheet's sealed walls are thousands of rings, and the
  // others lie clear of the band and add nothing to the overlap)
  const b = bbox(band.flatMap(fromPath));
  const walls = ringsInBox(rings, b.x0 - 1, b.x1 + 1, b.y0 - 1, b.y1 + 1).map((i) => inp.building[i]);
  const touch = (walls.length ? intersect(band, walls, FillRule.NonZero) : []).reduce((t, p) => t + Math.abs(polyArea(fromPath(p))), 0);
  if (touch < CONTACT_MM * CLOSE_MM || rings.length === 0) return false;
  if (s.printedAreaMm2 !== null) {
    const ratio = inp.ratio ?? 1;
    const measured = inp.asMeasured ? Math.abs(polyArea(inp.asMeasured(pts))) : area;
    const r = measured / (s.printedAreaMm2 * ratio);
    if (r > 1 + PRINTED_AGREES || r < 1 - PRINTED_SHORT) return false;
  } else if (!OUTDOOR_NAME.test(s.names.join(' '))) return false;
  return true;
}

