import { describe, expect, it } from 'vitest';
import { arrayPushBeforePdfJs, getDocument, OPS, restoreNativePush } from './pdfjs.js';

describe('loading pdf.js for the engine', () => {
  it('puts back the Array.prototype.push that the legacy build replaces with a JavaScript polyfill', () => {
    expect(Array.prototype.push).toBe(arrayPushBeforePdfJs);
    // replaced again (as a second copy of pdf.js would), it is put back
    const polyfill = function push(this: unknown[], ...items: unknown[]) { return arrayPushBeforePdfJs.apply(this, items); };
    Object.defineProperty(Array.prototype, 'push', { value: polyfill, writable: true, configurable: true });
    expect(restoreNativePush()).toBe(true);
    expect(Array.prototype.push).toBe(arrayPushBeforePdfJs);
  });

  it('hides DecompressionStream so pdf.js inflates streams synchronously', () => {
    expect('DecompressionStream' in globalThis).toBe(false);
  });

  it('still reads a Flate-compressed page (with pdf.js own inflate)', async () => {
    const { PDFDocument, rgb } = await import('pdf-lib');
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([200, 200]);
    page.drawLine({ start: { x: 10, y: 10 }, end: { x: 190, y: 10 }, thickness: 2, color: rgb(0, 0, 0) });
    const bytes = await pdf.save({ useObjectStreams: true });
    const doc = await getDocument({ data: bytes, isEvalSupported: false, verbosity: 0 }).promise;
    const ops = await (await doc.getPage(1)).getOperatorList();
    expect(ops.fnArray).toContain(OPS.constructPath);
    await doc.destroy();
  });
});
