import { afterEach, describe, expect, it } from 'vitest';
import { analyzePdf } from '../analyze.js';
import { roomsPdf, sheetPdf } from '../test-pdfs.js';
import { drawnDashes } from './drawn-dashes.js';
import { extractVectors } from './extract.js';
import { getPageChecked, loadPdf } from './pdf-load.js';
import { readPageScale } from './page-scale.js';
import { dropHeldPage, holdPage, isPageHeld, takeHeldPage } from './held-page.js';
import type { AnalysisResult } from '../types.js';

const options = { page: 1, scale: 100, ceilingHeightMm: 2500, ocr: false };
/** What an analysis measured, without the time it took. */
const measured = (r: AnalysisResult) => {
  const { metadata, ...rest } = r;
  const { duration_ms: _d, ...meta } = metadata;
  return { ...rest, metadata: meta };
};

describe('a page read for its scale, kept for its analysis', () => {
  afterEach(() => dropHeldPage());

  const twoRooms = () => roomsPdf([{ x: 0, y: 0, w: 4000, h: 3000 }, { x: 4200, y: 0, w: 3000, h: 3000 }], { door: { x: 4100, y: 1500, widthMm: 900 } });

  it('is kept by a reading with hold, and the analysis of the same page measures from it exactly as from the file', async () => {
    const plan = await twoRooms();
    const fresh = await analyzePdf(plan, options);
    await readPageScale(plan, 1, { keepPage: true });
    expect(isPageHeld()).toBe(true);
    const fromKept = await analyzePdf(new Uint8Array(plan), options);
    // handed over once
    expect(isPageHeld()).toBe(false);
    expect(measured(fromKept)).toEqual(measured(fresh));
  });

  it('is kept again by an analysis that keeps it, and the next analysis of the page measures from it as from the file', async () => {
    // (a room crossed by a line drawn as separate dashes, which the analysis marks as dashed on the drawing it reads)
    const plan = await sheetPdf((pen) => {
      pen.rectWalls(0, 0, 5000, 3500, 200);
      pen.rectWalls(5200, 0, 3000, 3500, 200);
      for (let x = 200; x + 150 < 4800; x += 250) pen.line(x, 1800, x + 150, 1800, { widthPt: 0.3 });
      pen.text(2500, 1000, 'Wohnen', 8);
      pen.text(6700, 1000, 'Zimmer', 8);
    });
    const doc = await loadPdf(plan);
    expect(drawnDashes((await extractVectors(await getPageChecked(doc, 1), 10_000)).segs).size).toBeGreaterThan(10);
    void doc.destroy();
    const at50 = { ...options, scale: 50 };
    const fresh = await analyzePdf(plan, options), fresh50 = await analyzePdf(plan, at50);
    const first = await analyzePdf(plan, options, { keepPage: true });
    expect(isPageHeld()).toBe(true);
    expect(measured(first)).toEqual(measured(fresh));
    const second = await analyzePdf(new Uint8Array(plan), at50, { keepPage: true });
    expect(measured(second)).toEqual(measured(fresh50));
    const third = await analyzePdf(new Uint8Array(plan), options);
    expect(measured(third)).toEqual(measured(fresh));
    expect(isPageHeld()).toBe(false);
  });

  it('is not kept without hold', async () => {
    await readPageScale(await twoRooms(), 1);
    expect(isPageHeld()).toBe(false);
  });

  it('is not used for other bytes of the same length and page: the analysis measures the file it is given', async () => {
    // two plans whose files differ in a room's size only (same structure, so the same byte length is likely;
    // the rule is about the bytes, whatever their length)
    const a = await roomsPdf([{ x: 0, y: 0, w: 4000, h: 3000 }]);
    const b = await roomsPdf([{ x: 0, y: 0, w: 5000, h: 3000 }]);
    const freshB = await analyzePdf(b, options);
    await readPageScale(a, 1, { keepPage: true });
    expect(isPageHeld()).toBe(true);
    const r = await analyzePdf(b, options);
    expect(measured(r)).toEqual(measured(freshB));
    expect(r.rooms[0].ceiling_area).not.toBeCloseTo((await analyzePdf(a, options)).rooms[0].ceiling_area, 1);
    // (what was kept for another file is let go, not left for a later call)
    expect(isPageHeld()).toBe(false);
  });

  it('hands the kept reading only to its own page and bytes', async () => {
    const plan = await twoRooms();
    await readPageScale(plan, 1, { keepPage: true });
    expect(takeHeldPage(plan, 2)).toBeNull();
    expect(isPageHeld()).toBe(false);
    await readPageScale(plan, 1, { keepPage: true });
    const other = new Uint8Array(plan);
    other[other.length - 3] ^= 1;
    expect(takeHeldPage(other, 1)).toBeNull();
    await readPageScale(plan, 1, { keepPage: true });
    expect(takeHeldPage(new Uint8Array(plan), 1)).not.toBeNull();
  });

  it('keeps no reading cut short by its time budget (the analysis may read further)', async () => {
    const plan = await twoRooms();
    await readPageScale(plan, 1, { keepPage: true });
    const kept = takeHeldPage(plan, 1)!;
    expect(holdPage({ ...kept, vec: { ...kept.vec, truncated: true } })).toBe(false);
    expect(isPageHeld()).toBe(false);
  });
});
