import { describe, expect, it } from 'vitest';
import { arrayPushBeforePdfJs, getDocument, handOver, HandOverPort, OPS, RefusedDecompressionStream, restoreNativePush, streamOperatorList } from './pdfjs.js';

describe('loading pdf.js for the engine', () => {
  it('puts back the Array.prototype.push that the legacy build replaces with a JavaScript polyfill', () => {
    expect(Array.prototype.push).toBe(arrayPushBeforePdfJs);
    // replaced again (as a second copy of pdf.js would), it is put back
    const polyfill = function push(this: unknown[], ...items: unknown[]) { return arrayPushBeforePdfJs.apply(this, items); };
    Object.defineProperty(Array.prototype, 'push', { value: polyfill, writable: true, configurable: true });
    expect(restoreNativePush()).toBe(true);
    expect(Array.prototype.push).toBe(arrayPushBeforePdfJs);
  });

  it('gives each promise pdf.js makes with withResolvers a handler: rejected with nobody waiting, it is no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const withResolvers = (Promise as unknown as { withResolvers: () => { promise: Promise<unknown>; reject: (r: unknown) => void } }).withResolvers;
      const nobody = withResolvers.call(Promise);
      nobody.reject(new Error('a sink nobody waits on'));
      const later = withResolvers.call(Promise);
      later.reject(new Error('seen by who waits'));
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).toEqual([]);
      // whoever waits still sees the rejection
      await expect(later.promise).rejects.toThrow('seen by who waits');
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('leaves pdf.js a DecompressionStream that cannot be built, so it inflates streams synchronously', () => {
    expect((globalThis as { DecompressionStream?: unknown }).DecompressionStream).toBe(RefusedDecompressionStream);
    let thrown: unknown = null;
    try {
      new RefusedDecompressionStream();
    } catch (err) {
      thrown = err;
    }
    // a plain value: no stack trace is taken for a refusal pdf.js only catches
    expect(thrown).not.toBeNull();
    expect(thrown instanceof Error).toBe(false);
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

  it('reads text and paths through the hand-over port, and frees the port with the document', async () => {
    const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib');
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([300, 200]);
    page.drawLine({ start: { x: 10, y: 10 }, end: { x: 290, y: 10 }, thickness: 2, color: rgb(0, 0, 0) });
    page.drawText('Wohnen 21.30 m2', { x: 40, y: 100, size: 12, font: await pdf.embedFont(StandardFonts.Helvetica) });
    const task = getDocument({ data: await pdf.save(), isEvalSupported: false, verbosity: 0 });
    const doc = await task.promise;
    const p1 = await doc.getPage(1);
    const ops = await p1.getOperatorList();
    const path = ops.fnArray.indexOf(OPS.constructPath);
    expect(path).toBeGreaterThanOrEqual(0);
    // the path's coordinates arrive whole (pdf.js empties its own arrays once a chunk is sent)
    const [, [data]] = ops.argsArray[path] as [number, [Float32Array]];
    expect(Array.from(data).filter((v) => Math.abs(v - 290) < 1e-3)).toHaveLength(1);
    const text = await p1.getTextContent();
    expect(text.items.map((i) => ('str' in i ? i.str : '')).join('')).toContain('Wohnen 21.30 m2');
    await doc.destroy();
    expect(task.destroyed).toBe(true);
  });
});

describe('handing messages over between the two sides of the in-thread worker', () => {
  it('copies the envelope, the chunk and its arrays, so a sender emptying them after sending changes nothing received', async () => {
    const port = new HandOverPort();
    const received: unknown[] = [];
    port.addEventListener('message', (e) => received.push(e.data));
    const args = [[1, 2], [3]];
    const chunk = { fnArray: [7, 8], argsArray: args, length: 2 };
    port.postMessage({ stream: 4, chunk });
    chunk.fnArray.length = 0;
    args.length = 0;
    await Promise.resolve();
    expect(received).toEqual([{ stream: 4, chunk: { fnArray: [7, 8], argsArray: [[1, 2], [3]], length: 2 } }]);
  });

  it('shares what lies deeper and what is no plain object (typed arrays, class instances)', () => {
    const bytes = new Float32Array([1, 2]);
    const inner = { deep: [1] };
    const msg = { data: { list: [inner], bytes } };
    const out = handOver(msg) as typeof msg;
    expect(out).not.toBe(msg);
    expect(out.data).not.toBe(msg.data);
    expect(out.data.list).not.toBe(msg.data.list);
    expect(out.data.list[0]).toBe(inner);
    expect(out.data.bytes).toBe(bytes);
  });

  it('delivers in the order sent, after the sender has gone on', async () => {
    const port = new HandOverPort();
    const got: number[] = [];
    port.addEventListener('message', (e) => got.push((e.data as { n: number }).n));
    port.postMessage({ n: 1 });
    port.postMessage({ n: 2 });
    expect(got).toEqual([]);
    await Promise.resolve();
    expect(got).toEqual([1, 2]);
    port.terminate();
    port.postMessage({ n: 3 });
    await Promise.resolve();
    expect(got).toEqual([1, 2]);
  });
});

describe('streaming a page operator list', () => {
  /** A page of `n` stroked lines, each its own path (about three operators each, with the colour and width). */
  async function linesPdf(n: number): Promise<Uint8Array> {
    const { PDFDocument, rgb } = await import('pdf-lib');
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([600, 600]);
    for (let i = 0; i < n; i++) page.drawLine({ start: { x: 10, y: 10 + (i % 580) }, end: { x: 20 + (i % 500), y: 10 + (i % 580) }, thickness: 1 + (i % 3), color: rgb(0, 0, 0) });
    return pdf.save();
  }

  it('gives the list a chunk at a time as pdf.js sends it, together the list getOperatorList gives', async () => {
    const doc = await getDocument({ data: await linesPdf(3000), isEvalSupported: false, verbosity: 0 }).promise;
    try {
      const page = await doc.getPage(1);
      const chunks: number[] = [];
      const fns: number[] = [];
      const paths: number[][] = [];
      await streamOperatorList(page, (fnArray, argsArray) => {
        chunks.push(fnArray.length);
        for (let i = 0; i < fnArray.length; i++) {
          fns.push(fnArray[i]);
          if (fnArray[i] === OPS.constructPath) paths.push(Array.from((argsArray[i] as [number, [Float32Array]])[1][0]));
        }
      });
      // (pdf.js sends about a thousand operators at a time)
      expect(chunks.length).toBeGreaterThan(3);
      expect(Math.max(...chunks)).toBeLessThanOrEqual(1000);
      // the page's list is built afresh for a later asking, and is the same
      const whole = await page.getOperatorList();
      expect(whole.fnArray.length).toBe(fns.length);
      expect(Array.from(whole.fnArray)).toEqual(fns);
      const wholePaths = whole.fnArray.flatMap((fn, i) => (fn === OPS.constructPath ? [Array.from((whole.argsArray[i] as [number, [Float32Array]])[1][0])] : []));
      expect(paths).toHaveLength(3000);
      expect(paths).toEqual(wholePaths);
    } finally {
      await doc.destroy();
    }
  });

  it('keeps nothing of a chunk once it is read, and passes on what the reader throws', async () => {
    const doc = await getDocument({ data: await linesPdf(2000), isEvalSupported: false, verbosity: 0 }).promise;
    try {
      const page = await doc.getPage(1);
      let kept = 0;
      const states = (page as unknown as { _intentStates: Map<unknown, { operatorList?: { fnArray: unknown[] } }> })._intentStates;
      await streamOperatorList(page, () => {
        // what pdf.js holds of the list while the next chunk comes: the chunk being read only
        for (const s of states.values()) kept = Math.max(kept, s.operatorList?.fnArray.length ?? 0);
      });
      expect(kept).toBeLessThanOrEqual(1000);
      await expect(streamOperatorList(page, () => { throw new Error('reader failed'); })).rejects.toThrow('reader failed');
    } finally {
      await doc.destroy();
    }
  });

  it('counts an upload page against the operator budget without keeping its list, and stops the parse once over', async () => {
    const { countedOperators, setPdfLimits, PDF_LIMITS } = await import('./pdf-load.js');
    const doc = await getDocument({ data: await linesPdf(3000), isEvalSupported: false, verbosity: 0 }).promise;
    const before = PDF_LIMITS.maxOperators;
    try {
      const page = await doc.getPage(1);
      const states = (page as unknown as { _intentStates: Map<unknown, { operatorList?: { fnArray: unknown[] } }> })._intentStates;
      const n = await countedOperators(page);
      expect(n).toBeGreaterThan(6000);
      // nothing of the list is left with the page
      expect([...states.values()].reduce((t, s) => t + (s.operatorList?.fnArray.length ?? 0), 0)).toBe(0);
      // over the budget: refused, and no chunk is read past the one that went over
      setPdfLimits({ maxOperators: 2000 });
      let seen = 0;
      await expect(countedOperators(page, (fnArray) => { seen += fnArray.length; })).rejects.toMatchObject({ code: 'too_complex' });
      expect(seen).toBeLessThanOrEqual(2000);
    } finally {
      setPdfLimits({ maxOperators: before });
      await doc.destroy();
    }
  });
});
