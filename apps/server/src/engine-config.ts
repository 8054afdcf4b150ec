import { configureEngine } from '@plansight/engine/server';
import type { Config } from './config.js';

/**
 * Hands the engine its budgets from the environment (README "Configuration"). The PDF work runs in
 * ENGINE_HOSTS engine host processes shared by every request and job of this process; each host runs its
 * calls in worker threads under these budgets, with its own resident size held to ENGINE_PROCESS_CEILING_MB.
 */
export function configureEngineFromConfig(c: Config): void {
  configureEngine({
    uploadHeapMb: c.ENGINE_UPLOAD_HEAP_MB,
    uploadMemoryMb: c.ENGINE_UPLOAD_MEMORY_MB,
    analysisHeapMb: c.ENGINE_ANALYSIS_HEAP_MB,
    analysisMemoryMb: c.ENGINE_ANALYSIS_MEMORY_MB,
    processCeilingMb: c.ENGINE_PROCESS_CEILING_MB,
    hosts: c.ENGINE_HOSTS,
    hostRecycleMb: c.ENGINE_HOST_RECYCLE_MB,
    warmHosts: c.ENGINE_WARM_HOSTS,
    pdf: {
      maxPages: c.PDF_MAX_PAGES,
      maxOperators: c.PDF_MAX_OPERATORS,
      maxImagePixels: c.PDF_MAX_IMAGE_PIXELS,
      canvasMaxAreaBytes: Math.round(c.PDF_MAX_CANVAS_MB * 2 ** 20),
    },
  });
}
