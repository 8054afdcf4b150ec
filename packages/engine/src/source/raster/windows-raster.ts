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
 * A sliding door drawn in the wall (two thin panels, each from one jamb past the middle, one on each side of
 * the wall's centre line) also leaves a thinner band, but the thin ink sits off the centre line, on one side
 * for one panel and on the other for the next; a window's glass is centred. Such a stretch is a sliding door.
 */
import { components, type Mask } from './bitmap.js';
import type { EdgeGrey } from './edges.js';
import { alongMask, MAX_GAP_MM, MIN_OPENING_MM, transpose, type BandViews, type Gap } from './gaps.js';

/** Glass lines broken by less than this (pixels) are one line (noise, a jamb tick). */
const BREAK_PX = 2;
/** A glass line stays within this many pixels of its own mean row (hatching drifts a row per column). */
const STRAIGHT_PX = 1.5;
/** A glass line has ink in at least this share of its columns (dots of hatching lined up on a row have less). */
const GLASS_DENSITY = 0.75;
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
/** A sliding panel's band is at most this share of the wall's thickness ... */
const PANEL_THIN_SHARE = 0.8;
/** ... with its middle off the wall's centre line by at least this share of the wall's thickness. */
const PANEL_OFFSET_SHARE = 0.12;
/** Panels blurred into one stroke: the step between them is at least this share of the wall's thickness ... */
const STEP_SHARE = 0.2;
/** ... and each panel's middle line stays within this share of the wall's thickness over STEP_STEADY of its length. */
const PANEL_STEADY_SHARE = 0.1;
const STEP_STEADY = 0.8;
/** Each of the two panels runs along at least this share of the sliding door's length. */
const PANEL_MIN_SHARE = 0.25;

/**
 * A window symbol's lines drawn inside a solid wall's stroke, blurred together by the scan, are a stretch of the band
 * paler than the wall: its columns' mean grey lies at least this share of the way from the wall's grey to the paper's
 * (the wall, black, at 0; the paper at 1) ...
 */
const PALE_SHARE = 0.35;
/** ... with wall at most this share of the way on both sides of it ... */
const DARK_SHARE = 0.2;
/** ... and ink in it still (paler than this share is paper: a gap, found as one). */
const INK_SHARE = 0.85;

/**
 * `views`: bandViews of the same walls and ink, when the caller shares them with sealGaps. `grey`: the scan's grey and
 * its paper's grey per pixel (in the frame of the walls and the ink), for windows drawn as lines inside a solid wall's
 * stroke that the binarisation joined into the wall.
 */
export function findBandWindows(walls: Mask, ink: Mask, mmPerPx: number, views?: BandViews, grey?: Pick<EdgeGrey, 'grey' | 'paper'>): Gap[] {
  const out: Gap[] = [];
  const minLen = Math.round(MIN_OPENING_MM / mmPerPx), maxLen = Math.round(MAX_GAP_MM / mmPerPx);
  for (const horizontal of [true, false]) {
    const wv = horizontal ? walls : transpose(walls);
    const iv = horizontal ? ink : views?.inkT ?? transpose(ink);
    const comps = horizontal && views ? views.alongX : components(alongMask(wv), 1);
    const { w } = wv;
    const push = (start: number, end: number, y0: number, y1: number, subtype: 'window' | 'sliding' = 'window') => {
      const len = end - start + 1;
      if (len < minLen || len > maxLen) return;
      const kind = subtype === 'window' ? 'window' : 'door';
      out.push(horizontal
        ? { x0: start, x1: end, y0, y1, horizontal, kind, subtype }
        : { x0: y0, y0: start, x1: y1, y1: end, horizontal, kind, subtype });
    };
    const inkAt = (x: number, y: number) => x >= 0 && x < w && iv.data[y * w + x] === 1;
    // (the grey is in the walls' own frame: the vertical walls' view reads it turned)
    const W = walls.w;
    const greyIdx = (x: number, y: number) => (horizontal ? y * W + x : x * W + y);
    const panels: Panel[] = [];
    /** Window stretches [start, end, y0, y1], kept unless they are part of a sliding door. */
    const candidates: [number, number, number, number][] = [];
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
      const glass: [number, number][] = [];
      for (const t of glassTracks(lines).filter((u) => u.density >= GLASS_DENSITY)) {
        if (!hasJamb(t.s - JAMB_REACH_PX, t.s + 1) || !hasJamb(t.e - 1, t.e + JAMB_REACH_PX)) continue;
        // a window keeps the wall's thickness; a cupboard drawn against the wall (its cavity filled) thickens
        // the band, and its front line with its sides looks like glass between jambs
        const inner: number[] = [];
        for (let c = t.s; c <= t.e; c++) if (thick(c) > 0) inner.push(thick(c));
        if (percentile(inner, 0.5) > MAX_GLASS_BAND_SHARE * wallMedian) continue;
        glass.push([t.s, t.e]);
      }
      const wallT = percentile(all, 0.9);
      for (const p of panelRuns(top, bottom, wallT)) panels.push({ ...p, s: bx0 + p.s, e: bx0 + p.e, y0, y1 });
      for (const [s, e] of glass) candidates.push([bx0 + s, bx0 + e, y0, y1]);
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
        if (thinner(t, beside(s - 1, -1)) && thinner(t, beside(e + 1, 1))) candidates.push([bx0 + s, bx0 + e, y0, y1]);
      }
      if (grey) for (const [s, e] of paleStretches(n, (c) => {
        if (top[c] < 0 || bottom[c] - top[c] < 2) return -1;
        // the column's mean grey across the band, placed between the paper's grey (1) and black (0)
        let sum = 0, paper = 0;
        for (let y = top[c]; y <= bottom[c]; y++) { const i = greyIdx(bx0 + c, y); sum += grey.grey[i]; paper += grey.paper[i]; }
        return paper > 0 ? sum / paper : -1;
      })) candidates.push([bx0 + s, bx0 + e, y0, y1]);
    }
    // the two panels of a sliding door often fall in two band pieces (each joined to its own jamb)
    const sliding = pairPanels(panels, minLen, maxLen);
    for (const d of sliding) push(d.s, d.e, d.y0, d.y1, 'sliding');
    // (one panel, or both, may also pass for glass or for a thinner stretch: the sliding door wins)
    for (const [s, e, y0, y1] of candidates) {
      const inDoor = sliding.some((d) => Math.min(y1, d.y1) >= Math.max(y0, d.y0) && Math.min(e, d.e) - Math.max(s, d.s) + 1 >= 0.5 * (e - s + 1));
      if (!inDoor) push(s, e, y0, y1);
    }
  }
  return out;
}

interface Panel { s: number; e: number; side: number; centre: number; minOff: number; y0: number; y1: number }

/**
 * Sliding door panels along one band piece, from its extent across the wall per column (top, bottom; −1
 * where the band is absent): thin stretches whose middle lies off the wall's centre line (the median middle
 * of the piece's full-thickness columns), side +1 or −1. Column ranges are the piece's own.
 */
export function panelRuns(top: Int32Array, bottom: Int32Array, wallT: number): Omit<Panel, 'y0' | 'y1'>[] {
  const n = top.length;
  const mids: number[] = [];
  for (let c = 0; c < n; c++) if (top[c] >= 0 && bottom[c] - top[c] + 1 >= 0.9 * wallT) mids.push((top[c] + bottom[c]) / 2);
  if (!mids.length || wallT < 3) return [];
  const centre = percentile(mids, 0.5);
  const minOff = Math.max(1, PANEL_OFFSET_SHARE * wallT);
  const out: Omit<Panel, 'y0' | 'y1'>[] = [];
  for (const sign of [1, -1]) {
    const flags = new Uint8Array(n);
    for (let c = 0; c < n; c++) {
      if (top[c] < 0 || bottom[c] - top[c] + 1 > PANEL_THIN_SHARE * wallT) continue;
      const off = (top[c] + bottom[c]) / 2 - centre;
      flags[c] = sign * off >= minOff ? 1 : 0;
    }
    for (const [s, e] of runs(flags)) out.push({ s, e, side: sign, centre, minOff });
  }
  // at low resolution the two panels blur into one thin stroke with a step across the wall where one panel
  // ends and the other begins, and the step need not straddle the wall's centre line (the panels hang off
  // one face): each side of the step is a panel, the step's middle their centre
  // (a stroke: far thinner than the wall, as blurred glass lines are, not a wall's own stretch turning a little)
  const thin = new Uint8Array(n);
  for (let c = 0; c < n; c++) thin[c] = top[c] >= 0 && bottom[c] - top[c] + 1 <= SOLID_THIN_SHARE * wallT ? 1 : 0;
  for (const [s, e] of runs(thin, 0)) {
    const step = stepIn(top, bottom, s, e, Math.max(2, STEP_SHARE * wallT), Math.max(1, PANEL_STEADY_SHARE * wallT));
    if (!step) continue;
    const mid = (step.before + step.after) / 2;
    const first = Math.sign(step.before - step.after);
    out.push({ s, e: step.at - 1, side: first, centre: mid, minOff }, { s: step.at, e, side: -first, centre: mid, minOff });
  }
  return out;
}

/**
 * A step across the wall in a thin stroke's middle line (columns s..e): the split where the two sides' median
 * middles differ by at least `minStep`, each side a good part of the stroke and steady (most of its middles
 * within `steady` of its median: the panels overlap for a few columns where the stroke turns). Null when none.
 */
export function stepIn(top: Int32Array, bottom: Int32Array, s: number, e: number, minStep: number, steady: number): { at: number; before: number; after: number } | null {
  const len = e - s + 1;
  const minSide = Math.ceil(PANEL_MIN_SHARE * len);
  if (minSide < 2 || len < 2 * minSide) return null;
  const mids: number[] = [];
  for (let c = s; c <= e; c++) mids.push((top[c] + bottom[c]) / 2);
  const steadyShare = (v: number[], m: number) => v.filter((x) => Math.abs(x - m) <= steady).length / v.length;
  let best: { at: number; before: number; after: number } | null = null;
  for (let k = minSide; k <= len - minSide; k++) {
    const a = mids.slice(0, k), b = mids.slice(k);
    const before = percentile(a, 0.5), after = percentile(b, 0.5);
    if (Math.abs(before - after) < minStep || steadyShare(a, before) < STEP_STEADY || steadyShare(b, after) < STEP_STEADY) continue;
    if (!best || Math.abs(before - after) > Math.abs(best.before - best.after)) best = { at: s + k, before, after };
  }
  return best;
}

/**
 * Sliding doors from panels: two panels on opposite sides of one wall's centre line (the same line within
 * the offset), one after the other along the wall, meeting or overlapping, each a good part of the door.
 */
export function pairPanels(panels: Panel[], minLen: number, maxLen: number): { s: number; e: number; y0: number; y1: number }[] {
  const sorted = [...panels].sort((a, b) => a.s - b.s);
  const used = new Set<Panel>();
  const out: { s: number; e: number; y0: number; y1: number }[] = [];
  for (const a of sorted) {
    if (used.has(a)) continue;
    for (const b of sorted) {
      if (b === a || used.has(b) || b.s <= a.s || b.side === a.side) continue;
      if (Math.abs(a.centre - b.centre) > Math.max(a.minOff, b.minOff)) continue;
      const s = a.s, e = Math.max(a.e, b.e), len = e - s + 1;
      if (len < minLen || len > maxLen) continue;
      const la = a.e - a.s + 1, lb = b.e - b.s + 1;
      if (la < PANEL_MIN_SHARE * len || lb < PANEL_MIN_SHARE * len) continue;
      if (b.s - a.e - 1 > Math.min(la, lb) || b.e <= a.e) continue;
      used.add(a).add(b);
      out.push({ s, e, y0: Math.min(a.y0, b.y0), y1: Math.max(a.y1, b.y1) });
      break;
    }
  }
  return out;
}

/**
 * Straight glass lines from per-column candidate rows: a track takes the next column's candidate within
 * STRAIGHT_PX of its mean row, bridging breaks of up to BREAK_PX columns. A slanted stroke leaves the mean
 * after a few columns, so only lines along the band make long tracks.
 */
export function glassTracks(lines: number[][]): { s: number; e: number; row: number; density: number }[] {
  const done: { s: number; e: number; row: number; density: number }[] = [];
  let open: { s: number; e: number; sum: number; k: number }[] = [];
  const close = (t: { s: number; e: number; sum: number; k: number }) => done.push({ s: t.s, e: t.e, row: t.sum / t.k, density: t.k / (t.e - t.s + 1) });
  for (let c = 0; c < lines.length; c++) {
    open = open.filter((t) => (c - t.e > BREAK_PX + 1 ? (close(t), false) : true));
    for (const y of lines[c]) {
      const t = open.find((o) => o.e < c && Math.abs(y - o.sum / o.k) <= STRAIGHT_PX);
      if (t) { t.e = c; t.sum += y; t.k++; } else open.push({ s: c, e: c, sum: y, k: 1 });
    }
  }
  for (const t of open) close(t);
  return done.sort((a, b) => a.s - b.s);
}

/**
 * Stretches of a band paler than the wall on both sides: `tone(c)` is column c's mean grey as a share of the paper's
 * (−1 where the band is missing or too thin to read). The wall's own tone is the band's darker quartile, so a band
 * drawn grey throughout (a fill of another tone, hatching) has no stretch paler than itself.
 */
function paleStretches(n: number, tone: (c: number) => number): [number, number][] {
  const t = new Float32Array(n), known: number[] = [];
  for (let c = 0; c < n; c++) { t[c] = tone(c); if (t[c] >= 0) known.push(t[c]); }
  if (known.length < 3) return [];
  const dark = percentile(known, 0.25);
  if (dark >= 1) return [];
  const at = (c: number) => (t[c] < 0 ? -1 : (t[c] - dark) / (1 - dark));
  const pale = new Uint8Array(n);
  for (let c = 0; c < n; c++) { const v = at(c); pale[c] = v >= PALE_SHARE && v < INK_SHARE ? 1 : 0; }
  const out: [number, number][] = [];
  const wallBeside = (from: number, step: number) => {
    for (let c = from, k = 0; k < BESIDE_PX && c >= 0 && c < n; c += step, k++) { const v = at(c); if (v >= 0 && v <= DARK_SHARE) return true; }
    return false;
  };
  for (const [s, e] of runs(pale)) if (wallBeside(s - 1, -1) && wallBeside(e + 1, 1)) out.push([s, e]);
  return out;
}

/** Runs of set entries, bridging breaks of up to `maxBreak`. */
function runs(flags: Uint8Array, maxBreak = BREAK_PX): [number, number][] {
  const out: [number, number][] = [];
  let start = -1, last = -1;
  for (let c = 0; c < flags.length; c++) {
    if (flags[c]) {
      if (start < 0) start = c;
      last = c;
    } else if (start >= 0 && c - last > maxBreak) { out.push([start, last]); start = -1; }
  }
  if (start >= 0) out.push([start, last]);
  return out;
}

function percentile(v: number[], q: number): number {
  if (!v.length) return 0;
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}
