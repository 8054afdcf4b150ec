/**
 * Grey scan → ink mask. The paper level is estimated per block (grey paper, uneven lighting, yellowed
 * archive scans), each pixel is compared with its local paper level, so a threshold holds across the page.
 */
import { newMask, type Mask } from './bitmap.js';
import { sharedArray, splitRun } from './pixel-helper.js';

/** A pixel is ink when darker than this share of its local paper brightness. */
export const INK_RATIO = 0.72;
/** Blocks (pixels) over which the paper level is taken. */
const BLOCK_PX = 48;
/** Paper is taken as at least this bright (0..255): a near-black block is no paper to compare with. */
const PAPER_FLOOR = 96;

/**
 * Local paper brightness per block: a high percentile of each block, then the most of the 5 x 5 blocks round it (a
 * block that is all ink, a filled wall, takes its neighbours' level). binarizeWithPaper takes it bilinear in between.
 */
function blockLevels(grey: Uint8Array, w: number, h: number): Float32Array {
  const bw = Math.ceil(w / BLOCK_PX), bh = Math.ceil(h / BLOCK_PX);
  const lvl = sharedArray(Float32Array, bw * bh);
  splitRun('paperBlocks', { grey, w, h, block: BLOCK_PX, lvl }, bh);
  const sm = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      let m = 0;
      for (let j = Math.max(0, by - 2); j <= Math.min(bh - 1, by + 2); j++)
        for (let i = Math.max(0, bx - 2); i <= Math.min(bw - 1, bx + 2); i++) m = Math.max(m, lvl[j * bw + i]);
      sm[by * bw + bx] = m;
    }
  return sm;
}

/** Ink mask: darker than INK_RATIO of the local paper level (and the paper itself must not be near black). */
export function binarize(grey: Uint8Array, w: number, h: number): Mask {
  return binarizeWithPaper(grey, w, h).ink;
}

export function binarizeWithPaper(grey: Uint8Array, w: number, h: number): { ink: Mask; paper: Float32Array; inkLevel: number } {
  const sm = blockLevels(grey, w, h);
  const m = newMask(w, h);
  const paper = sharedArray(Float32Array, w * h);
  // (one histogram per part of the split loop, added up after)
  const hist = sharedArray(Int32Array, 2 * 256);
  // (the paper level bilinear between block centres, and the ink darker than its ratio of it, row by row)
  splitRun('inkRows', { grey, w, h, block: BLOCK_PX, sm, ratio: INK_RATIO, floor: PAPER_FLOOR, paper, ink: m.data, hist }, h);
  for (let v = 0; v < 256; v++) hist[v] += hist[256 + v];
  let n = 0;
  for (let v = 0; v < 256; v++) n += hist[v];
  // solid ink: the darkest tenth of the ink pixels (thin lines never reach full darkness once blurred)
  let acc = 0, inkLevel = 0;
  for (; inkLevel < 255; inkLevel++) { acc += hist[inkLevel]; if (acc >= n * 0.1) break; }
  return { ink: m, paper, inkLevel };
}
