import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import { PDFWorker, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { formOpsCounts, getDocument, HandOverPort, inflateWhole, nativeInflates, OPS, pdfJsWorkerPatches, restoreNativePush } from './pdfjs.js';
import { FORM_OPS_MAX, FORM_PATH_NUMBERS_MAX, NOT_KEPT_OPS, PDFJS_WORKER_PATCHES, patchPdfJsWorker } from './pdfjs-worker-patch.js';
import { extractVectors } from './extract.js';
import { pdfFromObjects, pdfStream } from '../raw-pdf.js';

/**
 * A one-page PDF: its content stream `content` (Flate bytes, or text as it is), drawing form 5 (`form`, deflated, its
 * resources `formResources`) as /F; `more` objects from 6.
 */
function pdfWith(content: Buffer | string, form: string, { pageResources = '', formResources = '', more = [] as (string | Buffer)[] } = {}): Uint8Array {
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 400] /Resources << /XObject << /F 5 0 R >> ${pageResources} >> /Contents 4 0 R >>`,
    pdfStream(typeof content === 'string' ? '' : '/Filter /FlateDecode', content),
    pdfStream(`/Type /XObject /Subtype /Form /BBox [0 0 600 400] /Resources << ${formResources} >> /Filter /FlateDecode`, deflateSync(Buffer.from(form))),
    ...more,
  ]);
}

/** `read` given pdf.js's worker code as shipped, on a port of its own (its legacy build replaces `push` again as it loads). */
async function withShipped<T>(read: (shipped: PDFWorker) => Promise<T>): Promise<T> {
  const code = (await import('pdfjs-dist/legacy/build/pdf.worker.mjs')) as { WorkerMessageHandler: { initializeFromPort(port: HandOverPort): void } };
  restoreNativePush();
  const port = new HandOverPort();
  code.WorkerMessageHandler.initializeFromPort(port);
  const shipped = new (PDFWorker as unknown as new (p: { port: HandOverPort }) => PDFWorker)({ port });
  try {
    return await read(shipped);
  } finally {
    shipped.destroy();
  }
}

/** `read` of the PDF's first page, on `worker` when given. */
async function onPage<T>(bytes: Uint8Array, read: (page: PDFPageProxy) => Promise<T>, worker?: PDFWorker): Promise<T> {
  const doc = await getDocument({ data: bytes, isEvalSupported: false, verbosity: 0, ...(worker ? { worker } : {}) }).promise;
  try {
    return await read(await doc.getPage(1));
  } finally {
    await doc.destroy();
  }
}

/**
 * The page's lines as extracted (page points, rounded), and how many Flate streams went native / to pdf.js's decoder;
 * with `worker`, read on that worker.
 */
async function readPage(bytes: Uint8Array, worker?: PDFWorker) {
  const before = { ...nativeInflates };
  const vec = await onPage(bytes, (page) => extractVectors(page, 10_000), worker);
  const lines = vec.segs.map((s) => [s.x1, s.y1, s.x2, s.y2].map(Math.round).join(' ')).sort();
  return { lines, whole: nativeInflates.whole - before.whole, toPdfJs: nativeInflates.toPdfJs - before.toPdfJs };
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
    // (and the operators a kept form may not hold are all pdf.js's)
    for (const name of NOT_KEPT_OPS) expect(OPS[name as keyof typeof OPS]).toBeTypeOf('number');
    // and the engine runs on that code
    expect(pdfJsWorkerPatches).toEqual({ applied: PDFJS_WORKER_PATCHES.map((p) => p.name), missing: [] });
  });

  it('inflates a Flate content stream and a Flate form natively, with the lines they draw', async () => {
    const page = await readPage(pdfWith(deflateSync(Buffer.from(`${DRAWS}10 10 m 590 10 l S\n`)), FORM));
    // the content stream and the form's stream at its first use (its next two replay its operators)
    expect(page.whole).toBe(2);
    expect(page.toPdfJs).toBe(0);
    // (top-left page points: y = 400 - y)
    expect(page.lines).toEqual(['10 390 590 390', '100 100 150 100', '100 200 150 200', '100 300 150 300'].sort());
  });

  it('reads a stream whole, damaged or cut short as pdf.js as shipped does, the damaged one with pdf.js decoder', async () => {
    await withShipped(async (shipped) => {
      const first = `${DRAWS}10 10 m 590 10 l S\n`;
      const second = deflateRawSync(Buffer.from(`20 20 m 580 20 l S\n${'% a comment to be cut off\n'.repeat(50)}`));
      const forms = ['100 100 150 100', '100 200 150 200', '100 300 150 300'];
      // whole, the two parts read as one stream
      const whole = pdfWith(twoParts(first, second), FORM);
      const wholeRead = await readPage(whole);
      expect(wholeRead).toMatchObject({ whole: 2, toPdfJs: 0 });
      expect(wholeRead.lines).toEqual(['10 390 590 390', '20 380 580 380', ...forms].sort());
      // cut short in its comments, natively: what it holds
      const cut = pdfWith(twoParts(first, second.subarray(0, second.length - 6)), FORM);
      const cutRead = await readPage(cut);
      expect(cutRead).toMatchObject({ whole: 2, toPdfJs: 0 });
      expect(cutRead.lines).toEqual(wholeRead.lines);
      // the second part a block of the reserved type 3: zlib refuses the stream, pdf.js's decoder ends it there
      const damaged = pdfWith(twoParts(first, Buffer.from([0b111, 0, 0, 0])), FORM);
      const damagedRead = await readPage(damaged);
      expect(damagedRead).toMatchObject({ whole: 1, toPdfJs: 1 });
      expect(damagedRead.lines).toEqual(expect.arrayContaining(forms));
      // each as pdf.js as shipped reads it
      for (const [bytes, read] of [[whole, wholeRead], [cut, cutRead], [damaged, damagedRead]] as const) {
        const asShipped = await readPage(bytes, shipped);
        expect(asShipped).toMatchObject({ whole: 0, toPdfJs: 0 });
        expect(read.lines).toEqual(asShipped.lines);
      }
    });
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
    const ops = await onPage(pdfWith(deflateSync(Buffer.from(lines)), FORM), (page) => page.getOperatorList());
    expect(ops.fnArray.filter((f) => f === OPS.constructPath)).toHaveLength(3000);
  });
});

/** The page's operator list (typed arrays as plain arrays), and the form uses kept, replayed and not kept. */
async function operatorsOf(bytes: Uint8Array, worker?: PDFWorker) {
  const before = { ...formOpsCounts };
  const list = await onPage(bytes, (page) => page.getOperatorList(), worker);
  const plain = (v: unknown): unknown => (ArrayBuffer.isView(v) ? Array.from(v as Float32Array) : Array.isArray(v) ? v.map(plain) : v);
  const ops = list.fnArray.map((fn, i) => [fn, plain(list.argsArray[i])]);
  return { ops, kept: formOpsCounts.kept - before.kept, replayed: formOpsCounts.replayed - before.replayed, notKept: formOpsCounts.notKept - before.notKept };
}

describe("a form's operators, kept at its first use for its next ones", () => {
  /** Three uses of /F, each moved along. */
  const thrice = 'q 1 0 0 1 100 50 cm /F Do Q q 1 0 0 1 100 150 cm /F Do Q q 1 0 0 1 100 250 cm /F Do Q\n';

  it('are replayed at its next uses: the same operator list as pdf.js as shipped gives', async () => {
    // a translated stroke inside the form: pdf.js's optimiser moves its points in place, which a replay must not see
    const form = '0 0 m 50 0 l S q 1 0 0 1 10 10 cm 0 0 m 20 0 l S Q 2 w 0 0 1 RG 0 0 20 20 re S';
    const bytes = pdfWith(thrice, form);
    const asShipped = await withShipped((shipped) => operatorsOf(bytes, shipped));
    const read = await operatorsOf(bytes);
    expect(read).toMatchObject({ kept: 1, replayed: 2, notKept: 0 });
    expect(read.ops).toEqual(asShipped.ops);
    expect(asShipped).toMatchObject({ kept: 0, replayed: 0 });
  });

  it('render the same pixels as pdf.js as shipped (its optimiser moves a translated path\'s points in place)', async () => {
    const form = '0 0 m 50 0 l S q 1 0 0 1 10 10 cm 0 0 m 20 0 l S Q q 1 0 0 1 0 30 cm 0 0 m 40 0 l S Q';
    const bytes = pdfWith(thrice, form);
    const pixels = (worker?: PDFWorker) => onPage(bytes, async (page) => {
      const viewport = page.getViewport({ scale: 1 });
      const canvas = createCanvas(viewport.width, viewport.height);
      const ctx = canvas.getContext('2d');
      await page.render({ canvasContext: ctx as never, canvas: canvas as never, viewport }).promise;
      return Buffer.from(ctx.getImageData(0, 0, viewport.width, viewport.height).data);
    }, worker);
    const before = formOpsCounts.replayed;
    const ours = await pixels();
    expect(formOpsCounts.replayed - before).toBe(2);
    // (something is drawn, and drawn where pdf.js as shipped draws it)
    expect(ours.some((v, i) => i % 4 === 3 && v > 0)).toBe(true);
    expect(ours.equals(await withShipped(pixels))).toBe(true);
  });

  it('are kept apart for each colour space it inherits (a colour set without its own colour space)', async () => {
    // the form sets a fill colour in whatever colour space it is drawn in
    const form = '0.2 0.4 0.6 sc 0 0 50 50 re f';
    const content = '/DeviceRGB cs /F Do /CS0 cs /F Do /DeviceRGB cs q 1 0 0 1 0 100 cm /F Do Q\n';
    const bytes = pdfWith(content, form, { pageResources: '/ColorSpace << /CS0 [/CalRGB << /WhitePoint [0.9505 1 1.089] /Gamma [2.2 2.2 2.2] >>] >>' });
    const read = await operatorsOf(bytes);
    expect(read).toMatchObject({ kept: 2, replayed: 1 });
    const fills = read.ops.filter(([fn]) => fn === OPS.setFillRGBColor).map(([, args]) => JSON.stringify(args));
    expect(new Set(fills).size).toBe(2);
    expect(read.ops).toEqual((await withShipped((shipped) => operatorsOf(bytes, shipped))).ops);
  });

  it('are not kept when the form paints an image, a path starting without a move, or more than the caps', async () => {
    const image = pdfStream('/Type /XObject /Subtype /Image /Width 2 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8', Buffer.from([0, 255]));
    const withImage = pdfWith(thrice, 'q 50 0 0 50 0 0 cm /Im Do Q', { formResources: '/XObject << /Im 6 0 R >>', more: [image] });
    // (a `v` curve first takes the current point the caller left: each use's path starts elsewhere)
    const noMove = pdfWith(`10 10 m 30 30 l S ${thrice}`, '20 20 40 40 v S 50 50 m');
    const long = pdfWith(thrice, 'q Q '.repeat(FORM_OPS_MAX / 2 + 1));
    // (one path of more coordinates than a form keeps: a move and lines, two numbers and an operator code each)
    const huge = pdfWith(thrice, `0 0 m ${'1 1 l 2 0 l '.repeat(Math.ceil(FORM_PATH_NUMBERS_MAX / 6))}S`);
    await withShipped(async (shipped) => {
      for (const bytes of [withImage, noMove, long, huge]) {
        const read = await operatorsOf(bytes);
        expect(read).toMatchObject({ kept: 0, replayed: 0, notKept: 3 });
        expect(read.ops).toEqual((await operatorsOf(bytes, shipped)).ops);
      }
    });
  });
});
