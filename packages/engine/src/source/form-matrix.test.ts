import { describe, expect, it } from 'vitest';
import { PDFDocument, rgb } from 'pdf-lib';
import { loadPdf } from './pdf-load.js';
import { extractVectors } from './extract.js';

/** A page that draws, through a form XObject whose /Matrix is `matrix`, one line from (10, 20) to (110, 20). */
async function lineInForm(matrix: [number, number, number, number, number, number]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 300]);
  const other = doc.addPage([200, 100]);
  other.drawLine({ start: { x: 10, y: 20 }, end: { x: 110, y: 20 }, thickness: 1, color: rgb(0, 0, 0) });
  const form = await doc.embedPage(other, undefined, matrix);
  page.drawPage(form, { x: 0, y: 0 });
  doc.removePage(1);
  return doc.save();
}

describe('form XObjects', () => {
  it("place their drawing through the form's own matrix", async () => {
    const doc = await loadPdf(await lineInForm([2, 0, 0, 2, 30, 40]));
    try {
      const vec = await extractVectors(await doc.getPage(1), 10_000);
      const seg = vec.segs.find((s) => s.w > 0)!;
      // (page points from the top-left: x = 2 * 10 + 30 .. 2 * 110 + 30, y = 300 - (2 * 20 + 40))
      expect([seg.x1, seg.x2].sort((a, b) => a - b)).toEqual([50, 250]);
      expect(seg.y1).toBeCloseTo(220, 6);
      expect(seg.w).toBeCloseTo(2, 6);
    } finally {
      await doc.destroy();
    }
  });
});
