/**
 * Room stamps printed outside the plan with a leader line: construction sheets (ARCHICAD, Revit) put a
 * room's stamp in a table-like box above or below the drawing, where it is readable over the services
 * drawn in the room, and draw a thin line from the box into the room. The stamp belongs to the room the
 * leader's far end stands in: it names that room and its printed area can cut an open-plan space
 * (split-rooms.ts) as a stamp printed inside it would.
 */
import type { PointMm } from '../types.js';
import { bbox, distToPoly, pointInPoly } from './geometry.js';
import type { DrawnLine } from './split-rooms.js';
import { readStamps, type RoomStamp } from './stamps.js';
import type { TextItem } from '../source/text.js';
import { Grid } from './grid.js';

/** A leader starts this close to its stamp's text (text heights): the stamp's drawn frame stands around it. */
const LEADER_START_HEIGHTS = 2.5;
/** A leader runs at least this far from the text (text heights): shorter lines are the frame or underlines. */
const LEADER_MIN_HEIGHTS = 4;
/** Segments of one bent leader meet within this distance (mm on site; a fraction of a pen width on paper). */
const JOIN_MM = 5;
/** Segments followed along one leader at most (a straight line or a line with a bend or two). */
const MAX_LEADER_SEGMENTS = 4;
/** The point taken for a leader's end stands this far inside its room at least (mm). */
const END_INSIDE_MM = 100;
/** A leader ending nearer its room's edge is read at a point this near its end at most, in steps (mm). */
const END_NEAR_MM = 300;
const END_NEAR_STEP_MM = 100;

export interface LeaderStamp { box: PointMm[]; heightMm: number }

/**
 * The point each stamp's leader points at: the far end of a line starting at the stamp's text and ending
 * inside one of `rooms` (following a bent leader's segments), or no entry when it has none.
 * Only stamps standing in none of the rooms are asked (a stamp inside a room names that room).
 */
export function leaderTargets<T extends LeaderStamp>(stamps: T[], lines: DrawnLine[], rooms: PointMm[][]): Map<T, { at: PointMm; room: number }> {
  const out = new Map<T, { at: PointMm; room: number }>();
  if (!stamps.length || !rooms.length) return out;
  const boxes = rooms.map(bbox);
  const roomHolding = (p: PointMm) => {
    for (let i = 0; i < rooms.length; i++) {
      const b = boxes[i];
      if (p[0] >= b.x0 && p[0] <= b.x1 && p[1] >= b.y0 && p[1] <= b.y1 && pointInPoly(p[0], p[1], rooms[i])) return i;
    }
    return -1;
  };
  // line ends by coarse cell, to find the lines starting at a stamp (a line filed once per cell its ends are in)
  const coarse = new Grid<DrawnLine>(COARSE_MM);
  for (const l of lines) {
    coarse.add(l.a, l);
    const atB = coarse.at(l.b);
    if (atB[atB.length - 1] !== l) coarse.add(l.b, l);
  }
  // the lines with an end at p, to follow a bent leader from one segment to the next: each once per end of it in the
  // JOIN_MM cells round p's (a line whose both ends lie there is met twice: no single next segment), from the coarse
  // look-up (a grid of JOIN_MM cells over every line of a dense sheet cost more than the leaders' whole search)
  const cellOf = (v: number) => Math.floor(v / JOIN_MM);
  const linesAt = (p: PointMm) => {
    const cx = cellOf(p[0]), cy = cellOf(p[1]);
    const round = (q: PointMm) => (Math.abs(cellOf(q[0]) - cx) <= 1 && Math.abs(cellOf(q[1]) - cy) <= 1 ? 1 : 0);
    const seen = new Set<DrawnLine>();
    const found: DrawnLine[] = [];
    for (const list of coarse.cellsAround(p, 1)) {
      for (const l of list) {
        if (seen.has(l)) continue;
        seen.add(l);
        if (!near(l.a, p) && !near(l.b, p)) continue;
        for (let n = round(l.a) + round(l.b); n > 0; n--) found.push(l);
      }
    }
    return found;
  };
  const linesStartingIn = (x0: number, y0: number, x1: number, y1: number) => {
    const found = new Set<DrawnLine>();
    for (const list of coarse.cellsInBox(x0, y0, x1, y1)) for (const l of list) found.add(l);
    return found;
  };
  for (const s of stamps) {
    const b = bbox(s.box);
    const start = LEADER_START_HEIGHTS * s.heightMm;
    const minRun = LEADER_MIN_HEIGHTS * s.heightMm;
    const outside = (p: PointMm) => Math.max(b.x0 - p[0], p[0] - b.x1, b.y0 - p[1], p[1] - b.y1, 0);
    let best: { at: PointMm; room: number; d: number } | null = null;
    for (const l of linesStartingIn(b.x0 - start, b.y0 - start, b.x1 + start, b.y1 + start)) {
      for (const [from, to] of [[l.a, l.b], [l.b, l.a]] as const) {
        const d0 = outside(from);
        if (d0 > start || outside(to) < minRun || (best && d0 >= best.d)) continue;
        const hit = follow(l, to);
        if (hit) best = { ...hit, d: d0 };
      }
    }
    if (best) out.set(s, { at: best.at, room: best.room });
  }
  return out;

  /** The room the leader reaches from `line`'s end `to`, following joined segments. */
  function follow(line: DrawnLine, to: PointMm): { at: PointMm; room: number } | null {
    let cur = line, end = to;
    for (let n = 0; n < MAX_LEADER_SEGMENTS; n++) {
      // the leader ends in a room (not in a wall); where it ends on a line drawn in the room that bounds it
      // (a counter's front, a hatch edge), a point near its end standing clear inside is taken
      const room = roomHolding(end);
      if (room >= 0) {
        for (let r = 0; r <= END_NEAR_MM; r += END_NEAR_STEP_MM) {
          for (let i = 0; i < (r ? 8 : 1); i++) {
            const p: PointMm = [end[0] + r * Math.cos((i * Math.PI) / 4), end[1] + r * Math.sin((i * Math.PI) / 4)];
            if (pointInPoly(p[0], p[1], rooms[room]) && distToPoly(p[0], p[1], rooms[room]) >= END_INSIDE_MM) return { at: p, room };
          }
        }
        return null;
      }
      // the next segment of a bent leader: exactly one other line leaves this end (a crossing is no bend)
      const next = linesAt(end).filter((l) => l !== cur);
      if (next.length !== 1) return null;
      cur = next[0];
      end = near(cur.a, end) ? cur.b : cur.a;
    }
    return null;
  }
}

/** Cell of the index of line ends (mm). */
const COARSE_MM = 1000;
const near = (p: PointMm, q: PointMm) => Math.abs(p[0] - q[0]) <= JOIN_MM && Math.abs(p[1] - q[1]) <= JOIN_MM;

/**
 * Stamps printed outside every room (with a name and a printed area) moved to where their leader points:
 * each stands at its leader's end, its box a text height around it. A room that holds a stamp with a
 * printed area of its own takes none (its own stamp names it; a stray line is no reason to cut it).
 */
/** A stamp moved to the room its leader points into; `ledFromBox` is where it is printed. */
export type LedStamp = RoomStamp & { ledFromBox: PointMm[] };

export function leaderStamps(rooms: PointMm[][], text: TextItem[], stampsIn: (poly: PointMm[]) => RoomStamp[], lines: () => DrawnLine[]): LedStamp[] {
  const boxes = rooms.map(bbox);
  const inSomeRoom = (p: PointMm) => rooms.some((r, i) => {
    const b = boxes[i];
    return p[0] >= b.x0 && p[0] <= b.x1 && p[1] >= b.y0 && p[1] <= b.y1 && pointInPoly(p[0], p[1], r);
  });
  const loose = readStamps(text.filter((t) => !inSomeRoom(t.at))).filter((s) => s.printedAreaMm2 !== null && s.names.length > 0);
  if (!loose.length) return [];
  const targets = leaderTargets(loose, lines(), rooms);
  const stamped = new Map<number, boolean>();
  const hasOwn = (i: number) => stamped.get(i) ?? stamped.set(i, stampsIn(rooms[i]).some((s) => s.printedAreaMm2 !== null)).get(i)!;
  const out: LedStamp[] = [];
  for (const [s, t] of targets) {
    if (hasOwn(t.room)) continue;
    const h = s.heightMm / 2;
    const [x, y] = t.at;
    out.push({ ...s, at: t.at, box: [[x - h, y - h], [x + h, y - h], [x + h, y + h], [x - h, y + h]], ledFromBox: s.box });
  }
  return out;
}
