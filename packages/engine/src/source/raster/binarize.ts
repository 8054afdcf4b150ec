/**
 * Grey scan → ink mask. The paper level is estimated per block (grey paper, uneven lighting, yellowed
 * archive scans), each pixel is compared with its local paper level, so a threshold holds across the page.
 */
import { newMask, type Mask } from './bitmap.js';

/** A pixel is ink when darker than this share of its local paper brightness. */
export const INK_RATIO = 0.72;
/** Blocks (pixels) over which the paper level is taken. */
const BLOCK_PX = 48;

/** Local paper brightness: a high percentile of each block, smoothed over neighbouring blocks, bilinear in between. */
export function paperLevel(grey: Uint8Array, w: number, h: number): Float32Array {
  const bw = Math.ceil(w / BLOCK_PX), bh = Math.ceil(h / BLOCK_PX);
  const lvl = new Float32Array(bw * bh);
  const hist = new Int32Array(256);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      hist.fill(0);
      let n = 0;
      const yEnd = Math.min(h, (by + 1) * BLOCK_PX), x0 = bx * BLOCK_PX, xEnd = Math.min(w, (bx + 1) * BLOCK_PX);
      for (let y = by * BLOCK_PX; y < yEnd; y++) {
        for (let i = y * w + x0, end = y * w + xEnd; i < end; i++) hist[grey[i]]++;
        n += xEnd - x0;
      }
      let acc = 0, v = 255;
      for (; v > 0; v--) { acc += hist[v]; if (acc >= n * 0.1) break; }
      lvl[by * bw + bx] = v;
    }
  }
  // a block that is all ink (a filled wall) takes its neighbours' paper level: max over a 5x5 block window
  const sm = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      let m = 0;
      for (let j = Math.max(0, by - 2); j <= Math.min(bh - 1, by + 2); j++)
        for (let i = Math.max(0, bx - 2); i <= Math.min(bw - 1, bx + 2); i++) m = Math.max(m, lvl[j * bw + i]);
      sm[by * bw + bx] = m;
    }
  const out = new Float32Array(w * h);
  // bilinear between block centres: the column weights once, then per row one blend of two block rows
  const cx0 = new Int32Array(w), cx1 = new Int32Array(w), ctx = new Float32Array(w);
  for (let x = 0; x < w; x++) {
    const fx = Math.min(bw - 1, Math.max(0, (x + 0.5) / BLOCK_PX - 0.5));
    cx0[x] = Math.floor(fx); cx1[x] = Math.min(bw - 1, cx0[x] + 1); ctx[x] = fx - cx0[x];
  }
  const rowLvl = new Float32Array(bw);
  for (let y = 0; y < h; y++) {
    const fy = Math.min(bh - 1, Math.max(0, (y + 0.5) / BLOCK_PX - 0.5));
    const y0 = Math.floor(fy), y1 = Math.min(bh - 1, y0 + 1), ty = fy - y0;
    for (let i = 0; i < bw; i++) rowLvl[i] = sm[y0 * bw + i] * (1 - ty) + sm[y1 * bw + i] * ty;
    const base = y * w;
    for (let x = 0; x < w; x++) out[base + x] = rowLvl[cx0[x]] * (1 - ctx[x]) + rowLvl[cx1[x]] * ctx[x];
  }
  return out;
}

/** Ink mask: darker than INK_RATIO of the local paper level (and the paper itself must not be near black). */
export function binarize(grey: Uint8Array, w: number, h: number): Mask {
  return binarizeWithPaper(grey, w, h).ink;
}

export function binarizeWithPaper(grey: Uint8Array, w: number, h: number): { ink: Mask; paper: Float32Array; inkLevel: number } {
  const paper = paperLevel(grey, w, h);
  const m = newMask(w, h);
  const hist = new Int32Array(256);
  let n = 0;
  for (let i = 0; i < grey.length; i++) {
    if (grey[i] < Math.max(paper[i], 96) * INK_RATIO) { m.data[i] = 1; hist[grey[i]]++; n++; }
  }
  // solid ink: the darkest tenth of the ink pixels (thin lines never reach full darkness once blurred)
  let acc = 0, inkLevel = 0;
  for (; inkLevel < 255; inkLevel++) { acc += hist[inkLevel]; if (acc >= n * 0.1) break; }
  return { ink: m, paper, inkLevel };
}
