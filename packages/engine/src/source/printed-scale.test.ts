import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readPageScale } from './page-scale.js';

const readPrintedScale = async (pdf: Uint8Array, page: number) => (await readPageScale(pdf, page)).printedScale;

/** One A3 sheet carrying the given text runs (x, y in pt from the top-left, size in pt). */
async function sheet(runs: { x: number; y: number; str: string; size?: number }[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([1191, 842]);
  for (const r of runs) page.drawText(r.str, { x: r.x, y: 842 - r.y, size: r.size ?? 12, font });
  return doc.save();
}

describe('the printed scale of the plan view', () => {
  it('prefers the floor plan view over a site plan printed first on the sheet', async () => {
    const pdf = await sheet([
      { x: 40, y: 60, str: 'SITE PLAN' }, { x: 40, y: 76, str: '1:200' },
      { x: 500, y: 700, str: 'GROUND FLOOR PLAN' }, { x: 500, y: 716, str: '1:100' },
      { x: 900, y: 700, str: 'SECTION A-A' }, { x: 900, y: 716, str: '1:20' },
    ]);
    expect(await readPrintedScale(pdf, 1)).toBe(100);
  });

  it('reads a title and its scale in one run, in German too', async () => {
    expect(await readPrintedScale(await sheet([{ x: 40, y: 60, str: 'Lageplan 1:500' }, { x: 600, y: 760, str: 'Grundriss Erdgeschoss 1:50' }]), 1)).toBe(50);
  });

  it('without view titles, takes the most common scale that is not another view\'s', async () => {
    const pdf = await sheet([
      { x: 40, y: 60, str: 'ELEVATION NORTH' }, { x: 40, y: 76, str: '1:200' },
      { x: 500, y: 400, str: '1:100' }, { x: 1000, y: 800, str: 'SCALE 1:100' },
    ]);
    expect(await readPrintedScale(pdf, 1)).toBe(100);
  });

  it('reads an imperial scale, and null when the sheet prints none', async () => {
    expect(await readPrintedScale(await sheet([{ x: 40, y: 60, str: 'FLOOR PLAN  1/4" = 1\'-0"' }]), 1)).toBe(48);
    expect(await readPrintedScale(await sheet([{ x: 40, y: 60, str: 'KITCHEN' }]), 1)).toBeNull();
  });
});
