/**
 * Small-angle deskew: the angle at which the ink's row and column profiles are sharpest (walls of a plan
 * run in two perpendicular directions), then the grey image rotated back about its centre.
 */
import type { Mask } from './bitmap.js';
import { sharedBytes, splitRun } from './pixel-helper.js';

/** Largest rotation looked for (degrees); beyond this a page is not a slightly skewed scan. */
export const MAX_SKEW_DEG = 3;
/** Below this the page is left as it is (degrees). */
export const MIN_SKEW_DEG = 0.05;
const SAMPLE = 150_000;

/** Skew of the drawing in degrees (positive = the drawing is turned clockwise on the page, y down). */
export function estimateSkewDeg(ink: Mask): number {
  const { w, h, data } = ink;
  const idx: number[] = [];
  let total = 0;
  for (let i = 0; i < data.length; i++) total += data[i];
  if (total === 0) return 0;
  const step = Math.max(1, total / SAMPLE);
  let acc = 0;
  for (let i = 0; i < data.length; i++) if (data[i] && (acc += 1) >= step) { acc -= step; idx.push(i); }
  const xs = new Float32Array(idx.length), ys = new Float32Array(idx.length);
  idx.forEach((p, k) => { xs[k] = (p % w) - w / 2; ys[k] = Math.floor(p / w) - h / 2; });
  const bins = Math.ceil(Math.hypot(w, h)) + 2;
  const hx = new Float32Array(bins), hy = new Float32Array(bins);
  const score = (deg: number) => {
    const t = (deg * Math.PI) / 180, c = Math.cos(t), s = Math.sin(t);
    hx.fill(0); hy.fill(0);
    const off = bins / 2;
    for (let k = 0; k < xs.length; k++) {
      // undo a clockwise turn by deg: rotate the points by -deg
      const u = xs[k] * c + ys[k] * s, v = -xs[k] * s + ys[k] * c;
      hx[(u + off) | 0]++;
      hy[(v + off) | 0]++;
    }
    let e = 0;
    for (let b = 0; b < bins; b++) e += hx[b] * hx[b] + hy[b] * hy[b];
    return e;
  };
  let best = 0, bestScore = score(0);
  for (let d = -MAX_SKEW_DEG; d <= MAX_SKEW_DEG + 1e-9; d += 0.2) {
    const sc = score(d);
    if (sc > bestScore) { bestScore = sc; best = d; }
  }
  for (let d = best - 0.2; d <= best + 0.2 + 1e-9; d += 0.02) {
    const sc = score(d);
    if (sc > bestScore) { bestScore = sc; best = d; }
  }
  return Math.abs(best) < MIN_SKEW_DEG ? 0 : best;
}

/** The grey image turned by -deg about its centre (bilinear), paper white outside. */
export function rotateGrey(grey: Uint8Array, w: number, h: number, deg: number): Uint8Array {
  const out = sharedBytes(w * h);
  splitRun('rotateRows', { grey, out, w, h, deg }, h);
  return out;
}

/** Maps a point of the deskewed frame back to the scan (pixels). */
export function toScan(u: number, v: number, w: number, h: number, deg: number): [number, number] {
  return scanMapper(w, h, deg)(u, v);
}

/** `toScan` for one frame, its turn worked out once: for callers that map many points. */
export function scanMapper(w: number, h: number, deg: number): (u: number, v: number) => [number, number] {
  const t = (deg * Math.PI) / 180, c = Math.cos(t), s = Math.sin(t);
  return (u, v) => {
    const du = u - w / 2, dv = v - h / 2;
    return [du * c - dv * s + w / 2, du * s + dv * c + h / 2];
  };
}
