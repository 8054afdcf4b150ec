/**
 * Callouts: a note printed in a room with a leader to the thing it names ('RAILING' with an arrow to a stair's
 * railing, 'CORNER CUPBOARD', 'WOOD FLOOR'). Drawing sets label fittings, finishes and construction this way,
 * beside the room's own name; a callout names what its arrow points at, not the room it stands in, so it is
 * never the room's label.
 *
 * A stamp is a callout when a drawn line or curve starts at a side of its text (within CALLOUT_START_HEIGHTS
 * text heights of its box, level with its lines), runs on (a bent or curved leader is followed through the
 * pieces joined end to end) and ends in an arrowhead clear of the text: two short strokes meeting at the end,
 * one on each side of the leader and pointing back along it, or a filled triangle with its tip there. A line
 * without an arrowhead is not enough: furniture, fittings and walls end beside room names too (a small fill at a
 * line's end is no arrowhead either: furniture and wall pieces are filled). A stamp with a printed area is a
 * room's own and is not asked (analyze.ts).
 */
import type { PointMm } from '../types.js';
import { bbox, hypot } from './geometry.js';
import { Grid } from './grid.js';
import type { RoomStamp } from './stamps.js';

/**
 * What leaders are drawn with, in page points (`mmPerPt` mm each): straight lines (dashed ones are no leaders),
 * Bézier curves (start, control 1, control 2, end) and filled shapes. Read in place: a dense sheet has hundreds
 * of thousands of lines, and only those near a stamp and along its leader are looked at.
 */
export interface CalloutWorld {
  lines: readonly { x1: number; y1: number; x2: number; y2: number; dashed?: boolean }[];
  curves: readonly { p: [number, number][] }[];
  fills: readonly { pts: [number, number][] }[];
  mmPerPt: number;
}

/** A leader starts this far from its text at most (text heights), level with the text's lines... */
const CALLOUT_START_HEIGHTS = 1.0;
/** ...and may start this far over the text's box (its side bearings, the box's rounding). */
const START_INSIDE_HEIGHTS = 0.3;
/** Its arrowhead stands at least this far from the text's box (text heights). */
const MIN_RUN_HEIGHTS = 2;
/** Pieces of a leader meet within this share of a text height (and within JOIN_MIN_MM). */
const JOIN_HEIGHTS = 0.1;
const JOIN_MIN_MM = 2;
/** Pieces followed along one leader at most (a curve exported as a polyline is many short lines). */
const MAX_PIECES = 24;
/** An arrowhead's stroke or fill is this long or wide (text heights)... */
const HEAD_MIN_HEIGHTS = 0.15;
const HEAD_MAX_HEIGHTS = 2.5;
/** ...and a stroke of it leaves the leader at this angle (degrees): a V, neither in line nor across it. */
const HEAD_MIN_DEG = 5;
const HEAD_MAX_DEG = 60;

/** One piece of a possible leader: its ends and, for each end, the point the piece comes from towards it. */
interface Piece { a: PointMm; b: PointMm; towardA: PointMm; towardB: PointMm; straight: boolean }

/** The stamps' callout test over the page's drawing (its look-ups built when first asked; each stamp asked once). */
export function calloutTest(world: CalloutWorld): (s: RoomStamp) => boolean {
  const k = world.mmPerPt;
  const mm = (p: [number, number]): PointMm => [p[0] * k, p[1] * k];
  // pieces by index: the lines first, then the curves (each built when first met; null: a dashed line)
  const nLines = world.lines.length;
  const built = new Map<number, Piece | null>();
  const piece = (i: number): Piece | null => {
    let c = built.get(i);
    if (c === undefined) {
      if (i < nLines) {
        const l = world.lines[i], a: PointMm = [l.x1 * k, l.y1 * k], b: PointMm = [l.x2 * k, l.y2 * k];
        c = l.dashed ? null : { a, b, towardA: b, towardB: a, straight: true };
      } else {
        const [p0, p1, p2, p3] = world.curves[i - nLines].p.map(mm);
        c = { a: p0, b: p3, towardA: farFrom(p0, p1, p3), towardB: farFrom(p3, p2, p0), straight: false };
      }
      built.set(i, c);
    }
    return c;
  };
  let ends: Grid<number> | null = null;
  let fillGrid: Grid<number> | null = null;
  const index = () => {
    if (!ends) {
      ends = new Grid<number>(ENDS_CELL_MM);
      const file = (i: number, a: PointMm, b: PointMm) => {
        ends!.add(a, i);
        const atB = ends!.at(b);
        if (atB[atB.length - 1] !== i) ends!.add(b, i);
      };
      world.lines.forEach((l, i) => { if (!l.dashed) file(i, [l.x1 * k, l.y1 * k], [l.x2 * k, l.y2 * k]); });
      world.curves.forEach((c, j) => { if (c.p.length === 4) file(nLines + j, mm(c.p[0]), mm(c.p[3])); });
      // (a fill is filed by its box in points, scaled: an arrowhead's box is a cell or two)
      fillGrid = new Grid<number>(ENDS_CELL_MM);
      world.fills.forEach((f, i) => {
        if (f.pts.length > MAX_HEAD_CORNERS) return;
        let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
        for (const [x, y] of f.pts) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); }
        fillGrid!.addBox(x0 * k, y0 * k, x1 * k, y1 * k, i, 16);
      });
    }
    return { ends, fills: fillGrid! };
  };
  const piecesAt = (p: PointMm, tol: number) => {
    // (a piece is filed at both its ends: met once)
    const seen = new Set<number>();
    const out: Piece[] = [];
    for (const list of index().ends.cellsAround(p, 1)) {
      for (const i of list) {
        if (seen.has(i)) continue;
        seen.add(i);
        const q = piece(i);
        if (q && (near(q.a, p, tol) || near(q.b, p, tol))) out.push(q);
      }
    }
    return out;
  };
  const known = new Map<string, boolean>();
  return (s) => {
    const key = `${s.at[0]},${s.at[1]},${s.names.join('|')}`;
    let v = known.get(key);
    if (v === undefined) known.set(key, (v = isCallout(s)));
    return v;
  };

  function isCallout(s: RoomStamp): boolean {
    const h = s.heightMm;
    if (!(h > 0)) return false;
    const box = bbox(s.box);
    const join = Math.max(JOIN_HEIGHTS * h, JOIN_MIN_MM);
    const reach = CALLOUT_START_HEIGHTS * h, inside = START_INSIDE_HEIGHTS * h;
    const startsHere = (p: PointMm) => p[1] >= box.y0 - h / 2 && p[1] <= box.y1 + h / 2 &&
      ((p[0] >= box.x0 - reach && p[0] <= box.x0 + inside) || (p[0] >= box.x1 - inside && p[0] <= box.x1 + reach));
    const clear = (p: PointMm) => Math.max(box.x0 - p[0], p[0] - box.x1, box.y0 - p[1], p[1] - box.y1) >= MIN_RUN_HEIGHTS * h;
    const { ends } = index();
    const seen = new Set<number>();
    for (const list of ends.cellsInBox(box.x0 - reach, box.y0 - h, box.x1 + reach, box.y1 + h)) {
      for (const i of list) {
        if (seen.has(i)) continue;
        seen.add(i);
        const first = piece(i);
        if (!first) continue;
        for (const [from, to] of [[first.a, first.b], [first.b, first.a]] as const) {
          if (!startsHere(from) || startsHere(to)) continue;
          if (followsToArrow(first, from === first.a ? 'b' : 'a', h, join, clear)) return true;
        }
      }
    }
    return false;
  }

  /** Whether the leader starting with `piece`, leaving by its end `end`, reaches an arrowhead clear of the text. */
  function followsToArrow(piece: Piece, end: 'a' | 'b', h: number, join: number, clear: (p: PointMm) => boolean): boolean {
    let cur = piece, at = end;
    for (let n = 0; n < MAX_PIECES; n++) {
      const p = at === 'b' ? cur.b : cur.a, from = at === 'b' ? cur.towardB : cur.towardA;
      const len = hypot(p[0] - from[0], p[1] - from[1]);
      if (len < 1e-9) return false;
      const u: PointMm = [(p[0] - from[0]) / len, (p[1] - from[1]) / len];
      const others = piecesAt(p, join).filter((q) => q !== cur);
      if (clear(p) && (arrowStrokes(p, u, others, h) || arrowFill(p, u, h, join))) return true;
      if (others.length !== 1) return false;
      cur = others[0];
      at = near(cur.a, p, join) ? 'b' : 'a';
    }
    return false;
  }

  /** Two short straight strokes from `p` back along the leader (direction `u`), one on each side of it. */
  function arrowStrokes(p: PointMm, u: PointMm, others: Piece[], h: number): boolean {
    let left = false, right = false;
    for (const q of others) {
      if (!q.straight) continue;
      const side = wing(p, u, hypot(q.a[0] - p[0], q.a[1] - p[1]) > hypot(q.b[0] - p[0], q.b[1] - p[1]) ? q.a : q.b, h);
      if (side > 0) left = true; else if (side < 0) right = true;
    }
    return left && right;
  }

  /** A filled triangle with its tip at `p`, its other corners back along the leader on each side (a solid arrowhead). */
  function arrowFill(p: PointMm, u: PointMm, h: number, join: number): boolean {
    for (const i of index().fills.at(p)) {
      const ring = world.fills[i].pts;
      const corners = ring.map(mm).filter((q, j, all) => j === 0 || !near(q, all[j - 1], join));
      if (corners.length > 3 && near(corners[0], corners[corners.length - 1], join)) corners.pop();
      if (corners.length !== 3) continue;
      const tip = corners.findIndex((q) => near(q, p, join));
      if (tip < 0) continue;
      const [s1, s2] = [corners[(tip + 1) % 3], corners[(tip + 2) % 3]].map((q) => wing(p, u, q, h));
      if (s1 * s2 < 0) return true;
    }
    return false;
  }
}

/**
 * Which side of a leader arriving at `p` in direction `u` the arrowhead's corner or stroke end `q` stands on (+1,
 * -1), or 0 when `q` is no arrowhead's: it lies back along the leader, HEAD_MIN_DEG..HEAD_MAX_DEG off its line, at
 * HEAD_MIN_HEIGHTS..HEAD_MAX_HEIGHTS text heights (`h`) from the tip.
 */
function wing(p: PointMm, u: PointMm, q: PointMm, h: number): number {
  const len = hypot(q[0] - p[0], q[1] - p[1]);
  if (len < HEAD_MIN_HEIGHTS * h || len > HEAD_MAX_HEIGHTS * h) return 0;
  const c = ((p[0] - q[0]) * u[0] + (p[1] - q[1]) * u[1]) / len;
  if (c < COS_MAX_DEG || c > COS_MIN_DEG) return 0;
  return Math.sign(u[0] * (q[1] - p[1]) - u[1] * (q[0] - p[0]));
}
const COS_MIN_DEG = Math.cos((HEAD_MIN_DEG * Math.PI) / 180), COS_MAX_DEG = Math.cos((HEAD_MAX_DEG * Math.PI) / 180);

/** A filled arrowhead is a triangle: three corners, four or five points with the closing one repeated. */
const MAX_HEAD_CORNERS = 5;
/** Cell of the look-up of piece ends (mm). */
const ENDS_CELL_MM = 250;

const near = (p: PointMm, q: PointMm, tol: number) => Math.abs(p[0] - q[0]) <= tol && Math.abs(p[1] - q[1]) <= tol;

/** The control point a curve leaves `end` towards, or its other end when the control point sits on the end. */
function farFrom(end: PointMm, control: PointMm, other: PointMm): PointMm {
  return hypot(control[0] - end[0], control[1] - end[1]) > 1e-6 ? control : other;
}
