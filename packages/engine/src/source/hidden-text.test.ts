import { describe, expect, it } from 'vitest';
import {
  PDFDocument, StandardFonts, TextRenderingMode, clip, endPath, popGraphicsState, pushGraphicsState, rectangle, rgb,
  setTextRenderingMode, type PDFPage, type PDFFont,
} from 'pdf-lib';
import { analyzePdf } from '../analyze.js';
import { PT_PER_MM_100 } from '../test-pdfs.js';

const H = 595;
const X = (x: number) => 40 + x * PT_PER_MM_100, Y = (y: number) => H - 40 - y * PT_PER_MM_100;
type Hide = 'invisible' | 'white' | 'clipped' | 'white-on-dark';

/**
 * A 4 x 3 m room (200 mm double-line walls at 1:100) stamped KITCHEN, with a second word printed under the
 * name the way a stamp's second line is, drawn as `hide` says.
 */
async function stampedRoom(hide: Hide | 'visible'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([842, 595]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    page.drawLine({ start: { x: X(x1), y: Y(y1) }, end: { x: X(x2), y: Y(y2) }, thickness: 0.5, color: rgb(0, 0, 0) });
  const rect = (x: number, y: number, w: number, h: number) => { line(x, y, x + w, y); line(x + w, y, x + w, y + h); line(x + w, y + h, x, y + h); line(x, y + h, x, y); };
  rect(1000, 1000, 4000, 3000);
  rect(800, 800, 4400, 3400);
  const text = (p: PDFPage, f: PDFFont, str: string, y: number, color = rgb(0, 0, 0)) =>
    p.drawText(str, { x: X(3000) - f.widthOfTextAtSize(str, 6) / 2, y: Y(y), size: 6, font: f, color });
  text(page, font, 'KITCHEN', 2400);
  const under = 2400 + 250;
  if (hide === 'visible') text(page, font, 'PANTRY', under);
  if (hide === 'invisible') {
    page.pushOperators(pushGraphicsState(), setTextRenderingMode(TextRenderingMode.Invisible));
    text(page, font, 'PANTRY', under);
    page.pushOperators(popGraphicsState());
  }
  if (hide === 'white') text(page, font, 'PANTRY', under, rgb(1, 1, 1));
  if (hide === 'white-on-dark') {
    page.drawRectangle({ x: X(2300), y: Y(under) - 3, width: 1400 * PT_PER_MM_100, height: 10, color: rgb(0.2, 0.2, 0.2) });
    text(page, font, 'PANTRY', under, rgb(1, 1, 1));
  }
  if (hide === 'clipped') {
    // clipped to a box far from the text: nothing of it is printed
    page.pushOperators(pushGraphicsState(), rectangle(700, 40, 60, 40), clip(), endPath());
    text(page, font, 'PANTRY', under);
    page.pushOperators(popGraphicsState());
  }
  return doc.save();
}

const labelOf = async (hide: Hide | 'visible') => {
  const r = await analyzePdf(await stampedRoom(hide), { page: 1, scale: 100, ceilingHeightMm: 2400 });
  expect(r.rooms).toHaveLength(1);
  return r.rooms[0].label;
};

describe('text nobody sees on the sheet is not a label', () => {
  it('a second line printed under the name joins the label (the control)', async () => {
    expect(await labelOf('visible')).toBe('KITCHEN PANTRY');
  });
  it('invisible text (render mode 3, as OCR layers and hidden attributes are drawn) is left out', async () => {
    expect(await labelOf('invisible')).toBe('KITCHEN');
  });
  it('white text on the white paper is left out', async () => {
    expect(await labelOf('white')).toBe('KITCHEN');
  });
  it('white text on a dark band is read', async () => {
    expect(await labelOf('white-on-dark')).toBe('KITCHEN PANTRY');
  });
  it('text wholly outside the clip in force is left out', async () => {
    expect(await labelOf('clipped')).toBe('KITCHEN');
  });
});
