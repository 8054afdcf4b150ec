/** The operations a worker thread can run (kept apart from index.ts so the worker never imports itself). */
import { getHeapStatistics } from 'node:v8';
import { getPdfInfo } from './source/info.js';
import { renderPageToPng } from './source/render.js';
import { analyzePdf } from './analyze.js';
import { drawOverlay } from './source/overlay.js';
import { readPageScale } from './source/page-scale.js';

export { setPdfLimits } from './source/pdf-load.js';
export { warmUpEngine } from './warm-up.js';
export { isPageHeld } from './source/held-page.js';

/** A reading's or an analysis's third argument: whether it keeps the page for its next analysis (held-page.ts). */
const keep = (o: unknown) => (o ?? {}) as { keepPage?: boolean };

export async function runOp(op: string, args: unknown[]): Promise<unknown> {
  const a = args as [Uint8Array, never, never];
  switch (op) {
    case 'info':
      return getPdfInfo(a[0]);
    case 'render':
      return renderPageToPng(a[0], a[1], a[2]);
    case 'preview': {
      // One worker for an upload's two steps: starting a worker (and the engine in it) is most of their cost.
      const info = await getPdfInfo(a[0]);
      const pageNo = a[1] as number;
      if (pageNo > info.pageCount) return { info, page: null };
      // (the page info counted the page's operators against the budget already, for the first pages)
      return { info, page: await renderPageToPng(a[0], pageNo, a[2], info.pages[pageNo - 1]?.checked === true) };
    }
    case 'analyze':
      return analyzePdf(a[0], a[1], keep(a[2]));
    case 'page-scale':
      return readPageScale(a[0], a[1] as number, keep(a[2]));
    case 'overlay':
      return drawOverlay(a[0], a[1], a[2]);
    case 'heap-limit':
      // (the V8 heap limit the call's worker runs under: for the tests of the budgets)
      return getHeapStatistics().heap_size_limit;
    default:
      throw new Error(`unknown engine op ${op}`);
  }
}
