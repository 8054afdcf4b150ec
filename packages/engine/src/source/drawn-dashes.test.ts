import { describe, it, expect } from 'vitest';
import { PDFDocument, rgb } from 'pdf-lib';
import type { Seg } from './extract.js';
import { drawnDashes } from './drawn-dashes.js';
import { analyzePdf } from '../analyze.js';
import { PT_PER_MM_100 } from '../test-pdfs.js';

const seg = (x1: number, y1: number, x2: number, y2: number): Seg => ({ x1, y1, x2, y2, w: 0.35 });
/** A dash-dot line along y from x0 to x1 drawn as its pieces: dashes `dash` long, a dot in each gap (pt). */
function dashDot(x0: number, x1: number, y: number, dash = 5, gap = 2.5): Seg[] {
  const out: Seg[] = [];
  for (let x = x0; x + dash <= x1; x += dash + gap) {
    out.push(seg(x, y, x + dash, y));
    out.push(seg(x + dash + gap / 2, y, x + dash + gap / 2, y));
  }
  return out;
}

describe('dashed lines drawn as their dashes', () => {
  it('takes the pieces of a dash-dot line for dashes', () => {
    const line = dashDot(0, 100, 50);
    const dashes = drawnDashes(line);
    expect(dashes.size).toBe(line.filter((s) => s.x2 > s.x1).length);
  });

  it('takes a dash-dot line whose gaps, each split by its dot, are longer than its short dashes', () => {
    // dashes 2.9 pt, gaps 3.1 pt with a dot in the middle: the clear spaces either side of a dot are 1.55 pt
    const line = dashDot(0, 100, 50, 2.9, 3.1);
    expect(drawnDashes(line).size).toBe(line.filter((s) => s.x2 > s.x1).length);
    // without the dots, gaps longer than the pieces are a line broken up, not dashes
    expect(drawnDashes(line.filter((s) => s.x2 > s.x1)).size).toBe(0);
  });

  it('leaves a wall face broken by door-wide openings, a line cut into touching pieces and three dashes alone', () => {
    // a wall face at 1:200 with 0.8 m doors (4 mm = 11 pt on paper) between 1.2 m piers
    const wall = [0, 1, 2, 3, 4].map((i) => seg(i * 28, 10, i * 28 + 17, 10));
    // one line exported as pieces end to end
    const cut = [0, 1, 2, 3, 4].map((i) => seg(i * 5, 30, i * 5 + 5, 30));
    const three = dashDot(0, 22, 60);
    expect(drawnDashes([...wall, ...cut, ...three]).size).toBe(0);
  });

  it('measures a room whose axis line, drawn as dashes near a wall face, would otherwise pair with it as a wall', async () => {
    // a room 4000 x 3000 mm at 1:100, walls 200 mm as double lines; a dash-dot axis 150 mm inside the bottom wall's
    // face runs through the room and out past both walls
    const doc = await PDFDocument.create();
    const page = doc.addPage([842, 595]);
    const k = PT_PER_MM_100;
    const X = (mm: number) => 100 + mm * k, Y = (mm: number) => 500 - mm * k;
    const line = (x1: number, y1: number, x2: number, y2: number, w = 0.5) =>
      page.drawLine({ start: { x: X(x1), y: Y(y1) }, end: { x: X(x2), y: Y(y2) }, thickness: w, color: rgb(0, 0, 0) });
    const box = (x0: number, y0: number, x1: number, y1: number) => { line(x0, y0, x1, y0); line(x1, y0, x1, y1); line(x1, y1, x0, y1); line(x0, y1, x0, y0); };
    box(0, 0, 4000, 3000);
    box(-200, -200, 4200, 3200);
    for (const s of dashDot(X(-800), X(4800), 0)) {
      const y = 3000 - 150;
      page.drawLine({ start: { x: s.x1, y: Y(y) }, end: { x: s.x2, y: Y(y) }, thickness: 0.25, color: rgb(0, 0, 0) });
    }
    const res = await analyzePdf(await doc.save(), { page: 1, scale: 100, ceilingHeightMm: 2500 });
    const room = res.rooms.find((r) => r.ceiling_area > 1e6);
    expect(room).toBeDefined();
    expect(room!.ceiling_area / 12e6).toBeCloseTo(1, 2);
  });
});
