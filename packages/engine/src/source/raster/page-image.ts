/**
 * The scanned page as a grey image: the page is rendered with pdf.js at the resolution of its largest
 * embedded image (so no detail is invented or thrown away), capped so that memory and time stay bounded.
 */
import { createCanvas } from '@napi-rs/canvas';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { formMatrix, OPS } from '../pdfjs.js';

export type Mat = [number, number, number, number, number, number];
const mul = (a: Mat, b: Mat): Mat => [
  a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
  a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
  a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5],
];

export interface PageImageInfo {
  /** Pixels per PDF point of the largest image on the page (its own resolution). */
  pxPerPt: number;
  /** Share of the page area that image covers (0..1). */
  coverage: number;
  /** pdf.js's id of the decoded image (an XObject), when it has one. */
  objId?: string;
  /** Image unit square → PDF user space. */
  ctm: Mat;
}

/** The largest image painted on the page and its resolution, or null when the page has none. */
export async function largestImage(page: PDFPageProxy): Promise<PageImageInfo | null> {
  const ops = await page.getOperatorList();
  const vp = page.getViewport({ scale: 1 });
  let ctm: Mat = [1, 0, 0, 1, 0, 0];
  const stack: Mat[] = [];
  let best: { px: number; pt: number; areaPt2: number; objId?: string; ctm: Mat } | null = null;
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i], args = ops.argsArray[i] as unknown[];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform) ctm = mul(args as unknown as Mat, ctm);
    else if (fn === OPS.paintFormXObjectBegin) { stack.push(ctm); const m = formMatrix(args); if (m) ctm = mul(m, ctm); }
    else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject || fn === OPS.paintImageMaskXObject) {
      const a = args[0] as { width?: number; height?: number } | string;
      const wPx = typeof a === 'object' && a?.width ? a.width : Number(args[1]);
      const hPx = typeof a === 'object' && a?.height ? a.height : Number(args[2]);
      if (!Number.isFinite(wPx) || !Number.isFinite(hPx) || wPx <= 0 || hPx <= 0) continue;
      const wPt = Math.hypot(ctm[0], ctm[1]), hPt = Math.hypot(ctm[2], ctm[3]);
      const areaPt2 = wPt * hPt;
      const objId = fn === OPS.paintImageXObject && typeof args[0] === 'string' ? args[0] : undefined;
      if (!best || areaPt2 > best.areaPt2) best = { px: Math.max(wPx, hPx), pt: Math.max(wPt, hPt), areaPt2, objId, ctm };
    }
  }
  if (!best || best.pt <= 0) return null;
  return { pxPerPt: best.px / best.pt, coverage: Math.min(1, best.areaPt2 / (vp.width * vp.height)), objId: best.objId, ctm: best.ctm };
}

export interface GreyImage {
  w: number;
  h: number;
  /** 0 = black .. 255 = white, row-major. */
  grey: Uint8Array;
  pxPerPt: number;
}

/**
 * Renders the page in grey at `pxPerPt`: the whole page, or with `box` only its part from (x0, y0) page points
 * (top-left), `w` × `h` pixels.
 */
export async function renderGrey(page: PDFPageProxy, pxPerPt: number, box?: { x0: number; y0: number; w: number; h: number }): Promise<GreyImage> {
  const viewport = page.getViewport(box ? { scale: pxPerPt, offsetX: -box.x0 * pxPerPt, offsetY: -box.y0 * pxPerPt } : { scale: pxPerPt });
  const w = box?.w ?? Math.max(1, Math.round(viewport.width)), h = box?.h ?? Math.max(1, Math.round(viewport.height));
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, w, h);
  await page.render({ canvasContext: ctx as never, canvas: canvas as never, viewport }).promise;
  const rgba = ctx.getImageData(0, 0, w, h).data;
  const grey = new Uint8Array(w * h);
  for (let i = 0, j = 0; i < grey.length; i++, j += 4) grey[i] = (rgba[j] * 77 + rgba[j + 1] * 150 + rgba[j + 2] * 29) >> 8;
  return { w, h, grey, pxPerPt: box ? pxPerPt : w / page.getViewport({ scale: 1 }).width };
}
