/**
 * Floor patterns: paving joints, decking boards and tile lines are drawn as a family of parallel lines in one
 * pen at an even step, side by side along most of their length. A railing, a slab edge or a glazing line is
 * one line (or two), not a run of evenly spaced ones, even when drawn in the same fine pen. Telling them apart
 * lets an outdoor space be taken across its paving while still being closed by its slab edge.
 */
import type { PointMm } from '../types.js';
import { hypot } from './geometry.js';

/** A drawn line (mm) with its pen width (points; 0 or absent for the edge of a fill). */
export interface PatternLine { a: PointMm; b: PointMm; w?: number }

/** Lines of one family point the same way within this angle (degrees). */
const SAME_DIRECTION_DEG = 1;
/** Steps of a floor pattern on site (mm): decking boards from 50 mm, paving slabs up to 2 m. */
const MIN_STEP_MM = 50;
const MAX_STEP_MM = 2000;
/** Steps of one family agree within this share of the first step. */
const STEP_TOLERANCE = 0.15;
/** Neighbours in a family overlap along their length by at least this share of the shorter one. */
const MIN_OVERLAP = 0.5;
/** A family has at least this many lines (three equal steps): two or three lines may be a railing's. */
const MIN_FAMILY_LINES = 4;
/** Lines shorter than this (mm) are ticks and posts, not joints. */
const MIN_LINE_MM = 300;

interface Placed { i: number; off: number; lo: number; hi: number }

/** Indexes of the lines that belong to an evenly spaced family of parallel lines in one pen. */
export function patternLines(lines: PatternLine[]): Set<number> {
  const groups = new Map<string, { i: number; deg: number }[]>();
  lines.forEach((l, i) => {
    const dx = l.b[0] - l.a[0], dy = l.b[1] - l.a[1];
    if (hypot(dx, dy) < MIN_LINE_MM) return;
    const deg = ((Math.atan2(dy, dx) * 180) / Math.PI + 180) % 180;
    const pen = Math.round((l.w ?? 0) * 100);
    // two grids of direction buckets half a bucket apart: lines within half a bucket share one in either
    for (const k of [`a${Math.floor(deg / SAME_DIRECTION_DEG)}`, `b${Math.floor(deg / SAME_DIRECTION_DEG + 0.5)}`]) {
      const key = `${pen}:${k}`;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key)!.push({ i, deg });
    }
  });
  const out = new Set<number>();
  for (const g of groups.values()) {
    if (g.length < MIN_FAMILY_LINES) continue;
    const rad = (g[0].deg * Math.PI) / 180;
    const u: PointMm = [Math.cos(rad), Math.sin(rad)], n: PointMm = [-u[1], u[0]];
    const placed: Placed[] = g.map(({ i }) => {
      const { a, b } = lines[i];
      const ta = a[0] * u[0] + a[1] * u[1], tb = b[0] * u[0] + b[1] * u[1];
      return { i, off: ((a[0] + b[0]) / 2) * n[0] + ((a[1] + b[1]) / 2) * n[1], lo: Math.min(ta, tb), hi: Math.max(ta, tb) };
    }).sort((p, q) => p.off - q.off);
    for (let s = 0; s < placed.length; s++) {
      for (let t = s + 1; t < placed.length; t++) {
        const step = placed[t].off - placed[s].off;
        if (step > MAX_STEP_MM) break;
        if (step < MIN_STEP_MM || !overlaps(placed[s], placed[t])) continue;
        const run = [placed[s], placed[t]];
        for (;;) {
          const next = lineAt(placed, run[run.length - 1], step);
          if (!next) break;
          run.push(next);
        }
        if (run.length >= MIN_FAMILY_LINES) run.forEach((p) => out.add(p.i));
      }
    }
  }
  return out;
}

/** The line one step beyond `from`, overlapping it, or null. */
function lineAt(placed: Placed[], from: Placed, step: number): Placed | null {
  const want = from.off + step, tol = STEP_TOLERANCE * step;
  let lo = 0, hi = placed.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (placed[mid].off < want - tol) lo = mid + 1; else hi = mid;
  }
  for (let k = lo; k < placed.length && placed[k].off <= want + tol; k++) if (overlaps(from, placed[k])) return placed[k];
  return null;
}

function overlaps(p: Placed, q: Placed): boolean {
  const common = Math.min(p.hi, q.hi) - Math.max(p.lo, q.lo);
  return common >= MIN_OVERLAP * Math.min(p.hi - p.lo, q.hi - q.lo);
}
