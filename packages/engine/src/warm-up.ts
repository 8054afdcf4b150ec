/**
 * A small plan the engine analyses in a waiting worker thread before any file reaches it (worker.ts keeps one
 * such worker for the next analysis in engine hosts). A fresh thread meets pdf.js's and the engine's code
 * uncompiled, and the objects of its first analysis change shape as it goes (Clipper's edges and points among
 * them), which costs the first analysis of a dense sheet about a tenth of its time; one analysis of a plan with
 * the usual parts (cut walls, walls in lines, a door swing, a window, room names with areas) beforehand takes
 * most of that away. The plan is written here, byte by byte, so nothing is read from disk for it.
 */
import { analyzePdf } from './analyze.js';
import { pdfFromObjects, pdfStream } from './raw-pdf.js';

/** Site millimetres to page points at 1:100 (origin at the plan's bottom-left corner, y up as PDF has it). */
const K = 72 / 25.4 / 100;
const pt = (mm: number) => (mm * K).toFixed(2);
const at = (x: number, y: number) => `${pt(x)} ${pt(y)}`;

/** The warm-up flats' rooms (site mm), inside 300 mm outer walls. */
const ROOM_W = 4000, ROOM_H = 3500, OUTER = 300, PART = 100;

/**
 * The plan's drawing: a flat of 6 x 4 rooms, and a wing of 3 x 2 turned by 30 degrees beside it (slanted walls,
 * turned writing), each drawn in its own frame (`cm`) as CAD exports blocks.
 */
function drawing(): string {
  const turn = (30 * Math.PI) / 180;
  const [c, s] = [Math.cos(turn), Math.sin(turn)];
  return [
    'q 1 0 0 1 150 420 cm', flat(6, 4, 1, true), 'Q',
    `q ${c.toFixed(4)} ${s.toFixed(4)} ${(-s).toFixed(4)} ${c.toFixed(4)} 1150 200 cm`, flat(3, 2, 25, false), 'Q',
  ].join('\n');
}

/**
 * A flat of `cols` x `rows` rooms with the parts a real sheet has: outer walls cut as fills with windows in them,
 * partitions drawn as two lines with doors (leaf and swing), room names with printed areas; with `more`, a hatched
 * floor and a tiled one, beds, a stair, a balcony with its railing, and dimension lines with their figures.
 */
function flat(cols: number, rows: number, firstNo: number, more: boolean): string {
  const ops: string[] = ['0 g', '0 G'];
  const W = cols * ROOM_W, H = rows * ROOM_H;
  const rect = (x0: number, y0: number, x1: number, y1: number) => ops.push(`${at(x0, y0)} ${pt(x1 - x0)} ${pt(y1 - y0)} re f`);
  const line = (x0: number, y0: number, x1: number, y1: number) => ops.push(`${at(x0, y0)} m ${at(x1, y1)} l S`);
  const text = (x: number, y: number, size: number, s: string) => ops.push(`BT /F1 ${size} Tf ${at(x, y)} Td (${s}) Tj ET`);
  // outer walls, the top and bottom ones broken for a window in every room
  const win = (c: number) => [c * ROOM_W + 1200, c * ROOM_W + 2800];
  for (const [y0, y1] of [[-OUTER, 0], [H, H + OUTER]]) {
    let x = -OUTER;
    for (let c = 0; c < cols; c++) {
      const [a, b] = win(c);
      rect(x, y0, a, y1);
      x = b;
    }
    rect(x, y0, W + OUTER, y1);
  }
  rect(-OUTER, 0, 0, H);
  rect(W, 0, W + OUTER, H);
  ops.push('0.25 w');
  for (let c = 0; c < cols; c++) {
    const [a, b] = win(c);
    for (const [y0, y1] of [[-OUTER, 0], [H, H + OUTER]]) {
      for (const y of [y0, (y0 + y1) / 2, y1]) line(a, y, b, y);
      line(a, y0, a, y1);
      line(b, y0, b, y1);
    }
  }
  // partitions in two lines, with a door into the next room in each: its leaf open and its swing
  const door = (hx: number, hy: number, ux: number, uy: number, vx: number, vy: number) => {
    // hinge (hx, hy), closed along u, open along v (unit vectors), 900 mm
    const r = 900, c = 0.5523 * r;
    ops.push('0.25 w');
    line(hx, hy, hx + r * vx, hy + r * vy);
    ops.push(`${at(hx + r * ux, hy + r * uy)} m ${at(hx + r * ux + c * vx, hy + r * uy + c * vy)} ${at(hx + r * vx + c * ux, hy + r * vy + c * uy)} ${at(hx + r * vx, hy + r * vy)} c S`);
    ops.push('0.5 w');
  };
  ops.push('0.5 w');
  for (let c = 1; c < cols; c++) {
    const x = c * ROOM_W;
    for (let r = 0; r < rows; r++) {
      const y0 = r * ROOM_H, g0 = y0 + 1000, g1 = y0 + 1900, y1 = (r + 1) * ROOM_H;
      for (const dx of [-PART / 2, PART / 2]) {
        line(x + dx, y0 + (r ? PART / 2 : 0), x + dx, g0);
        line(x + dx, g1, x + dx, y1 - (r < rows - 1 ? PART / 2 : 0));
      }
      line(x - PART / 2, g0, x + PART / 2, g0);
      line(x - PART / 2, g1, x + PART / 2, g1);
      door(x + PART / 2, g0, 0, 1, 1, 0);
    }
  }
  for (let r = 1; r < rows; r++) {
    const y = r * ROOM_H;
    for (let c = 0; c < cols; c++) {
      const x0 = c * ROOM_W + (c ? PART / 2 : 0), x1 = (c + 1) * ROOM_W - (c < cols - 1 ? PART / 2 : 0);
      const g0 = c * ROOM_W + 1500, g1 = g0 + 900;
      for (const dy of [-PART / 2, PART / 2]) {
        if (c % 2) {
          line(x0, y + dy, x1, y + dy);
        } else {
          line(x0, y + dy, g0, y + dy);
          line(g1, y + dy, x1, y + dy);
        }
      }
      if (c % 2 === 0) {
        line(g0, y - PART / 2, g0, y + PART / 2);
        line(g1, y - PART / 2, g1, y + PART / 2);
        door(g0, y + PART / 2, 1, 0, 0, 1);
      }
    }
  }
  // names and printed areas
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const w = ROOM_W - (c ? PART / 2 : 0) - (c < cols - 1 ? PART / 2 : 0), h = ROOM_H - (r ? PART / 2 : 0) - (r < rows - 1 ? PART / 2 : 0);
      const x = c * ROOM_W + 1300, y = r * ROOM_H + 2200;
      text(x, y, 8, `Raum ${r * cols + c + firstNo}`);
      text(x, y - 450, 7, `${((w * h) / 1e6).toFixed(2)} m2`);
    }
  }
  if (!more) return ops.join('\n');
  // a floor hatched at 45 degrees, and a tiled one, in thin lines
  ops.push('0.1 w');
  const [hx0, hy0, hx1, hy1] = [PART, 2 * ROOM_H + PART, ROOM_W - PART, 3 * ROOM_H - PART];
  for (let d = 0; d < hx1 - hx0 + hy1 - hy0; d += 250) {
    const a: [number, number] = [hx0 + Math.max(0, d - (hy1 - hy0)), hy0 + Math.min(d, hy1 - hy0)];
    const b: [number, number] = [hx0 + Math.min(d, hx1 - hx0), hy0 + Math.max(0, d - (hx1 - hx0))];
    line(a[0], a[1], b[0], b[1]);
  }
  const [tx0, ty0, tx1, ty1] = [ROOM_W + PART / 2, 2 * ROOM_H + PART / 2, 2 * ROOM_W - PART / 2, 3 * ROOM_H - PART / 2];
  for (let x = tx0; x <= tx1; x += 300) line(x, ty0, x, ty1);
  for (let y = ty0; y <= ty1; y += 300) line(tx0, y, tx1, y);
  // beds in the bottom row's rooms, a stair in the top right room
  ops.push('0.25 w');
  for (let c = 0; c < cols; c++) {
    const x = c * ROOM_W + 2200, y = 300;
    ops.push(`${at(x, y)} ${pt(1600)} ${pt(2000)} re S`);
    line(x, y + 1700, x + 1600, y + 1700);
  }
  const sx = (cols - 1) * ROOM_W + 600, sy = (rows - 1) * ROOM_H + 300;
  for (let i = 0; i <= 10; i++) line(sx, sy + i * 280, sx + 1200, sy + i * 280);
  line(sx + 600, sy, sx + 600, sy + 2800);
  // a balcony off the top wall, bounded by its railing
  const bx0 = 2 * ROOM_W, bx1 = 3 * ROOM_W, by = H + OUTER;
  line(bx0, by, bx0, by + 1500);
  line(bx0, by + 1500, bx1, by + 1500);
  line(bx1, by + 1500, bx1, by);
  text(bx0 + 1500, by + 700, 8, 'Balkon');
  text(bx0 + 1500, by + 300, 7, `${((bx1 - bx0) * 1500 / 1e6).toFixed(2)} m2`);
  // dimension lines below and left of the plan, ticks at the rooms' edges, the lengths written over them
  const dimY = -OUTER - 1200, dimX = -OUTER - 1200;
  line(0, dimY, W, dimY);
  line(dimX, 0, dimX, H);
  for (let c = 0; c <= cols; c++) {
    line(c * ROOM_W - 150, dimY - 150, c * ROOM_W + 150, dimY + 150);
    if (c < cols) text(c * ROOM_W + ROOM_W / 2 - 300, dimY + 150, 6, (ROOM_W / 1000).toFixed(2));
  }
  for (let r = 0; r <= rows; r++) {
    line(dimX - 150, r * ROOM_H - 150, dimX + 150, r * ROOM_H + 150);
    if (r < rows) text(dimX - 900, r * ROOM_H + ROOM_H / 2, 6, (ROOM_H / 1000).toFixed(2));
  }
  return ops.join('\n');
}

/** The plan as a one-page PDF (A2 landscape, Helvetica from pdf.js's standard fonts). */
export function warmUpPlanPdf(): Uint8Array {
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 1684 1191] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    pdfStream('', drawing()),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ]);
}

/** Analyses the warm-up plan once; what it finds is thrown away. */
export async function warmUpEngine(): Promise<void> {
  await analyzePdf(warmUpPlanPdf(), { page: 1, scale: 100, ceilingHeightMm: 2500, ocr: false });
}

