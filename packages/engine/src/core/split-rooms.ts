/**
 * Open-plan rooms the drawing does not separate: kitchen, living and hall printed as rooms of their own,
 * each with its stamp and printed area, in one space with no wall between them. A region holding two or
 * more stamps with printed areas is cut into one room per stamp, by straight cuts from boundary to boundary:
 *
 * 1. along drawn evidence first: a wall's end continued straight (the line of an edge at a re-entrant
 *    corner of the region) or a line drawn across the space (a dash-dot zone line, the edge where one floor
 *    finish or hatch meets another), when the parts' measured areas agree with the printed ones
 *    (EVIDENCE_SPREAD_MAX);
 * 2. else a cut parallel to the walls placed so the parts' areas are in the printed proportion.
 *
 * A space too small for its stamps' areas at the plan's ratio (SPACE_SHORT: a stair's zone printed over its
 * landing) is first cut along the drawn line that gives one side its own printed area.
 *
 * Each part must hold stamps, the cut must not cross a stamp's text, and a region with one stamp is never
 * cut. Pure geometry in the mm frame.
 */
import type { PointMm } from '../types.js';
import { hypot, pointInPoly, polyArea } from './geometry.js';

export interface SplitStamp {
  /** Where the stamp stands (mm). */
  at: PointMm;
  /** Printed area (mm²). */
  areaMm2: number;
  /** Corners of the stamp's text box (mm): no cut runs through it. */
  box: PointMm[];
}

/** A line drawn on the plan (mm). */
export interface DrawnLine { a: PointMm; b: PointMm }

export type CutKind = 'wall-line' | 'drawn-line' | 'printed-areas';
export interface SplitPart { pts: PointMm[]; stamps: SplitStamp[]; cuts: CutKind[] }

/**
 * Largest disagreement between the parts' measured-to-printed ratios for a cut along drawn evidence
 * (0.08 = the ratios differ by at most 8 %): printed areas are rounded and fittings are drawn over floors,
 * so an exact match is not expected, but a cut that puts a tenth of the floor on the wrong side is not the
 * architect's line.
 */
export const EVIDENCE_SPREAD_MAX = 0.08;
/**
 * A space is too small for its stamps when its area is under this share of their printed areas together, at the
 * plan's measured-to-printed ratio (spaces holding rooms come within 5-10 % of it): some stamp's area lies
 * partly elsewhere (a stair's zone printed over the landing it rises from, a void over several floors).
 */
export const SPACE_SHORT = 0.75;
/** A drawn line (or a dash of a dashed one) is looked at as a cut when at least this long (mm)... */
const DRAWN_MIN_MM = 150;
/** ...and when it and lines in line with it (the other dashes) cover this share of the cut from boundary to boundary. */
const DRAWN_COVER_MIN = 0.5;
/** Lines in line with each other: offset across (mm) and angle (degrees). */
const IN_LINE_MM = 30;
const IN_LINE_DEG = 2;
/**
 * An edge continued as a wall's end is at least this long (mm): a wall's side, or the return of its end. A jog of a
 * few mm along one face (two lengths of wall drawn a hair apart, a box's edge on the face) ends no wall.
 */
const WALL_END_EDGE_MIN_MM = 40;
/** A part smaller than this is no room (mm²). */
const MIN_PART_MM2 = 0.5e6;
/** Positions tried across the region for a cut placed by the printed areas, then refined. */
const SWEEP_STEPS = 160;
/** Cuts deeper than this (stamps in one region) are not pursued. */
const MAX_DEPTH = 8;
/** Lines looked at per region (dense sheets draw thousands of furniture and hatch lines in a room). */
const MAX_DRAWN_CANDIDATES = 600;

interface Cut { kind: CutKind; parts: [PointMm[], PointMm[]]; groups: [SplitStamp[], SplitStamp[]]; ratios: [number, number]; spread: number; lengthMm: number }

/**
 * Splits a region into one part per stamp (the region itself when it holds fewer than two stamps).
 * `planRatio`: the sheet's measured-to-printed area ratio (printed-areas.ts sheetAreaRatio), when known.
 */
export function splitByStamps(poly: PointMm[], stamps: SplitStamp[], lines: DrawnLine[] = [], planRatio: number | null = null): SplitPart[] {
  const inside = stamps.filter((s) => pointInPoly(s.at[0], s.at[1], poly));
  return split(poly, inside, lines, 0, [], planRatio);
}

function split(poly: PointMm[], stamps: SplitStamp[], lines: DrawnLine[], depth: number, cuts: CutKind[], planRatio: number | null): SplitPart[] {
  if (stamps.length < 2 || depth >= MAX_DEPTH) return [{ pts: poly, stamps, cuts }];
  const cut = bestCut(poly, stamps, lines, planRatio);
  if (!cut) return [{ pts: poly, stamps, cuts }];
  return [0, 1].flatMap((i) => split(cut.parts[i], cut.groups[i], lines, depth + 1, [...cuts, cut.kind], planRatio));
}

function bestCut(poly: PointMm[], stamps: SplitStamp[], lines: DrawnLine[], planRatio: number | null): Cut | null {
  const drawn = [...wallLineCuts(poly, stamps), ...drawnLineCuts(poly, stamps, lines)];
  // a space too small for its stamps: their areas do not share it out, so parts agreeing with each other say
  // nothing; the drawn line that gives one side its printed area at the plan's ratio (the other side short of
  // its own, whose zone runs on elsewhere) is the boundary
  const printed = stamps.reduce((sum, s) => sum + s.areaMm2, 0);
  if (planRatio && Math.abs(polyArea(poly)) < SPACE_SHORT * planRatio * printed) {
    const off = (c: Cut, i: number) => Math.abs(c.ratios[i] / planRatio - 1);
    const fits = drawn.map((c) => ({ c, i: off(c, 0) <= off(c, 1) ? 0 : 1 }))
      .filter(({ c, i }) => off(c, i) <= EVIDENCE_SPREAD_MAX && c.ratios[1 - i] < planRatio)
      .sort((a, b) => off(a.c, a.i) - off(b.c, b.i));
    if (fits.length) return fits[0].c;
  }
  const evidence = drawn
    .filter((c) => c.spread <= EVIDENCE_SPREAD_MAX)
    // a wall's end continued is the stronger evidence: a drawn line must fit clearly better to win
    .sort((a, b) => a.spread + (a.kind === 'drawn-line' ? 0.02 : 0) - (b.spread + (b.kind === 'drawn-line' ? 0.02 : 0)));
  if (evidence.length) return evidence[0];
  return proportionalCut(poly, stamps);
}

/** A chord of the polygon: from p (on edge i, pts[i] → pts[i+1]) to q (on edge j). */
interface Chord { p: PointMm; i: number; q: PointMm; j: number }

/** The two rings a chord cuts the polygon into. */
export function cutAlong(poly: PointMm[], c: Chord): [PointMm[], PointMm[]] | null {
  const n = poly.length;
  if (c.i === c.j) return null;
  const ring = (from: PointMm, a: number, b: number, to: PointMm) => {
    const out: PointMm[] = [from];
    for (let k = (a + 1) % n; ; k = (k + 1) % n) {
      out.push(poly[k]);
      if (k === b) break;
    }
    out.push(to);
    return out.filter((p, k) => k === 0 || hypot(p[0] - out[k - 1][0], p[1] - out[k - 1][1]) > 0.01);
  };
  return [ring(c.p, c.i, c.j, c.q), ring(c.q, c.j, c.i, c.p)];
}

/** The intervals where a line (through o along unit u) runs inside the polygon, as chords. */
function chordsOnLine(poly: PointMm[], o: PointMm, u: PointMm): (Chord & { t0: number; t1: number })[] {
  const nx = -u[1], ny = u[0];
  const hits: { t: number; e: number; p: PointMm }[] = [];
  for (let e = 0; e < poly.length; e++) {
    const a = poly[e], b = poly[(e + 1) % poly.length];
    const sa = (a[0] - o[0]) * nx + (a[1] - o[1]) * ny, sb = (b[0] - o[0]) * nx + (b[1] - o[1]) * ny;
    if (sa > 0 === sb > 0) continue;
    const f = sa / (sa - sb);
    const p: PointMm = [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
    hits.push({ t: (p[0] - o[0]) * u[0] + (p[1] - o[1]) * u[1], e, p });
  }
  hits.sort((a, b) => a.t - b.t);
  const out: (Chord & { t0: number; t1: number })[] = [];
  for (let k = 0; k + 1 < hits.length; k += 2) out.push({ p: hits[k].p, i: hits[k].e, q: hits[k + 1].p, j: hits[k + 1].e, t0: hits[k].t, t1: hits[k + 1].t });
  return out;
}

function evaluate(poly: PointMm[], stamps: SplitStamp[], c: Chord, kind: CutKind): Cut | null {
  const parts = cutAlong(poly, c);
  if (!parts) return null;
  const areas = parts.map((r) => Math.abs(polyArea(r)));
  if (Math.min(...areas) < MIN_PART_MM2) return null;
  if (stamps.some((s) => crossesBox(c.p, c.q, s.box))) return null;
  const groups: [SplitStamp[], SplitStamp[]] = [[], []];
  for (const s of stamps) {
    if (pointInPoly(s.at[0], s.at[1], parts[0])) groups[0].push(s);
    else if (pointInPoly(s.at[0], s.at[1], parts[1])) groups[1].push(s);
    else return null;
  }
  if (!groups[0].length || !groups[1].length) return null;
  const ratio = (i: number) => areas[i] / groups[i].reduce((sum, s) => sum + s.areaMm2, 0);
  const r0 = ratio(0), r1 = ratio(1);
  return { kind, parts, groups, ratios: [r0, r1], spread: Math.max(r0, r1) / Math.min(r0, r1) - 1, lengthMm: hypot(c.q[0] - c.p[0], c.q[1] - c.p[1]) };
}

/** The lines of the region's edges continued past their corners into it, to the far side (a wall's end continued). */
function wallLineCuts(poly: PointMm[], stamps: SplitStamp[]): Cut[] {
  const n = poly.length;
  const out: Cut[] = [];
  // every corner, not only re-entrant ones: a wall's end drawn with a small return (a frame, a plaster
  // edge) leaves a convex corner beside the re-entrant one, and its edge continued is the same cut
  for (let v = 0; v < n; v++) {
    const prev = poly[(v - 1 + n) % n], cur = poly[v], next = poly[(v + 1) % n];
    for (const from of [prev, next]) {
      const l = hypot(cur[0] - from[0], cur[1] - from[1]);
      if (l < WALL_END_EDGE_MIN_MM) continue;
      const u: PointMm = [(cur[0] - from[0]) / l, (cur[1] - from[1]) / l];
      const hit = rayHit(poly, cur, u, v);
      if (!hit) continue;
      // the chord starts at the corner: as a point at the end of the edge coming into it
      const c = evaluate(poly, stamps, { p: cur, i: (v - 1 + n) % n, q: hit.p, j: hit.e }, 'wall-line');
      if (c) out.push(c);
    }
  }
  return out;
}

/** The first edge a ray from vertex v hits (edges meeting at v left out), when the ray runs inside. */
function rayHit(poly: PointMm[], o: PointMm, u: PointMm, v: number): { p: PointMm; e: number } | null {
  const n = poly.length;
  const step: PointMm = [o[0] + u[0] * 2, o[1] + u[1] * 2];
  if (!pointInPoly(step[0], step[1], poly)) return null;
  let best: { p: PointMm; e: number; t: number } | null = null;
  for (let e = 0; e < n; e++) {
    if (e === v || (e + 1) % n === v) continue;
    const a = poly[e], b = poly[(e + 1) % n];
    const dx = b[0] - a[0], dy = b[1] - a[1];
    const den = u[0] * dy - u[1] * dx;
    if (Math.abs(den) < 1e-12) continue;
    const t = ((a[0] - o[0]) * dy - (a[1] - o[1]) * dx) / den;
    const s = ((a[0] - o[0]) * u[1] - (a[1] - o[1]) * u[0]) / den;
    if (t <= 1 || s < 0 || s > 1) continue;
    if (!best || t < best.t) best = { p: [o[0] + u[0] * t, o[1] + u[1] * t], e, t };
  }
  return best;
}

/** Lines drawn across the region (zone lines, finish edges), with lines in line with them, spanning most of a chord. */
function drawnLineCuts(poly: PointMm[], stamps: SplitStamp[], lines: DrawnLine[]): Cut[] {
  const ys = poly.map((p) => p[1]), xs = poly.map((p) => p[0]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const local = lines.filter((l) => Math.max(l.a[0], l.b[0]) >= x0 && Math.min(l.a[0], l.b[0]) <= x1 && Math.max(l.a[1], l.b[1]) >= y0 && Math.min(l.a[1], l.b[1]) <= y1);
  const seen: { deg: number; off: number }[] = [];
  const out: Cut[] = [];
  const candidates = local.filter((l) => hypot(l.b[0] - l.a[0], l.b[1] - l.a[1]) >= DRAWN_MIN_MM)
    .filter((l) => pointInPoly((l.a[0] + l.b[0]) / 2, (l.a[1] + l.b[1]) / 2, poly))
    .sort((a, b) => hypot(b.b[0] - b.a[0], b.b[1] - b.a[1]) - hypot(a.b[0] - a.a[0], a.b[1] - a.a[1]))
    .slice(0, MAX_DRAWN_CANDIDATES);
  for (const l of candidates) {
    const len = hypot(l.b[0] - l.a[0], l.b[1] - l.a[1]);
    const u: PointMm = [(l.b[0] - l.a[0]) / len, (l.b[1] - l.a[1]) / len];
    const deg = ((Math.atan2(u[1], u[0]) * 180) / Math.PI + 180) % 180;
    const off = -u[1] * l.a[0] + u[0] * l.a[1];
    if (seen.some((s) => Math.abs(s.off - off) < IN_LINE_MM && Math.min(Math.abs(s.deg - deg), 180 - Math.abs(s.deg - deg)) < IN_LINE_DEG)) continue;
    seen.push({ deg, off });
    const mid: PointMm = [(l.a[0] + l.b[0]) / 2, (l.a[1] + l.b[1]) / 2];
    const tMid = (mid[0] - l.a[0]) * u[0] + (mid[1] - l.a[1]) * u[1];
    const chord = chordsOnLine(poly, l.a, u).find((c) => c.t0 <= tMid && tMid <= c.t1);
    if (!chord) continue;
    if (coverage(local, l.a, u, chord.t0, chord.t1) < DRAWN_COVER_MIN * (chord.t1 - chord.t0)) continue;
    const c = evaluate(poly, stamps, chord, 'drawn-line');
    if (c) out.push(c);
  }
  return out;
}

/** Length of [t0, t1] on the line (o, u) covered by drawn lines in line with it (mm). */
function coverage(lines: DrawnLine[], o: PointMm, u: PointMm, t0: number, t1: number): number {
  const spans: [number, number][] = [];
  const sinTol = Math.sin((IN_LINE_DEG * Math.PI) / 180);
  for (const l of lines) {
    const dx = l.b[0] - l.a[0], dy = l.b[1] - l.a[1];
    const len = hypot(dx, dy);
    if (len < 1 || Math.abs(dx * u[1] - dy * u[0]) / len > sinTol) continue;
    const across = Math.abs(-u[1] * (l.a[0] - o[0]) + u[0] * (l.a[1] - o[1]));
    if (across > IN_LINE_MM) continue;
    const ta = (l.a[0] - o[0]) * u[0] + (l.a[1] - o[1]) * u[1], tb = (l.b[0] - o[0]) * u[0] + (l.b[1] - o[1]) * u[1];
    const lo = Math.max(t0, Math.min(ta, tb)), hi = Math.min(t1, Math.max(ta, tb));
    if (hi > lo) spans.push([lo, hi]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  let covered = 0, end = -Infinity;
  for (const [lo, hi] of spans) {
    if (hi <= end) continue;
    covered += hi - Math.max(lo, end);
    end = hi;
  }
  return covered;
}

/** The directions of the region's walls: the two most common edge directions (by length) and the squares to them, degrees mod 180. */
function wallDirections(poly: PointMm[]): number[] {
  const bins = new Map<number, number>();
  for (let k = 0; k < poly.length; k++) {
    const a = poly[k], b = poly[(k + 1) % poly.length];
    const deg = Math.round((((Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI + 180) % 180)) % 180;
    bins.set(deg, (bins.get(deg) ?? 0) + hypot(b[0] - a[0], b[1] - a[1]));
  }
  const sorted = [...bins.entries()].sort((a, b) => b[1] - a[1]);
  if (!sorted.length) return [0, 90];
  const first = sorted[0][0];
  const apart = (d: number) => Math.min(Math.abs(d - first), 180 - Math.abs(d - first));
  const second = sorted.find(([d]) => apart(d) >= 20)?.[0] ?? (first + 90) % 180;
  // partitions meet the walls square: where the second direction is a slanted wall (a wing set at an angle,
  // a chamfered corner), the square to each of the two is a direction of the walls too
  const out = [first, second];
  for (const d of [(first + 90) % 180, (second + 90) % 180]) if (out.every((o) => Math.min(Math.abs(d - o), 180 - Math.abs(d - o)) >= 20)) out.push(d);
  return out;
}

/** A cut parallel to a wall direction placed so the parts' areas are in the printed proportion. */
function proportionalCut(poly: PointMm[], stamps: SplitStamp[]): Cut | null {
  let best: Cut | null = null;
  const better = (c: Cut | null) => {
    if (!c) return;
    // equal fits (within a few per mille): the shorter cut, as a room boundary across an opening is short
    if (!best || c.spread < best.spread - 0.003 || (Math.abs(c.spread - best.spread) <= 0.003 && c.lengthMm < best.lengthMm)) best = c;
  };
  for (const deg of wallDirections(poly)) {
    const a = (deg * Math.PI) / 180;
    const u: PointMm = [Math.cos(a), Math.sin(a)], nrm: PointMm = [-u[1], u[0]];
    const offs = poly.map((p) => p[0] * nrm[0] + p[1] * nrm[1]);
    const lo = Math.min(...offs), hi = Math.max(...offs);
    const at = (s: number): Cut | null => {
      let b: Cut | null = null;
      for (const ch of chordsOnLine(poly, [nrm[0] * s, nrm[1] * s], u)) {
        const c = evaluate(poly, stamps, ch, 'printed-areas');
        if (c && (!b || c.spread < b.spread)) b = c;
      }
      return b;
    };
    let step = (hi - lo) / SWEEP_STEPS;
    let bestS = NaN, bestHere: Cut | null = null;
    for (let k = 1; k < SWEEP_STEPS; k++) {
      const c = at(lo + k * step);
      if (c && (!bestHere || c.spread < bestHere.spread)) { bestHere = c; bestS = lo + k * step; }
    }
    // refine around the best position, twice, at a twentieth of the step
    for (let round = 0; round < 2 && bestHere; round++) {
      const centre = bestS;
      for (let k = -20; k <= 20; k++) {
        const s = centre + (k * step) / 20;
        const c = at(s);
        if (c && c.spread < bestHere.spread) { bestHere = c; bestS = s; }
      }
      step /= 20;
    }
    better(bestHere);
  }
  return best;
}

/** The segment p–q runs through the convex box (an end inside, or crossing an edge). */
function crossesBox(p: PointMm, q: PointMm, box: PointMm[]): boolean {
  if (pointInPoly(p[0], p[1], box) || pointInPoly(q[0], q[1], box)) return true;
  for (let k = 0; k < box.length; k++) if (segmentsCross(p, q, box[k], box[(k + 1) % box.length])) return true;
  return false;
}

function segmentsCross(a: PointMm, b: PointMm, c: PointMm, d: PointMm): boolean {
  const o = (p: PointMm, q: PointMm, r: PointMm) => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return o(a, b, c) !== o(a, b, d) && o(c, d, a) !== o(c, d, b);
}
