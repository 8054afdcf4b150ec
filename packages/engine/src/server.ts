/**
 * The engine as a server process uses it: calls that run in engine hosts or worker threads, their errors and
 * budgets, and the parser-free checks. Importing this loads neither pdf.js nor the canvas (index.ts does).
 */
export * from './types.js';
export type { PdfInfo, PdfPageInfo } from './source/info.js';
export type { RenderOptions, RenderedPage } from './source/render.js';
export type { PageScaleReading } from './source/page-scale.js';
export { getPdfInfoInWorker, renderPageToPngInWorker, previewPdfInWorker, analyzePdfInWorker, drawOverlayInWorker, readPageScaleInWorker, configureEngine, engineMemoryGovernor, engineHostPids, heldPages, type EngineLimits, type WorkerOptions } from './worker.js';
export { EngineCancelledError, EngineBusyError } from './engine-errors.js';
export { declaredPageCount, formNestingDepth, PDF_LIMITS, type PdfLimits } from './pdf-limits.js';
