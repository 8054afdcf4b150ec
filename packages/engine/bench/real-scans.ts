/**
 * The real raster plans of shared/plans (aecv-bench, r3d-deepfloorplan, cubicasa5k-samples), each put alone on a
 * PDF page the engine can take. Light on purpose (pdf-lib only): `bench:same` lists them without loading the
 * engine's pdf.js, so another checkout's engine can be run on them as it runs alone.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { SHARED_DIR } from './shared-dir.js';

/** Real scans carry no scale: the image's long side is taken as this many site millimetres (a house). */
export const ASSUMED_LONG_SIDE_MM = 20_000;
/** ... printed at this resolution on the page. */
const NOMINAL_DPI = 150;

export interface RealScan { file: string; counts?: { Door?: number; Window?: number; Space?: number } }

/** The real scans under the shared plans folder (images), with the dataset's own counts where it has them. */
export function findRealScans(): RealScan[] {
  const root = join(SHARED_DIR, 'plans');
  const out: RealScan[] = [];
  const aecv = join(root, 'aecv-bench');
  if (existsSync(aecv)) {
    for (const id of readdirSync(aecv).sort()) {
      const dir = join(aecv, id);
      const img = existsSync(dir) && !id.endsWith('.md') ? readdirSync(dir).find((f) => /\.(png|jpe?g)$/i.test(f)) : undefined;
      if (!img) continue;
      const meta = join(dir, 'metadata.json');
      out.push({ file: join(dir, img), counts: existsSync(meta) ? JSON.parse(readFileSync(meta, 'utf8').replace(/^\uFEFF/, '')) : undefined });
    }
  }
  const r3d = join(root, 'r3d-deepfloorplan');
  if (existsSync(r3d)) for (const f of readdirSync(r3d).sort()) if (/^\d+\.jpg$/.test(f)) out.push({ file: join(r3d, f) });
  const cc = join(root, 'cubicasa5k-samples');
  if (existsSync(cc)) for (const f of readdirSync(cc).sort()) if (/\.png$/i.test(f)) out.push({ file: join(cc, f) });
  return out;
}

/** The image alone on a page at NOMINAL_DPI, and the scale that makes its long side ASSUMED_LONG_SIDE_MM. */
export async function imagePdf(file: string): Promise<{ pdf: Uint8Array; scale: number }> {
  const doc = await PDFDocument.create();
  const bytes = readFileSync(file);
  const img = /\.png$/i.test(file) ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  const wPt = (img.width / NOMINAL_DPI) * 72, hPt = (img.height / NOMINAL_DPI) * 72;
  doc.addPage([wPt, hPt]).drawImage(img, { x: 0, y: 0, width: wPt, height: hPt });
  const paperMmPerPx = 25.4 / NOMINAL_DPI;
  const scale = Math.max(1, Math.round(ASSUMED_LONG_SIDE_MM / Math.max(img.width, img.height) / paperMmPerPx));
  return { pdf: await doc.save(), scale };
}
