/**
 * The scanned page's image straight from its decoded copy (pdf.js's pixels, or the grey plane of a JPEG the
 * native library decoded: `native-jpeg.ts`), shrunk to the working resolution by area averaging in one pass
 * over its pixels. Drawing the page with pdf.js instead copies the full-size image
 * through scratch canvases and halves it step by step in JavaScript, several times slower; that path stays
 * for pages this one does not cover (a turned page, an image drawn turned or sheared, an image pdf.js keeps
 * as a bitmap).
 */
import { createCanvas } from '@napi-rs/canvas';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { isNativeBitmap, type NativeBitmap } from '../native-jpeg.js';
import type { GreyImage, PageImageInfo } from './page-image.js';
import { sharedArray, sharedBytes, splitRun } from './pixel-helper.js';

/** pdf.js's ImageKind: packed 1-bit grey (1 = white), RGB, RGBA. */
const GREY_1BPP = 1, RGB = 2, RGBA = 4 - 1;
/** Shear left in an image's placement (points per point) that still counts as axis-aligned. */
const AXIS_EPS = 1e-6;

/** Rows of a natively decoded image copied out at a time: about this many pixels (a strip of scratch canvas). */
const STRIP_PX = 4_000_000;

/**
 * pdf.js's decoded pixels, or (`plane`) the grey of a JPEG the native library decoded (`native-jpeg.ts`), as
 * the weighted sum 77 R + 150 G + 29 B (`luma256`: grey × 256, kept whole in 16 bits).
 */
type Pixels = { width: number; height: number; kind: number; data: Uint8Array | Uint8ClampedArray; plane?: undefined };
type GreyPlane = { width: number; height: number; plane: Uint16Array };
type DecodedImage = Pixels | GreyPlane;

/** Grey planes of natively decoded images, built once per image. */
const planes = new WeakMap<NativeBitmap, GreyPlane>();

interface PdfObjs { has(id: string): boolean; get(id: string, callback?: (data: unknown) => void): unknown }

/** Where pdf.js keeps an image's object: the page's own, or the document's for images shared by pages (`g_`). */
function objsOf(page: PDFPageProxy, objId: string): PdfObjs {
  const p = page as unknown as { objs: PdfObjs; commonObjs: PdfObjs };
  return objId.startsWith('g_') ? p.commonObjs : p.objs;
}

function decoded(page: PDFPageProxy, objId: string): DecodedImage | null {
  try {
    const o = objsOf(page, objId).get(objId) as
      Partial<{ width: number; height: number; kind: number; data: Uint8Array; bitmap: unknown }> | null;
    if (!o) return null;
    if (isNativeBitmap(o.bitmap)) return planeOf(o.bitmap);
    if (!o.data || !o.width || !o.height || ![GREY_1BPP, RGB, RGBA].includes(o.kind ?? 0)) return null;
    return { width: o.width, height: o.height, kind: o.kind!, data: o.data };
  } catch {
    return null;
  }
}

/**
 * The grey plane of a natively decoded image, copied out of the native library a strip of rows at a time
 * (pixels as decoded: no smoothing, no scaling), with the image's own size (the dictionary's may differ; the
 * image fills the same square either way); null once the image's pixels have been let go without one.
 */
function planeOf(bitmap: NativeBitmap): GreyPlane | null {
  const known = planes.get(bitmap);
  if (known) return known;
  const W = bitmap.width, H = bitmap.height;
  if (!W || !H) return null;
  // (on shared memory: the helper thread sums half of it, see greyRows)
  const plane = sharedArray(Uint16Array, W * H);
  const rows = Math.max(1, Math.min(H, Math.floor(STRIP_PX / W)));
  const canvas = createCanvas(W, rows);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingEnabled = false;
  for (let y0 = 0; y0 < H; y0 += rows) {
    const n = Math.min(rows, H - y0);
    ctx.drawImage(bitmap, 0, y0, W, n, 0, 0, W, n);
    // the canvas's own pixels (RGBA; an opaque JPEG, so not premultiplied in effect), read without a copy
    const rgba = canvas.data();
    for (let i = 0, j = 0, k = y0 * W; i < W * n; i++, j += 4, k++) plane[k] = luma256(rgba, j);
  }
  const grey = { width: W, height: H, plane };
  planes.set(bitmap, grey);
  return grey;
}

/**
 * Lets go of the native pixels of the page's image once its grey plane is built (the plane, a third of their
 * size, serves every later read): the scan's largest memory at the stage that needs the most. The page must
 * not be drawn after this (the image would draw blank); the raster analysis never draws it again.
 */
export function releaseImagePixels(page: PDFPageProxy, info: PageImageInfo): void {
  if (!info.objId) return;
  const objs = objsOf(page, info.objId);
  if (!objs.has(info.objId)) return;
  const o = objs.get(info.objId) as { bitmap?: unknown } | null;
  if (isNativeBitmap(o?.bitmap) && planes.has(o.bitmap)) o.bitmap.close();
}

/** How long to wait for pdf.js to deliver a decoded image before drawing the page instead (ms). */
const IMAGE_WAIT_MS = 30_000;

/**
 * Resolves when pdf.js has delivered the image's pixels (a natively decoded JPEG arrives after the operator
 * list: its decoding runs off the thread), or after IMAGE_WAIT_MS; `imageGrey` then reads what is there.
 */
export function imageReady(page: PDFPageProxy, info: PageImageInfo): Promise<void> {
  const objId = info.objId;
  if (!objId) return Promise.resolve();
  const objs = objsOf(page, objId);
  if (objs.has(objId)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, IMAGE_WAIT_MS);
    objs.get(objId, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Grey × 256 (0 black .. 65280 white, a whole number) of the colour pixel starting at data[j]. */
const luma256 = (data: Uint8Array | Uint8ClampedArray, j: number): number => data[j] * 77 + data[j + 1] * 150 + data[j + 2] * 29;
/** Grey (0 black .. 255 white) of the colour pixel starting at data[j]. */
const luma = (data: Uint8Array | Uint8ClampedArray, j: number): number => luma256(data, j) / 256;

/** Grey value (0 black .. 255 white) of every pixel of one decoded row. */
function greyRow(img: Pixels, row: number, out: Float32Array): void {
  const { width: W, kind, data } = img;
  if (kind === GREY_1BPP) {
    const base = row * ((W + 7) >> 3);
    for (let i = 0; i < W; i++) out[i] = data[base + (i >> 3)] & (128 >> (i & 7)) ? 255 : 0;
    return;
  }
  const n = kind === RGB ? 3 : 4;
  for (let i = 0, j = row * W * n; i < W; i++, j += n) out[i] = luma(data, j);
}

/**
 * The decoded image and where it lies: image unit square → device pixels of the viewport at `pxPerPt`,
 * x = X0 + u·SX, y = Y0 + v·SY (v = 1 is the image's first row); null when the image is not drawn upright.
 */
function placed(page: PDFPageProxy, info: PageImageInfo, pxPerPt: number): { img: DecodedImage; SX: number; X0: number; SY: number; Y0: number } | null {
  if (!info.objId || page.rotate % 360 !== 0) return null;
  const img = decoded(page, info.objId);
  if (!img) return null;
  const vp = page.getViewport({ scale: pxPerPt });
  const [va, , , vd, ve, vf] = vp.transform as number[];
  const [a, b, c, d, e, f] = info.ctm;
  if (Math.abs(b) > AXIS_EPS * Math.abs(a) || Math.abs(c) > AXIS_EPS * Math.abs(d)) return null;
  return { img, SX: a * va, X0: e * va + ve, SY: d * vd, Y0: f * vd + vf };
}

/** The page in grey at `pxPerPt` from its largest image, or null when this path does not apply. */
export function imageGrey(page: PDFPageProxy, info: PageImageInfo, pxPerPt: number): GreyImage | null {
  const at = placed(page, info, pxPerPt);
  if (!at) return null;
  const { img, SX, X0, SY, Y0 } = at;
  const vp = page.getViewport({ scale: pxPerPt });
  const w = Math.max(1, Math.round(vp.width)), h = Math.max(1, Math.round(vp.height));
  const W = img.width, H = img.height;
  // source column and row ranges of every output pixel (at least one source pixel each)
  const colRange = (X: number) => rangeOf((X - X0) / SX, (X + 1 - X0) / SX, W, false);
  const rowRange = (Y: number) => rangeOf((Y - Y0) / SY, (Y + 1 - Y0) / SY, H, true);
  const grey = sharedBytes(w * h).fill(255);
  const c0 = new Int32Array(w), c1 = new Int32Array(w);
  for (let X = 0; X < w; X++) [c0[X], c1[X]] = colRange(X);
  if (img.plane) {
    // a grey plane (grey x 256, whole numbers) is summed as it is: exact, and no row to convert
    const r0 = new Int32Array(h), r1 = new Int32Array(h);
    for (let Y = 0; Y < h; Y++) [r0[Y], r1[Y]] = rowRange(Y);
    splitRun('greyRows', { plane: img.plane, W, w, r0, r1, c0, c1, grey }, h);
  } else {
    const acc = new Float32Array(W), row = new Float32Array(W);
    for (let Y = 0; Y < h; Y++) {
      const [r0, r1] = rowRange(Y);
      if (r1 <= r0) continue;
      acc.fill(0);
      for (let r = r0; r < r1; r++) {
        greyRow(img, r, row);
        for (let i = 0; i < W; i++) acc[i] += row[i];
      }
      const rows = r1 - r0;
      for (let X = 0; X < w; X++) {
        if (c1[X] <= c0[X]) continue;
        let sum = 0;
        for (let i = c0[X]; i < c1[X]; i++) sum += acc[i];
        grey[Y * w + X] = sum / (rows * (c1[X] - c0[X]));
      }
    }
  }
  return { w, h, grey, pxPerPt: w / page.getViewport({ scale: 1 }).width };
}

/**
 * Grey (0 black .. 255 white) at a point of the page (points from the top-left, as the viewport at scale 1),
 * read from the page's largest image at the image's own resolution (bilinear; white off the image), or null
 * when this path does not apply. Room names are read through it: the working image is often coarser than
 * the scan, and letters a few pixels high lose what tells them apart.
 */
export function imageSampler(page: PDFPageProxy, info: PageImageInfo): ((xPt: number, yPt: number) => number) | null {
  const at = placed(page, info, 1);
  if (!at) return null;
  const { img, SX, X0, SY, Y0 } = at;
  const { width: W, height: H } = img;
  let px: (col: number, row: number) => number;
  if (img.plane) {
    const plane = img.plane;
    px = (col, row) => plane[row * W + col] / 256;
  } else {
    const { kind, data } = img;
    const n = kind === RGB ? 3 : 4, stride1 = (W + 7) >> 3;
    px = (col, row) => {
      if (kind === GREY_1BPP) return data[row * stride1 + (col >> 3)] & (128 >> (col & 7)) ? 255 : 0;
      return luma(data, (row * W + col) * n);
    };
  }
  return (xPt, yPt) => {
    // continuous image coordinates (pixel corners at integers), then pixel centres
    const x = ((xPt - X0) / SX) * W - 0.5, y = (1 - (yPt - Y0) / SY) * H - 0.5;
    if (x < -0.5 || y < -0.5 || x > W - 0.5 || y > H - 0.5) return 255;
    const c0 = Math.max(0, Math.min(W - 1, Math.floor(x))), r0 = Math.max(0, Math.min(H - 1, Math.floor(y)));
    const c1 = Math.min(W - 1, c0 + 1), r1 = Math.min(H - 1, r0 + 1);
    const fx = Math.max(0, Math.min(1, x - c0)), fy = Math.max(0, Math.min(1, y - r0));
    const top = px(c0, r0) * (1 - fx) + px(c1, r0) * fx, bottom = px(c0, r1) * (1 - fx) + px(c1, r1) * fx;
    return top * (1 - fy) + bottom * fy;
  };
}

/** Source pixel range [i0, i1) under an output pixel spanning unit coordinates t0..t1 (flipped: row 0 at t = 1). */
function rangeOf(t0: number, t1: number, n: number, flipped: boolean): [number, number] {
  let lo = Math.min(t0, t1), hi = Math.max(t0, t1);
  if (flipped) [lo, hi] = [1 - hi, 1 - lo];
  if (hi <= 0 || lo >= 1) return [0, 0];
  // the source pixels whose centres fall inside, at least one
  const i0 = Math.min(n - 1, Math.max(0, Math.ceil(lo * n - 0.5))), i1 = Math.min(n, Math.max(i0 + 1, Math.ceil(hi * n - 0.5)));
  return [i0, i1];
}
