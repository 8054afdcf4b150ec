/** Public API of the floor-plan engine. Heavy calls have *InWorker variants for servers. */
export * from './types.js';
export { getPdfInfo, type PdfInfo, type PdfPageInfo } from './source/info.js';
export { renderPageToPng, type RenderOptions, type RenderedPage } from './source/render.js';
export { analyzePdf } from './analyze.js';
export { drawOverlay } from './source/overlay.js';
export { getPdfInfoInWorker, renderPageToPngInWorker, previewPdfInWorker, analyzePdfInWorker, drawOverlayInWorker, EngineCancelledError, type WorkerOptions } from './worker.js';
export { declaredPageCount, PDF_LIMITS } from './source/pdf-load.js';
export { PAPER_MM } from './core/scale.js';
export { readPrintedScale } from './source/page-scale.js';
