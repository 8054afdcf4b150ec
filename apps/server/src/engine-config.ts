import { configureEngine } from '@plansight/engine';
import type { Config } from './config.js';

/**
 * Hands the engine its budgets from the environment (README "Configuration"). They are the process's: the
 * engine's workers and its memory governor are shared by every request and job of this process.
 */
export function configureEngineFromConfig(c: Config): void {
  configureEngine({
    uploadHeapMb: c.ENGINE_UPLOAD_HEAP_MB,
    uploadMemoryMb: c.ENGINE_UPLOAD_MEMORY_MB,
    analysisHeapMb: c.ENGINE_ANALYSIS_HEAP_MB,
    analysisMemoryMb: c.ENGINE_ANALYSIS_MEMORY_MB,
    processCeilingMb: c.ENGINE_PROCESS_CEILING_MB,
    pdf: {
      maxPages: c.PDF_MAX_PAGES,
      maxOperators: c.PDF_MAX_OPERATORS,
      maxImagePixels: c.PDF_MAX_IMAGE_PIXELS,
      canvasMaxAreaBytes: Math.round(c.PDF_MAX_CANVAS_MB * 2 ** 20),
    },
  });
}
