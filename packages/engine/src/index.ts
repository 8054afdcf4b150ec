/** Public API of the floor-plan engine. Heavy calls have *InWorker variants for servers. */
export * from './types.js';
export { getPdfInfo, type PdfInfo, type PdfPageInfo } from './source/info.js';
export { renderPageToPng, type RenderOptions, type RenderedPage } from './source/render.js';
export { analyzePdf } from './analyze.js';
export { drawOverlay } from './source/overlay.js';
export { getPdfInfoInWorker, renderPageToPngInWorker, analyzePdfInWorker, drawOverlayInWorker, type WorkerOptions } from './worker.js';
