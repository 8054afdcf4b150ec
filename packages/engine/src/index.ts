/** Public API of the floor-plan engine. Heavy calls have *InWorker variants for servers. */
export * from './types.js';
export { getPdfInfo, type PdfInfo, type PdfPageInfo } from './source/info.js';
export { renderPageToPng, type RenderOptions, type RenderedPage } from './source/render.js';
export { analyzePdf } from './analyze.js';
export { drawOverlay } from './source/overlay.js';
export { getPdfInfoInWorker, renderPageToPngInWorker, previewPdfInWorker, analyzePdfInWorker, drawOverlayInWorker, readPageScaleInWorker, EngineCancelledError, EngineBusyError, configureEngine, engineMemoryGovernor, engineHostPids, type EngineLimits, type WorkerOptions } from './worker.js';
export { declaredPageCount, formNestingDepth, PDF_LIMITS, type PdfLimits } from './pdf-limits.js';
export { PAPER_MM, sheetOfPage } from './core/scale.js';
export { readPageScale, type PageScaleReading } from './source/page-scale.js';
