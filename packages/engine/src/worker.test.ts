import { deflateSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { analyzePdfInWorker, configureEngine, engineMemoryGovernor, engineSpares, heldPages, HOLD_MS, keepSpareWorkers, previewPdfInWorker, readPageScaleInWorker } from './worker.js';
import { analyzePdf } from './analyze.js';
import { roomsPdf } from './test-pdfs.js';

const MB = 2 ** 20;
/** Memory is under test, not time: a worker start takes seconds on a busy machine. */
const slow = { timeoutMs: 300_000 };
/** Whether `ok` holds within `ms`, asked every 50 ms. */
const until = async (ok: () => boolean, ms = 120_000) => {
  for (const end = Date.now() + ms; !ok() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 50));
  return ok();
};
/** An analysis spare has loaded and analysed the warm-up plan. */
const analysisReady = () => engineSpares().waiting.some((w) => w.kind === 'analysis' && w.warmedUp === true);

/** A one-page PDF whose content stream inflates to `mb` MB of line drawing (a few hundred kB on disk). */
async function streamBombPdf(mb: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([842, 595]);
  const plain = Buffer.alloc(mb * MB, '0 0 m 1 1 l S\n');
  page.node.set(doc.context.obj('Contents') as never, doc.context.register(doc.context.stream(deflateSync(plain), { Filter: 'FlateDecode' })));
  return doc.save();
}

describe('engine workers under a shared memory ceiling', () => {
  afterEach(() => configureEngine({ processCeilingMb: 2048 }));

  it('lets small files through while other work grows the process past its ceiling', async () => {
    const small = await roomsPdf([{ x: 0, y: 0, w: 4000, h: 3000 }]);
    configureEngine({ processCeilingMb: Math.round(process.memoryUsage.rss() / MB) + 200 });
    // Other work of the web process (request bodies, results being written) grows by 700 MB while the
    // uploads are checked; no worker holds any of it.
    const otherWork: Buffer[] = [];
    const grow = setInterval(() => { if (otherWork.length < 7) otherWork.push(Buffer.alloc(100 * MB, otherWork.length + 1)); }, 30);
    const results = await Promise.allSettled([1, 2, 3].map(() => previewPdfInWorker(small, 1, { maxWidthPx: 800 }, slow)));
    clearInterval(grow);
    expect(otherWork.length).toBeGreaterThan(2);
    for (const r of results) {
      expect(r.status, r.status === 'rejected' ? String((r as PromiseRejectedResult).reason) : '').toBe('fulfilled');
      if (r.status === 'fulfilled') expect(r.value.info.pageCount).toBe(1);
    }
    expect(engineMemoryGovernor.charges()).toEqual([]);
  }, 400_000);

  it('still refuses a memory bomb as too complex while a small file beside it passes', async () => {
    const small = await roomsPdf([{ x: 0, y: 0, w: 4000, h: 3000 }]);
    const bomb = await streamBombPdf(600);
    const [bombResult, smallResult] = await Promise.allSettled([
      previewPdfInWorker(bomb, 1, { maxWidthPx: 800 }, slow),
      previewPdfInWorker(small, 1, { maxWidthPx: 800 }, slow),
    ]);
    expect(smallResult.status).toBe('fulfilled');
    expect(bombResult.status).toBe('rejected');
    // (its operators are counted as pdf.js parses them, and the parse stops at the budget's 3 M: before the
    // governor would have to stop it for its memory, which an operator list held whole used to reach first)
    expect((bombResult as PromiseRejectedResult).reason).toMatchObject({ code: 'too_complex', message: expect.stringMatching(/needs more memory than allowed|drawing operations on one page/) });
  }, 400_000);
});

describe('workers kept waiting in engine hosts', () => {
  afterEach(() => keepSpareWorkers(false));


  it('after an upload check, keeps a worker for the analysis that has analysed the warm-up plan, and the analysis runs on it', async () => {
    keepSpareWorkers(true);
    const plan = await roomsPdf([{ x: 0, y: 0, w: 4000, h: 3000 }, { x: 4200, y: 0, w: 3000, h: 3000 }], { door: { x: 4100, y: 1500, widthMm: 900 } });
    await previewPdfInWorker(plan, 1, { maxWidthPx: 400 }, slow);
    expect(await until(analysisReady)).toBe(true);
    expect(engineSpares().waiting.map((w) => w.kind).sort()).toEqual(['analysis', 'upload']);
    const taken = engineSpares().taken;
    const options = { page: 1, scale: 100, ceilingHeightMm: 2500, ocr: false };
    const inWorker = await analyzePdfInWorker(plan, options, { timeoutMs: 60_000 });
    expect(engineSpares().taken).toBe(taken + 1);
    // the same answer as a fresh analysis: the warm-up left nothing behind in what it measures
    const direct = await analyzePdf(plan, options);
    expect(inWorker.rooms.map((r) => [r.id, r.ceiling_area, r.perimeter_mm, r.net_wall_area])).toEqual(direct.rooms.map((r) => [r.id, r.ceiling_area, r.perimeter_mm, r.net_wall_area]));
    // and the next analysis finds another waiting
    expect(await until(analysisReady)).toBe(true);
  }, 400_000);

  it('keeps none outside engine hosts', async () => {
    const plan = await roomsPdf([{ x: 0, y: 0, w: 4000, h: 3000 }]);
    await previewPdfInWorker(plan, 1, { maxWidthPx: 400 }, slow);
    expect(engineSpares().waiting).toEqual([]);
  }, 400_000);
});


describe('a page read for its scale keeps its worker for the page\'s analysis (hold)', () => {
  afterEach(() => { configureEngine({ holdMs: HOLD_MS }); keepSpareWorkers(false); });

  const options = { page: 1, scale: 100, ceilingHeightMm: 2500, ocr: false };
  const plan = () => roomsPdf([{ x: 0, y: 0, w: 4000, h: 3000 }, { x: 4200, y: 0, w: 3000, h: 3000 }], { door: { x: 4100, y: 1500, widthMm: 900 } });
  const rooms = (r: { rooms: { id: string; ceiling_area: number; perimeter_mm: number; net_wall_area: number }[] }) =>
    r.rooms.map((x) => [x.id, x.ceiling_area, x.perimeter_mm, x.net_wall_area]);

  it('keeps the worker of a reading with hold, and the analysis asked with the same name runs on it', async () => {
    const pdf = await plan();
    const reading = await readPageScaleInWorker(pdf, 1, { ...slow, hold: 'p#1' });
    expect(reading.widthPt).toBeGreaterThan(0);
    expect(heldPages()).toEqual(['p#1']);
    // (an analysis without a name starts its own worker, keeps nothing and leaves the kept one waiting)
    const taken = engineSpares().heldTaken;
    await analyzePdfInWorker(pdf, options, slow);
    expect(engineSpares().heldTaken).toBe(taken);
    expect(heldPages()).toEqual(['p#1']);
    const r = await analyzePdfInWorker(pdf, options, { ...slow, hold: 'p#1' });
    expect(engineSpares().heldTaken).toBe(taken + 1);
    expect(rooms(r)).toEqual(rooms(await analyzePdf(pdf, options)));
    // the analysis keeps the page again, for the next one (another scale)
    expect(heldPages()).toEqual(['p#1']);
    const other = await analyzePdfInWorker(pdf, { ...options, scale: 50 }, { ...slow, hold: 'p#1' });
    expect(engineSpares().heldTaken).toBe(taken + 2);
    expect(rooms(other)).toEqual(rooms(await analyzePdf(pdf, { ...options, scale: 50 })));
    // (with another name, its own worker, kept under that name)
    await analyzePdfInWorker(pdf, options, { ...slow, hold: 'q#1' });
    expect(engineSpares().heldTaken).toBe(taken + 2);
    expect(heldPages()).toEqual(['p#1', 'q#1']);
  }, 400_000);

  it('sends an analysis asked while its page is still being read to the reading\'s worker', async () => {
    const pdf = await plan();
    const taken = engineSpares().heldTaken;
    const reading = readPageScaleInWorker(pdf, 1, { ...slow, hold: 'p#1' });
    const r = await analyzePdfInWorker(pdf, options, { ...slow, hold: 'p#1' });
    await reading;
    expect(engineSpares().heldTaken).toBe(taken + 1);
    expect(heldPages()).toEqual(['p#1']);
    expect(r.rooms).toHaveLength(2);
  }, 400_000);

  it('ends a kept worker after its time, and keeps two at most (the oldest ends first)', async () => {
    const pdf = await plan();
    configureEngine({ holdMs: 400 });
    await readPageScaleInWorker(pdf, 1, { ...slow, hold: 'a#1' });
    expect(heldPages()).toEqual(['a#1']);
    await new Promise((r) => setTimeout(r, 800));
    expect(heldPages()).toEqual([]);
    configureEngine({ holdMs: HOLD_MS });
    for (const k of ['a#1', 'b#1', 'c#1']) await readPageScaleInWorker(pdf, 1, { ...slow, hold: k });
    expect(heldPages()).toEqual(['b#1', 'c#1']);
    // (a new budget drops what was started under the old one)
    configureEngine({});
    expect(heldPages()).toEqual([]);
  }, 400_000);

  it('lets kept pages go when the process nears its memory ceiling, before any call is stopped', async () => {
    const pdf = await plan();
    await readPageScaleInWorker(pdf, 1, { ...slow, hold: 'p#1' });
    expect(heldPages()).toEqual(['p#1']);
    const ceiling = engineMemoryGovernor.limits.ceilingBytes;
    // (the process is now within a tenth of its ceiling, and a call runs: the governor looks)
    engineMemoryGovernor.setLimits({ ceilingBytes: Math.round(process.memoryUsage.rss() / 0.95) });
    try {
      const r = await previewPdfInWorker(pdf, 1, { maxWidthPx: 400 }, slow);
      expect(r.info.pageCount).toBe(1);
      expect(heldPages()).toEqual([]);
    } finally {
      engineMemoryGovernor.setLimits({ ceilingBytes: ceiling });
    }
  }, 400_000);

  it('runs a reading with hold on the warmed analysis spare in an engine host, and starts another spare', async () => {
    keepSpareWorkers(true);
    const pdf = await plan();
    await previewPdfInWorker(pdf, 1, { maxWidthPx: 400 }, slow);
    await until(analysisReady);
    const taken = engineSpares().taken;
    await readPageScaleInWorker(pdf, 1, { ...slow, hold: 'p#1' });
    expect(engineSpares().taken).toBe(taken + 1);
    expect(engineSpares().waiting.map((w) => w.kind)).toContain('analysis');
    expect(heldPages()).toEqual(['p#1']);
  }, 400_000);
});
