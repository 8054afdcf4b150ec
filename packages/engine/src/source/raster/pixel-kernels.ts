/**
 * The raster stages' pixel loops that split into independent ranges of rows (or columns), each written as
 * `kernel(args, lo, hi, part)` over one range: `pixel-helper.ts` runs the upper half on a helper thread (part 1)
 * while the engine's thread runs the lower half (part 0), on memory both share: every array a kernel writes is
 * shared memory (arrays it only reads may be copies). Run over the whole range on one thread (part 0) they are
 * the loops as they were; split, every pixel gets the same arithmetic, so the results are the same bytes.
 * The helper thread is built from these functions' own source text (`pixel-helper.ts`): a kernel uses nothing
 * from outside its body (no imports, no module constants, no helper functions).
 */

/** imageGrey's area averaging of a grey plane (grey × 256) into output rows lo..hi-1. */
export interface GreyRowsArgs {
  plane: Uint16Array;
  /** The plane's width. */
  W: number;
  /** Output width. */
  w: number;
  /** Source rows [r0, r1) and columns [c0, c1) under each output row and column. */
  r0: Int32Array; r1: Int32Array; c0: Int32Array; c1: Int32Array;
  grey: Uint8Array;
}

export function greyRows(a: GreyRowsArgs, lo: number, hi: number): void {
  const { plane, W, w, r0, r1, c0, c1, grey } = a;
  const acc = new Float32Array(W);
  for (let Y = lo; Y < hi; Y++) {
    if (r1[Y] <= r0[Y]) continue;
    acc.fill(0);
    for (let r = r0[Y]; r < r1[Y]; r++) for (let i = 0, k = r * W; i < W; i++, k++) acc[i] += plane[k];
    const rows = (r1[Y] - r0[Y]) * 256;
    for (let X = 0; X < w; X++) {
      if (c1[X] <= c0[X]) continue;
      let sum = 0;
      for (let i = c0[X]; i < c1[X]; i++) sum += acc[i];
      grey[Y * w + X] = sum / (rows * (c1[X] - c0[X]));
    }
  }
}

/** rotateGrey's rows lo..hi-1: the grey image turned by -deg about its centre (bilinear), paper white outside. */
export interface RotateRowsArgs { grey: Uint8Array; out: Uint8Array; w: number; h: number; deg: number }

export function rotateRows(a: RotateRowsArgs, lo: number, hi: number): void {
  const { grey, out, w, h, deg } = a;
  const t = (deg * Math.PI) / 180, c = Math.cos(t), s = Math.sin(t);
  const cx = w / 2, cy = h / 2;
  for (let v = lo; v < hi; v++) {
    for (let u = 0; u < w; u++) {
      // output (u,v) in the deskewed frame comes from the scan at R(deg)·(u,v)
      const du = u + 0.5 - cx, dv = v + 0.5 - cy;
      const x = du * c - dv * s + cx - 0.5, y = du * s + dv * c + cy - 0.5;
      const x0 = Math.floor(x), y0 = Math.floor(y);
      if (x0 < 0 || y0 < 0 || x0 >= w - 1 || y0 >= h - 1) { out[v * w + u] = 255; continue; }
      const fx = x - x0, fy = y - y0, p = y0 * w + x0;
      const top = grey[p] * (1 - fx) + grey[p + 1] * fx, bottom = grey[p + w] * (1 - fx) + grey[p + w + 1] * fx;
      out[v * w + u] = top * (1 - fy) + bottom * fy;
    }
  }
}

/** paperLevel's blocks in block rows lo..hi-1: the level at or under which 90 % of each block's pixels lie. */
export interface PaperBlocksArgs { grey: Uint8Array; w: number; h: number; block: number; lvl: Float32Array }

export function paperBlocks(a: PaperBlocksArgs, lo: number, hi: number): void {
  const { grey, w, h, block, lvl } = a;
  const bw = Math.ceil(w / block);
  const hist = new Int32Array(256);
  for (let by = lo; by < hi; by++) {
    for (let bx = 0; bx < bw; bx++) {
      hist.fill(0);
      let n = 0;
      const yEnd = Math.min(h, (by + 1) * block), x0 = bx * block, xEnd = Math.min(w, (bx + 1) * block);
      for (let y = by * block; y < yEnd; y++) {
        for (let i = y * w + x0, end = y * w + xEnd; i < end; i++) hist[grey[i]]++;
        n += xEnd - x0;
      }
      let acc = 0, v = 255;
      for (; v > 0; v--) { acc += hist[v]; if (acc >= n * 0.1) break; }
      lvl[by * bw + bx] = v;
    }
  }
}

/**
 * Rows lo..hi-1 of the paper level (bilinear between the smoothed block levels `sm`, at block centres) and of
 * the ink mask (darker than `ratio` of the paper level, the paper taken as at least `floor`), with the ink
 * pixels' grey histogram added into `hist` (256 counts per part, the part's at 256 × part).
 */
export interface InkRowsArgs {
  grey: Uint8Array; w: number; h: number; block: number; sm: Float32Array;
  ratio: number; floor: number;
  paper: Float32Array; ink: Uint8Array; hist: Int32Array;
}

export function inkRows(a: InkRowsArgs, lo: number, hi: number, part: number): void {
  const { grey, w, h, block, sm, ratio, floor, paper, ink, hist } = a;
  const histAt = 256 * part;
  // (a part run again, after its thread failed, counts afresh)
  hist.fill(0, histAt, histAt + 256);
  const bw = Math.ceil(w / block), bh = Math.ceil(h / block);
  const cx0 = new Int32Array(w), cx1 = new Int32Array(w), ctx = new Float32Array(w);
  for (let x = 0; x < w; x++) {
    const fx = Math.min(bw - 1, Math.max(0, (x + 0.5) / block - 0.5));
    cx0[x] = Math.floor(fx); cx1[x] = Math.min(bw - 1, cx0[x] + 1); ctx[x] = fx - cx0[x];
  }
  const rowLvl = new Float32Array(bw);
  for (let y = lo; y < hi; y++) {
    const fy = Math.min(bh - 1, Math.max(0, (y + 0.5) / block - 0.5));
    const y0 = Math.floor(fy), y1 = Math.min(bh - 1, y0 + 1), ty = fy - y0;
    for (let i = 0; i < bw; i++) rowLvl[i] = sm[y0 * bw + i] * (1 - ty) + sm[y1 * bw + i] * ty;
    const base = y * w;
    for (let x = 0; x < w; x++) {
      const i = base + x;
      paper[i] = rowLvl[cx0[x]] * (1 - ctx[x]) + rowLvl[cx1[x]] * ctx[x];
      // (the level as stored, a 32-bit float)
      if (grey[i] < Math.max(paper[i], floor) * ratio) { ink[i] = 1; hist[histAt + grey[i]]++; }
    }
  }
}

/**
 * nearTarget's first pass, rows lo..hi-1: per pixel, 1 + how far up and down the row's nearest target reaches
 * (`down` by distance along the row, capped at `cap`; 0: none).
 */
export interface SpanRowsArgs { data: Uint8Array; w: number; target: number; cap: number; down: Uint8Array; span: Uint8Array }

export function spanRows(a: SpanRowsArgs, lo: number, hi: number): void {
  const { data, w, target, cap, down, span } = a;
  for (let y = lo; y < hi; y++) {
    const base = y * w;
    // distance along the row to the nearest target, capped
    let last = -cap;
    for (let x = 0; x < w; x++) {
      if (data[base + x] === target) last = x;
      span[base + x] = Math.min(cap, x - last);
    }
    let next = w + cap;
    for (let x = w - 1; x >= 0; x--) {
      if (data[base + x] === target) next = x;
      const d = next - x;
      span[base + x] = down[d < span[base + x] ? d : span[base + x]];
    }
  }
}

/** nearTarget's second pass, columns lo..hi-1: set where a row's reach (`span`) covers the pixel, down and up. */
export interface ReachColsArgs { span: Uint8Array; w: number; h: number; out: Uint8Array }

export function reachCols(a: ReachColsArgs, lo: number, hi: number): void {
  const { span, w, h, out } = a;
  const n = hi - lo, reach = new Int32Array(n);
  // downward: each column's lowest row reached from the rows above
  reach.fill(-1);
  for (let y = 0; y < h; y++) {
    const base = y * w + lo;
    for (let j = 0; j < n; j++) {
      const k = span[base + j];
      if (k && y + k - 1 > reach[j]) reach[j] = y + k - 1;
      out[base + j] = reach[j] >= y ? 1 : 0;
    }
  }
  // upward: the highest row reached from the rows below
  reach.fill(h);
  for (let y = h - 1; y >= 0; y--) {
    const base = y * w + lo;
    for (let j = 0; j < n; j++) {
      const k = span[base + j];
      if (k && y - k + 1 < reach[j]) reach[j] = y - k + 1;
      if (reach[j] <= y) out[base + j] = 1;
    }
  }
}

/** transpose's rows lo..hi-1 of `data` (w × h) as columns of `out` (h × w), tile by tile. */
export interface TransposeRowsArgs { data: Uint8Array; w: number; h: number; out: Uint8Array; tile: number }

export function transposeRows(a: TransposeRowsArgs, lo: number, hi: number): void {
  const { data, w, h, out, tile } = a;
  // (tile by tile: writing a whole column at a time touches a new cache line per pixel)
  for (let ty = lo; ty < hi; ty += tile) {
    const ey = Math.min(hi, ty + tile);
    for (let tx = 0; tx < w; tx += tile) {
      const ex = Math.min(w, tx + tile);
      for (let x = tx; x < ex; x++) {
        const dst = x * h;
        for (let y = ty, i = ty * w + x; y < ey; y++, i += w) out[dst + y] = data[i];
      }
    }
  }
}

/** alongMask's rows lo..hi-1: each set pixel's run length along its row (at most 65535). */
export interface RunRowsArgs { data: Uint8Array; w: number; hRun: Uint16Array }

export function runRows(a: RunRowsArgs, lo: number, hi: number): void {
  const { data, w, hRun } = a;
  for (let y = lo; y < hi; y++) {
    const base = y * w;
    let x = 0;
    while (x < w) {
      if (!data[base + x]) { x++; continue; }
      let e = x;
      while (e < w && data[base + e]) e++;
      hRun.fill(Math.min(65535, e - x), base + x, base + e);
      x = e;
    }
  }
}

/**
 * alongMask's columns lo..hi-1: each set pixel's run length down its column (`vRun`, counted down, then carried
 * up from the run's end), and the pixel set in `out` when its row's run is the longer.
 */
export interface AlongColsArgs { data: Uint8Array; w: number; h: number; hRun: Uint16Array; vRun: Uint16Array; out: Uint8Array }

export function alongCols(a: AlongColsArgs, lo: number, hi: number): void {
  const { data, w, h, hRun, vRun, out } = a;
  for (let y = 0; y < h; y++) {
    for (let i = y * w + lo, end = y * w + hi; i < end; i++) if (data[i]) vRun[i] = y > 0 ? Math.min(65535, vRun[i - w] + 1) : 1;
  }
  // (the upward pass carries each run's length up its column and decides each pixel once its length is known)
  for (let y = h - 1; y >= 0; y--) {
    for (let i = y * w + hi - 1, end = y * w + lo; i >= end; i--) {
      if (!data[i]) continue;
      if (y < h - 1 && data[i + w]) vRun[i] = vRun[i + w];
      out[i] = hRun[i] > vRun[i] ? 1 : 0;
    }
  }
}

/**
 * bitmap.ts's chamfer distance as one task (the range is not used: the passes run through the rows in order):
 * `d`, padded by `pad` (2) on every side and filled with a large value, gets the distance (in units of the
 * straight, diagonal and knight's steps' `weights`) from every pixel of `data` to the nearest pixel equal to `target`.
 */
export interface ChamferArgs { data: Uint8Array; w: number; h: number; target: number; pad: number; weights: [number, number, number]; d: Int32Array }

export function chamferTask(a: ChamferArgs): void {
  const { data, w, h, target, pad: PAD, d } = a;
  const [A, B, C] = a.weights;
  const W = w + 2 * PAD;
  for (let y = 0; y < h; y++) {
    const row = (y + PAD) * W + PAD, src = y * w;
    for (let x = 0; x < w; x++) if (data[src + x] === target) d[row + x] = 0;
  }
  const W2 = 2 * W;
  // (the neighbours in the rows before are carried along the row in locals: two reads per pixel instead of eight)
  for (let y = PAD; y < h + PAD; y++) {
    let i = y * W + PAD;
    const end = i + w;
    let um2 = d[i - W - 2], um1 = d[i - W - 1], u0 = d[i - W], up1 = d[i - W + 1];
    let uum1 = d[i - W2 - 1], uu0 = d[i - W2], left = d[i - 1];
    for (; i < end; i++) {
      const up2 = d[i - W + 2], uup1 = d[i - W2 + 1];
      let v = d[i];
      if (v !== 0) {
        let t = left + A; if (t < v) v = t;
        t = u0 + A; if (t < v) v = t;
        t = um1 + B; if (t < v) v = t;
        t = up1 + B; if (t < v) v = t;
        t = uum1 + C; if (t < v) v = t;
        t = uup1 + C; if (t < v) v = t;
        t = um2 + C; if (t < v) v = t;
        t = up2 + C; if (t < v) v = t;
        d[i] = v;
      }
      left = v;
      um2 = um1; um1 = u0; u0 = up1; up1 = up2;
      uum1 = uu0; uu0 = uup1;
    }
  }
  for (let y = h + PAD - 1; y >= PAD; y--) {
    let i = y * W + PAD + w - 1;
    const end = y * W + PAD;
    let dp2 = d[i + W + 2], dp1 = d[i + W + 1], d0 = d[i + W], dm1 = d[i + W - 1];
    let ddp1 = d[i + W2 + 1], dd0 = d[i + W2], right = d[i + 1];
    for (; i >= end; i--) {
      const dm2 = d[i + W - 2], ddm1 = d[i + W2 - 1];
      let v = d[i];
      if (v !== 0) {
        let t = right + A; if (t < v) v = t;
        t = d0 + A; if (t < v) v = t;
        t = dp1 + B; if (t < v) v = t;
        t = dm1 + B; if (t < v) v = t;
        t = ddp1 + C; if (t < v) v = t;
        t = ddm1 + C; if (t < v) v = t;
        t = dp2 + C; if (t < v) v = t;
        t = dm2 + C; if (t < v) v = t;
        d[i] = v;
      }
      right = v;
      dp2 = dp1; dp1 = d0; d0 = dm1; dm1 = dm2;
      ddp1 = dd0; dd0 = ddm1;
    }
  }
}

export const KERNELS = { greyRows, rotateRows, paperBlocks, inkRows, spanRows, reachCols, transposeRows, runRows, alongCols, chamferTask };
export type KernelName = keyof typeof KERNELS;
export type KernelArgs<K extends KernelName> = Parameters<(typeof KERNELS)[K]>[0];
