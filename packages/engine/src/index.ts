/** Public API of the floor-plan engine. Heavy calls have *InWorker variants for servers. */
export * from './types.js';
export { getPdfInfo, type PdfInfo, type PdfPageInfo } from './info.js';
export { renderPageToPng, type RenderOptions, type RenderedPage } from './render.js';
export { analyzePdf } from './analyze.js';
export { drawOverlay } from './overlay.js';
export { getPdfInfoInWorker, renderPageToPngInWorker, analyzePdfInWorker, drawOverlayInWorker, type WorkerOptions } from './worker.js';
export { PAPER_MM } from './scale.js';
