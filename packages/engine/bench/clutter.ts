/**
 * Everything a CAD plan carries that is not wall: dimension chains, furniture, floor hatching, axis grids,
 * border and title block, north arrow, slanted notes. All thin, some touching walls, as in real exports.
 */
import type { Drawer } from './drawer.js';
import type { PlanModel, TruthRoom } from './model.js';
import { type Pt, bounds, toPath } from './poly.js';
import type { Rng } from './rng.js';

const THIN = { widthPaperMm: 0.13 };
const FURN = { widthPaperMm: 0.18, gray: 0.25 };

export function drawDimensions(d: Drawer, m: PlanModel): void {
  const ext = bounds(m.exteriorPolygon);
  const xs = [...new Set(m.layout.cells.flatMap((c) => [c.x0, c.x1]))].sort((a, b) => a - b);
  const ys = [...new Set(m.layout.cells.flatMap((c) => [c.y0, c.y1]))].sort((a, b) => a - b);
  const off1 = 9 * d.scale;
  const off2 = 16 * d.scale;
  const tick = 1.2 * d.scale;
  const textSize = 2;
  const chain = (values: number[], horizontal: boolean, base: number) => {
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      const p: Pt = horizontal ? [v, base] : [base, v];
      const q: Pt = horizontal ? [v, (horizontal ? ext.minY : ext.minX) - 2 * d.scale] : [ext.minX - 2 * d.scale, v];
      d.line(q, horizontal ? [v, base - 2 * d.scale] : [base - 2 * d.scale, v], THIN);
      d.line([p[0] - tick, p[1] + tick], [p[0] + tick, p[1] - tick], { widthPaperMm: 0.35 });
      if (i > 0) {
        const prev = values[i - 1];
        d.line(horizontal ? [prev, base] : [base, prev], p, THIN);
        const mid = (prev + v) / 2;
        const label = String(Math.round(v - prev));
        d.text(label, horizontal ? [mid, base - 1.8 * d.scale] : [base - 1.8 * d.scale, mid], textSize, horizontal ? 0 : 90);
      }
    }
  };
  chain(xs, true, ext.minY - off1);
  chain([ext.minX, ext.maxX], true, ext.minY - off2);
  chain(ys, false, ext.minX - off1);
  chain([ext.minY, ext.maxY], false, ext.minX - off2);
}

function rect(d: Drawer, x: number, y: number, w: number, h: number): void {
  d.polyline([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], FURN, true);
}

/** Furniture by room type, against a wall face (touching when `touch`) and clear of the label. */
export function drawFurniture(d: Drawer, m: PlanModel, rng: Rng, touch: boolean): void {
  const gap = touch ? 0 : 60;
  for (const room of m.rooms) {
    const b = bounds(room.polygon);
    const w = b.maxX - b.minX;
    const h = b.maxY - b.minY;
    const x0 = b.minX + gap;
    const y0 = b.minY + gap;
    const label = room.label;
    if (/BED/.test(label) && w > 2600 && h > 2600) {
      const bw = Math.min(1530, w * 0.45);
      rect(d, x0 + 200, y0, bw, 2030);
      rect(d, x0 + 300, y0 + 100, bw / 2 - 150, 400);
      rect(d, x0 + 200 + bw / 2 + 50, y0 + 100, bw / 2 - 150, 400);
    } else if (/KITCHEN/.test(label) && w > 2000 && h > 2000) {
      // L-shaped bench along two walls.
      const dpt = 600;
      const lw = Math.min(w * 0.6, 3000);
      const lh = Math.min(h * 0.5, 2400);
      d.polyline([[x0, y0], [x0 + lw, y0], [x0 + lw, y0 + dpt], [x0 + dpt, y0 + dpt], [x0 + dpt, y0 + lh], [x0, y0 + lh]], FURN, true);
      d.circle([x0 + lw * 0.6, y0 + dpt / 2], 180, FURN);
    } else if (/DINING|LIVING|FAMILY|LOUNGE/.test(label) && w > 3000 && h > 3000) {
      const cx = b.maxX - 1400;
      const cy = b.maxY - 1400;
      if (rng.chance(0.5)) d.circle([cx, cy], 600, FURN);
      else rect(d, cx - 800, cy - 450, 1600, 900);
      for (const [dx, dy] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) rect(d, cx + dx * 950 - 200, cy + dy * 750 - 200, 400, 400);
    } else if (/BATH|ENS|WC|POWDER/.test(label) && w > 1200 && h > 1200) {
      rect(d, x0, y0 + 150, 450, 700);
      d.circle([x0 + 700, y0 + 500], 230, FURN);
      if (w > 2200) rect(d, b.maxX - gap - 1700, b.maxY - gap - 750, 1700, 750);
    } else if (/GARAGE/.test(label) && w > 3000 && h > 4500) {
      d.polyline([[x0 + 500, y0 + 600], [x0 + 2300, y0 + 600], [x0 + 2300, y0 + 5000], [x0 + 500, y0 + 5000]], { ...FURN, dash: [2, 1] }, true);
    } else if (/STUDY|OFFICE/.test(label) && w > 2000) {
      rect(d, x0, y0, 1600, 700);
      d.circle([x0 + 800, y0 + 1100], 250, FURN);
    }
  }
}

/** Floor tiles in wet rooms, clipped to the room (so they run into the wall faces). */
export function drawTiles(d: Drawer, rooms: TruthRoom[]): void {
  for (const room of rooms.filter((r) => /BATH|ENS|WC|L'DRY|POWDER/.test(r.label))) {
    const b = bounds(room.polygon);
    d.clipped([toPath(room.polygon)], () => {
      for (let x = b.minX; x <= b.maxX; x += 300) d.line([x, b.minY], [x, b.maxY], { widthPaperMm: 0.08, gray: 0.5 });
      for (let y = b.minY; y <= b.maxY; y += 300) d.line([b.minX, y], [b.maxX, y], { widthPaperMm: 0.08, gray: 0.5 });
    });
  }
}

/** Structural grid: dash-dot axes across the whole building with bubbles. */
export function drawGrid(d: Drawer, m: PlanModel): void {
  const ext = bounds(m.exteriorPolygon);
  const spread = (values: number[]) => values.sort((a, b) => a - b).filter((v, i, all) => i === 0 || v - all[i - 1] >= 1200);
  const xs = spread([...new Set(m.layout.cells.map((c) => c.x0)), ext.maxX - m.exteriorThickness / 2]);
  const ys = spread([...new Set(m.layout.cells.map((c) => c.y0)), ext.maxY - m.exteriorThickness / 2]);
  const over = 5 * d.scale;
  const r = 3.5 * d.scale;
  const style = { widthPaperMm: 0.13, dash: [6, 1, 1, 1], gray: 0.3 };
  xs.forEach((x, i) => {
    d.line([x, ext.minY - 20 * d.scale], [x, ext.maxY + over], style);
    d.circle([x, ext.maxY + over + r], r, THIN);
    d.text(String(i + 1), [x, ext.maxY + over + r], 3);
  });
  ys.forEach((y, i) => {
    d.line([ext.minX - 20 * d.scale, y], [ext.maxX + over, y], style);
    d.circle([ext.maxX + over + r, y], r, THIN);
    d.text(String.fromCharCode(65 + i), [ext.maxX + over + r, y], 3);
  });
}

export interface SheetInfo {
  paperWidthMm: number;
  paperHeightMm: number;
  paperName: string;
  title: string;
  sheetNo: string;
  /** Title block size in paper mm. */
  blockW: number;
  blockH: number;
}

/** Border and title block, in paper millimetres (converted to site mm through the scale). */
export function drawSheet(d: Drawer, s: SheetInfo): void {
  const k = d.scale;
  const P = (x: number, y: number): Pt => [x * k, y * k];
  const W = s.paperWidthMm;
  const H = s.paperHeightMm;
  d.polyline([P(10, 10), P(W - 10, 10), P(W - 10, H - 10), P(10, H - 10)], { widthPaperMm: 0.5 }, true);
  const x0 = W - 10 - s.blockW;
  const y0 = H - 10 - s.blockH;
  d.polyline([P(x0, y0), P(W - 10, y0), P(W - 10, H - 10), P(x0, H - 10)], { widthPaperMm: 0.35 }, true);
  const rows = ['PLANSIGHT TEST ARCHITECTS', s.title, `SCALE 1:${k} @ ${s.paperName}`, `DWG No. ${s.sheetNo}   REV A`];
  const rowH = s.blockH / rows.length;
  rows.forEach((text, i) => {
    if (i > 0) d.line(P(x0, y0 + i * rowH), P(W - 10, y0 + i * rowH), THIN);
    d.text(text, P(x0 + s.blockW / 2, y0 + (i + 0.5) * rowH), Math.min(3, rowH * 0.45));
  });
}

export function drawNorthArrow(d: Drawer, at: Pt): void {
  const r = 7 * d.scale;
  d.circle(at, r, { widthPaperMm: 0.25 });
  d.polyline([[at[0], at[1] - r], [at[0] + r * 0.35, at[1] + r * 0.6], [at[0], at[1] + r * 0.3], [at[0] - r * 0.35, at[1] + r * 0.6]], { widthPaperMm: 0.25 }, true);
  d.text('N', [at[0], at[1] - r * 1.4], 3.5);
}

/** A slanted site boundary with its note written along it (rotated text). */
export function drawBoundary(d: Drawer, m: PlanModel, rng: Rng): void {
  const ext = bounds(m.exteriorPolygon);
  const pad = 24 * d.scale;
  const a: Pt = [ext.minX - pad, ext.maxY + pad * 0.6];
  const b: Pt = [ext.maxX + pad * 0.5, ext.maxY + pad * 0.2];
  d.line(a, b, { widthPaperMm: 0.25, dash: [8, 2, 2, 2] });
  const angle = (-Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
  d.text(`BOUNDARY ${rng.int(20, 40)}.${rng.int(10, 99)} m`, [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - 3 * d.scale], 2.5, angle);
}
