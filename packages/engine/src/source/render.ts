/** Rendering a page to PNG with pdf.js and @napi-rs/canvas, capped in size to keep memory modest. */
import { createCanvas } from '@napi-rs/canvas';
import { countedOperators, loadPdf, getPageChecked } from './pdf-load.js';

export interface RenderOptions {
  /** Target width in pixels; capped at MAX_PX on the long side. Default 1600. */
  maxWidthPx?: number;
}

const MAX_PX = 4000;

export interface RenderedPage {
  png: Buffer;
  widthPx: number;
  heightPx: number;
}

/**
 * `counted`: the page's operators were already counted against the budget (page info, in an upload's check):
 * not counted again (on a dense sheet that is pdf.js's whole parse once more).
 */
export async function renderPageCanvas(bytes: Uint8Array, pageNo: number, opts: RenderOptions = {}, counted = false) {
  const doc = await loadPdf(bytes);
  try {
    const page = await getPageChecked(doc, pageNo);
    // Counted before any pixel is drawn (and not kept: the render below builds its own list)
    if (!counted) await countedOperators(page);
    const base = page.getViewport({ scale: 1 });
    const want = Math.min(opts.maxWidthPx ?? 1600, MAX_PX);
    let scale = want / base.width;
    if (base.height * scale > MAX_PX) scale = MAX_PX / base.height;
    const viewport = page.getViewport({ scale });
    const widthPx = Math.max(1, Math.round(viewport.width));
    const heightPx = Math.max(1, Math.round(viewport.height));
    const canvas = createCanvas(widthPx, heightPx);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, widthPx, heightPx);
    await page.render({ canvasContext: ctx as any, canvas: canvas as any, viewport }).promise;
    return { canvas, ctx, widthPx, heightPx, pxPerPt: scale };
  } finally {
    void doc.destroy();
  }
}

export async function renderPageToPng(bytes: Uint8Array, pageNo: number, opts: RenderOptions = {}, counted = false): Promise<RenderedPage> {
  const { canvas, widthPx, heightPx } = await renderPageCanvas(bytes, pageNo, opts, counted);
  return { png: canvas.toBuffer('image/png'), widthPx, heightPx };
}
