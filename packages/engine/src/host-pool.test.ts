import { afterEach, describe, expect, it } from 'vitest';
import { analyzePdfInWorker, configureEngine, engineHostPids, heldPages, HOLD_MS, previewPdfInWorker, readPageScaleInWorker, runEngineCall } from './worker.js';
import { EngineCancelledError } from './engine-errors.js';
import { roomsPdf } from './test-pdfs.js';

/** A worker start takes seconds on a busy machine; what is under test is where calls run and how they end. */
const slow = { timeoutMs: 300_000 };
const exited = (pid: number) => new Promise<void>((resolve) => {
  const t = setInterval(() => { try { process.kill(pid, 0); } catch { clearInterval(t); resolve(); } }, 50);
});

describe('engine calls in engine host processes', () => {
  afterEach(() => configureEngine({ hosts: 0, hostRecycleMb: 512, warmHosts: 0, hostIdleMs: 30_000, holdMs: HOLD_MS }));

  it('runs an upload check in a separate process and answers its image and errors as in-process calls do', async () => {
    configureEngine({ hosts: 1 });
    const pdf = await roomsPdf([{ x: 0, y: 0, w: 4000, h: 3000 }]);
    const r = await previewPdfInWorker(pdf, 1, { maxWidthPx: 400 }, slow);
    expect(r.info.pageCount).toBe(1);
    expect(Buffer.isBuffer(r.page?.png)).toBe(true);
    const [pid] = engineHostPids();
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);
    await expect(previewPdfInWorker(new Uint8Array(Buffer.from('not a pdf at all')), 1, {}, slow)).rejects.toMatchObject({ name: 'EngineInputError', code: 'not_pdf' });
  }, 400_000);

  it('runs each call under its own heap budget, not under the heap size the host process was started with', async () => {
    configureEngine({ hosts: 1, analysisHeapMb: 1024 });
    // (a V8 heap flag is the whole process's: a host started with one ran every worker under it, 256 MB)
    const limitMb = (await runEngineCall<number>('heap-limit', [], slow)) / 2 ** 20;
    expect(limitMb).toBeGreaterThanOrEqual(1024);
  }, 400_000);

  it('fails the calls of a host that dies and starts a new host for the next call', async () => {
    configureEngine({ hosts: 1 });
    const pdf = await roomsPdf([{ x: 0, y: 0, w: 4000, h: 3000 }]);
    const call = previewPdfInWorker(pdf, 1, {}, slow);
    const [pid] = engineHostPids();
    process.kill(pid!, 'SIGKILL');
    await expect(call).rejects.toThrow(/engine host exited/);
    expect((await previewPdfInWorker(pdf, 1, {}, slow)).info.pageCount).toBe(1);
    expect(engineHostPids()).not.toContain(pid);
  }, 400_000);

  it('cancels a call at once, and ends an idle host that has grown past its budget', async () => {
    configureEngine({ hosts: 1, hostRecycleMb: 1 });
    const pdf = await roomsPdf([{ x: 0, y: 0, w: 4000, h: 3000 }]);
    const ac = new AbortController();
    const call = previewPdfInWorker(pdf, 1, {}, { ...slow, signal: ac.signal });
    ac.abort();
    await expect(call).rejects.toBeInstanceOf(EngineCancelledError);
    await previewPdfInWorker(pdf, 1, {}, slow);
    const [pid] = engineHostPids();
    // Every host is over a 1 MB budget once its call is done: it is ended, not kept.
    await exited(pid!);
    expect(engineHostPids()).toEqual([]);
  }, 400_000);

  it('ends idle hosts after their idle time but keeps the warm ones running', async () => {
    const pdf = await roomsPdf([{ x: 0, y: 0, w: 4000, h: 3000 }]);
    for (const warmHosts of [1, 0]) {
      configureEngine({ hosts: 2, warmHosts, hostIdleMs: 300 });
      // Two calls at once: the second finds the first host busy and starts another.
      const calls = [previewPdfInWorker(pdf, 1, {}, slow), previewPdfInWorker(pdf, 1, {}, slow)];
      const pids = engineHostPids();
      expect(pids).toHaveLength(2);
      await Promise.all(calls);
      if (warmHosts === 0) {
        await Promise.all(pids.map(exited));
        expect(engineHostPids()).toEqual([]);
      } else {
        await Promise.race(pids.map(exited));
        await new Promise((r) => setTimeout(r, 1500));
        expect(engineHostPids()).toHaveLength(1);
        const [kept] = engineHostPids();
        process.kill(kept!, 0);
        // The warm host answers the next call itself: no new process.
        await previewPdfInWorker(pdf, 1, {}, slow);
        expect(engineHostPids()).toEqual([kept]);
        process.kill(kept!, 'SIGKILL');
        await exited(kept!);
      }
    }
  }, 400_000);

  it('sends a page\'s analysis to the host that keeps the page\'s worker, and keeps that host while it waits', async () => {
    // (every idle host is over a 1 MB budget: one is ended as soon as it is idle, unless it keeps a page)
    configureEngine({ hosts: 2, hostRecycleMb: 1 });
    const pdf = await roomsPdf([{ x: 0, y: 0, w: 4000, h: 3000 }, { x: 4200, y: 0, w: 3000, h: 3000 }]);
    await readPageScaleInWorker(pdf, 1, { ...slow, hold: 'p#1' });
    expect(heldPages()).toEqual(['p#1']);
    const [pid] = engineHostPids();
    // past the moment an idle host reports its size: still running, the page kept
    await new Promise((r) => setTimeout(r, 3000));
    expect(engineHostPids()).toEqual([pid]);
    // the host is busy with another call: an analysis without the name would go to a second host
    const busy = previewPdfInWorker(pdf, 1, { maxWidthPx: 400 }, slow);
    const r = await analyzePdfInWorker(pdf, { page: 1, scale: 100, ceilingHeightMm: 2500, ocr: false }, { ...slow, hold: 'p#1' });
    await busy;
    expect(r.rooms).toHaveLength(2);
    // it ran in the host that kept the page, which keeps it again (sent to a second host, both would keep it)
    expect(heldPages()).toEqual(['p#1']);
    expect(engineHostPids()).toEqual([pid]);
    // and the host, idle and over its budget once it keeps nothing, is ended
    configureEngine({ holdMs: 200 });
    await exited(pid!);
  }, 400_000);

  it('sends an analysis asked while its page is still being read to the host reading it', async () => {
    configureEngine({ hosts: 2 });
    const pdf = await roomsPdf([{ x: 0, y: 0, w: 4000, h: 3000 }, { x: 4200, y: 0, w: 3000, h: 3000 }]);
    // (the reading keeps its host busy: an analysis sent elsewhere would start a second host, and the page would
    // stay kept in the first)
    const reading = readPageScaleInWorker(pdf, 1, { ...slow, hold: 'p#1' });
    const r = await analyzePdfInWorker(pdf, { page: 1, scale: 100, ceilingHeightMm: 2500, ocr: false }, { ...slow, hold: 'p#1' });
    await reading;
    expect(r.rooms).toHaveLength(2);
    expect(heldPages()).toEqual(['p#1']);
    expect(engineHostPids()).toHaveLength(1);
  }, 400_000);
});
