/**
 * Dashed lines drawn as pieces. Some CAD exports (ARCHICAD through PDFTron, among others) write a dash-dot axis,
 * a hidden edge or a zone line not as one stroke with a dash pattern but as its dashes, each its own short line
 * (and the dots as zero-length lines). Such a line is dashed all the same: its dashes are never wall faces (a
 * dash 5 pt long beside a wall face or a basin's rim paired with it as a wall, and the gaps between the dashes
 * were closed as doors).
 *
 * A dash run: at least MIN_DASHES pieces on one line, each at most DASH_MAX_PT long, one after the other with
 * gaps of at most GAP_MAX_PT, the pieces of about one length and the gaps no longer than the pieces. All sizes
 * are on paper: a dash pattern is a pen's, whatever the scale, and a wall broken by openings has gaps of a door's
 * or a window's width, far wider on paper at any plan scale (0.6 m at 1:200 is 3 mm).
 *
 * A dot in a gap (a dash-dot line) splits it: the clear spaces either side of the dot are what must be no longer
 * than the dashes, not the whole gap. A dash-dot line with short dashes leaves gaps longer than its dashes, and
 * taken for a solid line its dashes paired with a fitting's edge as a wall.
 */
import type { Seg } from './extract.js';
import { Grid } from '../core/grid.js';
import { hypot } from '../core/geometry.js';

/** Longest piece taken for a dash (pt on paper, about 8.5 mm). */
const DASH_MAX_PT = 24;
/** Shorter pieces are dots: they neither make nor break a run, but split the gap they stand in (pt). */
export const DOT_MAX_PT = 0.3;
/** Widest gap between two dashes of one line (pt on paper, 2 mm); a door at 1:200 leaves 3 mm. */
const GAP_MAX_PT = 5.7;
/** Narrowest gap: pieces that touch or overlap are one drawn line cut up, not dashes (pt). */
const GAP_MIN_PT = 0.15;
/** Pieces in a row before they are taken for a dashed line. */
const MIN_DASHES = 4;
/** The dashes of one run are alike: none longer than this factor times the shortest. */
const DASH_LEN_RATIO = 1.6;
/** Pieces on one line: offset across within this (pt), direction within one degree. */
const LINE_TOL_PT = 0.25;

interface Piece { s: Seg; t0: number; t1: number; off: number; ux: number; uy: number }

/** The unit vector of each whole degree 0..179 (worked out once, not per piece). */
const UX = Array.from({ length: 180 }, (_, deg) => Math.cos((deg * Math.PI) / 180));
const UY = Array.from({ length: 180 }, (_, deg) => Math.sin((deg * Math.PI) / 180));

/** The segments that are dashes of a line drawn as pieces (see above); `segs` in page points. */
export function drawnDashes(segs: Seg[]): Set<Seg> {
  const lines = new Map<number, Piece[]>();
  const dots = new Grid<[number, number]>(GAP_MAX_PT);
  for (const s of segs) {
    if (s.dashed) continue;
    const dx = s.x2 - s.x1, dy = s.y2 - s.y1;
    const len = hypot(dx, dy);
    if (len < DOT_MAX_PT) {
      const dot: [number, number] = [(s.x1 + s.x2) / 2, (s.y1 + s.y2) / 2];
      dots.add(dot, dot);
      continue;
    }
    if (len > DASH_MAX_PT) continue;
    let ang = Math.atan2(dy, dx);
    if (ang < 0) ang += Math.PI;
    const deg = Math.round((ang * 180) / Math.PI) % 180;
    const ux = UX[deg], uy = UY[deg];
    const off = -uy * (s.x1 + s.x2) / 2 + ux * (s.y1 + s.y2) / 2;
    const ta = ux * s.x1 + uy * s.y1, tb = ux * s.x2 + uy * s.y2;
    // one number per (direction, offset): offsets on a page are far under 5e5 tolerances
    const key = deg * 1e6 + Math.round(off / LINE_TOL_PT);
    (lines.get(key) ?? lines.set(key, []).get(key)!).push({ s, t0: Math.min(ta, tb), t1: Math.max(ta, tb), off, ux, uy });
  }
  /** The gap between two pieces of a line, or when a dot stands in it, the longer clear space beside the dot. */
  const clearSpace = (prev: Piece, cur: Piece): number => {
    const { ux, uy } = prev, off = (prev.off + cur.off) / 2;
    const xs = [prev.t1 * ux - off * uy, cur.t0 * ux - off * uy], ys = [prev.t1 * uy + off * ux, cur.t0 * uy + off * ux];
    let best = cur.t0 - prev.t1;
    for (const [x, y] of dots.inBox(Math.min(...xs) - LINE_TOL_PT, Math.min(...ys) - LINE_TOL_PT, Math.max(...xs) + LINE_TOL_PT, Math.max(...ys) + LINE_TOL_PT)) {
      const t = ux * x + uy * y, o = -uy * x + ux * y;
      if (Math.abs(o - off) > LINE_TOL_PT || t <= prev.t1 || t >= cur.t0) continue;
      best = Math.min(best, Math.max(t - prev.t1, cur.t0 - t));
    }
    return best;
  };
  const out = new Set<Seg>();
  for (const list of lines.values()) {
    if (list.length < MIN_DASHES) continue;
    list.sort((p, q) => p.t0 - q.t0);
    let run: Piece[] = [list[0]];
    let lo = list[0].t1 - list[0].t0, hi = lo;
    const close = () => {
      if (run.length >= MIN_DASHES) for (const p of run) out.add(p.s);
    };
    for (let i = 1; i < list.length; i++) {
      const prev = run[run.length - 1], cur = list[i];
      const gap = cur.t0 - prev.t1, len = cur.t1 - cur.t0;
      const alike = Math.max(hi, len) <= DASH_LEN_RATIO * Math.min(lo, len);
      const longest = Math.max(prev.t1 - prev.t0, len);
      // (the dots are looked up only when the gap is all that is left to decide)
      if (gap >= GAP_MIN_PT && gap <= GAP_MAX_PT && alike && (gap <= longest || clearSpace(prev, cur) <= longest)) {
        run.push(cur);
        lo = Math.min(lo, len); hi = Math.max(hi, len);
      } else {
        close();
        run = [cur];
        lo = hi = len;
      }
    }
    close();
  }
  return out;
}

/** Marks the dashes of lines drawn as pieces as dashed (in place). */
export function markDrawnDashes(segs: Seg[]): void {
  for (const s of drawnDashes(segs)) s.dashed = true;
}
