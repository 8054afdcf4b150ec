/**
 * Plain typed-array image operations for scanned plans: binary masks (1 = set), chamfer distance
 * transform, morphology by distance, connected components. Everything is O(pixels) so that a page of
 * about 12 megapixels stays well under a second per pass.
 */

import { chamferTask, type ChamferArgs } from './pixel-kernels.js';
import { sharedArray, sharedBytes, splitRun, startTask } from './pixel-helper.js';

export interface Mask {
  w: number;
  h: number;
  /** 1 = set, 0 = clear; row-major. */
  data: Uint8Array;
}

/** A clear mask, on shared memory (the pixel helper may work on it: see pixel-helper.ts). */
export const newMask = (w: number, h: number): Mask => ({ w, h, data: sharedBytes(w * h) });

/** Chamfer weights (5-7-11 mask): within about 2 % of the Euclidean distance, two raster passes only. */
const A = 5, B = 7, C = 11;
/** Chamfer units per pixel step. */
export const CHAMFER_UNIT = A;
const BIG = 1 << 29;
/** Border (pixels) round the distance buffer: the 5-7-11 mask reaches two pixels. */
export const CHAMFER_PAD = 2;
const PAD = CHAMFER_PAD;

/**
 * Chamfer distance (5-7-11 units: 5 per pixel step) from every pixel to the nearest pixel whose value equals
 * `target`, in a buffer padded by PAD on every side (row stride w + 2 * PAD). Pixels outside the image never
 * count as targets.
 */
export function chamfer(m: Mask, target: 0 | 1): Int32Array {
  const args = chamferArgs(m, target, false);
  chamferTask(args);
  return args.d;
}

/**
 * `chamfer`, started on the pixel helper when it is ready (`wait()` before reading `d`), so that the engine's
 * thread can do other work meanwhile; run here and now when it is not.
 */
export function startChamfer(m: Mask, target: 0 | 1): { d: Int32Array; wait: () => void } {
  const args = chamferArgs(m, target, true);
  return { d: args.d, wait: startTask('chamferTask', args).wait };
}

/**
 * The distance task of a mask: a border of PAD never-target pixels round the image (so the inner loops need no
 * bounds tests), every pixel not reached yet (BIG).
 */
function chamferArgs(m: Mask, target: 0 | 1, shared: boolean): ChamferArgs {
  const n = (m.w + 2 * PAD) * (m.h + 2 * PAD);
  const d = (shared ? sharedArray(Int32Array, n) : new Int32Array(n)).fill(BIG);
  return { data: m.data, w: m.w, h: m.h, target, pad: PAD, weights: [A, B, C], d };
}

/** A chamfer distance (units, 5-7-11 approximation of Euclidean) as squared pixels, 1e12 where no target was met. */
export function chamferSq(v: number): number {
  return v >= BIG ? 1e12 : v * v * (1 / (A * A));
}

/**
 * Pixels whose chamfer distance `d` (a padded buffer from `chamfer` of an image w wide) is at least (far) or
 * under (!far) `r` + 0.5 pixels. Comparing in chamfer units spares the squared-distance image.
 */
export function thresholdChamfer(d: Int32Array, w: number, h: number, r: number, far: boolean): Mask {
  const out = newMask(w, h);
  const lim = A * (r + 0.5), W = w + 2 * PAD, o = out.data;
  for (let y = 0; y < h; y++) {
    const row = (y + PAD) * W + PAD, dst = y * w;
    if (far) for (let x = 0; x < w; x++) o[dst + x] = d[row + x] >= lim ? 1 : 0;
    else for (let x = 0; x < w; x++) o[dst + x] = d[row + x] < lim ? 1 : 0;
  }
  return out;
}

/** Erosion by a disc of radius r (pixels): keeps set pixels at least r + 0.5 from any clear pixel. */
export function erode(m: Mask, r: number): Mask {
  // (a set pixel's distance to clear is > 0; a clear pixel's is 0, under any limit; the chamfer passes skip the
  // clear pixels, most of a page, so this stays quicker than nearTarget)
  return thresholdChamfer(chamfer(m, 0), m.w, m.h, r, true);
}

/** Dilation by a disc of radius r (pixels). */
export function dilate(m: Mask, r: number): Mask {
  return nearTarget(m, 1, r) ?? thresholdChamfer(chamfer(m, 1), m.w, m.h, r, false);
}

/** Chamfer distance (units) of the offset (dx, dy): straight, diagonal and knight's steps, whichever sum least. */
function chamferNorm(dx: number, dy: number): number {
  const a = Math.max(Math.abs(dx), Math.abs(dy)), b = Math.min(Math.abs(dx), Math.abs(dy));
  return Math.max(A * (a - 2 * b) + C * b, C * (a - b) + B * (2 * b - a));
}

/** Widest reach (pixels) nearTarget handles; beyond it the distance is taken in full. */
const MAX_REACH_PX = 250;

/**
 * The pixels whose chamfer distance to the nearest pixel equal to `target` is under r + 0.5 pixels, the same set
 * as thresholding `chamfer`'s distances (those are the least chamfer norm of the offset to a target, the paths
 * staying inside the image), found without them: per row the distance along the row to the nearest target, then per
 * column how far up and down each row's nearest target reaches (the chamfer disc's extent at that row's offset).
 * Four passes over bytes instead of two over the padded distances of four bytes each, with eight neighbours per
 * pixel: a page's dilation by a stroke's radius takes about half the time. Null when r reaches too far for the byte
 * counts (the caller then takes the distances in full).
 */
function nearTarget(m: Mask, target: 0 | 1, r: number): Mask | null {
  const { w, h, data } = m;
  const lim = A * (r + 0.5);
  const out = newMask(w, h);
  if (!(lim > 0)) return out;
  // reach along a row: offsets (k, 0) under the limit
  let R = 0;
  while (A * (R + 1) < lim) R++;
  if (R > MAX_REACH_PX) return null;
  const cap = R + 1;
  // rows above and below reached from a target `v` along its row: 1 + the largest k with norm(v, k) under the limit (0: none)
  const down = new Uint8Array(cap + 1);
  for (let v = 0; v <= R; v++) {
    let k = -1;
    while (k < R && chamferNorm(v, k + 1) < lim) k++;
    down[v] = k + 1;
  }
  const span = sharedBytes(w * h);
  splitRun('spanRows', { data, w, target, cap, down, span }, h);
  splitRun('reachCols', { span, w, h, out: out.data }, w);
  return out;
}

/** Morphological opening: removes every part thinner than about 2r + 1 pixels, keeps thicker parts whole. */
export const open = (m: Mask, r: number): Mask => (r <= 0 ? m : dilate(erode(m, r), r));

export interface Components {
  /** Component id per pixel (0 = not part of any). */
  labels: Int32Array;
  count: number;
  /** Per id (index 0 unused): pixel count and bounding box. */
  area: Int32Array;
  x0: Int32Array;
  y0: Int32Array;
  x1: Int32Array;
  y1: Int32Array;
  touchesBorder: Uint8Array;
}

/**
 * 4-connected components of the pixels equal to `value`, numbered in raster order of their first pixel.
 * Works on runs: each row's runs are joined (union-find) with the runs they touch in the row above, so the
 * cost is one pass over the pixels plus one step per run.
 */
export function components(m: Mask, value: 0 | 1): Components {
  const { w, h, data } = m;
  // runs of each row: start, end (exclusive), row; parent for union-find
  let cap = 1 << 16;
  let rs = new Int32Array(cap), re = new Int32Array(cap), ry = new Int32Array(cap), parent = new Int32Array(cap);
  let n = 0;
  const find = (a: number) => {
    while (parent[a] !== a) { parent[a] = parent[parent[a]]; a = parent[a]; }
    return a;
  };
  let prevFrom = 0, prevTo = 0;
  for (let y = 0; y < h; y++) {
    const rowFrom = n, base = y * w;
    let x = 0;
    while (x < w) {
      if (data[base + x] !== value) { x++; continue; }
      const s = x;
      while (x < w && data[base + x] === value) x++;
      if (n === cap) {
        cap *= 2;
        const grow = (a: Int32Array) => { const b = new Int32Array(cap); b.set(a); return b; };
        rs = grow(rs); re = grow(re); ry = grow(ry); parent = grow(parent);
      }
      rs[n] = s; re[n] = x; ry[n] = y; parent[n] = n;
      // runs of the row above that share a column with this one (4-connectivity)
      // (a run of the row above ending before this one starts cannot touch any later run of this row either)
      for (let k = prevFrom; k < prevTo; k++) {
        if (re[k] <= s) { prevFrom = k + 1; continue; }
        if (rs[k] >= x) break;
        const a = find(k), b = find(n);
        if (a !== b) { if (a < b) parent[b] = a; else parent[a] = b; }
      }
      n++;
    }
    prevFrom = rowFrom;
    prevTo = n;
  }
  // ids in raster order of each component's first run (roots have the smallest run index of their set)
  const idOf = new Int32Array(n);
  let count = 0;
  for (let k = 0; k < n; k++) {
    const r = find(k);
    idOf[k] = r === k ? ++count : idOf[r];
  }
  const labels = new Int32Array(w * h);
  const area = new Int32Array(count + 1), x0 = new Int32Array(count + 1).fill(w), y0 = new Int32Array(count + 1).fill(h);
  const x1 = new Int32Array(count + 1).fill(-1), y1 = new Int32Array(count + 1).fill(-1), touchesBorder = new Uint8Array(count + 1);
  for (let k = 0; k < n; k++) {
    const id = idOf[k], y = ry[k], s = rs[k], e = re[k];
    labels.fill(id, y * w + s, y * w + e);
    area[id] += e - s;
    if (s < x0[id]) x0[id] = s;
    if (e - 1 > x1[id]) x1[id] = e - 1;
    if (y < y0[id]) y0[id] = y;
    if (y > y1[id]) y1[id] = y;
    if (s === 0 || e === w || y === 0 || y === h - 1) touchesBorder[id] = 1;
  }
  area[0] = 0; x0[0] = 0; y0[0] = 0; x1[0] = 0; y1[0] = 0;
  return { labels, count, area, x0, y0, x1, y1, touchesBorder };
}

/**
 * The level (0..255) of a histogram at or below which more than `share` of its pixels lie (0.5: the median);
 * 255 for an empty histogram.
 */
export function histogramLevel(hist: ArrayLike<number>, share: number): number {
  let n = 0;
  for (let v = 0; v < 256; v++) n += hist[v];
  for (let v = 0, acc = 0; v < 256; v++) if ((acc += hist[v]) > share * n) return v;
  return 255;
}
