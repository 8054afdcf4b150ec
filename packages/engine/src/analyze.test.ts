import { describe, it, expect } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { analyzePdf, getPdfInfo, renderPageToPng, EngineInputError, drawOverlay, getPdfInfoInWorker } from './index.js';
import { roomsPdf, sheetPdf } from './test-pdfs.js';
import { mmPerPt } from './core/scale.js';

const opts = { page: 1, scale: 100, ceilingHeightMm: 2400 };
const rel = (a: number, b: number) => Math.abs(a - b) / b;

describe('analyzePdf on built plans', () => {
  it('measures two rectangular rooms', async () => {
    const pdf = await roomsPdf([{ x: 1000, y: 1000, w: 4000, h: 3000 }, { x: 5200, y: 1000, w: 3000, h: 3000 }]);
    const r = await analyzePdf(pdf, opts);
    expect(r.rooms).toHaveLength(2);
    const areas = r.rooms.map((x) => x.ceiling_area).sort((a, b) => a - b);
    expect(rel(areas[0], 9e6)).toBeLessThan(0.02);
    expect(rel(areas[1], 12e6)).toBeLessThan(0.02);
    const big = r.rooms.find((x) => x.ceiling_area > 10e6)!;
    expect(rel(big.perimeter_mm, 14000)).toBeLessThan(0.02);
    expect(big.total_wall_surface_area).toBeCloseTo(big.perimeter_mm * 2400, -3);
    expect(r.metadata.units).toBe('mm');
    // outer faces: 7600 x 3400 mm
    expect(rel(r.outside_detection.total_walls_mm, 22000)).toBeLessThan(0.02);
  });

  it('seals a door gap, finds the door and subtracts it from the wall', async () => {
    const pdf = await roomsPdf([{ x: 1000, y: 1000, w: 4000, h: 3000 }], { door: { x: 2000, y: 1000, widthMm: 820 } });
    const r = await analyzePdf(pdf, opts);
    expect(r.rooms).toHaveLength(1);
    expect(rel(r.rooms[0].ceiling_area, 12e6)).toBeLessThan(0.03);
    expect(r.statistics.total_doors).toBe(1);
    const door = r.rooms[0].doors[0];
    expect(Math.abs(door.width - 820)).toBeLessThan(40);
    expect(r.rooms[0].net_wall_area).toBe(r.rooms[0].total_wall_surface_area - door.width * door.height);
    expect(r.warnings.map((w) => w.code)).toContain('door_height_assumed');
  });

  it('says when the time budget cut the analysis short, and never calls a cut-off drawing empty', async () => {
    const pdf = await sheetPdf((p) => p.rectWalls(0, 0, 8000, 5000, 200));
    // (findWalls' own test covers the wall search cut short; here the whole page runs out before it is read)
    expect((await analyzePdf(pdf, opts)).warnings.map((w) => w.code)).not.toContain('analysis_cut_short');
    await expect(analyzePdf(pdf, { ...opts, timeBudgetMs: -60_000 })).rejects.toMatchObject({ code: 'too_complex' });
  });

  it('finds a window drawn as glass lines in a wall gap', async () => {
    const pdf = await roomsPdf([{ x: 1000, y: 1000, w: 4000, h: 3000 }], { window: { x: 2500, y: 1000, widthMm: 700 } });
    const r = await analyzePdf(pdf, opts);
    expect(r.rooms).toHaveLength(1);
    expect(r.statistics.total_windows).toBe(1);
    expect(Math.abs(r.rooms[0].windows[0].width - 700)).toBeLessThan(40);
  });

  it('closes a door beside a corner along its chord, carried on to the jamb past the frame', async () => {
    // two rooms 4000 x 3000 with a wall between them that stops 1000 mm short of the bottom wall; the door
    // hinged at its end is drawn open (leaf line to the open end) and closes 150 mm short of the bottom wall
    const pdf = await sheetPdf((p) => {
      p.rectWalls(0, 0, 8100, 3000, 200);
      p.line(4000, 0, 4000, 2000); p.line(4100, 0, 4100, 2000); p.line(4000, 2000, 4100, 2000);
      p.line(4100, 2000, 4950, 2000);
      p.arc(4100, 2000, 850, 0, 90);
    });
    const r = await analyzePdf(pdf, opts);
    const areas = r.rooms.map((x) => x.ceiling_area).sort((a, b) => a - b);
    expect(areas).toHaveLength(2);
    for (const a of areas) expect(rel(a, 12e6)).toBeLessThan(0.02);
  });

  it('scales by paper vs page size along the same side', () => {
    // A2 landscape drawing printed on an A3 landscape page (1190.55 x 841.89 pt)
    const k = mmPerPt(1190.55, 841.89, 100, 'A2');
    expect(k).toBeCloseTo((25.4 / 72) * (594 / 420) * 100, 2);
  });
});

describe('bad input', () => {
  it('rejects bytes that are not a PDF', async () => {
    await expect(analyzePdf(new TextEncoder().encode('hello world'), opts)).rejects.toMatchObject({ code: 'not_pdf' });
    await expect(getPdfInfo(new Uint8Array([1, 2, 3, 4, 5, 6]))).rejects.toBeInstanceOf(EngineInputError);
  });
  it('rejects a page out of range', async () => {
    const pdf = await roomsPdf([{ x: 1000, y: 1000, w: 4000, h: 3000 }]);
    await expect(analyzePdf(pdf, { ...opts, page: 3 })).rejects.toMatchObject({ code: 'page_out_of_range' });
    await expect(renderPageToPng(pdf, 0)).rejects.toMatchObject({ code: 'page_out_of_range' });
  });
  it('sends a raster-only page to the scan pipeline, which refuses a too coarse scan by its resolution', async () => {
    const c = createCanvas(200, 100);
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#fff'; ctx.fillRect(0, 0, 200, 100); ctx.strokeRect(20, 20, 160, 60);
    const doc = await PDFDocument.create();
    const page = doc.addPage([842, 595]);
    page.drawImage(await doc.embedPng(c.toBuffer('image/png')), { x: 0, y: 0, width: 842, height: 595 });
    const pdf = await doc.save();
    await expect(analyzePdf(pdf, opts)).rejects.toMatchObject({ code: 'unreadable_scan', message: expect.stringMatching(/\b17 dpi\b/) });
    const info = await getPdfInfo(pdf);
    expect(info.pages[0].hasVectorDrawing).toBe(false);
  });
});

describe('info, render, overlay, worker', () => {
  it('reports pages and renders a capped PNG and an overlay', async () => {
    const pdf = await roomsPdf([{ x: 1000, y: 1000, w: 4000, h: 3000 }]);
    const info = await getPdfInfo(pdf);
    expect(info).toMatchObject({ pageCount: 1, pages: [{ widthPt: 842, heightPt: 595, hasVectorDrawing: true }] });
    const img = await renderPageToPng(pdf, 1, { maxWidthPx: 400 });
    expect(img.widthPx).toBe(400);
    expect(img.png.subarray(1, 4).toString()).toBe('PNG');
    const r = await analyzePdf(pdf, opts);
    const ov = await drawOverlay(pdf, 1, r);
    expect(ov.subarray(1, 4).toString()).toBe('PNG');
  });
  it('runs in a worker thread and maps input errors', async () => {
    const pdf = await roomsPdf([{ x: 1000, y: 1000, w: 4000, h: 3000 }]);
    expect((await getPdfInfoInWorker(pdf)).pageCount).toBe(1);
    await expect(getPdfInfoInWorker(new TextEncoder().encode('nope nope'))).rejects.toMatchObject({ code: 'not_pdf' });
  }, 30_000);
});

describe('analyzePdf on a page whose strokes are exported as filled outlines', () => {
  it('takes thin filled outlines back as lines and swings', async () => {
    const pdf = await roomsPdf([{ x: 1000, y: 1000, w: 4000, h: 3000 }], { outlined: true, door: { x: 2000, y: 1000, widthMm: 820 } });
    const r = await analyzePdf(pdf, opts);
    expect(r.rooms).toHaveLength(1);
    expect(rel(r.rooms[0].ceiling_area, 12e6)).toBeLessThan(0.03);
    expect(r.rooms[0].doors.map((d) => d.subtype)).toEqual(['swing']);
  });
});
