/** Doors (swing arcs) and openings closed by the gap-sealing step, with windows told apart by glass lines. */
import type { PointMm } from '../types.js';
import type { Curve, Seg } from '../source/extract.js';
import type { MmSeg } from './walls.js';
import { bbox, curveCircle, hypot } from './geometry.js';
import { Grid } from './grid.js';

/** Which arcs are looked for: radius range (mm), and whether every one must have its leaf drawn. */
interface SwingSearch {
  minRadiusMm: number; maxRadiusMm: number; leafDrawn?: boolean;
  /** A leaf's ends lie within this share of the radius of the hinge and the arc's end (at least LEAF_NEAR_MM): a leaf
   * drawn as a box is as thick as a share of a door's width, at whatever scale the page is read. */
  leafReachShare?: number;
}
/** A door's leaf is 450-1300 mm wide. */
const DOOR_SWINGS: SwingSearch = { minRadiusMm: 450, maxRadiusMm: 1300 };

/** The swings whose drawn size the scale check reads: any size a drawing at a wrong scale may give, each with its leaf. */
const ANY_SIZE_SWINGS: SwingSearch = { minRadiusMm: 100, maxRadiusMm: 6000, leafDrawn: true, leafReachShare: 0.05 };
/** Doors measured at a plausible scale are this wide at the median (mm)... */
const DOOR_MEDIAN_MIN_MM = 550;
const DOOR_MEDIAN_MAX_MM = 1250;
/** ...and a typical door this wide: the scale the swings suggest brings their median to it. */
const TYPICAL_DOOR_MM = 850;
/** At least this many swings with their leaves drawn are needed to read a scale from them. */
const MIN_SCALE_SWINGS = 3;

/**
 * The scale the drawn doors suggest, when they are implausibly sized at the chosen one: the median leaf width of
 * the page's swings (arcs of 60-100 degrees with their leaf drawn, any size) as measured, and the scale N' of 1:N'
 * that would make it a typical door. Null when too few swings are drawn or their median is a door's width.
 */
export function doorScaleCheck(curves: Curve[], k: number, segs: readonly Seg[], scaleN: number, inWall: (p: PointMm) => boolean): { medianMm: number; suggested: number } | null {
  // (a door is hung in a wall: a chair's back or a table's round corner, drawn with a line to its centre, is not)
  const swings = findDoorArcs(curves, k, segs, ANY_SIZE_SWINGS).filter((a) => !a.leafEnd && hingeAtWall(a, inWall));
  if (swings.length < MIN_SCALE_SWINGS) return null;
  const radii = swings.map((a) => a.radius).sort((a, b) => a - b);
  const median = radii[radii.length >> 1];
  if (median >= DOOR_MEDIAN_MIN_MM && median <= DOOR_MEDIAN_MAX_MM) return null;
  return { medianMm: median, suggested: Math.round((scaleN * TYPICAL_DOOR_MM) / median) };
}

/** A swing's hinge stands at a wall: the walls are within this share of its radius of it. */
const HINGE_AT_WALL_SHARE = 0.2;

function hingeAtWall(a: DoorArc, inWall: (p: PointMm) => boolean): boolean {
  if (inWall(a.hinge)) return true;
  for (const share of [0.05, 0.1, HINGE_AT_WALL_SHARE]) {
    for (let i = 0; i < 16; i++) {
      const t = (i * Math.PI) / 8, d = share * a.radius;
      if (inWall([a.hinge[0] + d * Math.cos(t), a.hinge[1] + d * Math.sin(t)])) return true;
    }
  }
  return false;
}

/** Cell of the look-up of leaf lines by their ends (mm). */
const LEAF_CELL_MM = 200;

export interface DoorArc {
  hinge: PointMm; ends: [PointMm, PointMm]; radius: number;
  /**
   * Drawn open less than SWING_MIN_DEG: the end its leaf is drawn to (the open one). A window's casement is drawn
   * so as often as a door, its closed end on the glass line.
   */
  leafEnd?: PointMm;
}

/** A door's swing sweeps this far (degrees): a door drawn open at a right angle, or a little more or less. */
const SWING_MIN_DEG = 60;
const SWING_MAX_DEG = 100;
/**
 * A door drawn open at 30-45 degrees (a common drafting habit) sweeps this little: such an arc is a swing only with
 * its leaf drawn, a line from the hinge to the arc's open end as long as its radius (a curved line of furniture or
 * an angle's dimension arc has none).
 */
const LEAF_SWING_MIN_DEG = 30;
/** A leaf line starts and ends this close to the hinge and the arc's end (mm), and is as long as the radius within this share. */
const LEAF_NEAR_MM = 40;
const LEAF_LENGTH_SHARE = 0.1;

/**
 * Door swings: Bézier pieces on one circle (same centre and radius, CAD often splits a quarter arc and
 * draws the pieces in any order) adding up to a 60-100° arc of a door's radius (`within`: 450-1300 mm); or to a
 * 30-60° arc whose leaf is drawn (one of `segs`, page points, from the hinge to an end of the arc).
 */
export function findDoorArcs(curves: Curve[], k: number, segs: readonly Seg[] = [], within: SwingSearch = DOOR_SWINGS): DoorArc[] {
  const pieces = arcPieces(curves, k).filter((q) => q.r >= within.minRadiusMm && q.r <= within.maxRadiusMm);
  // (the pieces by their centres: the pieces of one circle are looked for among those in the cells round it)
  const byCentre = new Grid<number>(SAME_CIRCLE_MM);
  pieces.forEach((q, j) => byCentre.add(q.c, j));
  const used = new Array(pieces.length).fill(false);
  // the swings in the pieces' order, each with whether its leaf must be drawn (asked below, all at once)
  const found: { c: PointMm; r: number; ends: [PointMm, PointMm]; short: boolean; leafAsked: boolean }[] = [];
  for (let i = 0; i < pieces.length; i++) {
    if (used[i]) continue;
    used[i] = true;
    const group = [pieces[i]];
    const pc = pieces[i].c;
    const same = byCentre.inBox(pc[0] - SAME_CIRCLE_MM, pc[1] - SAME_CIRCLE_MM, pc[0] + SAME_CIRCLE_MM, pc[1] + SAME_CIRCLE_MM).filter((j) => j > i).sort((x, y) => x - y);
    for (const j of same) {
      if (used[j]) continue;
      const q = pieces[j];
      if (hypot(q.c[0] - pc[0], q.c[1] - pc[1]) < SAME_CIRCLE_MM && Math.abs(q.r - pieces[i].r) < SAME_CIRCLE_MM) { used[j] = true; group.push(q); }
    }
    // walk from the first piece both ways through touching ends
    let first = group[0], last = group[0];
    let sweep = ((group[0].a1 - group[0].a0 + 2 * Math.PI) % (2 * Math.PI));
    const rest = group.slice(1);
    let grew = true;
    while (grew && rest.length) {
      grew = false;
      for (let j = 0; j < rest.length; j++) {
        const q = rest[j];
        const d = (u: PointMm, v: PointMm) => hypot(u[0] - v[0], u[1] - v[1]);
        if (d(q.p0, last.p1) < 20) { last = q; } else if (d(q.p1, first.p0) < 20) { first = q; } else continue;
        sweep += (q.a1 - q.a0 + 2 * Math.PI) % (2 * Math.PI);
        rest.splice(j, 1);
        grew = true;
        break;
      }
    }
    const sweepDeg = (sweep * 180) / Math.PI;
    if (sweepDeg < LEAF_SWING_MIN_DEG || sweepDeg > SWING_MAX_DEG) continue;
    const r = group.reduce((s, g) => s + g.r, 0) / group.length;
    const short = sweepDeg < SWING_MIN_DEG;
    found.push({ c: group[0].c, r, ends: [first.p0, last.p1], short, leafAsked: short || !!within.leafDrawn });
  }
  const leafTo = leafTips(found.filter((f) => f.leafAsked), k, segs, within);
  const arcs: DoorArc[] = [];
  for (const f of found) {
    const leafEnd = f.leafAsked ? leafTo(f) : null;
    if (f.leafAsked && !leafEnd) continue;
    if (arcs.some((d) => hypot(d.hinge[0] - f.c[0], d.hinge[1] - f.c[1]) < 50 && Math.abs(d.radius - f.r) < 50)) continue;
    arcs.push({ hinge: f.c, ends: f.ends, radius: f.r, ...(f.short && leafEnd ? { leafEnd } : {}) });
  }
  return arcs;
}

/** A curve as a piece of its circle (mm), oriented counter-clockwise in angle so the pieces of one arc can be joined. */
interface ArcPiece { c: PointMm; r: number; a0: number; a1: number; p0: PointMm; p1: PointMm }

/** The pieces of a page's curves at `k` mm per point, worked out once: the door search and the scale check both ask. */
const piecesCache = new WeakMap<Curve[], { k: number; pieces: ArcPiece[] }>();

/** The curves that are pieces of a circle (not straight), in their order. */
function arcPieces(curves: Curve[], k: number): ArcPiece[] {
  const known = piecesCache.get(curves);
  if (known && known.k === k) return known.pieces;
  const pieces: ArcPiece[] = [];
  for (const cv of curves) {
    const circ = curveCircle(cv.p, k);
    if (!circ) continue;
    const { a, m, z } = circ;
    const ang = (p: PointMm) => Math.atan2(p[1] - circ.c[1], p[0] - circ.c[0]);
    let a0 = ang(a), a1 = ang(z);
    const am = ang(m);
    const ccw = ((am - a0 + 3 * Math.PI) % (2 * Math.PI)) - Math.PI > 0;
    if (!ccw) [a0, a1] = [a1, a0];
    pieces.push({ c: circ.c, r: circ.r, a0, a1, p0: ccw ? a : z, p1: ccw ? z : a });
  }
  piecesCache.set(curves, { k, pieces });
  return pieces;
}

/** Pieces whose centres and radii are this close (mm) lie on one circle. */
const SAME_CIRCLE_MM = 40;

/**
 * For the swings `asked` (hinge `c`, radius `r`, arc ends `ends`): the end a leaf is drawn to from the hinge (one of
 * `segs`, page points, as long as the radius within LEAF_LENGTH_SHARE, its ends near the hinge and that end), or null.
 * Only the lines with an end near one of the hinges are looked at (a dense sheet has a hundred thousand).
 */
function leafTips(asked: { c: PointMm; r: number; ends: [PointMm, PointMm] }[], k: number, segs: readonly Seg[], within: SwingSearch) {
  // (the ends' reach grows with a leaf drawn larger than a door at a wrong scale)
  const reachOf = (r: number) => (within.leafReachShare ? Math.max(LEAF_NEAR_MM, within.leafReachShare * r) : LEAF_NEAR_MM * Math.max(1, r / DOOR_SWINGS.maxRadiusMm));
  const hinges = new Grid<number>(LEAF_CELL_MM);
  let maxReach = 0;
  asked.forEach((f, i) => { hinges.add(f.c, i); maxReach = Math.max(maxReach, reachOf(f.r)); });
  const nearHinge = (p: PointMm) => hinges.inBox(p[0] - maxReach, p[1] - maxReach, p[0] + maxReach, p[1] + maxReach).length > 0;
  // the lines that may be leaves, by the cells of their ends (mm)
  const ends = new Grid<{ a: PointMm; b: PointMm; len: number }>(LEAF_CELL_MM);
  if (asked.length) {
    for (const s of segs) {
      if (s.dashed) continue;
      const a: PointMm = [s.x1 * k, s.y1 * k], b: PointMm = [s.x2 * k, s.y2 * k];
      const len = hypot(b[0] - a[0], b[1] - a[1]);
      // (a leaf is as long as the smallest radius looked for, less its share)
      if (len < (1 - LEAF_LENGTH_SHARE) * within.minRadiusMm || !(nearHinge(a) || nearHinge(b))) continue;
      ends.add(a, { a, b, len }); ends.add(b, { a, b, len });
    }
  }
  return ({ c: hinge, r, ends: tips }: { c: PointMm; r: number; ends: [PointMm, PointMm] }): PointMm | null => {
    const reach = reachOf(r);
    const near = (p: PointMm, q: PointMm) => hypot(p[0] - q[0], p[1] - q[1]) <= reach;
    for (const l of ends.inBox(hinge[0] - reach, hinge[1] - reach, hinge[0] + reach, hinge[1] + reach)) {
      if (Math.abs(l.len - r) > LEAF_LENGTH_SHARE * r) continue;
      const tip = tips.find((t) => (near(l.a, hinge) && near(l.b, t)) || (near(l.b, hinge) && near(l.a, t)));
      if (tip) return tip;
    }
    return null;
  };
}

/**
 * A test for door leaf lines: a line from the hinge of a swing drawn open at about a right angle to one of its ends, as
 * long as its radius. Arcs are looked up by the grid cell of their hinge, so the test stays cheap on pages with many
 * lines.
 */
export function leafLines(arcs: DoorArc[]): (s: MmSeg) => boolean {
  const CELL = 100, NEAR = 40;
  // (a swing drawn open less than a right angle, a casement's as often as a door's, leaves its lines to the walls: a
  // sash's lines lie in the window's frame)
  const swings = arcs.filter((a) => !a.leafEnd);
  // each arc in its hinge's cell and the cells around it
  const byHinge = new Grid<DoorArc>(CELL);
  for (const a of swings) byHinge.addBox(a.hinge[0] - CELL, a.hinge[1] - CELL, a.hinge[0] + CELL, a.hinge[1] + CELL, a);
  const near = (p: PointMm, q: PointMm) => hypot(p[0] - q[0], p[1] - q[1]) < NEAR;
  const fromHinge = (hinge: PointMm, end: PointMm, len: number) => byHinge.at(hinge).some((a) =>
    Math.abs(len - a.radius) < 0.1 * a.radius && near(hinge, a.hinge) && a.ends.some((e) => near(end, e)));
  return (s) => swings.length > 0 && (fromHinge(s.a, s.b, s.len) || fromHinge(s.b, s.a, s.len));
}

/**
 * Doors are drawn open: the leaf line runs from the hinge to one end of the swing. The other end is where the
 * leaf closes, so the chord from the hinge to that end lies across the opening. The closed end of each arc
 * whose leaf is drawn as a line (arcs without one are left out).
 */
export function closedEnds(arcs: DoorArc[], segs: MmSeg[]): Map<DoorArc, PointMm> {
  const CELL = 100, NEAR = 40;
  const byHinge = new Grid<DoorArc>(CELL);
  for (const a of arcs) byHinge.addBox(a.hinge[0] - CELL, a.hinge[1] - CELL, a.hinge[0] + CELL, a.hinge[1] + CELL, a);
  const near = (p: PointMm, q: PointMm) => hypot(p[0] - q[0], p[1] - q[1]) < NEAR;
  const leafTo = new Map<DoorArc, Set<number>>();
  // (either end of a line may be the hinge: asked of every line of the page, so without a pair built per line)
  const leafFrom = (s: MmSeg, h: PointMm, e: PointMm) => {
    for (const a of byHinge.at(h)) {
      if (Math.abs(s.len - a.radius) > 0.1 * a.radius || !near(h, a.hinge)) continue;
      a.ends.forEach((end, i) => { if (near(e, end)) (leafTo.get(a) ?? leafTo.set(a, new Set()).get(a)!).add(i); });
    }
  };
  for (const s of segs) {
    leafFrom(s, s.a, s.b);
    leafFrom(s, s.b, s.a);
  }
  const out = new Map<DoorArc, PointMm>();
  for (const [a, ends] of leafTo) if (ends.size === 1) out.set(a, a.ends[ends.has(0) ? 1 : 0]);
  return out;
}

export interface Gap { pts: PointMm[]; center: PointMm; width: number; depth: number; horizontal: boolean }

/** Pieces added by sealing that look like a wall opening: one side 400-3600 mm, the other at most a wall. */
export function gapPieces(pieces: PointMm[][]): Gap[] {
  const out: Gap[] = [];
  for (const pts of pieces) {
    const bb = bbox(pts);
    const width = Math.max(bb.w, bb.h), depth = Math.min(bb.w, bb.h);
    if (width < 400 || width > 3600 || depth < 40 || depth > 400) continue;
    out.push({ pts, center: [(bb.x0 + bb.x1) / 2, (bb.y0 + bb.y1) / 2], width, depth, horizontal: bb.w >= bb.h });
  }
  return out;
}

/** Thin lines lying along the gap (glass or sill lines) mark a window. */
export function countGlassLines(g: Gap, thin: MmSeg[]): number {
  const bb = bbox(g.pts);
  let n = 0;
  for (const s of thin) {
    const mx = (s.a[0] + s.b[0]) / 2, my = (s.a[1] + s.b[1]) / 2;
    if (mx < bb.x0 - 5 || mx > bb.x1 + 5 || my < bb.y0 - 5 || my > bb.y1 + 5) continue;
    const along = g.horizontal ? Math.abs(Math.cos(s.ang)) > 0.95 : Math.abs(Math.sin(s.ang)) > 0.95;
    if (along && s.len > 0.5 * g.width) n++;
  }
  return n;
}
