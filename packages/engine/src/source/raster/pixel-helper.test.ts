import { afterAll, describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { binarizeWithPaper } from './binarize.js';
import { chamfer, dilate, newMask, startChamfer, type Mask } from './bitmap.js';
import { rotateGrey } from './deskew.js';
import { alongMask, transpose } from './gaps.js';
import { endPixelHelper, pixelHelperReady, pixelHelperRuns, sharedBytes, startPixelHelper } from './pixel-helper.js';

/** A plan-like picture: grey paper with a gradient, dark bars and thin lines, some speckle (deterministic). */
function picture(w: number, h: number): Uint8Array {
  const g = sharedBytes(w * h);
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    let v = 200 + Math.round((40 * x) / w);
    if ((y > 40 && y < 52) || (x > 90 && x < 99) || (y % 37 === 0 && x > 20)) v = 40;
    if (rnd() < 0.01) v = 90;
    g[y * w + x] = v;
  }
  return g;
}

const W = 311, H = 257;
const maskOfInk = (): Mask => binarizeWithPaper(picture(W, H), W, H).ink;

/** Everything the split loops produce from one picture, as plain arrays to compare. */
function results() {
  const grey = picture(W, H);
  const bin = binarizeWithPaper(grey, W, H);
  const ink = bin.ink;
  return {
    rotated: Array.from(rotateGrey(grey, W, H, 1.3)),
    ink: Array.from(ink.data), paper: Array.from(bin.paper), inkLevel: bin.inkLevel,
    dilated: Array.from(dilate(ink, 3).data),
    along: Array.from(alongMask(ink).data),
    transposed: Array.from(transpose(ink).data),
    chamfer: Array.from(chamfer(ink, 1)),
    // (the distances as a task while this thread does other work)
    chamferTask: (() => {
      const task = startChamfer(ink, 0);
      const other = Array.from(transpose(ink).data);
      task.wait();
      return [Array.from(task.d), other];
    })(),
  };
}

async function helperReady(): Promise<void> {
  startPixelHelper();
  const until = Date.now() + 20_000;
  while (!pixelHelperReady() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
}

afterAll(async () => {
  await endPixelHelper();
});

describe('the pixel helper thread', () => {
  it.runIf(availableParallelism() >= 2)('does half of the pixel loops, and they give the same bytes as on one thread', async () => {
    await endPixelHelper();
    const alone = results();
    await helperReady();
    expect(pixelHelperReady()).toBe(true);
    const before = pixelHelperRuns();
    const split = results();
    // rotation, ink rows, the dilation's two passes, two run passes, transposition, the distances as a task
    expect(pixelHelperRuns() - before).toBeGreaterThanOrEqual(8);
    expect(split).toEqual(alone);
    expect(alone.ink.some(Boolean)).toBe(true);
  });

  it('takes a mask that is not on shared memory (its loops stay on this thread), and works without the helper', async () => {
    await helperReady();
    const m: Mask = { w: W, h: H, data: Uint8Array.from(maskOfInk().data) };
    const grown = dilate(m, 3);
    await endPixelHelper();
    expect(pixelHelperReady()).toBe(false);
    expect(Array.from(dilate(m, 3).data)).toEqual(Array.from(grown.data));
    expect(newMask(2, 2).data.buffer).toBeInstanceOf(SharedArrayBuffer);
  });
});
