/**
 * Two changes to pdf.js's worker code (the parser side of its in-thread worker), made to its source text as it is
 * loaded (`pdfjs.ts`). pdf.js keeps both places in module-private classes, so no other hook reaches them. Each
 * change is found by an anchor of the source as pdf.js ships it; one whose anchor is missing (another pdf.js
 * version) is left out and named, and pdf.js then runs as shipped there (`pdfjs-worker-patch.test.ts` fails, so
 * whoever updates pdf.js looks again).
 *
 * - **Flate streams inflated natively, whole** (`flate-native`): pdf.js inflates in JavaScript, block by block,
 *   building a Huffman table of up to 32 768 entries per block. A CAD sheet drawing its doors and windows as form
 *   XObjects has pdf.js fetch and inflate a form's stream afresh at every use: the A0 sheet inflates 16 000 streams
 *   (25 MB) per parse, about 0.35 s of CPU. At a Flate stream's first read, the hook (`PdfJsHooks.inflateWhole`) is
 *   offered the stream; when the platform's zlib inflates the rest of its input, the stream holds the output and is
 *   at its end. Otherwise (damaged data, output over the cap) the stream goes on with pdf.js's own decoder over the
 *   same input, as before.
 * - **No transfer list** (`no-transfers`): each chunk of the operator list is sent with the list of its buffers to
 *   transfer (every path's coordinates), gathered by a getter that walks the chunk: 0.2 s per parse of the A0 sheet.
 *   The engine's port hands messages over in the same thread and never transfers (`HandOverPort`); a port that
 *   does copies what is not in the list, so an empty list is always right, only possibly slower elsewhere.
 */

/** What the patched worker code calls (on `globalThis`, under `PDFJS_HOOKS_KEY`). */
export interface PdfJsHooks {
  /**
   * A Flate stream at its first read (pdf.js's `FlateStream`, its 2-byte header read): fills it with the whole
   * inflated rest of its input and returns true, or leaves it to pdf.js's decoder over that same input (false).
   * `StreamClass` is pdf.js's `Stream` (a stream over bytes).
   */
  inflateWhole(flate: unknown, StreamClass: unknown): boolean;
}

/** The global key under which the patched worker code finds `PdfJsHooks`. */
export const PDFJS_HOOKS_KEY = 'plansight.pdfjs.hooks';

interface WorkerPatch {
  name: string;
  /** Text of pdf.js's worker code that the patch changes (found exactly once). */
  anchor: string;
  /** What the anchor becomes. */
  replacement: string;
}

const hooks = `globalThis[Symbol.for(${JSON.stringify(PDFJS_HOOKS_KEY)})]`;

export const PDFJS_WORKER_PATCHES: readonly WorkerPatch[] = [
  {
    name: 'flate-native',
    anchor: '  readBlock() {\n    let buffer, hdr, len;\n    const str = this.stream;\n',
    replacement: `  readBlock() {\n    if (!this.__offeredWhole) {\n      this.__offeredWhole = true;\n      if (${hooks}?.inflateWhole(this, Stream)) return;\n    }\n    this.__readBlock();\n  }\n  __readBlock() {\n    let buffer, hdr, len;\n    const str = this.stream;\n`,
  },
  {
    name: 'no-transfers',
    anchor: '  get _transfers() {\n',
    replacement: '  get _transfers() {\n    return [];\n  }\n  get __transfersAsShipped() {\n',
  },
];

/**
 * pdf.js's worker source with the patches whose anchor it holds exactly once, the names of those applied and of
 * those left out.
 */
export function patchPdfJsWorker(source: string, patches: readonly WorkerPatch[] = PDFJS_WORKER_PATCHES): { source: string; applied: string[]; missing: string[] } {
  const applied: string[] = [], missing: string[] = [];
  let out = source;
  for (const p of patches) {
    const at = out.indexOf(p.anchor);
    if (at < 0 || out.indexOf(p.anchor, at + 1) >= 0) {
      missing.push(p.name);
      continue;
    }
    out = out.slice(0, at) + p.replacement + out.slice(at + p.anchor.length);
    applied.push(p.name);
  }
  return { source: out, applied, missing };
}
