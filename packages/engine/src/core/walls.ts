/**
 * Wall detection in the mm frame. Three CAD styles become wall polygons: dark filled polygons of wall-like
 * thickness, single strokes as thick as a wall, and pairs of parallel lines at wall thickness (70-350 mm).
 */
import type { PointMm } from '../types.js';
import { hatchedFills, wallLayers } from './light-fills.js';
import { Grid, alongSeg, segGrid } from './grid.js';
import { AreaGrid } from './area-grid.js';
import type { Curve, FillPoly, Seg, VectorPage } from '../source/extract.js';
import { DOT_MAX_PT, markDrawnDashes } from '../source/drawn-dashes.js';
import { union, difference, FillRule } from 'clipper2-ts';
import { bbox, curveCircle, fromPath, hypot, pointInPoly, polyArea, polyPerimeter, toPath } from './geometry.js';

export interface MmSeg {
  a: PointMm; b: PointMm; w: number; len: number; ang: number; /** stroke colour 0xRRGGBB */ rgb?: number; /** path drawn in */ path?: number;
  /** Taken back from a filled outline (fillLines): its width is estimated from the outline, not a pen's. */
  outlined?: boolean;
}
/** A piece of text: its centre and height (mm). */
export interface TextMark { at: PointMm; heightMm: number; widthMm?: number }

export const WALL_MIN_MM = 70;
export const WALL_MAX_MM = 350;
const MIN_PAIR_LEN_MM = 300;
/** Fills up to this light a grey may be cut walls (CAD fills concrete and masonry in light greys too); white never. */
const WALL_FILL_MAX_GRAY = 0.8;
/** Paler fills up to this grey are walls only when hatched across (ARCHICAD's concrete is 0.87 under its hatch). */
const HATCHED_WALL_FILL_MAX_GRAY = 0.9;
/** Face spacing accepted for a pair of lines: the wall range with room for rounding in the drawing. */
const PAIR_MIN_MM = WALL_MIN_MM * 0.9;
const PAIR_MAX_MM = WALL_MAX_MM * 1.1;
/** Shortest wall face line considered (a short wall piece between a window and a corner). */
const MIN_FACE_LEN_MM = 100;
const MAX_PAIR_SEGS = 30_000;
/**
 * Share of the wall area in fills above which the plan cuts its walls as fills (fill-cut real plans: 30-40 %;
 * plans of lines only: none; a few filled columns or piers in a plan of lines: a few per cent). A coarse
 * page-wide share over every wall polygon found, furniture pairs included, for the outdoor rules; the fittings
 * rule judges the same question more finely, band by band (FILLED_PAGE_SHARE, FILLED_AROUND_SHARE).
 */
const CUT_AS_FILLS_SHARE = 0.15;
/** A line running this far past both ends of a pair, between its lines, is a grid axis, not a third face (mm). */
const AXIS_OVERRUN_MM = 1000;

export interface WallFinding {
  polys: PointMm[][];
  style: string;
  /** Whether the plan cuts its walls as fills (fills make at least CUT_AS_FILLS_SHARE of the wall area). */
  cutAsFills: boolean;
  thin: MmSeg[];
  /** Straight wall runs: direction (deg bucket), face offsets lo < hi across, extent t0 < t1 along. */
  bands: Band[];
  /**
   * Thin-line bands that may be fittings against a wall rather than walls (see looseFittings): not in `polys`;
   * analyze tries the rooms without them and keeps a room grown that way only where it stays one room.
   */
  fittings: PointMm[][];
  /** Every dark fill (outer rings and holes), wall-like or not: cut walls, the small piers at their corners. */
  darkFills: PointMm[][];
  /** Dark fills thinner than any wall, as their longest side: boards cut like the walls (a pre-wall's face). */
  cutBoards: MmSeg[];
  /** The time budget ran out while lines were paired into walls: the walls of some directions were not looked
   * for, so rooms may be merged or missing (the result must say so). */
  cutShort: boolean;
}

/** When the wall search must stop, and whether it had to. */
interface Clock { readonly deadline: number; cutShort: boolean }

/** A straight piece of wall between two faces, in a frame along its direction u = (cos, sin) of `deg`. */
export interface Band { deg: number; lo: number; hi: number; t0: number; t1: number }

/** Frames by direction, built once each: the wall stages ask for a band's frame millions of times on a dense
 * sheet, for a few thousand directions (the cache is dropped past FRAME_CACHE_MAX directions). */
const frames = new Map<number, { readonly ux: number; readonly uy: number }>();
const FRAME_CACHE_MAX = 100_000;
/** A direction's unit vector. */
type Frame = { readonly ux: number; readonly uy: number };
export const bandFrame = (deg: number): Frame => {
  let f = frames.get(deg);
  if (!f) {
    if (frames.size >= FRAME_CACHE_MAX) frames.clear();
    const a = (deg * Math.PI) / 180;
    frames.set(deg, (f = Object.freeze({ ux: Math.cos(a), uy: Math.sin(a) })));
  }
  return f;
};
/** Point of a band frame back in the mm frame. */
export function bandPoint(deg: number, t: number, off: number): PointMm {
  const { ux, uy } = bandFrame(deg);
  return [ux * t - uy * off, uy * t + ux * off];
}
/** A segment in the band frame of its direction: offset across, extent t0 < t1 along. */
interface LineFrame { s: MmSeg; deg: number; off: number; t0: number; t1: number }
function lineFrame(s: MmSeg): LineFrame {
  const deg = Math.round((s.ang * 180) / Math.PI) % 180;
  const { ux, uy } = bandFrame(deg);
  const off = -uy * (s.a[0] + s.b[0]) / 2 + ux * (s.a[1] + s.b[1]) / 2;
  const ta = ux * s.a[0] + uy * s.a[1], tb = ux * s.b[0] + uy * s.b[1];
  return { s, deg, off, t0: Math.min(ta, tb), t1: Math.max(ta, tb) };
}
/** Segments grouped by direction (whole degrees), each group sorted by offset across. */
function byDirection(segs: MmSeg[]): Map<number, LineFrame[]> {
  const out = new Map<number, LineFrame[]>();
  for (const s of segs) {
    const f = lineFrame(s);
    (out.get(f.deg) ?? out.set(f.deg, []).get(f.deg)!).push(f);
  }
  for (const list of out.values()) list.sort((p, q) => p.off - q.off);
  return out;
}
/** The index of the first line of `list` (sorted by offset) with an offset above `lo`, by halving: a dense sheet has
 * thousands of lines per direction, and the pair tests ask for every pair. */
function firstAbove(list: LineFrame[], lo: number): number {
  let a = 0, b = list.length;
  while (a < b) {
    const m = (a + b) >> 1;
    if (list[m].off <= lo) a = m + 1; else b = m;
  }
  return a;
}
function segBand(s: MmSeg, half: number): Band {
  const { deg, off, t0, t1 } = lineFrame(s);
  return { deg, lo: off - half, hi: off + half, t0, t1 };
}
/** The four corners of a band, in the mm frame. */
export const bandCorners = (b: Band): PointMm[] =>
  [bandPoint(b.deg, b.t0, b.lo), bandPoint(b.deg, b.t1, b.lo), bandPoint(b.deg, b.t1, b.hi), bandPoint(b.deg, b.t0, b.hi)];
/** Middle of a band, in the mm frame. */
export const bandMid = (b: Band): PointMm => bandPoint(b.deg, (b.t0 + b.t1) / 2, (b.lo + b.hi) / 2);
/** Whether `p` lies in band `b`, grown by `tol` (mm) every way. */
function inBandAt(b: Band, p: PointMm, tol = 0): boolean {
  const { ux, uy } = bandFrame(b.deg);
  const t = ux * p[0] + uy * p[1], off = -uy * p[0] + ux * p[1];
  return t >= b.t0 - tol && t <= b.t1 + tol && off >= b.lo - tol && off <= b.hi + tol;
}
/** How far apart two directions are (degrees, 0-90). */
export const degApart = (a: number, b: number): number => { const d = Math.abs(a - b) % 180; return Math.min(d, 180 - d); };

/** A filled shape at most this wide on paper is a drawn line (pt, about 0.2 mm). */
const FILL_LINE_MAX_PT = 0.6;

/**
 * Layout programs often export every stroke as its outline, filled: a line (or a polyline) becomes a thin
 * polygon running out along one side of the line and back along the other. A filled ring at most a fine pen
 * thick (2·area/perimeter) is taken back as its lines: each long edge once (its twin on the other side dropped),
 * with the thickness as the pen. The caps across the ends are shorter than a few pens and dropped.
 */
export function fillLines(fills: FillPoly[]): Seg[] {
  const out: Seg[] = [];
  for (const f of fills) {
    const p = f.pts;
    if (p.length < 4 || p.length > 400) continue;
    let area = 0, per = 0;
    for (let i = 0, j = p.length - 1; i < p.length; j = i++) {
      area += (p[j][0] + p[i][0]) * (p[j][1] - p[i][1]);
      per += hypot(p[i][0] - p[j][0], p[i][1] - p[j][1]);
    }
    const w = per > 0 ? Math.abs(area) / per : Infinity; // 2·(area/2)/perimeter
    if (w > FILL_LINE_MAX_PT) continue;
    const kept: { ax: number; ay: number; ux: number; uy: number; len: number }[] = [];
    for (let i = 0, j = p.length - 1; i < p.length; j = i++) {
      const [ax, ay] = p[j], [bx, by] = p[i];
      const len = hypot(bx - ax, by - ay);
      if (len < Math.max(4 * w, 0.5)) continue;
      const ux = (bx - ax) / len, uy = (by - ay) / len;
      const twin = kept.some((e) => {
        if (Math.abs(e.ux * uy - e.uy * ux) > 0.035) return false;
        const off = Math.abs(-e.uy * (ax - e.ax) + e.ux * (ay - e.ay));
        if (off > 3 * w + 0.05) return false;
        const ta = e.ux * (ax - e.ax) + e.uy * (ay - e.ay), tb = e.ux * (bx - e.ax) + e.uy * (by - e.ay);
        const ov = Math.min(e.len, Math.max(ta, tb)) - Math.max(0, Math.min(ta, tb));
        return ov > 0.5 * Math.min(len, e.len);
      });
      if (twin) continue;
      kept.push({ ax, ay, ux, uy, len });
      out.push({ x1: ax, y1: ay, x2: bx, y2: by, w: 2 * w });
    }
  }
  return out;
}

/** A filled shape no larger than this each way is a dot drawn as its outline: a pen's width round a dot (pt). */
const DOT_FILL_MAX_PT = DOT_MAX_PT + FILL_LINE_MAX_PT;
/** Dots drawn as tiny filled outlines, as zero-length lines at their centres. */
function fillDots(fills: FillPoly[]): Seg[] {
  const out: Seg[] = [];
  for (const f of fills) {
    if (f.pts.length > 40) continue;
    const b = bbox(f.pts);
    if (b.w > DOT_FILL_MAX_PT || b.h > DOT_FILL_MAX_PT) continue;
    const cx = (b.x0 + b.x1) / 2, cy = (b.y0 + b.y1) / 2;
    out.push({ x1: cx, y1: cy, x2: cx, y2: cy, w: Math.min(b.w, b.h) });
  }
  return out;
}

const outlinedCache = new WeakMap<VectorPage, Seg[] | null>();
/**
 * The lines of a page drawn as filled outlines, or null when the page strokes its lines (there a thin fill is
 * a thin thing, e.g. glass, and a filled curve a glyph or a round fill, not a swing).
 */
export function outlineLines(v: VectorPage): Seg[] | null {
  if (!outlinedCache.has(v)) {
    const lines = fillLines(v.fills);
    const outlined = lines.length > v.segs.length;
    // a dashed line exported as outlines is its dashes, and its dots are tiny fills between them
    if (outlined) markDrawnDashes([...lines, ...fillDots(v.fills)]);
    outlinedCache.set(v, outlined ? lines : null);
  }
  return outlinedCache.get(v)!;
}

export function toMmSegs(v: VectorPage, k: number): MmSeg[] {
  const out: MmSeg[] = [];
  const outlined = outlineLines(v);
  const add = (s: Seg, fromOutline: boolean) => {
    if (s.dashed) return;
    const ax = s.x1 * k, ay = s.y1 * k, bx = s.x2 * k, by = s.y2 * k;
    const len = hypot(bx - ax, by - ay);
    if (len < 1) return;
    const a: PointMm = [ax, ay], b: PointMm = [bx, by];
    let ang = Math.atan2(by - ay, bx - ax);
    if (ang < 0) ang += Math.PI;
    if (ang >= Math.PI) ang -= Math.PI;
    out.push({ a, b, w: s.w * k, len, ang, rgb: s.rgb, path: s.path, outlined: fromOutline });
  };
  for (const s of v.segs) add(s, false);
  for (const s of outlined ?? []) add(s, true);
  return out;
}

function quad(a: PointMm, b: PointMm, half: number): PointMm[] {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const l = hypot(dx, dy) || 1;
  const nx = (-dy / l) * half, ny = (dx / l) * half;
  return [[a[0] + nx, a[1] + ny], [b[0] + nx, b[1] + ny], [b[0] - nx, b[1] - ny], [a[0] - nx, a[1] - ny]];
}

/**
 * `isLeaf` tells door leaf lines (hinge to swing end), which must not pair with a wall face beside them; `text`
 * is the page's text (a frame drawn around text is a stamp or a tag, not a wall).
 */
export function findWalls(v: VectorPage, k: number, deadline: number, isLeaf: (s: MmSeg) => boolean = () => false, text: TextMark[] = []): WallFinding {
  const segs = toMmSegs(v, k);
  const polys: PointMm[][] = [];
  let nFill = 0, nThick = 0, nPair = 0;
  const bands: Band[] = [];
  const fillEdges: MmSeg[] = [];

  // 1. dark fills whose mean thickness (2·area/perimeter) is wall-like. The sub-paths of one fill make one
  // region with its fill rule: a wall network drawn as an outline with room holes is one ring-shaped region.
  const groups = new Map<number, FillPoly[]>();
  for (const f of v.fills) if (f.gray <= HATCHED_WALL_FILL_MAX_GRAY) (groups.get(f.group) ?? groups.set(f.group, []).get(f.group)!).push(f);
  const hatched = hatchedFills(segs);
  const pieces: { rings: PointMm[][]; gray: number; area: number; hatched: boolean }[] = [];
  const paleUnhatched: { rings: PointMm[][]; gray: number; area: number; thick: number }[] = [];
  const darkFills: PointMm[][] = [];
  const cutBoards: MmSeg[] = [];
  for (const g of groups.values()) {
    const rings = g.map((f) => f.pts.map(([x, y]) => [x * k, y * k] as PointMm));
    const region = rings.length === 1 ? rings : union(rings.map(toPath), g[0].evenOdd ? FillRule.EvenOdd : FillRule.NonZero).map(fromPath);
    for (const piece of splitOuters(region)) {
      const area = piece.reduce((s, r) => s + polyArea(r), 0);
      const per = piece.reduce((s, r) => s + polyPerimeter(r), 0);
      if (Math.abs(area) <= 0 || per <= 0) continue;
      const thick = (2 * Math.abs(area)) / per;
      const bb = bbox(piece[0]);
      // (every dark fill, however small: the corner piers a parapet runs between)
      if (g[0].gray <= WALL_FILL_MAX_GRAY) darkFills.push(...piece.map((r, i) => orient(r, i === 0)));
      // (a dark fill thinner than any wall, as long as a room is wide: a board cut like the walls, a pre-wall's face)
      if (g[0].gray <= WALL_FILL_MAX_GRAY && thick < WALL_MIN_MM * 0.6 && piece.length === 1) {
        const r = piece[0];
        let best: MmSeg | null = null;
        for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
          const e = mmSeg(r[j], r[i], 0);
          if (e && (!best || e.len > best.len)) best = e;
        }
        if (best) cutBoards.push(best);
      }
      if (thick < WALL_MIN_MM * 0.6 || thick > WALL_MAX_MM * 1.5 || Math.max(bb.w, bb.h) < MIN_PAIR_LEN_MM) continue;
      // (a pale fill is a cut wall only when hatched across: then it is never a fitting either)
      const pale = g[0].gray > WALL_FILL_MAX_GRAY;
      if (pale && !hatched.isHatched(piece[0], thick)) { paleUnhatched.push({ rings: piece, gray: g[0].gray, area: Math.abs(area), thick }); continue; }
      pieces.push({ rings: piece, gray: g[0].gray, area: Math.abs(area), hatched: pale });
    }
  }
  // a pale layer laid along a cut wall's face (the insulation of a composite wall) is part of that wall
  for (const p of wallLayers(paleUnhatched, pieces.map((x) => x.rings[0]))) pieces.push({ rings: p.rings, gray: p.gray, area: p.area, hatched: true });
  // furniture and fittings filled in a tone much lighter than the cut walls (a wardrobe, a bedside table) are
  // possible fittings, not walls: analyze drops them where the room stays one room
  const light = lightFills(pieces);
  const fillFittings: PointMm[][] = [];
  for (const p of pieces) {
    // outer ring positive, holes negative, every other wall polygon positive: a NonZero union keeps the holes
    const rings = p.rings.map((r, i) => orient(r, i === 0));
    if (light.has(p) && !p.hatched) { fillFittings.push(...rings); continue; }
    polys.push(...rings);
    nFill++;
    for (const pts of p.rings) {
      for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
        const e = mmSeg(pts[j], pts[i], 0);
        if (e && e.len >= MIN_PAIR_LEN_MM / 3) fillEdges.push(e);
      }
    }
  }
  const nFillRings = polys.length;
  // 2. strokes as thick as a wall
  const thin: MmSeg[] = [];
  const faces = pairedFaceLines(segs.filter(isThickCandidate));
  for (const s of segs) {
    if (isThickCandidate(s) && !faces.has(s)) {
      polys.push(quad(s.a, s.b, s.w / 2));
      bands.push(segBand(s, s.w / 2));
      nThick++;
    } else thin.push(s);
  }
  // 3. parallel pairs of thin lines at wall thickness, overlapping along their length
  const hatch = hatchStrokes(thin);
  const dims = dimensionLines(thin, k);
  const wallPen = wallPens(thin);
  const frames = textFrames(thin, text, FRAME_MAX_SIDE_PT * k);
  const faceable = thin.filter((s) => s.len >= MIN_FACE_LEN_MM && !hatch.has(s) && wallPen(s) && !frames.has(s));
  const pattern = patternLines(thin.length <= MAX_PAIR_SEGS ? faceable : []);
  const cand = faceable.filter((s) => !isLeaf(s) && !pattern.has(s) && !dims.has(s)).sort((p, q) => q.len - p.len).slice(0, MAX_PAIR_SEGS);
  const faceOf = new Map<Band, [MmSeg, MmSeg]>();
  const crosses = crosshairLines(cand, v.curves, k);
  const clock: Clock = { deadline, cutShort: false };
  const paired = pairBands(cand, clock, faceOf);
  const notWall = falseSides(paired, faceOf, hatch, segs);
  const kept = paired.filter((b) => !notWall.has(b));
  // the faces of filled walls give their bands too (for finding the openings), not new wall area
  const fillBands = fillEdges.length ? pairBands(fillEdges.slice(0, MAX_PAIR_SEGS), clock) : [];
  const fittings = nFillRings > 0 ? looseFittings(kept, polys.slice(0, nFillRings), polys.slice(nFillRings), fillBands) : new Set<Band>();
  const fittingPolys: PointMm[][] = [...fillFittings];
  for (const b of kept) {
    if (fittings.has(b)) { fittingPolys.push(orient(bandCorners(b), true)); continue; }
    // a band against a target symbol's cross line (a level mark set against a wall) is a possible fitting: the
    // room takes its floor where it stays one room. It stays a band of the wall runs: a run's break closed on
    // it is closed as before
    if (faceOf.get(b)!.some((f) => crosses.has(f))) fittingPolys.push(orient(bandCorners(b), true));
    else { polys.push(bandCorners(b)); nPair++; }
    bands.push(b);
  }
  // the square where two double-line walls meet at a corner belongs to neither band: fill it
  const squares = cornerSquares(bands);
  polys.push(...squares);
  bands.push(...fillBands);
  for (let i = nFillRings; i < polys.length; i++) polys[i] = orient(polys[i], true);
  const style = nFill >= nThick && nFill >= nPair / 4 && nFill > 0 ? 'filled' : nThick > nPair / 2 ? 'thick-stroke' : 'double-line';
  // (the walls are cut as fills when fills make a fair share of the wall area: the pairs of lines counted
  // beside them include furniture, fittings and repeated outlines, so a fill-cut plan never has them all)
  const areaOf = (rs: PointMm[][]) => Math.abs(rs.reduce((sum, r) => sum + polyArea(r), 0));
  const fillArea = areaOf(polys.slice(0, nFillRings));
  const cutAsFills = fillArea > 0 && fillArea >= CUT_AS_FILLS_SHARE * (fillArea + areaOf(polys.slice(nFillRings)));
  return { polys, style, cutAsFills, thin, bands, fittings: fittingPolys, darkFills, cutBoards, cutShort: clock.cutShort };
}

/** A wall fill tone holding at least this share of the wall-like fill area is a tone the page cuts walls in. */
const CUT_TONE_SHARE = 0.25;
/** A fill at least this much lighter (luminance 0..1) than the darkest cut tone, and at least FURNITURE_MIN_GRAY
 * light, draws furniture or a fitting seen beyond the cut. */
const LIGHTER_THAN_CUT = 0.4;
const FURNITURE_MIN_GRAY = 0.5;

/**
 * The wall-like fill pieces drawn in a tone much lighter than the darkest tone the page cuts its walls in.
 * Layout programs fill wardrobes, beds' side tables and kitchen blocks in light tints of the walls' colour;
 * their mean thickness is a wall's, but a plan never cuts one wall black and the next in a pale tint.
 */
export function lightFills<P extends { gray: number; area: number }>(pieces: P[]): Set<P> {
  const total = pieces.reduce((s, p) => s + p.area, 0);
  const byTone = new Map<number, number>();
  for (const p of pieces) byTone.set(Math.round(p.gray * 20), (byTone.get(Math.round(p.gray * 20)) ?? 0) + p.area);
  const cutTones = new Set([...byTone].filter(([, a]) => a >= CUT_TONE_SHARE * total).map(([t]) => t));
  if (!cutTones.size) return new Set();
  // (the darkest tone actually drawn in the cut tones, not its bin: a fill just under LIGHTER_THAN_CUT from the
  // cut walls must not pass for furniture because the walls' tone was rounded)
  const cut = Math.min(...pieces.filter((p) => cutTones.has(Math.round(p.gray * 20))).map((p) => p.gray));
  // (a tone holding a good share of the walls is cut in, however light: concrete black and masonry pale)
  return new Set(pieces.filter((p) => !cutTones.has(Math.round(p.gray * 20)) && p.gray >= FURNITURE_MIN_GRAY && p.gray - cut >= LIGHTER_THAN_CUT));
}

/** How far beyond a band's end its wall is looked for (mm): a joint, not an opening. */
const ANCHOR_REACH_MM = 150;
/** Passes of the 'held only by loose bands' test (a chain of fittings is rarely longer). */
const LOOSE_PASSES = 4;
/** Nearer probe for a cut wall beyond a band's end (mm): a 70-150 mm partition filled as a cut wall. */
const CUT_NEAR_MM = 50;
/** Longest band that can be loose through the bands holding it: a bathtub, a shower tray, a vanity (mm). */
const FIXTURE_MAX_LEN_MM = 2000;
/** A band lies between a cut wall's faces when it stays within this share of the wall's thickness beyond them. */
const IN_LINE_TOL = 0.2;
/** Widest break in a run of thin-line wall still bridged to the wall beyond it (a door in a thin partition, mm). */
const THIN_RUN_BREAK_MM = 2500;
/** A band runs across a cut wall's line (rather than along it) when their directions differ by at least this. */
const ACROSS_MIN_DEG = 30;
/** Bands less than this many degrees apart run in one line (a run's pieces, a bed's head between its tables). */
const RUN_DEG = 10;
/** A wall running across a line is longer than the line's wall is thick by this factor plus ACROSS_EXTRA_MM: a
 * window frame's members across its wall are about as long as the wall is thick. */
const ACROSS_LEN_FACTOR = 1.5;
const ACROSS_EXTRA_MM = 100;
/** A band this far or farther from a wall running across the line stands clear of it (mm). */
const CLEAR_OF_ACROSS_MM = 100;
/** Step of the points looked at along a break in a line (mm): thinner than any wall. */
const ALONG_STEP_MM = 30;
/** A page cuts its walls as fills when its filled wall area is at least this share of all wall area found. */
const FILLED_PAGE_SHARE = 0.5;
/** Half-side of the square around a band in which the walls it stands among are judged (mm): a room and its
 * neighbours. */
const FITTING_NEIGHBOURHOOD_MM = 4000;
/** Cell of the grids the wall areas are laid out over for that (mm). */
const AREA_CELL_MM = 1000;
/** Share of the wall area near a band that fills must hold for a fixture held only by loose bands (a basin's
 * rim held by its outline) to be told apart on a sheet judged band by band: nearly all of it. */
const FILLED_AROUND_SHARE = 0.7;

/** Slack of a look-up window along a line (mm): the window holds every band the exact test may take. */
const WINDOW_SLACK_MM = 1;

/**
 * On a page that cuts its walls as fills, the things drawn with thin lines against a wall face (a bathtub's rim,
 * a counter, a shower tray, a cabinet, an installation wall's cladding) are not walls even where two of their
 * lines lie a wall's thickness apart. A thin-line band is kept as wall where both its ends are held: by a cut
 * wall (a fill or a thick stroke), by a band across its end, or by a band in line with it beyond a door-wide
 * break (a light partition drawn as two lines, a window's frame between two piers). A fitting stands free at
 * one end at least. A sheet that draws some walls in pairs of lines (another wing, a garage, the site) is judged
 * around each band: its neighbourhood must cut its walls as fills.
 */
function looseFittings(bands: Band[], fillPolys: PointMm[][], otherPolys: PointMm[][], fillBands: Band[]): Set<Band> {
  const out = new Set<Band>();
  // (fill rings are outers and holes: their signed areas sum to the filled area)
  const fillArea = Math.abs(fillPolys.reduce((s, r) => s + polyArea(r), 0));
  if (fillPolys.length < 3) return out;
  const cut = [...fillPolys, ...otherPolys].map((r) => ({ r, b: bbox(r) }));
  const cutGrid = new Grid<{ r: PointMm[]; b: ReturnType<typeof bbox> }>(GRID_CELL);
  for (const c of cut) cutGrid.addBox(c.b.x0, c.b.y0, c.b.x1, c.b.y1, c, 400);
  const big = cut.filter((c) => (c.b.x1 - c.b.x0) / GRID_CELL * ((c.b.y1 - c.b.y0) / GRID_CELL) > 400);
  // (fill rings come with their holes: inside is an odd count over the rings around p)
  // (a ring is in one cell's list once, and a big one in no cell: each is counted once)
  const inRing = (p: PointMm, c: { r: PointMm[]; b: ReturnType<typeof bbox> }) =>
    p[0] >= c.b.x0 && p[0] <= c.b.x1 && p[1] >= c.b.y0 && p[1] <= c.b.y1 && pointInPoly(p[0], p[1], c.r);
  const inCut = (p: PointMm) => {
    let n = 0;
    for (const c of cutGrid.at(p)) if (inRing(p, c)) n++;
    for (const c of big) if (inRing(p, c)) n++;
    return n % 2 === 1;
  };
  const grid = bandGrid(bands, GRID_CELL, 400);
  let looseHolders = new Set<Band>();
  const inBand = (p: PointMm, self: Band, tol: number) => grid.at(p).some((o) => {
    // (a loose band across this one's end no longer holds it; one in line, a piece of the same run, still does)
    if (o === self || (looseHolders.has(o) && o.deg !== self.deg)) return false;
    return inBandAt(o, p, tol);
  });
  const byLine = new Map<number, { o: Band; cut: boolean }[]>();
  for (const [list, cut] of [[bands, false], [fillBands, true]] as const)
    for (const o of list) (byLine.get(o.deg) ?? byLine.set(o.deg, []).get(o.deg)!).push({ o, cut });
  // an answer per band and end, asked once (the band lists and the cut walls do not change below)
  const perEnd = <T>(ask: (b: Band, end: 0 | 1) => T) => {
    const memo = new Map<Band, [T | undefined, T | undefined]>();
    return (b: Band, end: 0 | 1): T => {
      const m = memo.get(b) ?? memo.set(b, [undefined, undefined]).get(b)!;
      return (m[end] ??= ask(b, end));
    };
  };
  // the bands in line beyond a break at that end: a thin one with the same faces, or a cut wall whose faces hold
  // it (the frame of a window between two piers)
  // (each direction's bands indexed into its list: the thin ones by offset, as a thin partner runs between the
  // same faces; the cut ones by where they start and where they end along the line, as a partner's near end
  // lies in a short window beyond the band's end. The exact test below still decides, and the partners come in
  // list order: a dense sheet has thousands of bands in each of its two directions)
  const lineOrder = new Map<number, { thinByLo: number[]; cutByT0: number[]; cutByT1: number[] }>();
  for (const [deg, list] of byLine) {
    const thin: number[] = [], cut: number[] = [];
    list.forEach((e, i) => (e.cut ? cut : thin).push(i));
    lineOrder.set(deg, {
      thinByLo: thin.sort((i, j) => list[i].o.lo - list[j].o.lo),
      cutByT0: [...cut].sort((i, j) => list[i].o.t0 - list[j].o.t0),
      cutByT1: cut.sort((i, j) => list[i].o.t1 - list[j].o.t1),
    });
  }
  /** The first position in `sorted` (indices into `list`, ascending by `at`) whose value is at least `lo`. */
  const firstFrom = (sorted: number[], at: (i: number) => number, lo: number) => {
    let k = 0;
    for (let z = sorted.length; k < z; ) { const m = (k + z) >> 1; if (at(sorted[m]) < lo) k = m + 1; else z = m; }
    return k;
  };
  const linePartners = perEnd((b, end) => {
    const list = byLine.get(b.deg), order = lineOrder.get(b.deg);
    if (!list || !order) return [];
    const th = b.hi - b.lo, tol = Math.max(20, 0.2 * th);
    const partners: number[] = [];
    const test = (i: number) => {
      const { o, cut } = list[i];
      if (o === b) return;
      if (cut ? o.lo - tol > b.lo || o.hi + tol < b.hi : Math.abs(o.lo - b.lo) > tol || Math.abs(o.hi - b.hi) > tol) return;
      const gap = end ? o.t0 - b.t1 : b.t0 - o.t1;
      if (gap > -tol && gap <= THIN_RUN_BREAK_MM) partners.push(i);
    };
    // thin: faces within tol of the band's (the window a little wider than the exact test)
    const loOf = (i: number) => list[i].o.lo;
    for (let k = firstFrom(order.thinByLo, loOf, b.lo - tol - WINDOW_SLACK_MM); k < order.thinByLo.length && loOf(order.thinByLo[k]) <= b.lo + tol + WINDOW_SLACK_MM; k++) test(order.thinByLo[k]);
    // cut: the near end within the break's reach beyond the band's end
    const sorted = end ? order.cutByT0 : order.cutByT1;
    const nearEnd = (i: number) => (end ? list[i].o.t0 : list[i].o.t1);
    const lo = (end ? b.t1 - tol : b.t0 - THIN_RUN_BREAK_MM) - WINDOW_SLACK_MM, hi = (end ? b.t1 + THIN_RUN_BREAK_MM : b.t0 + tol) + WINDOW_SLACK_MM;
    for (let k = firstFrom(sorted, nearEnd, lo); k < sorted.length && nearEnd(sorted[k]) <= hi; k++) test(sorted[k]);
    return partners.sort((i, j) => i - j).map((i) => list[i]);
  });
  // the points looked at beyond a band's end (a cut wall thinner than the reach, a light partition, is looked
  // for nearer too: not stepped over), and the end itself
  const endPoints = (b: Band, end: 0 | 1) => {
    const t = end ? b.t1 + ANCHOR_REACH_MM : b.t0 - ANCHOR_REACH_MM, tNear = end ? b.t1 + CUT_NEAR_MM : b.t0 - CUT_NEAR_MM;
    return [(b.lo + b.hi) / 2, b.lo + 0.2 * (b.hi - b.lo), b.hi - 0.2 * (b.hi - b.lo)].map((o) => ({ at: bandPoint(b.deg, t, o), near: bandPoint(b.deg, tNear, o), on: bandPoint(b.deg, end ? b.t1 : b.t0, o) }));
  };
  const pointsAt = perEnd(endPoints);
  const cutAtEnd = perEnd((b, end) => pointsAt(b, end).some(({ at, near }) => inCut(at) || inCut(near)));
  // (the bands holding an end change as bands turn loose, below: asked each time)
  const heldNear = (b: Band, end: 0 | 1) => cutAtEnd(b, end) || pointsAt(b, end).some(({ at }) => inBand(at, b, 5));
  const held = (b: Band, end: 0 | 1) => heldNear(b, end) || linePartners(b, end).length > 0;
  // (a band between the faces of a cut wall, in its line, is part of that wall's opening: a window's frame
  // or sill, a jamb's return)
  const lines = new Grid<Band>(GRID_CELL * 2);
  for (const f of fillBands) {
    const c = bandCorners({ ...f, t0: f.t0 - THIN_RUN_BREAK_MM, t1: f.t1 + THIN_RUN_BREAK_MM });
    const xs = c.map((p) => p[0]), ys = c.map((p) => p[1]);
    lines.addBox(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys), f, 400);
  }
  // (the cut walls that may run across a cut wall's line, beside the thin-line ones in `grid`: built when a band
  // beyond a line's end is first asked about)
  let cutGridAcross: Grid<Band> | null = null;
  // how far a band at the `near` end of a break (from..to along f's line) stands from the nearest wall running
  // across the line in that break (Infinity: none runs across); looked at from the band's end towards f
  const clearOfAcross = (f: Band, from: number, to: number, near: 'from' | 'to') => {
    cutGridAcross ??= bandGrid(fillBands, GRID_CELL, 400);
    const mid = (f.lo + f.hi) / 2, minLen = ACROSS_LEN_FACTOR * (f.hi - f.lo) + ACROSS_EXTRA_MM;
    const runsAcross = (o: Band, p: PointMm) => degApart(o.deg, f.deg) >= ACROSS_MIN_DEG && o.t1 - o.t0 > minLen && inBandAt(o, p);
    const steps: number[] = [];
    for (let t = from + ALONG_STEP_MM; t < to - ALONG_STEP_MM / 2; t += ALONG_STEP_MM) steps.push(t);
    if (near === 'to') steps.reverse();
    for (const t of steps) {
      const p = bandPoint(f.deg, t, mid);
      if (grid.at(p).some((o) => runsAcross(o, p)) || cutGridAcross.at(p).some((o) => runsAcross(o, p))) return near === 'from' ? t - from : to - t;
    }
    return Infinity;
  };
  const onCutLine = (b: Band) => {
    const m = bandMid(b), cs = bandCorners(b);
    return lines.at(m).some((f) => {
      const { ux, uy } = bandFrame(f.deg);
      const t = ux * m[0] + uy * m[1], off = -uy * m[0] + ux * m[1];
      if (!(off >= f.lo - 10 && off <= f.hi + 10 && t >= f.t0 - THIN_RUN_BREAK_MM && t <= f.t1 + THIN_RUN_BREAK_MM)) return false;
      // (in the wall's line: lying wholly between its faces, as a frame between two piers does, or a frame's
      // member across the wall; a band wider than the wall, or across it and longer than it is thick, is
      // something standing beyond the wall's end: a fitting, a counter)
      const tol = Math.max(20, IN_LINE_TOL * (f.hi - f.lo));
      const offs = cs.map((p) => -uy * p[0] + ux * p[1]);
      if (!(Math.min(...offs) >= f.lo - tol && Math.max(...offs) <= f.hi + tol)) return false;
      // (nor is a band beyond another wall running across the line and standing clear of it: the line ends at
      // that wall, and the band stands in the room behind it, a basin or a cupboard's side; a partition going on
      // in the line from the far face of that wall is still in it)
      const ts = cs.map((p) => ux * p[0] + uy * p[1]);
      const b0 = Math.min(...ts), b1 = Math.max(...ts);
      const clear = b0 > f.t1 ? clearOfAcross(f, f.t1, b0, 'to') : b1 < f.t0 ? clearOfAcross(f, b1, f.t0, 'from') : Infinity;
      return clear === Infinity || clear <= CLEAR_OF_ACROSS_MM;
    });
  };
  const onLine = new Set(bands.filter(onCutLine));
  for (const b of bands) if (!onLine.has(b) && (!held(b, 0) || !held(b, 1))) out.add(b);
  // a band of a fixture's size held only by loose bands is loose too (a bathtub's side held by its rim, the rim
  // held by nothing): asked again until nothing changes. Longer runs (a railing, a pre-wall) stay as they were.
  // (the page is judged on the bands loose by themselves, below: a fixture's parts are no evidence either way)
  const firstLoose = new Set(out);
  // a band held at neither end by anything across it, whose run of pieces in its line reaches nothing across at
  // one end either (a row of like boxes, a bed's head between its tables), is a possible fitting too; like a
  // fixture held by loose bands, it is no evidence about the page, and where walls are drawn in lines around
  // it, it is told apart only where nearly all walls around it are cut as fills.
  // Held across: by a cut wall or a band running across, not by one running in the band's own line; a band
  // across that meets the band's side at its end, as at a corner, holds it too (a frame ending at the glazing
  // above it); one loose by itself and no longer than a fixture holds nothing (a bedside table's own sides
  // across the bed's head)
  const acrossAt = (b: Band, p: PointMm, tol: number) => grid.at(p).some((o) => o !== b && !(firstLoose.has(o) && o.t1 - o.t0 <= FIXTURE_MAX_LEN_MM) &&
    degApart(o.deg, b.deg) >= RUN_DEG && inBandAt(o, p, tol));
  const heldAcross = perEnd((b, end) => cutAtEnd(b, end) ||
    pointsAt(b, end).some(({ at, on }) => acrossAt(b, at, 5) || acrossAt(b, on, Math.max(5, (b.hi - b.lo) / 2))));
  // the bands in the band's own line that its end runs into, going on farther than it (the next pieces of its run;
  // the pieces beyond a break are its line partners)
  const onward = (b: Band, end: 0 | 1) => {
    const { ux, uy } = bandFrame(b.deg);
    const beyond = (o: Band) => bandCorners(o).some((p) => (end ? ux * p[0] + uy * p[1] > b.t1 : ux * p[0] + uy * p[1] < b.t0));
    const touching = pointsAt(b, end).flatMap(({ at }) => grid.at(at).filter((o) => o !== b && degApart(o.deg, b.deg) < RUN_DEG && inBandAt(o, at, 5) && beyond(o)));
    return [...new Set(touching)];
  };
  // held at that end by something across it, by a cut wall in its line, or by pieces of its run going on to such
  // (the walk goes one way along the run; a piece asked again while it is answered, a run looping back on bands a
  // few degrees apart, holds nothing)
  const asking = new Set<Band>();
  const heldAlong = perEnd((b, end): boolean => {
    if (asking.has(b)) return false;
    asking.add(b);
    try {
      return heldAcross(b, end) ||
        linePartners(b, end).some(({ o, cut }) => cut || ((end ? o.t1 > b.t1 : o.t0 < b.t0) && heldAlong(o, end))) ||
        onward(b, end).some((o) => heldAlong(o, end));
    } finally {
      asking.delete(b);
    }
  });
  for (const b of bands) if (!out.has(b) && !onLine.has(b) && !heldAcross(b, 0) && !heldAcross(b, 1) && (!heldAlong(b, 0) || !heldAlong(b, 1))) out.add(b);
  for (let pass = 0, grew = out.size > 0; grew && pass < LOOSE_PASSES; pass++) {
    grew = false;
    looseHolders = new Set(out);
    for (const b of bands) if (!out.has(b) && !onLine.has(b) && b.t1 - b.t0 <= FIXTURE_MAX_LEN_MM && (!held(b, 0) || !held(b, 1))) { out.add(b); grew = true; }
  }

  // the page cuts its walls as fills when the fills hold most of the wall area: the area the thin-line walls
  // held at both ends would add to them (bands overlap each other, and the outlines of filled walls pair inside
  // the fills). The loose bands are not counted: furniture drawn in pairs of lines is no evidence of walls.
  const walls = bands.filter((b) => !firstLoose.has(b));
  // (the walls apart from the cut walls' lines, less the fills, are worked out first: they are most of the walls,
  // and are asked for again below; the ones in a cut wall's line are then added to them, their thousands of
  // overlaps resolved once, not twice)
  const fillPaths = fillPolys.map(toPath);
  const apart = walls.filter((b) => !onLine.has(b)), inLine = walls.filter((b) => onLine.has(b));
  const apartOnly = apart.length ? difference(apart.map((b) => toPath(bandCorners(b))), fillPaths, FillRule.NonZero) : [];
  const bandOnly = (inLine.length ? difference([...apartOnly, ...inLine.map((b) => toPath(bandCorners(b)))], fillPaths, FillRule.NonZero) : apartOnly).map(fromPath);
  const bandArea = Math.abs(bandOnly.reduce((s, p) => s + polyArea(p), 0));
  if (fillArea >= FILLED_PAGE_SHARE * (fillArea + bandArea)) return out;
  // a sheet may cut one building's walls as fills and draw another's (or a site's, a garage's) in pairs of lines:
  // then a band is a possible fitting where the walls around it are cut as fills
  // (there the bands in a cut wall's line are read as that wall's openings and layers, not as walls drawn in lines)
  const fillNear = new AreaGrid(AREA_CELL_MM), bandNear = new AreaGrid(AREA_CELL_MM);
  fillNear.add(fillPolys);
  if (apartOnly.length) bandNear.add(apartOnly.map(fromPath));
  // (a fixture held only by loose bands is told apart only where nearly all walls around it are cut as fills:
  // with walls in lines around, a short partition held by a loose band is as likely a wall as a fixture)
  return new Set([...out].filter((b) => {
    const m = bandMid(b);
    const f = fillNear.near(m, FITTING_NEIGHBOURHOOD_MM);
    return f > 0 && f >= (firstLoose.has(b) ? FILLED_PAGE_SHARE : FILLED_AROUND_SHARE) * (f + bandNear.near(m, FITTING_NEIGHBOURHOOD_MM));
  }));
}

/** Luminance (0 black .. 1 white) and chroma (0 grey .. 1 pure colour) of a 0xRRGGBB colour. */
function tone(rgb: number): { lum: number; chroma: number } {
  const r = (rgb >> 16) & 255, g = (rgb >> 8) & 255, b = rgb & 255;
  return { lum: (0.3 * r + 0.59 * g + 0.11 * b) / 255, chroma: (Math.max(r, g, b) - Math.min(r, g, b)) / 255 };
}
/** A pen lighter than this draws what lies beyond the cut (furniture, fittings, background), not a cut wall. */
const LIGHT_PEN_LUM = 0.6;
/** A pen more colourful than this draws an overlay (services, MEP, markings) over a plan drawn in black. */
const COLOUR_PEN_CHROMA = 0.35;

/**
 * Which pens may draw wall faces. A plan drawn mostly in black (or dark grey) cuts its walls with those pens:
 * light grey lines are furniture and fittings, coloured lines are services drawn over the plan. On a page
 * drawn mostly in colour every pen may be a wall's.
 */
function wallPens(segs: MmSeg[]): (s: MmSeg) => boolean {
  const plain = (s: MmSeg) => { const t = tone(s.rgb ?? 0); return t.lum <= LIGHT_PEN_LUM && t.chroma <= COLOUR_PEN_CHROMA; };
  let dark = 0, all = 0;
  for (const s of segs) { all += s.len; if (plain(s)) dark += s.len; }
  return dark >= 0.5 * all ? plain : () => true;
}

/**
 * Rectangles drawn around text (room stamps, door and room number tags): four lines at right angles meeting at
 * their ends, in one path or each on its own, holding a piece of text that fits inside. Their sides are frames,
 * not wall faces. `tol` is how far apart two drawn corners may be and still meet (mm).
 */
/** Longest side of a frame around text, on paper (pt): stamps and tags are a few centimetres at most. */
const FRAME_MAX_SIDE_PT = 120;
/** Share of a frame's area its text covers at least (a stamp or tag is mostly text; a room mostly floor). */
const FRAME_TEXT_SHARE = 0.25;

/** Lines meeting at one point beyond which it is not taken for the corner of a frame. */
const MAX_FRAME_CORNER_LINES = 4;
/** Cell of the look-up of lines' ends in the frame search, in tolerances. */
const END_CELL_TOLS = 4;

export function textFrames(segs: MmSeg[], text: TextMark[], maxSideMm: number, tol = 5): Set<MmSeg> {
  const out = new Set<MmSeg>();
  if (!text.length) return out;
  const marks = new Grid<TextMark>(GRID_CELL);
  for (const t of text) marks.add(t.at, t);
  // (only lines short enough to be a frame's side, with text near them, are looked at)
  const near = (s: MmSeg) => {
    const r = s.len;
    return marks.anyInBox(Math.min(s.a[0], s.b[0]) - r, Math.min(s.a[1], s.b[1]) - r, Math.max(s.a[0], s.b[0]) + r, Math.max(s.a[1], s.b[1]) + r);
  };
  segs = segs.filter((s) => s.len <= maxSideMm);
  // the lines' ends in cells a few times the tolerance across: a look-up reads the ends near one point only (in
  // cells of GRID_CELL, a dense sheet's look-ups read hundreds of ends each)
  const ends = new Grid<number>(END_CELL_TOLS * tol);
  segs.forEach((s, i) => { ends.add(s.a, i); ends.add(s.b, i); });
  const same = (p: PointMm, q: PointMm) => Math.abs(p[0] - q[0]) <= tol && Math.abs(p[1] - q[1]) <= tol;
  // (the lines found are listed in the order of a scan of GRID_CELL cells, column by column, each cell's ends in
  // the order the lines come: a line by its first end in the cells the look-up touches - the order the frame search
  // has always met them in, which picks among lines drawn twice)
  const coarse = (v: number) => Math.floor(v / GRID_CELL);
  const order = (p: PointMm, i: number): number => {
    const cx0 = coarse(p[0] - tol), cx1 = coarse(p[0] + tol), cy0 = coarse(p[1] - tol), cy1 = coarse(p[1] + tol);
    let best = Infinity;
    for (const [end, k] of [[segs[i].a, 2 * i], [segs[i].b, 2 * i + 1]] as const) {
      const cx = coarse(end[0]), cy = coarse(end[1]);
      if (cx < cx0 || cx > cx1 || cy < cy0 || cy > cy1) continue;
      // column, then row, then the end's place in the lines' order
      const key = ((cx - cx0) * 2 + (cy - cy0)) * 2 * segs.length + k;
      if (key < best) best = key;
    }
    return best;
  };
  // the lines with an end at p, other than s, as [the line, its far end]: a frame's corner joins few lines; a point
  // where more than MAX_FRAME_CORNER_LINES meet (hatching, outlined glyphs) is no frame corner (none are given), and
  // following all of them would cost lines × degree³
  const corner = (p: PointMm, s: MmSeg): [MmSeg, PointMm][] => {
    const found: number[] = [];
    for (const list of ends.cellsInBox(p[0] - tol, p[1] - tol, p[0] + tol, p[1] + tol)) {
      for (const i of list) {
        const q = segs[i];
        if (q === s || found.includes(i)) continue;
        if (same(q.a, p) || same(q.b, p)) {
          found.push(i);
          if (found.length > MAX_FRAME_CORNER_LINES) return [];
        }
      }
    }
    const sorted = found.length > 1 ? found.map((i) => [order(p, i), i]).sort((x, y) => x[0] - y[0]).map((x) => x[1]) : found;
    return sorted.map((i) => { const q = segs[i]; return same(q.a, p) ? [q, q.b] : [q, q.a]; });
  };
  const square = (p: MmSeg, q: MmSeg) => Math.abs(angleBetween(p, q) - 90) < 2;
  // (a frame is found from its longer sides, which have its text within their length)
  for (const A of segs) {
    if (out.has(A) || !near(A)) continue;
    for (const [B, b1] of corner(A.b, A)) {
      if (!square(A, B)) continue;
      for (const [C, c1] of corner(b1, B)) {
        if (C === A || !square(B, C) || Math.abs(C.len - A.len) > 2 * tol) continue;
        const D = corner(c1, C).find(([d, d1]) => d !== B && square(C, d) && same(d1, A.a))?.[0];
        if (!D) continue;
        // text inside the rectangle A-B-C-D filling a good part of it (a room holding its name is mostly floor)
        const o = A.a, ux = (A.b[0] - A.a[0]) / A.len, uy = (A.b[1] - A.a[1]) / A.len;
        const vx = (b1[0] - A.b[0]) / B.len, vy = (b1[1] - A.b[1]) / B.len;
        const holds = (t: TextMark) => {
          const dx = t.at[0] - o[0], dy = t.at[1] - o[1];
          const u = ux * dx + uy * dy, v = vx * dx + vy * dy;
          return u > 0 && u < A.len && v > 0 && v < B.len && t.heightMm < Math.min(A.len, B.len);
        };
        const xs = [A.a[0], A.b[0], b1[0], c1[0]], ys = [A.a[1], A.b[1], b1[1], c1[1]];
        let inked = 0;
        for (const t of new Set(marks.inBox(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)))) {
          if (holds(t)) inked += t.heightMm * Math.max(t.widthMm ?? 0, t.heightMm);
        }
        const held = inked >= FRAME_TEXT_SHARE * A.len * B.len;
        if (held) { [A, B, C, D].forEach((s) => out.add(s)); break; }
      }
      if (out.has(A)) break;
    }
  }
  return out;
}

const isThickCandidate = (s: MmSeg) => s.w >= WALL_MIN_MM * 0.95 && s.w <= WALL_MAX_MM * 1.5 && s.len >= s.w;

/**
 * Strokes as wide as a thin wall may still be the two face lines of a double-line wall (a 0.35 mm pen at
 * 1:200 is 70 mm on site). Two such strokes of the same pen, parallel at wall spacing with clear space
 * between them and running side by side, are faces: they are left to the double-line pairing.
 */
function pairedFaceLines(cands: MmSeg[]): Set<MmSeg> {
  const out = new Set<MmSeg>();
  for (const list of byDirection(cands).values()) {
    for (let i = 0; i < list.length; i++) {
      const A = list[i];
      for (let j = i + 1; j < list.length; j++) {
        const B = list[j];
        const d = B.off - A.off;
        if (d > PAIR_MAX_MM) break;
        if (d < PAIR_MIN_MM || d < (A.s.w + B.s.w) / 2 + 10) continue;
        if (Math.max(A.s.w, B.s.w) > 1.4 * Math.min(A.s.w, B.s.w)) continue;
        const overlap = Math.min(A.t1, B.t1) - Math.max(A.t0, B.t0);
        if (overlap < 0.5 * Math.min(A.t1 - A.t0, B.t1 - B.t0)) continue;
        out.add(A.s);
        out.add(B.s);
      }
    }
  }
  return out;
}

/** Largest radius of a symbol's circle on paper (pt): level marks and survey points are a few millimetres across. */
const SYMBOL_CIRCLE_MAX_R_PT = 8.5;
/** A crosshair line is centred on its circle within this share of the radius, and at most this many radii long. */
const CROSS_CENTRE_SHARE = 0.25;
const CROSS_MAX_RADII = 5;
/** The pieces of a drawn circle sweep all the way round (radians; a little short for rounding). */
const WHOLE_CIRCLE_RAD = 1.9 * Math.PI;

/** The angle p and q subtend at c (radians, 0..π). */
function turnAbout(c: PointMm, p: PointMm, q: PointMm): number {
  const d = Math.abs(Math.atan2(q[1] - c[1], q[0] - c[0]) - Math.atan2(p[1] - c[1], p[0] - c[0]));
  return Math.min(d, 2 * Math.PI - d);
}
/**
 * The cross lines of target symbols: a line centred on a small drawn circle and ending near it (a level mark's
 * cross, a survey point). A level mark set against a wall has its cross line parallel to the wall face at a
 * wall's thickness; paired with the face it would read as a piece of wall cut into the room.
 */
export function crosshairLines(segs: MmSeg[], curves: Curve[], k: number): Set<MmSeg> {
  const out = new Set<MmSeg>();
  const rMax = SYMBOL_CIRCLE_MAX_R_PT * k;
  // the small circles drawn, each as its pieces' summed sweep (a circle is whole, an arc of a revision cloud not)
  const circles = new Grid<{ c: PointMm; r: number; sweep: number }>(GRID_CELL);
  for (const cv of curves) {
    const circ = curveCircle(cv.p, k);
    if (!circ || circ.r > rMax) continue;
    const sweep = turnAbout(circ.c, circ.a, circ.m) + turnAbout(circ.c, circ.m, circ.z);
    const tol = CROSS_CENTRE_SHARE * circ.r;
    let same: { c: PointMm; r: number; sweep: number } | undefined;
    for (const o of circles.inBox(circ.c[0] - tol, circ.c[1] - tol, circ.c[0] + tol, circ.c[1] + tol)) {
      if (hypot(o.c[0] - circ.c[0], o.c[1] - circ.c[1]) <= tol && Math.abs(o.r - circ.r) <= tol) { same = o; break; }
    }
    if (same) same.sweep += sweep;
    else circles.add(circ.c, { c: circ.c, r: circ.r, sweep });
  }
  for (const s of segs) {
    if (s.len > CROSS_MAX_RADII * rMax) continue;
    const m: PointMm = [(s.a[0] + s.b[0]) / 2, (s.a[1] + s.b[1]) / 2];
    // (the cells' own lists, read in place: inBox would copy them into one array per segment)
    search: for (const list of circles.cellsInBox(m[0] - rMax, m[1] - rMax, m[0] + rMax, m[1] + rMax)) {
      for (const c of list) {
        if (c.sweep >= WHOLE_CIRCLE_RAD && hypot(m[0] - c.c[0], m[1] - c.c[1]) <= CROSS_CENTRE_SHARE * c.r && s.len > 2 * c.r && s.len <= CROSS_MAX_RADII * c.r) { out.add(s); break search; }
      }
    }
  }
  return out;
}

/**
 * Hatching clipped to a wall outline: short strokes at a slant to the lines they end on, both ends on another
 * line. Paired, they would read as slanted walls and their breaks as doors. Only when a page has many.
 */
function hatchStrokes(segs: MmSeg[]): Set<MmSeg> {
  const TOL = 3;
  const grid = segGrid(segs.filter((s) => s.len >= 50), 250);
  // (a loop, not a callback made per end: asked twice for every short line of the page)
  const endsOnSlant = (s: MmSeg, p: PointMm) => {
    for (const q of grid.at(p)) {
      // (in a cell of dense hatching most lines are passed over on their box, before their angle is worked out: 87 %
      // of them on floorplan-dimension-extraction)
      if (q === s || outsideBox(p, q, TOL)) continue;
      const deg = angleBetween(s, q);
      if (deg > 20 && deg < 70 && distToSeg(p, q) < TOL) return true;
    }
    return false;
  };
  const out = new Set<MmSeg>();
  for (const s of segs) if (s.len <= 600 && endsOnSlant(s, s.a) && endsOnSlant(s, s.b)) out.add(s);
  return out.size >= 20 ? out : new Set();
}

/** Whether p lies farther than `tol` outside the box of segment s: then it is farther than `tol` from s (a test of a
 * few comparisons that settles most of a dense cell's lines before any distance or angle is worked out). */
function outsideBox(p: PointMm, s: MmSeg, tol: number): boolean {
  const x = p[0], y = p[1];
  return (x < s.a[0] - tol && x < s.b[0] - tol) || (x > s.a[0] + tol && x > s.b[0] + tol) ||
    (y < s.a[1] - tol && y < s.b[1] - tol) || (y > s.a[1] + tol && y > s.b[1] + tol);
}

/** The angle between two segments' directions, 0-90 degrees. */
function angleBetween(p: MmSeg, q: MmSeg): number {
  const d = Math.abs(p.ang - q.ang) % Math.PI;
  return (Math.min(d, Math.PI - d) * 180) / Math.PI;
}

function distToSeg(p: PointMm, s: MmSeg): number {
  const dx = s.b[0] - s.a[0], dy = s.b[1] - s.a[1];
  const t = Math.max(0, Math.min(1, ((p[0] - s.a[0]) * dx + (p[1] - s.a[1]) * dy) / (dx * dx + dy * dy || 1)));
  return hypot(p[0] - s.a[0] - t * dx, p[1] - s.a[1] - t * dy);
}

const orient = (r: PointMm[], positive: boolean) => ((polyArea(r) > 0) === positive ? r : [...r].reverse());

/** Rings of a region (outer rings and holes, oriented by Clipper) grouped as each outer with its holes. */
function splitOuters(rings: PointMm[][]): PointMm[][][] {
  if (rings.length <= 1) return rings.length ? [rings] : [];
  const withArea = rings.map((r) => ({ r, a: polyArea(r) }));
  const big = withArea.reduce((b, x) => (Math.abs(x.a) > Math.abs(b.a) ? x : b));
  const sign = Math.sign(big.a) || 1;
  const outers = withArea.filter((x) => Math.sign(x.a) === sign).sort((p, q) => Math.abs(p.a) - Math.abs(q.a));
  const groups = new Map(outers.map((o) => [o, [o.r]]));
  for (const h of withArea.filter((x) => Math.sign(x.a) !== sign)) {
    const owner = outers.find((o) => Math.abs(o.a) > Math.abs(h.a) && pointInPoly(h.r[0][0], h.r[0][1], o.r));
    if (owner) groups.get(owner)!.push(h.r);
  }
  return [...groups.values()];
}

function mmSeg(a: PointMm, b: PointMm, w: number): MmSeg | null {
  const len = hypot(b[0] - a[0], b[1] - a[1]);
  if (len < 1) return null;
  let ang = Math.atan2(b[1] - a[1], b[0] - a[0]);
  if (ang < 0) ang += Math.PI;
  if (ang >= Math.PI) ang -= Math.PI;
  return { a, b, w, len, ang };
}

/** Two lines this much apart in stroke width (thicker / thinner) or more are drawn in different pens. */
const PEN_WIDTH_RATIO = 1.5;

/** Whether two lines are drawn in one pen: the same stroke width, within PEN_WIDTH_RATIO (hairlines are one pen). */
function samePen(p: MmSeg, q: MmSeg): boolean {
  return Math.max(p.w, q.w) <= PEN_WIDTH_RATIO * Math.min(p.w, q.w);
}

/**
 * Whether a line lies at `off` (± 8 % of the pair's spacing `d`) along the pair's span t0..t1 (most of it, or
 * loosely: some of it, with `d` to spare at either end), other than a layer in a clearly finer pen than `pen`.
 */
function repeatsAt(list: LineFrame[], off: number, d: number, t0: number, t1: number, pen: number, loose: boolean): boolean {
  const hi = off + 0.08 * d;
  for (let i = firstAbove(list, off - 0.08 * d); i < list.length && list[i].off < hi; i++) {
    const C = list[i];
    if (C.s.w > 0 && !C.s.outlined && C.s.w * PEN_WIDTH_RATIO < pen) continue; // a finer layer
    if (loose ? Math.min(C.t1, t1 + d) - Math.max(C.t0, t0 - d) > 0.3 * (t1 - t0) : Math.min(C.t1, t1) - Math.max(C.t0, t0) > 0.8 * (t1 - t0)) return true;
  }
  return false;
}
/** Whether a line of `list` lies just beyond a face at `lo` or `hi` (nearer than a wall is thick), along 80 % of t0..t1:
 * a layer of the wall outside the pair. (A plain function: asked for every pair with layers between its faces.) */
function layerBeyond(list: LineFrame[], lo: number, hi: number, t0: number, t1: number): boolean {
  for (let i = firstAbove(list, lo - PAIR_MIN_MM); i < list.length && list[i].off < hi + PAIR_MIN_MM; i++) {
    const C = list[i];
    const gap = C.off < lo - 5 ? lo - C.off : C.off > hi + 5 ? C.off - hi : Infinity;
    if (gap < PAIR_MIN_MM && Math.min(C.t1, t1) - Math.max(C.t0, t0) > 0.8 * (t1 - t0)) return true;
  }
  return false;
}

/** Pairs of parallel lines at wall thickness, each line with its nearest partner (no third line between). */
function pairBands(cand: MmSeg[], clock: Clock, faces?: Map<Band, [MmSeg, MmSeg]>): Band[] {
  const out: Band[] = [];
  const layers: number[] = [];
  for (const [deg, list] of byDirection(cand)) {
    if (Date.now() > clock.deadline) { clock.cutShort = true; break; }
    for (let i = 0; i < list.length; i++) {
      const A = list[i];
      for (let j = i + 1; j < list.length; j++) {
        const B = list[j];
        const d = B.off - A.off;
        if (d < PAIR_MIN_MM) continue;
        if (d > PAIR_MAX_MM) break;
        const t0 = Math.max(A.t0, B.t0), t1 = Math.min(A.t1, B.t1);
        if (t1 - t0 < Math.min(MIN_PAIR_LEN_MM, 0.5 * Math.min(A.t1 - A.t0, B.t1 - B.t0))) continue;
        // the nearest partner only: a third line between them means these are not the two faces of one wall,
        // unless the lines between are the layers of one wall (boards, insulation, core of a drywall), too
        // close to each other and to the faces for any two of them to be a wall of their own
        // (written by position, not emptied: setting a list's length to 0 lets V8 drop its storage, and the next
        // layer found allocates it again - once per pair on a dense sheet)
        let nLayers = 0;
        for (let m = i + 1; m < j; m++) {
          const C = list[m];
          // (a grid axis drawn along the middle of a wall runs on far past it, both ways, or one way with a
          // finer pen than the faces: it is not a face)
          const past0 = C.t0 < t0 - AXIS_OVERRUN_MM, past1 = C.t1 > t1 + AXIS_OVERRUN_MM;
          const axis = (past0 && past1) || ((past0 || past1) && C.s.w < 0.5 * Math.min(A.s.w, B.s.w));
          if (!axis && C.off - A.off > 5 && B.off - C.off > 5 && Math.min(C.t1, t1) - Math.max(C.t0, t0) > 0.8 * (t1 - t0)) layers[nLayers++] = C.off;
        }
        if (nLayers) {
          // (A, the layers and B in order of offset, each nearer the one before than a wall is thick)
          let prev = A.off, stacked = true;
          for (let n = 0; n < nLayers && stacked; n++) { stacked = layers[n] - prev < PAIR_MIN_MM; prev = layers[n]; }
          if (!stacked || B.off - prev >= PAIR_MIN_MM) continue;
          // (and the pair is the outermost of the stack: no layer line just beyond either face)
          if (layerBeyond(list, A.off, B.off, t0, t1)) continue;
        }
        // a regular array of lines (tiles, hatching) repeats the same spacing beyond the pair: not a wall (hatch
        // lines clipped to a wall are staggered along their length, so a partial overlap is enough). A line
        // there in a clearly finer pen than the pair's one pen is not the array going on but the next layer of
        // a composite wall (concrete cut heavy, then insulation as thick as the concrete) or a tile edge beside
        // a wall face. Only stroked pens are told apart: a hairline (width 0) and a line taken back from a
        // filled outline (its width estimated) have no pen to compare.
        const pen = !A.s.outlined && !B.s.outlined && samePen(A.s, B.s) ? A.s.w : 0;
        if (repeatsAt(list, A.off - d, d, t0, t1, pen, false) || repeatsAt(list, B.off + d, d, t0, t1, pen, false)) continue;
        if ((repeatsAt(list, A.off - d, d, t0, t1, pen, true) && repeatsAt(list, A.off - 2 * d, d, t0, t1, pen, true)) ||
          (repeatsAt(list, B.off + d, d, t0, t1, pen, true) && repeatsAt(list, B.off + 2 * d, d, t0, t1, pen, true))) continue;
        const band = { deg, lo: A.off, hi: B.off, t0, t1 };
        out.push(band);
        faces?.set(band, [A.s, B.s]);
      }
    }
  }
  return out;
}

/** Cell size of the grids the line tests below look segments and bands up in (mm). */
const GRID_CELL = 500;

/**
 * Lines crossed right through at an even pitch (the lines of floor tiles, a grid, a slatted deck) are a
 * pattern, not the face of a wall: a wall face is met by other lines at its junctions, which end on it.
 */
function patternLines(segs: MmSeg[]): Set<MmSeg> {
  const grid = segGrid(segs, GRID_CELL);
  const out = new Set<MmSeg>();
  for (const L of segs) {
    if (L.len < 400) continue;
    const ux = Math.cos(L.ang), uy = Math.sin(L.ang);
    const seen = new Set<MmSeg>();
    for (const p of alongSeg(L, GRID_CELL)) for (const s of grid.at(p)) seen.add(s);
    const at: number[] = [];
    const o0 = -uy * L.a[0] + ux * L.a[1];
    for (const s of seen) {
      if (s === L) continue;
      const oa = -uy * s.a[0] + ux * s.a[1] - o0, ob = -uy * s.b[0] + ux * s.b[1] - o0;
      if (Math.min(oa, ob) > -20 || Math.max(oa, ob) < 20) continue;
      const ta = ux * s.a[0] + uy * s.a[1], tb = ux * s.b[0] + uy * s.b[1];
      at.push(ta + ((tb - ta) * -oa) / (ob - oa));
    }
    const tl0 = Math.min(ux * L.a[0] + uy * L.a[1], ux * L.b[0] + uy * L.b[1]);
    const inside = at.filter((t) => t > tl0 + 10 && t < tl0 + L.len - 10).sort((p, q) => p - q);
    if (inside.length < 4) continue;
    const gaps = inside.slice(1).map((t, i) => t - inside[i]).filter((g) => g > 20);
    for (let i = 0; i + 2 < gaps.length; i++) {
      const g = gaps[i];
      if (g >= 100 && Math.abs(gaps[i + 1] - g) < 0.1 * g && Math.abs(gaps[i + 2] - g) < 0.1 * g) { out.add(L); break; }
    }
  }
  return out;
}

/**
 * Bands that lie across another, wider-reaching band of a different direction: the end caps of a wall drawn
 * with a thick outline pen (a jamb stroke is as wide as a thin wall, but thinner than the wall it closes, and
 * as long as that wall is thick). They are part of that wall, not wall runs of their own: two jamb caps in
 * line across a room would otherwise read as a wall with a door-wide break.
 */
export function capBands(bands: Band[]): Set<Band> {
  const grid = bandGrid(bands, 1000);
  const out = new Set<Band>();
  for (const b of bands) {
    const len = b.t1 - b.t0;
    if (len > 2.5 * (b.hi - b.lo) + 60) continue;
    const mid = (b.lo + b.hi) / 2;
    const ends = [bandPoint(b.deg, b.t0, mid), bandPoint(b.deg, b.t1, mid)];
    if (grid.at(ends[0]).some((o) => o !== b && degApart(o.deg, b.deg) > 20 &&
      o.t1 - o.t0 > len && b.hi - b.lo < 0.85 * (o.hi - o.lo) && Math.abs(len - (o.hi - o.lo)) < 0.25 * (o.hi - o.lo) + 20 && ends.every((e) => inBandAt(o, e, 15)))) out.add(b);
  }
  return out;
}

/** A wall across a band's end counts up to this far past its own end (mm): a through wall's band has a gap where
 * the other wall joins it, and a wall meeting a corner starts at the other wall's face. */
const ACROSS_GAP_MM = 400;
/** Bands on one side of a face no longer together than this share of those on the other are floor strips beside fittings. */
const STRIP_SHARE = 0.5;

/**
 * A wall face has the wall on one side and the room on the other. A line paired on both sides (a wall face and
 * a bed, bench or shelf edge beside it) keeps the side that is wall: on a hatched plan the hatched side; else
 * the side whose band is closed at an end (a jamb or a crossing wall face), where the band between a wall and
 * a piece of furniture just stops where the furniture does; closed on both sides (a fitting standing against a
 * side wall), the side running along the face at least twice as far. The other band is floor.
 */
function falseSides(bands: Band[], faces: Map<Band, [MmSeg, MmSeg]>, hatch: Set<MmSeg>, segs: MmSeg[]): Set<Band> {
  const hatchMids = new Grid<PointMm>(250);
  for (const h of hatch) {
    const m: PointMm = [(h.a[0] + h.b[0]) / 2, (h.a[1] + h.b[1]) / 2];
    hatchMids.add(m, m);
  }
  const hatched = (b: Band) => {
    const { ux, uy } = bandFrame(b.deg);
    const pts = bandCorners(b);
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    for (const m of hatchMids.inBox(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys))) {
      const t = ux * m[0] + uy * m[1], o = -uy * m[0] + ux * m[1];
      if (t > b.t0 && t < b.t1 && o > b.lo && o < b.hi) return true;
    }
    return false;
  };
  let segCells: Grid<MmSeg> | null = null;
  let bandCells: Grid<Band> | null = null;
  const inOther = (p: PointMm, b: Band) => bandCells!.at(p).some((o) => {
    if (o.deg === b.deg) return false;
    const { ux, uy } = bandFrame(o.deg);
    const t = ux * p[0] + uy * p[1], off = -uy * p[0] + ux * p[1];
    // (a through wall's band has a gap where the other wall joins it: its pieces on either side count)
    return t >= o.t0 - ACROSS_GAP_MM && t <= o.t1 + ACROSS_GAP_MM && off >= o.lo && off <= o.hi;
  });
  const capped = (b: Band) => {
    segCells ??= segGrid(segs, GRID_CELL);
    // (each band filed in the cells within ACROSS_GAP_MM of it: a wall across the end may start beyond it, in
    // the next cell)
    bandCells ??= bandGrid(bands, GRID_CELL, 2500, ACROSS_GAP_MM);
    const { ux, uy } = bandFrame(b.deg);
    const th = b.hi - b.lo;
    return [b.t0, b.t1].some((t, i) => {
      const p = bandPoint(b.deg, t, (b.lo + b.hi) / 2);
      // a wall across the end (a T or L junction), or a line closing it (a jamb)
      if (inOther(bandPoint(b.deg, t + (i ? 40 : -40), (b.lo + b.hi) / 2), b)) return true;
      return segCells!.at(p).some((s) => {
        const ta = ux * s.a[0] + uy * s.a[1], tb = ux * s.b[0] + uy * s.b[1];
        const oa = -uy * s.a[0] + ux * s.a[1], ob = -uy * s.b[0] + ux * s.b[1];
        if (Math.abs(ta - t) > 30 || Math.abs(tb - t) > 30) return false;
        return Math.min(oa, ob) <= b.lo + 0.2 * th && Math.max(oa, ob) >= b.hi - 0.2 * th;
      });
    });
  };
  // per face line: its bands below (the line is their hi face) and above (their lo face)
  const sides = new Map<MmSeg, { below: Band[]; above: Band[] }>();
  const side = (s: MmSeg) => sides.get(s) ?? sides.set(s, { below: [], above: [] }).get(s)!;
  for (const b of bands) {
    const [A, B] = faces.get(b)!;
    side(A).above.push(b);
    side(B).below.push(b);
  }
  const out = new Set<Band>();
  const test = hatch.size ? hatched : capped;
  for (const { below, above } of sides.values()) {
    if (!below.length || !above.length) continue;
    const hb = below.some(test), ha = above.some(test);
    if (hb && !ha) above.forEach((b) => out.add(b));
    if (ha && !hb) below.forEach((b) => out.add(b));
    // closed at an end on both sides (a fitting standing against a side wall): the wall runs the face's length,
    // the fitting's floor strip a stretch of it (hatched on both sides, both are layers of one wall)
    if (ha && hb && test === capped) {
      const lb = below.reduce((s, b) => s + b.t1 - b.t0, 0), la = above.reduce((s, b) => s + b.t1 - b.t0, 0);
      if (la < STRIP_SHARE * lb) above.forEach((b) => out.add(b));
      else if (lb < STRIP_SHARE * la) below.forEach((b) => out.add(b));
    }
  }
  return out;
}

/** How far short of a corner square a band may stop and still stop at it (mm). */
const CORNER_TOUCH_MM = 25;
/**
 * The same where the corner's two walls are alike (mm). Some drawings end both walls of a corner a pen's width or
 * two before the corner (the face lines stop at a cap or a column drawn between them): a gap round the corner that
 * the final closing never bridges (it fills no space between two convex corners facing each other diagonally). The
 * square filled, each band faces it across a gap in line, which the closing does bridge under twice SEAL_MM
 * (analyze.ts).
 */
const CORNER_STOP_MM = 60;
/** Two walls are alike when their thicknesses differ by at most this share of the thicker. */
const ALIKE_SHARE = 0.25;

/**
 * Two wall bands meeting at a corner stop at each other's faces, which leaves the square between the four
 * face lines empty (the outer corner of an L, the knot where a third wall leaves the corner). Where both
 * bands stop at that square, each from its own side, it is wall.
 */
function cornerSquares(bands: Band[]): PointMm[][] {
  const CELL = 1000;
  // each band by its two ends, in the end's cell and the cells around it
  // (bands by index, so a band met is marked in a typed array, not a map)
  const grid = new Grid<number>(CELL);
  bands.forEach((b, i) => {
    const m = (b.lo + b.hi) / 2;
    for (let end = 0; end < 2; end++) {
      const e = bandPoint(b.deg, end ? b.t1 : b.t0, m);
      grid.addBox(e[0] - CELL, e[1] - CELL, e[0] + CELL, e[1] + CELL, i);
    }
  });
  // the crossing of the face line `off` of frame `a` with the face line `off2` of frame `c` (det: the frames'
  // determinant), into q
  const cross = (q: PointMm, a: Frame, off: number, c: Frame, off2: number, det: number) => {
    // points p with -uy·x + ux·y = off for both frames
    q[0] = (off * c.ux - a.ux * off2) / det;
    q[1] = (-a.uy * off2 + c.uy * off) / det;
  };
  // both bands stop at (or in) the square, each from its own side (a band running through covers it already)
  const stopsAt = (b: Band, f: Frame, sq: PointMm[], tol: number) => {
    let lo = Infinity, hi = -Infinity;
    for (const p of sq) { const t = f.ux * p[0] + f.uy * p[1]; if (t < lo) lo = t; if (t > hi) hi = t; }
    return (b.t1 >= lo - tol && b.t1 <= hi + tol && b.t0 < lo) || (b.t0 >= lo - tol && b.t0 <= hi + tol && b.t1 > hi);
  };
  const out: PointMm[][] = [];
  const done = new Set<string>();
  // a band is listed in a cell once per end near it: each query takes it once (the query it was last met in)
  const metIn = new Int32Array(bands.length);
  let query = 0;
  const sq: PointMm[] = [[0, 0], [0, 0], [0, 0], [0, 0]]; // the square of the pair at hand (reused)
  for (let ai = 0; ai < bands.length; ai++) {
    const A = bands[ai];
    const m = (A.lo + A.hi) / 2;
    for (let end = 0; end < 2; end++) {
      query++;
      for (const bi of grid.at(bandPoint(A.deg, end ? A.t1 : A.t0, m))) {
        if (bi === ai || metIn[bi] === query) continue;
        metIn[bi] = query;
        const B = bands[bi];
        const d = Math.abs(((B.deg - A.deg + 180) % 180) - 90);
        if (d > 30) continue;
        const fa = bandFrame(A.deg), fb = bandFrame(B.deg);
        const det = -fa.uy * fb.ux + fa.ux * fb.uy;
        if (Math.abs(det) < 1e-6) continue;
        cross(sq[0], fa, A.lo, fb, B.lo, det);
        cross(sq[1], fa, A.lo, fb, B.hi, det);
        cross(sq[2], fa, A.hi, fb, B.hi, det);
        cross(sq[3], fa, A.hi, fb, B.lo, det);
        // (a hairline short of it only for two walls alike, a corner of one construction: a fitting's edge that stops
        // near a wall is no corner of it)
        const ta = A.hi - A.lo, tb = B.hi - B.lo;
        const tol = Math.abs(ta - tb) <= ALIKE_SHARE * Math.max(ta, tb) ? CORNER_STOP_MM : CORNER_TOUCH_MM;
        if (!stopsAt(A, fa, sq, tol) || !stopsAt(B, fb, sq, tol)) continue;
        const id = squareKey(sq);
        if (done.has(id)) continue;
        done.add(id);
        out.push(orient(sq.map((p): PointMm => [p[0], p[1]]), true));
      }
    }
  }
  return out;
}

/** (the corners of one square at a time, rounded, in the order squareKey puts them) */
const keyXs = [0, 0, 0, 0], keyYs = [0, 0, 0, 0];

/** A square's corners rounded to whole millimetres, in an order of their own: two squares with the same rounded corners
 * in any order have one key. (Built per corner square found: without a string per corner, a list, a sort and a join.) */
function squareKey(sq: PointMm[]): string {
  for (let i = 0; i < 4; i++) {
    const x = Math.round(sq[i][0]), y = Math.round(sq[i][1]);
    let k = i;
    while (k > 0 && (keyXs[k - 1] > x || (keyXs[k - 1] === x && keyYs[k - 1] > y))) { keyXs[k] = keyXs[k - 1]; keyYs[k] = keyYs[k - 1]; k--; }
    keyXs[k] = x; keyYs[k] = y;
  }
  return `${keyXs[0]},${keyYs[0]};${keyXs[1]},${keyYs[1]};${keyXs[2]},${keyYs[2]};${keyXs[3]},${keyYs[3]}`;
}

/** Bands by the cells of their bounding boxes (a band spanning more than `maxCells` cells is left out). */
function bandGrid(bands: Band[], cell: number, maxCells = Infinity, pad = 0): Grid<Band> {
  const grid = new Grid<Band>(cell);
  for (const b of bands) {
    const c = bandCorners(b);
    const xs = c.map((p) => p[0]), ys = c.map((p) => p[1]);
    grid.addBox(Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) + pad, Math.max(...ys) + pad, b, maxCells);
  }
  return grid;
}

/** A tick's end this close to another line (pt on paper) ends on it: a hatch stroke clipped to a face, not a tick. */
const TICK_END_ON_LINE_PT = 0.15;

/**
 * Dimension chains: a line carrying two or more tick marks (short strokes at about 45° centred on it), and the
 * extension lines through its ticks. Two extension lines dimensioning a wall's thickness are exactly a wall
 * apart; paired, they make a wall out in the garden.
 */
function dimensionLines(segs: MmSeg[], k: number): Set<MmSeg> {
  const tol = Math.max(0.8 * k, 3);
  const isTick = (s: MmSeg) => {
    const paper = s.len / k;
    if (paper < 2 || paper > 20) return false;
    const a = ((s.ang * 180) / Math.PI) % 90;
    return a > 25 && a < 65;
  };
  const ticks = segs.filter(isTick);
  const out = new Set<MmSeg>();
  if (ticks.length < 2) return out;
  const grid = segGrid(segs, GRID_CELL);
  const count = new Map<MmSeg, PointMm[]>();
  // a tick's ends are free; a hatch stroke's end on the wall face it is clipped to (a tick's end may pass a
  // wall face drawn a pen width beside the dimension line: ARCHICAD dimensions a wall's end from its face)
  // (loops over arrays, and the tick's middle in a reused point: asked for every short slanted line of a sheet, its
  // hatch strokes among them)
  const free = (t: MmSeg, p: PointMm) => {
    const near = grid.at(p);
    for (let i = 0; i < near.length; i++) if (near[i] !== t && distToSeg(p, near[i]) < TICK_END_ON_LINE_PT * k) return false;
    return true;
  };
  const m: PointMm = [0, 0];
  // ticks lying in a wall's hatching (a dimension of the wall's thickness ends on its face): parallel to the
  // hatch, their ends touch its strokes. Counted only at the end of a line that carries a free tick too.
  const endMarks = new Map<MmSeg, PointMm[]>();
  for (const t of ticks) {
    // (whether its ends are free is asked when a line carries it: a hatch stroke carried by none, most of a
    // dense sheet's ticks, is not looked up at its ends)
    let isFree: boolean | undefined;
    m[0] = (t.a[0] + t.b[0]) / 2; m[1] = (t.a[1] + t.b[1]) / 2;
    const near = grid.at(m);
    for (let i = 0; i < near.length; i++) {
      const d = near[i];
      // (most of a dense cell's lines are passed over on their box first)
      if (d === t || outsideBox(m, d, tol)) continue;
      if (isTick(d) || d.len < 4 * t.len) continue;
      const ad = angleBetween(t, d);
      if (ad < 25 || ad > 65 || distToSeg(m, d) > tol) continue;
      if ((isFree ??= free(t, t.a) && free(t, t.b))) (count.get(d) ?? count.set(d, []).get(d)!).push([m[0], m[1]]);
      else if (Math.min(hypot(m[0] - d.a[0], m[1] - d.a[1]), hypot(m[0] - d.b[0], m[1] - d.b[1])) <= tol)
        (endMarks.get(d) ?? endMarks.set(d, []).get(d)!).push([m[0], m[1]]);
    }
  }
  // (their lines' witness marks are not looked for there: the wall's face runs through that end)
  const weak = (d: MmSeg) => (count.has(d) ? endMarks.get(d)?.length ?? 0 : 0);
  // a chain of dimensions is drawn as collinear lines meeting end to end at their ticks: the lines of a chain
  // carrying two ticks in all are dimension lines, each (a tick lost in a wall's hatching leaves its line one)
  const parent = new Map<MmSeg, MmSeg>([...count.keys()].map((d) => [d, d]));
  const root = (d: MmSeg): MmSeg => { let r = d; while (parent.get(r) !== r) r = parent.get(r)!; parent.set(d, r); return r; };
  const byEnd = new Grid<MmSeg>(GRID_CELL);
  for (const d of count.keys()) { byEnd.add(d.a, d); byEnd.add(d.b, d); }
  const meet = (p: PointMm, q: PointMm) => hypot(p[0] - q[0], p[1] - q[1]) <= tol;
  for (const d of count.keys())
    for (const p of [d.a, d.b])
      for (const e of byEnd.at(p))
        if (e !== d && angleBetween(d, e) < 1 && (meet(p, e.a) || meet(p, e.b))) parent.set(root(e), root(d));
  const chainMarks = new Map<MmSeg, number>();
  for (const [d, marks] of count) chainMarks.set(root(d), (chainMarks.get(root(d)) ?? 0) + marks.length + weak(d));
  for (const [d, marks] of count) {
    if (marks.length + weak(d) < 2 && (chainMarks.get(root(d)) ?? 0) < 2) continue;
    out.add(d);
    for (const m of marks)
      for (const e of grid.at(m)) {
        if (e !== d && !isTick(e) && Math.abs(angleBetween(e, d) - 90) < 3 && distToSeg(m, e) <= tol) out.add(e);
      }
  }
  return out;
}
