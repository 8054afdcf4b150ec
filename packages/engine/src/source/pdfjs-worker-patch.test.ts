import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PDFWorker } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { getDocument, HandOverPort, inflateWhole, nativeInflates, OPS, pdfJsWorkerPatches, restoreNativePush } from './pdfjs.js';
import { PDFJS_WORKER_PATCHES, patchPdfJsWorker } from './pdfjs-worker-patch.js';
import { extractVectors } from './extract.js';
import { pdfFromObjects, pdfStream } from '../raw-pdf.js';

/** A one-page PDF: its content stream `content` (with `filter`), drawing form 5 (`form`, deflated) as /F. */
function pdfWith(content: Buffer, form: string, filter = '/Filter /FlateDecode'): Uint8Array {
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 400] /Resources << /XObject << /F 5 0 R >> >> /Contents 4 0 R >>',
    pdfStream(filter, content),
    pdfStream('/Type /XObject /Subtype /Form /BBox [0 0 600 400] /Resources << >> /Filter /FlateDecode', deflateSync(Buffer.from(form))),
  ]);
}

/** pdf.js's worker code as shipped, on a port of its own (its legacy build replaces `push` again as it loads). */
async function shippedWorker(): Promise<PDFWorker> {
  const shipped = (await import('pdfjs-dist/legacy/build/pdf.worker.mjs')) as { WorkerMessageHandler: { initializeFromPort(port: HandOverPort): void } };
  restoreNativePush();
  const port = new HandOverPort();
  shipped.WorkerMessageHandler.initializeFromPort(port);
  return new (PDFWorker as unknown as new (p: { port: HandOverPort }) => PDFWorker)({ port });
}

/**
 * The page's lines as extracted (page points, rounded), and how many Flate streams went native / to pdf.js's decoder;
 * with `worker`, read on that worker.
 */
async function readPage(bytes: Uint8Array, worker?: PDFWorker) {
  const before = { ...nativeInflates };
  const doc = await getDocument({ data: bytes, isEvalSupported: false, verbosity: 0, ...(worker ? { worker } : {}) }).promise;
  try {
    const vec = await extractVectors(await doc.getPage(1), 10_000);
    const lines = vec.segs.map((s) => [s.x1, s.y1, s.x2, s.y2].map(Math.round).join(' ')).sort();
    return { lines, whole: nativeInflates.whole - before.whole, toPdfJs: nativeInflates.toPdfJs - before.toPdfJs };
  } finally {
    await doc.destroy();
  }
}

/**
 * A zlib stream of two parts: the first ends its blocks on a byte boundary, not final (a full flush), the second is
 * `second` as raw deflate bytes (a damaged or cut second part leaves the first whole).
 */
function twoParts(first: string, second: Buffer): Buffer {
  return Buffer.concat([Buffer.from([0x78, 0x9c]), deflateRawSync(Buffer.from(first), { finishFlush: constants.Z_FULL_FLUSH }), second]);
}

const FORM = '0 0 m 50 0 l S';
const DRAWS = 'q 1 0 0 1 100 100 cm /F Do Q q 1 0 0 1 100 200 cm /F Do Q q 1 0 0 1 100 300 cm /F Do Q\n';

describe("pdf.js's worker code, patched as the engine loads it", () => {
  it('applies each patch whose anchor the source holds exactly once, and names the others', () => {
    const patches = [{ name: 'a', anchor: 'ONE', replacement: 'one' }, { name: 'b', anchor: 'TWO', replacement: 'two' }, { name: 'c', anchor: 'NONE', replacement: 'x' }];
    expect(patchPdfJsWorker('x ONE y TWO z TWO', patches)).toEqual({ source: 'x one y TWO z TWO', applied: ['a'], missing: ['b', 'c'] });
  });

  it('finds every anchor in the pdf.js installed (a pdf.js update that moves one fails here)', () => {
    const file = createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.worker.mjs');
    const patched = patchPdfJsWorker(readFileSync(file, 'utf8'));
    expect(patched.missing).toEqual([]);
    expect(patched.applied).toEqual(PDFJS_WORKER_PATCHES.map((p) => p.name));
    // and the engine runs on that code
    expect(pdfJsWorkerPatches).toEqual({ applied: PDFJS_WORKER_PATCHES.map((p) => p.name), missing: [] });
  });

  it('inflates a Flate content stream and every use of a Flate form natively, with the lines they draw', async () => {
    const page = await readPage(pdfWith(deflateSync(Buffer.from(`${DRAWS}10 10 m 590 10 l S\n`)), FORM));
    // the content stream and the form's stream at each of its three uses
    expect(page.whole).toBe(4);
    expect(page.toPdfJs).toBe(0);
    // (top-left page points: y = 400 - y)
    expect(page.lines).toEqual(['10 390 590 390', '100 100 150 100', '100 200 150 200', '100 300 150 300'].sort());
  });

  it('reads a stream whole, damaged or cut short as pdf.js as shipped does, the damaged one with pdf.js decoder', async () => {
    const shipped = await shippedWorker();
    try {
      const first = `${DRAWS}10 10 m 590 10 l S\n`;
      const second = deflateRawSync(Buffer.from(`20 20 m 580 20 l S\n${'% a comment to be cut off\n'.repeat(50)}`));
      const forms = ['100 100 150 100', '100 200 150 200', '100 300 150 300'];
      // whole, the two parts read as one stream
      const whole = pdfWith(twoParts(first, second), FORM);
      const wholeRead = await readPage(whole);
      expect(wholeRead).toMatchObject({ whole: 4, toPdfJs: 0 });
      expect(wholeRead.lines).toEqual(['10 390 590 390', '20 380 580 380', ...forms].sort());
      // cut short in its comments, natively: what it holds
      const cut = pdfWith(twoParts(first, second.subarray(0, second.length - 6)), FORM);
      const cutRead = await readPage(cut);
      expect(cutRead).toMatchObject({ whole: 4, toPdfJs: 0 });
      expect(cutRead.lines).toEqual(wholeRead.lines);
      // the second part a block of the reserved type 3: zlib refuses the stream, pdf.js's decoder ends it there
      const damaged = pdfWith(twoParts(first, Buffer.from([0b111, 0, 0, 0])), FORM);
      const damagedRead = await readPage(damaged);
      expect(damagedRead).toMatchObject({ whole: 3, toPdfJs: 1 });
      expect(damagedRead.lines).toEqual(expect.arrayContaining(forms));
      // each as pdf.js as shipped reads it
      for (const [bytes, read] of [[whole, wholeRead], [cut, cutRead], [damaged, damagedRead]] as const) {
        const asShipped = await readPage(bytes, shipped);
        expect(asShipped).toMatchObject({ whole: 0, toPdfJs: 0 });
        expect(read.lines).toEqual(asShipped.lines);
      }
    } finally {
      shipped.destroy();
    }
  });

  it('leaves a stream inflating past the cap to pdf.js decoder, over the same input', () => {
    const raw = deflateSync(Buffer.alloc(100_000)).subarray(2);
    const made: unknown[][] = [];
    class StreamClass { constructor(...args: unknown[]) { made.push(args); } }
    const flate = { stream: { getBytes: () => raw, dict: 'dict' }, buffer: new Uint8Array(0), bufferLength: 0, eof: false, ensureBuffer: (n: number) => new Uint8Array(n) };
    expect(inflateWhole(flate, StreamClass, 1000)).toBe(false);
    expect(flate.stream).toBeInstanceOf(StreamClass);
    expect(made).toEqual([[raw, 0, raw.length, 'dict']]);
    expect(flate.eof).toBe(false);
    // under the cap it is filled whole
    const buffer = new Uint8Array(200_000).fill(7);
    const fits = { stream: { getBytes: () => raw }, buffer, bufferLength: 0, eof: false, ensureBuffer: () => buffer };
    expect(inflateWhole(fits, StreamClass, 200_000)).toBe(true);
    expect(fits).toMatchObject({ bufferLength: 100_000, eof: true });
    expect(buffer.subarray(0, 100_000).every((b) => b === 0)).toBe(true);
  });

  it('sends the operator list in chunks without a transfer list, whole', async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `${i % 500} 10 m ${i % 500} 300 l S`).join('\n');
    const doc = await getDocument({ data: pdfWith(deflateSync(Buffer.from(lines)), FORM), isEvalSupported: false, verbosity: 0 }).promise;
    const ops = await (await doc.getPage(1)).getOperatorList();
    expect(ops.fnArray.filter((f) => f === OPS.constructPath)).toHaveLength(3000);
    await doc.destroy();
  });
});
