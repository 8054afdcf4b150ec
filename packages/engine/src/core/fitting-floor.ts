/**
 * The floor under fittings (core/walls.ts looseFittings: counters, bathtubs, bedside tables drawn against the
 * walls): the rooms are found with the fittings as walls, then again without them (analyze.ts withoutFittings);
 * where the walls without fittings hold several rooms in one space (a fitting also stood against a door's jamb
 * or in a doorway), that space is taken apart here once the rooms are cut apart.
 */
import { union, difference, intersect, inflatePaths, FillRule, JoinType, EndType, type Paths64 } from 'clipper2-ts';
import { bbox, toPath, fromPath, polyArea, pointInPoly } from './geometry.js';
import type { PointMm } from '../types.js';

/** A ring of the sealed walls: a room's outline or a wall piece's (signed area, mm²). */
export interface Ring { pts: PointMm[]; area: number }

/** A room at least this large decides whether a grown room is still one room (mm²); smaller holes are the
 * spaces inside fittings (a bathtub's rim, a cabinet) that join it. */
export const FITTING_ROOM_MIN_MM2 = 2e6;

/** How far a piece of floor freed from fittings is grown to ask which rooms it meets (mm). */
const PIECE_TOUCH_MM = 20;
/** Least overlap of that grown piece with a room for the piece to meet it (mm²): a corner touching is not meeting. */
const PIECE_TOUCH_MIN_MM2 = 2000;

/** Per hole, its box and the points a little inside it that holesIn asks about (worked out once: every lean hole
 * asks about every smaller hole of the page). */
const insideOf = new WeakMap<Ring, { box: ReturnType<typeof bbox>; inner: PointMm[] }>();

/** The holes lying in the lean hole h2. */
export function holesIn(h2: Ring, holes: Ring[]): Ring[] {
  // (a hole's own corners lie on the walls it shares with the grown room: a point a little inside it is asked)
  const of = (h: Ring) => {
    let known = insideOf.get(h);
    if (!known) insideOf.set(h, (known = { box: bbox(h.pts), inner: inflatePaths([toPath(h.pts)], -20, JoinType.Miter, EndType.Polygon).map((p) => fromPath(p)[0]) }));
    return known;
  };
  // (a hole whose box lies clear of h2's has no point in it: those points lie in its own box)
  const b2 = bbox(h2.pts);
  return holes.filter((h) => {
    if (Math.abs(h.area) >= Math.abs(h2.area)) return false;
    const { box, inner } = of(h);
    if (box.x0 > b2.x1 || box.x1 < b2.x0 || box.y0 > b2.y1 || box.y1 < b2.y0) return false;
    return inner.some((p) => pointInPoly(p[0], p[1], h2.pts));
  });
}

/** The holes, those in the lean hole h2 (which holds several rooms) grown by the freed floor that meets one alone. */
export function growByPieces(h2: Ring, holes: Ring[]): Ring[] {
  const inside = holesIn(h2, holes);
  const rooms = inside.filter((h) => Math.abs(h.area) >= FITTING_ROOM_MIN_MM2);
  if (rooms.length < 2) return holes;
  const grown = piecesByRoom(h2, inside, rooms);
  if (!grown.size) return holes;
  const gone = new Set([...grown.values()].flatMap((s) => [...s]));
  return [...holes.filter((h) => !gone.has(h)), ...grown.keys()];
}

/** The rooms of a lean hole holding several, each grown by the freed floor that meets it alone:
 * the grown ring of each room that took some, and the holes it swallowed (itself and small ones). The freed
 * pieces and the small holes they meet are taken in groups (the pieces of one fixture and the spaces inside it);
 * a group of FITTING_ROOM_MIN_MM2 or more is a room in pieces, not the floor under a fitting, and joins none. */
function piecesByRoom(h2: Ring, inside: Ring[], rooms: Ring[]): Map<Ring, Set<Ring>> {
  const freed = difference([toPath(h2.pts)], inside.map((h) => toPath(h.pts)), FillRule.NonZero).map(fromPath);
  // (the outer rings only: a piece's own hole is a small hole inside a fitting, met below)
  const sign = Math.sign(freed.reduce((b, r) => { const a = polyArea(r); return Math.abs(a) > Math.abs(b) ? a : b; }, 0));
  const pieces = freed.filter((r) => Math.sign(polyArea(r)) === sign);
  const small = inside.filter((h) => !rooms.includes(h));
  const meets = (near: Paths64, h: Ring) =>
    intersect(near, [toPath(h.pts)], FillRule.NonZero).reduce((t, p) => t + Math.abs(polyArea(fromPath(p))), 0) >= PIECE_TOUCH_MIN_MM2;
  const met = pieces.map((piece) => {
    const near = inflatePaths([toPath(piece)], PIECE_TOUCH_MM, JoinType.Miter, EndType.Polygon);
    return { rooms: rooms.filter((h) => meets(near, h)), small: small.filter((h) => meets(near, h)) };
  });
  // groups: pieces joined through the small holes they meet
  const group = pieces.map((_, i) => i);
  const find = (i: number): number => (group[i] === i ? i : (group[i] = find(group[i])));
  for (const h of small) {
    const at = met.flatMap((m, i) => (m.small.includes(h) ? [i] : []));
    for (const i of at.slice(1)) group[find(i)] = find(at[0]);
  }
  const groups = new Map<number, number[]>();
  for (let i = 0; i < pieces.length; i++) (groups.get(find(i)) ?? groups.set(find(i), []).get(find(i))!).push(i);
  const taken = new Map<Ring, { pieces: PointMm[][]; small: Set<Ring> }>();
  for (const members of groups.values()) {
    const metRooms = new Set(members.flatMap((i) => met[i].rooms));
    if (metRooms.size !== 1) continue;
    const swallowed = new Set(members.flatMap((i) => met[i].small));
    const area = members.reduce((t, i) => t + Math.abs(polyArea(pieces[i])), 0) + [...swallowed].reduce((t, h) => t + Math.abs(h.area), 0);
    if (area >= FITTING_ROOM_MIN_MM2) continue;
    const room = [...metRooms][0];
    const into = taken.get(room) ?? taken.set(room, { pieces: [], small: new Set() }).get(room)!;
    members.forEach((i) => into.pieces.push(pieces[i]));
    swallowed.forEach((h) => into.small.add(h));
  }
  const out = new Map<Ring, Set<Ring>>();
  for (const [room, own] of taken) {
    // (grown a hair and shrunk back, so the pieces and holes that share an edge make one ring)
    const parts = [room, ...own.small].map((h) => toPath(h.pts)).concat(own.pieces.map(toPath));
    const joined = inflatePaths(inflatePaths(union(parts, FillRule.NonZero), 1, JoinType.Miter, EndType.Polygon), -1, JoinType.Miter, EndType.Polygon).map(fromPath);
    const ring = joined.reduce((b, r) => (Math.abs(polyArea(r)) > Math.abs(polyArea(b)) ? r : b), [] as PointMm[]);
    // (one ring, or the room is not one room grown: it keeps its walls)
    if (ring.length < 3 || joined.some((r) => r !== ring && Math.abs(polyArea(r)) > PIECE_TOUCH_MIN_MM2)) continue;
    const area = polyArea(ring);
    // (a hole keeps its orientation: the rings after this are told apart by it)
    const pts = Math.sign(area) === Math.sign(room.area) ? ring : [...ring].reverse();
    out.set({ pts, area: Math.sign(room.area) * Math.abs(area) }, new Set([room, ...own.small]));
  }
  return out;
}
