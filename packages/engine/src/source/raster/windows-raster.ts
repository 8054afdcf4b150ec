/**
 * Windows drawn inside a wall band (its outline or fill continues across them, so they leave no gap):
 * - a stretch of the band where a glass line runs along the wall strictly inside it, paper on both sides of
 *   the line, as long as a window (three-line windows, glass in the middle of an outlined wall);
 * - a stretch where the band is hollow (ink lines along both its faces, paper between) and clearly thinner
 *   than the wall on BOTH sides of it: the two glass lines of a window set in the wall, once the thin paper
 *   between them was filled as a wall cavity. A plain wall keeps its thickness up to its ends; a door leaves
 *   a gap, not a thinner band.
 * Plain walls have paper only (outlined) or ink only (filled) inside; hatching crosses the band at a slant
 * and never runs along it.
 */
import { components, type Mask } from './bitmap.js';
import { alongMask, MAX_GAP_MM, MIN_OPENING_MM, transpose, type Gap } from './gaps.js';

/** Glass lines broken by less than this (pixels) are one line (noise, a jamb tick). */
const BREAK_PX = 2;
/** A glass line runs along the wall: ink this many pixels to both sides in the same row. */
const SPAN_PX = 2;
/** A window stretch is thinner than the wall beside it by at least this share of the wall ... */
const THINNER_SHARE = 0.2;
/** ... and at least this many pixels (one blurred line). */
const THINNER_MIN_PX = 2;
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
      const glass = new Uint8Array(n), hollow = new Uint8Array(n);
      for (let c = 0; c < n; c++) {
        const x = bx0 + c;
        for (let y = y0; y <= y1; y++) if (comps.labels[y * w + x] === id) { if (top[c] < 0) top[c] = y; bottom[c] = y; }
        if (top[c] < 0 || bottom[c] - top[c] < 2) continue;
        let pA = -1, pB = -1;
        for (let y = top[c]; y <= bottom[c]; y++) if (!iv.data[y * w + x]) { if (pA < 0) pA = y; pB = y; }
        if (pA < 0) continue;
        // (a blurred face line may sit a pixel inside the band's edge)
        hollow[c] = (inkAt(x, top[c]) || inkAt(x, top[c] + 1)) && (inkAt(x, bottom[c]) || inkAt(x, bottom[c] - 1)) ? 1 : 0;
        for (let y = pA + 1; y < pB && !glass[c]; y++) glass[c] = inkAt(x, y) && inkAt(x - SPAN_PX, y) && inkAt(x + SPAN_PX, y) ? 1 : 0;
      }
      // the along-the-wall test looks SPAN_PX to each side, so a glass run starts and ends that much inside the line
      for (const [s, e] of runs(glass)) push(bx0 + s - SPAN_PX, bx0 + e + SPAN_PX, y0, y1);
      const thick = (c: number) => (top[c] < 0 ? -1 : bottom[c] - top[c] + 1);
      const all: number[] = [];
      for (let c = 0; c < n; c++) if (thick(c) > 0) all.push(thick(c));
      const wallT = percentile(all, 0.9);
      const thinner = (t: number, wall: number) => wall > 0 && t > 0 && wall - t >= Math.max(THINNER_MIN_PX, THINNER_SHARE * wall);
      const thin = new Uint8Array(n);
      for (let c = 0; c < n; c++) thin[c] = hollow[c] && thinner(thick(c), wallT) ? 1 : 0;
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
