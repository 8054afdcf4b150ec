/**
 * How fast the heaps of engine worker threads grow. After each full collection V8 lets a heap grow by a factor
 * before the next one, and picks a small factor for a heap with a small cap: an analysis worker (1024 MB cap)
 * of the dense A0 sheet ran 7 full collections per analysis, each marking hundreds of megabytes live (pdf.js's
 * operator list, the page's lines) beside the analysis on a two-core machine. At 300 % (a factor of 4, what V8
 * gives heaps of 2 GB and more) it runs 4, and the analysis as a worker call takes about 6.5 s instead of 7.5 s,
 * its heap peaking about 150 MB higher (still under its cap: V8 collects at the cap whatever the factor).
 *
 * A V8 flag is the process's: set once, before the first engine worker starts, by whatever starts them (worker.ts,
 * the engine bench's runner). Other heaps of the process get the same factor (the web server's own heap, with no
 * cap of its own, had it already).
 */
import { setFlagsFromString } from 'node:v8';

const HEAP_GROWING_PERCENT = 300;

let set = false;
export function setEngineHeapGrowth(): void {
  if (set) return;
  set = true;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
