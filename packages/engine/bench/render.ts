/** Draws a plan model: walls in one of the CAD wall styles, openings, room labels and opening tags. */
import type { Drawer } from './drawer.js';
import type { OpeningModel, PlanModel, TruthRoom } from './model.js';
import { type Pt, bounds } from './poly.js';

export type WallStyle = 'double-line' | 'filled' | 'hatched' | 'thick-stroke';

const THIN = { widthPaperMm: 0.18 };

const add = (a: Pt, b: Pt): Pt => [a[0] + b[0], a[1] + b[1]];
const mul = (a: Pt, k: number): Pt => [a[0] * k, a[1] * k];

export function drawWalls(d: Drawer, m: PlanModel, style: WallStyle): void {
  if (style === 'thick-stroke') {
    for (const piece of m.exteriorPieces) d.polyline(piece.pts, { widthPaperMm: m.exteriorThickness / d.scale }, piece.closed);
    for (const piece of m.interiorPieces) d.line(piece.a, piece.b, { widthPaperMm: m.interiorThickness / d.scale });
    return;
  }
  if (style === 'filled') {
    d.fillRegion(m.wallsGapped, 0.2);
    return;
  }
  d.outline(m.wallsGapped, { widthPaperMm: 0.35 });
  if (style === 'hatched') {
    const b = bounds(m.wallsGapped.flat().map((p) => [p.x, p.y] as Pt));
    const spacing = 1.2 * d.scale;
    d.clipped(m.wallsGapped, () => {
      const span = b.maxY - b.minY;
      for (let x = b.minX - span; x < b.maxX; x += spacing) d.line([x, b.maxY], [x + span, b.minY], { widthPaperMm: 0.1 });
    });
  }
}

export function drawOpening(d: Drawer, o: OpeningModel): void {
  const half = o.width / 2;
  const j0 = add(o.center, mul(o.u, -half));
  const j1 = add(o.center, mul(o.u, half));
  const face = o.thickness / 2;
  const angle = (v: Pt) => Math.atan2(v[1], v[0]);
  const sweep = (hinge: Pt, leafDir: Pt, towards: Pt, r: number) => {
    d.line(hinge, add(hinge, mul(leafDir, r)), { widthPaperMm: 0.25 });
    let a0 = angle(leafDir);
    let a1 = angle(towards);
    if (a1 - a0 > Math.PI) a1 -= 2 * Math.PI;
    if (a0 - a1 > Math.PI) a0 -= 2 * Math.PI;
    d.arc(hinge, r, a0, a1, THIN);
  };
  if (o.kind === 'window') {
    const offsets = o.windowLines === 3 ? [-face, 0, face] : [-face / 3, face / 3];
    for (const off of offsets) d.line(add(j0, mul(o.n, off)), add(j1, mul(o.n, off)), THIN);
    return;
  }
  if (o.subtype === 'swing') {
    sweep(add(j0, mul(o.n, face)), o.n, o.u, o.width);
  } else if (o.subtype === 'double') {
    sweep(add(j0, mul(o.n, face)), o.n, o.u, half);
    sweep(add(j1, mul(o.n, face)), o.n, mul(o.u, -1), half);
  } else if (o.subtype === 'sliding') {
    const leaf = half + 50;
    const t = 40;
    for (const [start, side] of [[j0, -1], [add(j1, mul(o.u, -leaf)), 1]] as [Pt, number][]) {
      const a = add(start, mul(o.n, side * 25));
      const b = add(a, mul(o.u, leaf));
      d.polyline([a, b, add(b, mul(o.n, side * t)), add(a, mul(o.n, side * t))], THIN, true);
    }
  }
}

/** Fits a label in the room: shrinks the text, or turns it 90 degrees in a tall narrow room. */
export function drawRoomLabel(d: Drawer, room: TruthRoom, extra: string[], sizePaperMm: number): void {
  const cell = room.cells.reduce((a, c) => ((c.x1 - c.x0) * (c.y1 - c.y0) > (a.x1 - a.x0) * (a.y1 - a.y0) ? c : a));
  const w = cell.x1 - cell.x0;
  const h = cell.y1 - cell.y0;
  const lines = [...room.label_lines, ...extra];
  const widest = (size: number) => Math.max(...lines.map((l) => d.textWidth(l, size)));
  const rotate = widest(sizePaperMm) > 0.75 * w && h > w;
  const room_ = rotate ? h : w;
  let size = sizePaperMm;
  while (size > 1 && widest(size) > 0.75 * room_) size *= 0.9;
  const lineStep = size * 1.5 * d.scale;
  lines.forEach((text, i) => {
    const off = (i - (lines.length - 1) / 2) * lineStep;
    const at: Pt = rotate ? [room.anchor[0] + off, room.anchor[1]] : [room.anchor[0], room.anchor[1] + off];
    d.text(text, at, i < room.label_lines.length ? size : size * 0.75, rotate ? 90 : 0);
  });
}

/** Tags sit outside exterior walls and on the non-swing side of interior doors, along the wall. */
export function drawTag(d: Drawer, o: OpeningModel, sizePaperMm: number): void {
  if (!o.tagText) return;
  const away = o.thickness / 2 + sizePaperMm * d.scale * 1.6;
  const at = add(o.center, mul(o.n, -away));
  const vertical = Math.abs(o.u[1]) > Math.abs(o.u[0]);
  d.text(o.tagText, at, sizePaperMm, vertical ? 90 : 0);
}
