/**
 * Scanned versions of the synthetic plans, with the same ground truth: the plan page rendered at 100-300
 * dpi, turned by up to ±2°, blurred, printed on grey paper with uneven light, noise, saved as JPEG and
 * put alone on a page of the same size. The truth geometry is turned with the drawing.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { getDocument, STANDARD_FONTS_DIR } from '../src/source/pdfjs.js';
import { mmPerPt } from '../src/core/scale.js';
import { Rng } from './rng.js';
import type { PlanTruth, Point } from './truth.js';

const DPIS = [100, 150, 200, 300];
const MAX_SKEW_DEG = 2;
/** Scanners of large sheets stop here; bigger pages are scanned at a lower resolution (pixels). */
const MAX_SCAN_PX = 40e6;

export interface ScanSettings { dpi: number; skewDeg: number; blurPx: number; paperGrey: number; jpegQuality: number; noise: number }

export function scanSettings(seed: number): ScanSettings {
  const rng = new Rng(seed ^ 0x5ca7);
  return {
    dpi: rng.pick(DPIS), skewDeg: rng.range(-MAX_SKEW_DEG, MAX_SKEW_DEG), blurPx: rng.range(0.3, 1.2),
    paperGrey: rng.range(205, 245), jpegQuality: rng.int(55, 85), noise: rng.range(4, 14),
  };
}

/** Renders the truth's plan page as a scan and returns the PDF bytes and the matching truth. */
export async function scanPlan(planPdf: Uint8Array, truth: PlanTruth): Promise<{ pdf: Uint8Array; truth: PlanTruth; settings: ScanSettings }> {
  const s = scanSettings(truth.seed);
  // (the plans' Helvetica is not embedded: drawn with pdf.js's own standard fonts, not the machine's, a scan has
  // the same pixels on every machine)
  const doc = await getDocument({ data: new Uint8Array(planPdf), verbosity: 0, isEvalSupported: false, standardFontDataUrl: STANDARD_FONTS_DIR, useSystemFonts: false }).promise;
  try {
    const page = await doc.getPage(truth.options.page);
    const base = page.getViewport({ scale: 1 });
    let pxPerPt = s.dpi / 72;
    if (base.width * base.height * pxPerPt * pxPerPt > MAX_SCAN_PX) pxPerPt = Math.sqrt(MAX_SCAN_PX / (base.width * base.height));
    s.dpi = Math.round(pxPerPt * 72);
    const viewport = page.getViewport({ scale: pxPerPt });
    const w = Math.round(viewport.width), h = Math.round(viewport.height);
    const drawing = createCanvas(w, h);
    const dctx = drawing.getContext('2d');
    dctx.fillStyle = '#fff';
    dctx.fillRect(0, 0, w, h);
    await page.render({ canvasContext: dctx as never, canvas: drawing as never, viewport }).promise;

    const scan = createCanvas(w, h);
    const ctx = scan.getContext('2d');
    // grey paper, lighter towards one corner (uneven light of a flatbed or a phone)
    const g = ctx.createLinearGradient(0, 0, w, h);
    g.addColorStop(0, `rgb(${s.paperGrey + 8},${s.paperGrey + 6},${s.paperGrey})`);
    g.addColorStop(1, `rgb(${s.paperGrey - 12},${s.paperGrey - 14},${s.paperGrey - 20})`);
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
    ctx.globalCompositeOperation = 'multiply';
    ctx.filter = `blur(${s.blurPx.toFixed(2)}px)`;
    ctx.translate(w / 2, h / 2);
    ctx.rotate((s.skewDeg * Math.PI) / 180);
    ctx.drawImage(drawing, -w / 2, -h / 2);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.filter = 'none';
    ctx.globalCompositeOperation = 'source-over';
    const img = ctx.getImageData(0, 0, w, h);
    const rng = new Rng(truth.seed ^ 0x0f0f);
    for (let i = 0; i < img.data.length; i += 4) {
      const n = (rng.next() + rng.next() - 1) * s.noise;
      for (let c = 0; c < 3; c++) img.data[i + c] = Math.max(0, Math.min(255, img.data[i + c] + n));
    }
    ctx.putImageData(img, 0, 0);
    const jpeg = scan.toBuffer('image/jpeg', s.jpegQuality);

    const out = await PDFDocument.create();
    const p = out.addPage([base.width, base.height]);
    const embedded = await out.embedJpg(jpeg);
    p.drawImage(embedded, { x: 0, y: 0, width: base.width, height: base.height });
    const pdf = await out.save();

    // the drawing turned about the page centre, in the site mm frame (y down, as the canvas)
    const k = mmPerPt(base.width, base.height, truth.options.scale, truth.options.paper);
    const cx = (base.width / 2) * k, cy = (base.height / 2) * k;
    const t = (s.skewDeg * Math.PI) / 180, c = Math.cos(t), sn = Math.sin(t);
    const turn = (q: Point): Point => [cx + (q[0] - cx) * c - (q[1] - cy) * sn, cy + (q[0] - cx) * sn + (q[1] - cy) * c];
    const scanned: PlanTruth = {
      ...truth,
      id: `${truth.id}-scan`,
      file: `${truth.id}-scan.pdf`,
      options: { ...truth.options, page: 1 },
      page_count: 1,
      embedded_as_xobject: false,
      wall_style: `scan-${truth.wall_style}`,
      features: [...truth.features, `scan ${s.dpi} dpi`, `skew ${s.skewDeg.toFixed(2)}°`],
      rooms: truth.rooms.map((r) => ({ ...r, polygon: r.polygon.map(turn) })),
      openings: truth.openings.map((o) => ({ ...o, position: turn(o.position), segment: [turn(o.segment[0]), turn(o.segment[1])] })),
      exterior: { ...truth.exterior, polygon: truth.exterior.polygon.map(turn) },
    };
    return { pdf, truth: scanned, settings: s };
  } finally {
    void doc.destroy();
  }
}

/** Writes the scanned versions of the plans in `plansDir` into `outDir` (skipped when already there). */
export async function scanAll(plansDir: string, outDir: string, ids: string[], regen = false): Promise<PlanTruth[]> {
  mkdirSync(outDir, { recursive: true });
  const truths: PlanTruth[] = [];
  for (const id of ids) {
    const truthFile = join(outDir, `${id}-scan.truth.json`);
    if (!regen && existsSync(truthFile)) {
      truths.push(JSON.parse(readFileSync(truthFile, 'utf8')));
      continue;
    }
    const truth: PlanTruth = JSON.parse(readFileSync(join(plansDir, `${id}.truth.json`), 'utf8'));
    const scanned = await scanPlan(new Uint8Array(readFileSync(join(plansDir, truth.file))), truth);
    writeFileSync(join(outDir, scanned.truth.file), scanned.pdf);
    writeFileSync(truthFile, JSON.stringify(scanned.truth, null, 1));
    truths.push(scanned.truth);
  }
  return truths;
}
