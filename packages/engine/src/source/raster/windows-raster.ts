/**
 * Windows drawn inside a wall band (its outline or fill continues across them, so they leave no gap):
 * - a stretch of the band where a glass line runs along the wall strictly inside it, paper on both sides of
 *   the line, as long as a window (three-line windows, glass in the middle of an outlined wall);
 * - a stretch where the band is hollow (ink lines along both its faces, paper between; at low resolution the
 *   two lines may blur into one stroke, then far thinner than the wall) and clearly thinner
 *   than the wall on BOTH sides of it: the two glass lines of a window set in the wall, once the thin paper
 *   between them was filled as a wall cavity. A plain wall keeps its thickness up to its ends; a door leaves
 *   a gap, not a thinner band.
 * Plain walls have paper only (outlined) or ink only (filled) inside; hatching crosses the band at a slant
 * and never runs along it: a glass line must stay on one row of the band for a window's length. A glass line
 * also ends at the window's jambs (the wall's end lines, or the filled wall, across the band at both ends);
 * a grid or centre line drawn along a wall's cavity, or one dash of it, has no jambs.
 */
import { components, type Mask } from './bitmap.js';
import { alongMask, MAX_GAP_MM, MIN_OPENING_MM, transpose, type Gap } from './gaps.js';

/** Glass lines broken by less than this (pixels) are one line (noise, a jamb tick). */
const BREAK_PX = 2;
/** A glass line stays within this many pixels of its own mean row (hatching drifts a row per column). */
const STRAIGHT_PX = 1.5;
/** A glass line has ink in at least this share of its columns (hatching dots lined up on a row have less). */
const GLASS_DENSITY = 0.75;
/** Pieces of a glass line at least this long (site mm) ... */
const GLASS_PIECE_MM = 150;
/** ... with breaks of at most this (site mm) are one line broken by noise. */
const GLASS_BREAK_MM = 250;
/** A jamb is looked for this many pixels beyond each end of a glass line (blur, a break before the jamb). */
const JAMB_REACH_PX = 4;
/** A glass-line window's band is at most this many times the wall's usual (median) thickness. */
const MAX_GLASS_BAND_SHARE = 1.25;
/** A jamb crosses at least this share of the band's thickness in ink. */
const JAMB_COVER = 0.8;
/** A window stretch is thinner than the wall beside it by at least this share of the wall ... */
const THINNER_SHARE = 0.2;
/** ... and at least this many pixels (one blurred line). */
const THINNER_MIN_PX = 2;
/** A solid stretch (glass lines that blur into one stroke at low resolution) is at most this share of the wall. */
const SOLID_THIN_SHARE = 0.6;
/** Columns of wall looked at beyond each end of a thin stretch (pixels). */
const BESIDE_PX = 4;

export function findBandWindows(walls: Mask, ink: Mask, mmPerPx: number): Gap[] {
  const out: Gap[] = [];
  const minLen = Math.round(MIN_OPENING_MM / mmPerPx), maxLen = Math.round(MAX_GAP_MM / mmPerPx);
  for (const horizontal of [true, false]) {
    const wv = horizontal ? walls : transpose(walls);
    const iv = horizontal ? ink : transpose(ink);
    const comps = components(alongMask(wv), 1);
    const { w } = wv;
    const push = (start: number, end: number, y0: number, y1: number) => {
      const len = end - start + 1;
      if (len < minLen || len > maxLen) return;
      out.push(horizontal
        ? { x0: start, x1: end, y0, y1, horizontal, kind: 'window', subtype: 'window' }
        : { x0: y0, y0: start, x1: y1, y1: end, horizontal, kind: 'window', subtype: 'window' });
    };
    const inkAt = (x: number, y: number) => x >= 0 && x < w && iv.data[y * w + x] === 1;
    for (let id = 1; id <= comps.count; id++) {
      const y0 = comps.y0[id], y1 = comps.y1[id], bx0 = comps.x0[id], n = comps.x1[id] - bx0 + 1;
      if (y1 - y0 < 3) continue;
      // per column: the band's extent across the wall, and what the ink does inside it
      const top = new Int32Array(n).fill(-1), bottom = new Int32Array(n).fill(-1);
      const hollow = new Uint8Array(n), cross = new Uint8Array(n);
      // thin ink runs strictly inside the band (paper above and below): glass line candidates, by column
      const lines: number[][] = [];
      for (let c = 0; c < n; c++) {
        const x = bx0 + c;
        lines.push([]);
        for (let y = y0; y <= y1; y++) if (comps.labels[y * w + x] === id) { if (top[c] < 0) top[c] = y; bottom[c] = y; }
        if (top[c] < 0) continue;
        let inkN = 0;
        for (let y = top[c]; y <= bottom[c]; y++) inkN += iv.data[y * w + x];
        cross[c] = inkN >= JAMB_COVER * (bottom[c] - top[c] + 1) ? 1 : 0;
        if (bottom[c] - top[c] < 2) continue;
        let pA = -1, pB = -1;
        for (let y = top[c]; y <= bottom[c]; y++) if (!iv.data[y * w + x]) { if (pA < 0) pA = y; pB = y; }
        // no paper across the band: solid (a filled wall, or two glass lines blurred into one stroke)
        if (pA < 0) { hollow[c] = 2; continue; }
        // (a blurred face line may sit a pixel inside the band's edge)
        hollow[c] = (inkAt(x, top[c]) || inkAt(x, top[c] + 1)) && (inkAt(x, bottom[c]) || inkAt(x, bottom[c] - 1)) ? 1 : 0;
        for (let y = pA + 1; y < pB; y++) {
          if (!iv.data[y * w + x]) continue;
          const from = y;
          while (y < pB && iv.data[y * w + x]) y++;
          lines[c].push((from + y - 1) / 2);
        }
      }
      const hasJamb = (from: number, to: number) => {
        for (let c = Math.max(0, from); c <= Math.min(n - 1, to); c++) if (cross[c]) return true;
        return false;
      };
      const thick = (c: number) => (top[c] < 0 ? -1 : bottom[c] - top[c] + 1);
      const all: number[] = [];
      for (let c = 0; c < n; c++) if (thick(c) > 0) all.push(thick(c));
      const wallMedian = percentile(all, 0.5);
      // (a piece that already ends at a jamb is a window of its own, never joined across the jamb)
      const broken = (a: { e: number }, b: { s: number }) => !hasJamb(a.e - 1, a.e + JAMB_REACH_PX) && !hasJamb(b.s - JAMB_REACH_PX, b.s + 1);
      const drawn = glassTracks(lines, cross).filter((t) => t.density >= GLASS_DENSITY);
      for (const t of joinBroken(drawn, Math.round(GLASS_PIECE_MM / mmPerPx), Math.round(GLASS_BREAK_MM / mmPerPx), broken)) {
        if (!hasJamb(t.s - JAMB_REACH_PX, t.s + 1) || !hasJamb(t.e - 1, t.e + JAMB_REACH_PX)) continue;
        // a window keeps the wall's thickness; a cupboard drawn against the wall (its cavity filled) thickens
        // the band, and its front line with its sides looks like glass between jambs
        const inner: number[] = [];
        for (let c = t.s; c <= t.e; c++) if (thick(c) > 0) inner.push(thick(c));
        if (percentile(inner, 0.5) > MAX_GLASS_BAND_SHARE * wallMedian) continue;
        push(bx0 + t.s, bx0 + t.e, y0, y1);
      }
      const wallT = percentile(all, 0.9);
      const thinner = (t: number, wall: number) => wall > 0 && t > 0 && wall - t >= Math.max(THINNER_MIN_PX, THINNER_SHARE * wall);
      const thin = new Uint8Array(n);
      // a solid stretch counts only when far thinner than the wall: glass lines run together, not a wall's face bump
      for (let c = 0; c < n; c++) thin[c] = (hollow[c] === 1 || (hollow[c] === 2 && thick(c) <= SOLID_THIN_SHARE * wallT)) && thinner(thick(c), wallT) ? 1 : 0;
      for (const [s, e] of runs(thin)) {
        const inner: number[] = [];
        for (let c = s; c <= e; c++) if (thick(c) > 0) inner.push(thick(c));
        const t = percentile(inner, 0.5);
        const beside = (from: number, step: number) => {
          let m = -1;
          for (let c = from, k = 0; k < BESIDE_PX && c >= 0 && c < n; c += step, k++) m = Math.max(m, thick(c));
          return m;
        };
        // wall on both sides, thicker than the stretch: a window set in the wall, not the wall's thin end
        if (thinner(t, beside(s - 1, -1)) && thinner(t, beside(e + 1, 1))) push(bx0 + s, bx0 + e, y0, y1);
      }
    }
  }
  return out;
}

/**
 * Straight glass lines from per-column candidate rows: a track takes the next column's candidate within
 * STRAIGHT_PX of its mean row, bridging breaks of up to BREAK_PX columns. A slanted stroke leaves the mean
 * after a few columns, so only lines along the band make long tracks.
 */
export function glassTracks(lines: number[][], stop?: Uint8Array): { s: number; e: number; row: number; density: number }[] {
  const done: { s: number; e: number; row: number; density: number }[] = [];
  let open: { s: number; e: number; sum: number; k: number }[] = [];
  const close = (t: { s: number; e: number; sum: number; k: number }) => done.push({ s: t.s, e: t.e, row: t.sum / t.k, density: t.k / (t.e - t.s + 1) });
  for (let c = 0; c < lines.length; c++) {
    // no glass line runs through a jamb: what lies beyond it is wall (speckled hatching may line up on the row)
    open = open.filter((t) => (c - t.e > BREAK_PX + 1 || stop?.[c] ? (close(t), false) : true));
    for (const y of lines[c]) {
      const t = open.find((o) => o.e < c && Math.abs(y - o.sum / o.k) <= STRAIGHT_PX);
      if (t) { t.e = c; t.sum += y; t.k++; } else open.push({ s: c, e: c, sum: y, k: 1 });
    }
  }
  for (const t of open) close(t);
  return done.sort((a, b) => a.s - b.s);
}

/**
 * A glass line broken by noise (a thin line on a low-resolution JPEG): pieces on the same row, each at least
 * `minPiece` long, with breaks of at most `maxBreak` and no jamb at the break, are one line. Hatching leaves
 * only short pieces and a dash-dot line's dots are short, so neither joins up; a grid line running on along
 * the wall past a window's jamb stays apart from the window.
 */
export function joinBroken(tracks: { s: number; e: number; row: number }[], minPiece: number, maxBreak: number,
  broken: (a: { e: number }, b: { s: number }) => boolean = () => true): { s: number; e: number; row: number }[] {
  const out: { s: number; e: number; row: number }[] = [];
  const long = (u: { s: number; e: number }) => u.e - u.s + 1 >= minPiece;
  for (const t of [...tracks].sort((a, b) => a.s - b.s)) {
    const prev = long(t) ? out.find((u) => long(u) && t.s > u.e && t.s - u.e - 1 <= maxBreak && Math.abs(t.row - u.row) <= STRAIGHT_PX && broken(u, t)) : undefined;
    if (prev) { prev.e = t.e; prev.row = (prev.row + t.row) / 2; } else out.push({ ...t });
  }
  return out;
}

/** Runs of set entries, bridging breaks of up to BREAK_PX. */
function runs(flags: Uint8Array): [number, number][] {
  const out: [number, number][] = [];
  let start = -1, last = -1;
  for (let c = 0; c < flags.length; c++) {
    if (flags[c]) {
      if (start < 0) start = c;
      last = c;
    } else if (start >= 0 && c - last > BREAK_PX) { out.push([start, last]); start = -1; }
  }
  if (start >= 0) out.push([start, last]);
  return out;
}

function percentile(v: number[], q: number): number {
  if (!v.length) return 0;
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}
