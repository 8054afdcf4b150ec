import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts, TextRenderingMode, popGraphicsState, pushGraphicsState, setTextRenderingMode } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { analyzePdf } from '../../analyze.js';
import { endOcr, ocrReleased, ocrWorkersHeld } from './ocr.js';
import { OCR_LANES } from './room-names.js';
import { TEST_FONTS } from '../../test-pdfs.js';

const PAGE_PT: [number, number] = [842, 595];
const SCALE = 50;
const MM_PER_PT = (25.4 / 72) * SCALE;

interface ScanSpec {
  dpi?: number; skewDeg?: number; draw?: 'plan' | 'blank' | 'photo'; glassBetweenRooms?: boolean; pier?: boolean; wideDoor?: 'swing' | 'lines'; jambStubs?: boolean;
  /** Room names printed in the two rooms, letters this tall on paper (mm). */
  namesMm?: number;
  /** A scanner's blur (Gaussian, pixels of the scan). */
  blurPx?: number;
  /** The room names as an invisible text layer over the scan, as OCR software writes it. */
  textLayer?: boolean;
}

/** A two-room plan (filled 200 mm walls, a 900 mm door between the rooms, a 1200 mm window) scanned to a JPEG page. */
async function scannedPlan({ dpi = 110, skewDeg = 0, draw = 'plan', glassBetweenRooms = false, pier = false, wideDoor, jambStubs = false, namesMm, blurPx, textLayer }: ScanSpec = {}): Promise<Uint8Array> {
  const pxPerPt = dpi / 72;
  const w = Math.round(PAGE_PT[0] * pxPerPt), h = Math.round(PAGE_PT[1] * pxPerPt);
  const c = createCanvas(w, h);
  const ctx = c.getContext('2d');
  ctx.fillStyle = 'rgb(232,230,224)';
  ctx.fillRect(0, 0, w, h);
  const px = (mm: number) => (mm / MM_PER_PT) * pxPerPt;
  if (draw === 'photo') {
    for (let y = 0; y < h; y += 4) for (let x = 0; x < w; x += 4) {
      const v = Math.round(60 + 60 * Math.sin(x / 37) * Math.cos(y / 23) + ((x * 7 + y * 13) % 40));
      ctx.fillStyle = `rgb(${v},${v - 10},${v - 20})`;
      ctx.fillRect(x, y, 4, 4);
    }
  }
  if (draw === 'plan') {
    ctx.translate(w / 2, h / 2);
    ctx.rotate((skewDeg * Math.PI) / 180);
    ctx.translate(-w / 2, -h / 2);
    const rect = (x: number, y: number, rw: number, rh: number) => ctx.fillRect(px(x), px(y), px(rw), px(rh));
    ctx.fillStyle = '#222';
    const ox = 2000, oy = 1500;
    rect(ox, oy, 4500, 200); // top wall, left part
    if (pier) {
      // after the window a 600 mm pier, then a 1000 mm door: without the pier the gap is wider than any opening
      rect(ox + 5700, oy, 600, 200);
      rect(ox + 7300, oy, 700, 200);
    } else rect(ox + 5700, oy, 2300, 200); // top wall after the 1200 mm window
    rect(ox, oy + 4800, 8000, 200); // bottom
    rect(ox, oy, 200, 5000); // left
    if (wideDoor) {
      // the right wall stops 1600 mm short of the bottom wall: a wide door with its swing drawn, hinged at the corner
      rect(ox + 7800, oy, 200, 3200);
      ctx.lineWidth = 1;
      ctx.strokeStyle = '#222';
      ctx.beginPath();
      if (wideDoor === 'swing') ctx.arc(px(ox + 7800), px(oy + 4800), px(1600), Math.PI, 1.5 * Math.PI);
      // or no swing, a field of fine lines (a stair's treads drawn close, hatching) where it would run
      else for (let y = oy + 3000; y < oy + 4700; y += 50) { ctx.moveTo(px(ox + 5900), px(y)); ctx.lineTo(px(ox + 7700), px(y)); }
      ctx.stroke();
    } else rect(ox + 7800, oy, 200, 5000); // right
    // the partition between the rooms, broken by a 900 mm door hung at its top jamb
    const doorTop = jambStubs ? oy + 1980 : oy + 1500;
    if (jambStubs) {
      // the door between two T junctions: a wall comes in from the left 290 mm above the door, one from the right
      // 290 mm below it, so each jamb is a stub shorter than 1.5 wall thicknesses (four rooms)
      rect(ox + 3900, oy, 200, 1980); // partition down to the door (junction at 1490-1690)
      rect(ox, oy + 1490, 3900, 200); // wall from the left
      rect(ox + 3900, oy + 2880, 200, 2120); // partition below the door (junction at 3170-3370)
      rect(ox + 4100, oy + 3170, 3700, 200); // wall to the right
    } else {
      rect(ox + 3900, oy, 200, 1500); // partition above the door
      if (glassBetweenRooms) {
        // the partition below the door stops 800 mm short of the bottom wall, a glass line drawn across the gap
        // as a window's would be
        rect(ox + 3900, oy + 2400, 200, 1600);
        ctx.fillRect(px(ox + 3990), px(oy + 4000), 1.5, px(800));
      } else rect(ox + 3900, oy + 2400, 200, 2600); // partition below the door
    }
    ctx.fillRect(px(ox + 4500), px(oy + 90), px(1200), 1.5); // glass line across the window
    ctx.lineWidth = 1;
    ctx.strokeStyle = '#222';
    ctx.beginPath(); // door swing
    ctx.arc(px(ox + 4100), px(doorTop), px(900), 0, Math.PI / 2);
    ctx.stroke();
    if (namesMm) {
      const font = (mm: number) => `${((mm * 72) / 25.4) * pxPerPt * 1.4}px ${TEST_FONTS.serif}`;
      ctx.font = font(namesMm);
      ctx.fillText('KITCHEN', px(ox + 1000), px(oy + 3000));
      ctx.fillText('BEDROOM', px(ox + 5000), px(oy + 3000));
      // the floor finish under each name, in smaller letters (clearly under the name's share of its height)
      ctx.font = font(namesMm * 0.6);
      ctx.fillText('TILES', px(ox + 1000), px(oy + 3400));
      ctx.fillText('PARQUET', px(ox + 5000), px(oy + 3400));
    }
  }
  let scan = c;
  if (blurPx) {
    scan = createCanvas(w, h);
    const b = scan.getContext('2d');
    b.filter = `blur(${blurPx}px)`;
    b.drawImage(c, 0, 0);
  }
  const jpeg = scan.toBuffer('image/jpeg', 80);
  const doc = await PDFDocument.create();
  const page = doc.addPage(PAGE_PT);
  page.drawImage(await doc.embedJpg(jpeg), { x: 0, y: 0, width: PAGE_PT[0], height: PAGE_PT[1] });
  if (textLayer) {
    // (inside the rooms: the left one spans 2200-5900 mm across, the right one 6100-9800 mm, both 1700-6300 mm down)
    const font = await doc.embedFont(StandardFonts.Helvetica);
    page.pushOperators(pushGraphicsState(), setTextRenderingMode(TextRenderingMode.Invisible));
    for (const [name, xMm] of [['KITCHEN', 3400], ['BEDROOM', 7500]] as const) {
      page.drawText(name, { x: xMm / MM_PER_PT, y: PAGE_PT[1] - 4000 / MM_PER_PT, size: 8, font });
    }
    page.pushOperators(popGraphicsState());
  }
  return doc.save();
}

const opts = { page: 1, scale: SCALE, ceilingHeightMm: 2500 };
const ROOM_AREA_MM2 = 3700 * 4600;

describe('scanned plans (raster source)', () => {
  it('measures the rooms, the door and the window of a slightly turned scan, and says it was a scan', async () => {
    const res = await analyzePdf(await scannedPlan({ skewDeg: 1.2 }), opts);
    expect(res.rooms).toHaveLength(2);
    for (const r of res.rooms) expect(Math.abs(r.ceiling_area / ROOM_AREA_MM2 - 1)).toBeLessThan(0.02);
    expect(res.statistics.total_doors).toBe(1);
    expect(res.statistics.total_windows).toBe(1);
    expect(res.rooms.every((r) => /^Room \d$/.test(r.label))).toBe(true);
    expect(res.outside_detection.detection_available).toBe(true);
    expect(res.warnings.find((w) => w.code === 'scanned_plan')?.message).toMatch(/110 dpi/);
  }, 60_000);

  it('reads glass lines between two rooms as no window: on a scan a window is glazing in the outer wall', async () => {
    const res = await analyzePdf(await scannedPlan({ glassBetweenRooms: true }), opts);
    expect(res.rooms).toHaveLength(2);
    expect(res.statistics.total_windows).toBe(1);
    expect(res.rooms.flatMap((r) => r.windows).every((w) => w.exterior && w.room_ids.length === 1)).toBe(true);
  }, 60_000);

  it('keeps a short pier between a window and a door in the wall\'s line, so the room stays closed', async () => {
    const res = await analyzePdf(await scannedPlan({ pier: true }), opts);
    expect(res.rooms).toHaveLength(2);
    for (const r of res.rooms) expect(Math.abs(r.ceiling_area / ROOM_AREA_MM2 - 1)).toBeLessThan(0.02);
    expect(res.statistics.total_windows).toBe(1);
    expect(res.statistics.total_doors).toBe(2);
  }, 60_000);

  it('closes a door wider than a single leaf that ends at a crossing wall when its swing is drawn', async () => {
    const res = await analyzePdf(await scannedPlan({ wideDoor: 'swing' }), opts);
    expect(res.rooms).toHaveLength(2);
    for (const r of res.rooms) expect(Math.abs(r.ceiling_area / ROOM_AREA_MM2 - 1)).toBeLessThan(0.02);
    expect(res.statistics.total_doors).toBe(2);
    expect(res.outside_detection.outside_doors.map((d) => Math.round(d.width / 100))).toEqual([16]);
  }, 60_000);

  it('closes a door whose jambs are both short stubs beside T junctions, so the rooms either side stay apart', async () => {
    const res = await analyzePdf(await scannedPlan({ jambStubs: true }), opts);
    expect(res.rooms).toHaveLength(4);
    expect(res.statistics.total_doors).toBe(1);
    expect(res.rooms.filter((r) => r.doors.length === 1)).toHaveLength(2);
  }, 60_000);

  it('takes no door from a field of lines where a wide swing would run', async () => {
    const res = await analyzePdf(await scannedPlan({ wideDoor: 'lines' }), opts);
    const doors = [...res.rooms.flatMap((r) => r.doors), ...res.outside_detection.outside_doors];
    expect(doors.length).toBeGreaterThan(0);
    expect(doors.every((d) => d.width < 1200)).toBe(true);
  }, 60_000);

  it('names the rooms from the scan\'s text layer, without OCR', async () => {
    const res = await analyzePdf(await scannedPlan({ textLayer: true }), { ...opts, ocr: false });
    expect(res.rooms.map((r) => r.label).sort()).toEqual(['BEDROOM', 'KITCHEN']);
  }, 60_000);

  it('names the rooms from the names printed on a scan (not the smaller floor finish below them)', async () => {
    // 300 dpi, slightly blurred, letters 1.6 mm tall: the work is done at about 140 dpi (9 mm of site per
    // pixel at 1:50); the names are read from the scan itself
    const res = await analyzePdf(await scannedPlan({ dpi: 300, namesMm: 1.6, blurPx: 1 }), opts);
    expect(res.warnings.find((w) => w.code === 'scanned_plan')?.message).toMatch(/300 dpi at the plan's scale, analysed at 141 dpi/);
    expect(res.rooms.map((r) => r.label).sort()).toEqual(['BEDROOM', 'KITCHEN']);
  }, 60_000);

  it('refuses a blank scanned page', async () => {
    await expect(analyzePdf(await scannedPlan({ draw: 'blank' }), opts)).rejects.toMatchObject({ code: 'unreadable_scan', message: expect.stringMatching(/blank/) });
  }, 60_000);

  it('starts the OCR workers of a page without text before it looks at the drawing, and lets them go when refused', async () => {
    await endOcr();
    // a blank page is refused once its ink is counted, before any wall is looked for: the workers were started
    // ahead all the same, so that their start-up overlaps the walls' search on a page that has some
    await expect(analyzePdf(await scannedPlan({ draw: 'blank' }), opts)).rejects.toMatchObject({ code: 'unreadable_scan' });
    expect(ocrWorkersHeld()).toBe(OCR_LANES);
    expect(ocrReleased()).toBe(true);
    await endOcr();
    // told not to read names, it starts none
    await expect(analyzePdf(await scannedPlan({ draw: 'blank' }), { ...opts, ocr: false })).rejects.toMatchObject({ code: 'unreadable_scan' });
    expect(ocrWorkersHeld()).toBe(0);
  }, 60_000);

  it('refuses a photo that is not a plan', async () => {
    await expect(analyzePdf(await scannedPlan({ draw: 'photo' }), opts)).rejects.toMatchObject({ code: 'unreadable_scan', message: expect.stringMatching(/photo/) });
  }, 60_000);

  it('refuses a scan too coarse for the plan scale, naming its resolution', async () => {
    await expect(analyzePdf(await scannedPlan({ dpi: 50 }), opts)).rejects.toMatchObject({ code: 'unreadable_scan', message: expect.stringMatching(/50 dpi/) });
  }, 60_000);
});
