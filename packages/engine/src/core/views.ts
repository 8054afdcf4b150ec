/**
 * Several views on one sheet: a planning sheet carries floor plans beside elevations, sections, a site plan
 * and details, each drawn apart with its title under or over it ('GROUND FLOOR PLAN 1:100', 'SOUTH
 * ELEVATION', 'Schnitt A-A'). The drawing is cut into blocks separated by empty paper; each title belongs
 * to the block nearest it. Rooms found in a block titled only as another kind of view (the panes of an
 * elevation's windows, a section's floors) are no rooms when the sheet names a floor plan elsewhere; rooms of
 * a block titled as a floor plan carry that title as their view.
 * Works in page points (the drawing) with rooms and text given in the analysis frame and `k` mm per point.
 */
import type { PointMm } from '../types.js';
import { bbox, hypot, pointInPoly, polyArea } from './geometry.js';
import { PLAN_VIEW, OTHER_VIEW, type TextItem } from '../source/text.js';

/** A title is a short line (a note that mentions a section is not). */
const TITLE_MAX_CHARS = 48;
/** Cell of the occupancy grid (points): about 3.5 mm of paper. */
const CELL_PT = 10;
/** Drawing within this many cells is one block (about 7 mm of paper): views stand further apart. */
const JOIN_CELLS = 2;
/** Lines longer than this share of the sheet's side they run along are its border and title-block rules, not a view's. */
const SHEET_LINE_SHARE = 0.7;
/** A title stands at most this far from its view's drawing (points, about 70 mm of paper: a site boundary or
 * dimension chains may stand between). */
const TITLE_REACH_PT = 200;
/** A title inside its block's extent stands within this many cells, or this share of the block's size, of its edge. */
const TITLE_EDGE_CELLS = 6;
const TITLE_EDGE_SHARE = 0.1;
/** A view's drawing is at least this large both ways (points, about 20 mm of paper): a title's underline,
 * a scale bar or a north arrow beside it is not. */
const VIEW_MIN_PT = 56;

export interface ViewLine { x1: number; y1: number; x2: number; y2: number }
export interface ViewTitle { str: string; kind: 'plan' | 'other'; atPt: [number, number] }

/** The view titles among the sheet's text (not those inside rooms: a room's name is its label). */
export function viewTitles(text: TextItem[], k: number): ViewTitle[] {
  const out: ViewTitle[] = [];
  for (const t of text) {
    const s = t.str.replace(/\s+/g, ' ').trim();
    if (s.length > TITLE_MAX_CHARS) continue;
    const plan = PLAN_VIEW.test(s), other = OTHER_VIEW.test(s);
    if (!plan && !other) continue;
    out.push({ str: s, kind: plan && !other ? 'plan' : other && !plan ? 'other' : /plan/i.test(s) && !/site|location|key|block|roof/i.test(s) ? 'plan' : 'other', atPt: [t.at[0] / k, t.at[1] / k] });
  }
  return out;
}

export interface ViewAssignment {
  /** Per room: false where it lies in a view that is not a floor plan. */
  keep: boolean[];
  /** Per room: its floor-plan view's title when the sheet shows more than one floor plan, else null. */
  view: (string | null)[];
}

/**
 * Which rooms are floor-plan rooms and of which view. `rooms` in the analysis frame (mm, `k` mm per point),
 * `lines` the drawing in page points, `pageW`/`pageH` the page in points.
 */
export function assignViews(rooms: PointMm[][], lines: ViewLine[], titles: ViewTitle[], k: number, pageW: number, pageH: number): ViewAssignment {
  const none: ViewAssignment = { keep: rooms.map(() => true), view: rooms.map(() => null) };
  // (without a floor plan named on the sheet nothing is dropped or named: see below)
  if (!rooms.length || !titles.some((t) => t.kind === 'plan')) return none;
  const nx = Math.ceil(pageW / CELL_PT) + 1, ny = Math.ceil(pageH / CELL_PT) + 1;
  // each line is sampled every half cell; the cells within JOIN_CELLS of a sample (and on the page) are
  // occupied. Worked on the box of the samples' cells only (a sheet is mostly paper): the samples' cells are
  // marked first, on a grid JOIN_CELLS wider all round, then grown by JOIN_CELLS along rows and along columns,
  // the same cells as marking a square around every sample, without 25 writes per sample.
  const J = JOIN_CELLS;
  const sx: number[] = [], sy: number[] = [];
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const l of lines) {
    const len = hypot(l.x2 - l.x1, l.y2 - l.y1);
    if (len > SHEET_LINE_SHARE * (Math.abs(l.x2 - l.x1) > Math.abs(l.y2 - l.y1) ? pageW : pageH)) continue;
    const n = Math.max(1, Math.ceil(len / (CELL_PT / 2)));
    for (let i = 0; i <= n; i++) {
      const X = Math.floor((l.x1 + ((l.x2 - l.x1) * i) / n) / CELL_PT), Y = Math.floor((l.y1 + ((l.y2 - l.y1) * i) / n) / CELL_PT);
      if (!(X >= -J && Y >= -J && X < nx + J && Y < ny + J)) continue; // (reaches no cell of the page)
      sx.push(X); sy.push(Y);
      if (X < minX) minX = X;
      if (X > maxX) maxX = X;
      if (Y < minY) minY = Y;
      if (Y > maxY) maxY = Y;
    }
  }
  // the box of occupied cells (page cells), bw x bh from (x0, y0)
  const x0 = Math.max(0, minX - J), y0 = Math.max(0, minY - J);
  const bw = Math.max(0, Math.min(nx - 1, maxX + J) - x0 + 1), bh = Math.max(0, Math.min(ny - 1, maxY + J) - y0 + 1);
  const gx = bw + 2 * J, gy = bh + 2 * J;
  const seed = new Uint8Array(gx * gy);
  for (let i = 0; i < sx.length; i++) {
    const X = sx[i] - x0 + J, Y = sy[i] - y0 + J;
    if (X >= 0 && Y >= 0 && X < gx && Y < gy) seed[Y * gx + X] = 1;
  }
  const rowGrown = new Uint8Array(gx * gy);
  for (let Y = 0; Y < gy; Y++) {
    for (let X = 0; X < gx; X++) {
      if (!seed[Y * gx + X]) continue;
      for (let d = Math.max(0, X - J); d <= Math.min(gx - 1, X + J); d++) rowGrown[Y * gx + d] = 1;
    }
  }
  // a cell is occupied when a grown row mark lies within JOIN_CELLS above or below it: rows walked upwards,
  // keeping per column the nearest marked row at or below
  const occ = new Uint8Array(bw * bh);
  const nearestBelow = new Int32Array(gx).fill(2 ** 30);
  for (let Y = gy - 1; Y >= 0; Y--) {
    for (let X = 0; X < gx; X++) if (rowGrown[Y * gx + X]) nearestBelow[X] = Y;
    if (Y < bh) for (let x = 0; x < bw; x++) if (nearestBelow[x + J] <= Y + 2 * J) occ[Y * bw + x] = 1;
  }
  // blocks: connected occupied cells
  const block = new Int32Array(bw * bh).fill(-1);
  let nBlocks = 0;
  const stack: number[] = [];
  // (each block's extent in page cells: a title's own underline or a scale bar is no view)
  const extent: [number, number, number, number][] = [];
  for (let i = 0; i < occ.length; i++) {
    if (!occ[i] || block[i] >= 0) continue;
    block[i] = nBlocks;
    stack.push(i);
    const e: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
    extent.push(e);
    while (stack.length) {
      const c = stack.pop()!;
      const cx = c % bw, cy = (c - cx) / bw;
      e[0] = Math.min(e[0], x0 + cx); e[1] = Math.min(e[1], y0 + cy); e[2] = Math.max(e[2], x0 + cx); e[3] = Math.max(e[3], y0 + cy);
      if (cx + 1 < bw && occ[c + 1] && block[c + 1] < 0) { block[c + 1] = nBlocks; stack.push(c + 1); }
      if (cx > 0 && occ[c - 1] && block[c - 1] < 0) { block[c - 1] = nBlocks; stack.push(c - 1); }
      if (cy + 1 < bh && occ[c + bw] && block[c + bw] < 0) { block[c + bw] = nBlocks; stack.push(c + bw); }
      if (cy > 0 && occ[c - bw] && block[c - bw] < 0) { block[c - bw] = nBlocks; stack.push(c - bw); }
    }
    nBlocks++;
  }
  /** The block of page cell (cx, cy), -1 for none. */
  const blockOfCell = (cx: number, cy: number) => {
    const x = cx - x0, y = cy - y0;
    return x >= 0 && y >= 0 && x < bw && y < bh ? block[y * bw + x] : -1;
  };
  // each room's block: the block under its boundary (its walls are drawn there)
  const blockAt = (x: number, y: number) => blockOfCell(Math.floor(x / CELL_PT), Math.floor(y / CELL_PT));
  const roomBlock = rooms.map((r) => {
    for (const p of r) {
      const b = blockAt(p[0] / k, p[1] / k);
      if (b >= 0) return b;
    }
    return -1;
  });
  const withRooms = new Set(roomBlock.filter((b) => b >= 0));
  // each title to the nearest block, within reach (a site plan's title to the site plan, which holds no rooms)
  const titlesOf = new Map<number, ViewTitle[]>();
  const minCells = Math.ceil(VIEW_MIN_PT / CELL_PT) + 2 * JOIN_CELLS;
  // a view's title stands under, over or beside its drawing, at its edge: a word deep inside a drawing is a
  // callout ('Detail 3', a section mark), not the drawing's title
  const deepIn = (b: number, x: number, y: number) => {
    const [x0, y0, x1, y1] = extent[b];
    const mx = Math.max(TITLE_EDGE_CELLS, TITLE_EDGE_SHARE * (x1 - x0)), my = Math.max(TITLE_EDGE_CELLS, TITLE_EDGE_SHARE * (y1 - y0));
    return x > x0 + mx && x < x1 - mx && y > y0 + my && y < y1 - my;
  };
  const isView = (b: number) => extent[b][2] - extent[b][0] >= minCells && extent[b][3] - extent[b][1] >= minCells;
  const reach = Math.ceil(TITLE_REACH_PT / CELL_PT);
  for (const t of titles) {
    const tx = Math.floor(t.atPt[0] / CELL_PT), ty = Math.floor(t.atPt[1] / CELL_PT);
    let best = -1, bestD = Infinity;
    for (let dy = -reach; dy <= reach; dy++) for (let dx = -reach; dx <= reach; dx++) {
      const b = blockOfCell(tx + dx, ty + dy);
      const d = dx * dx + dy * dy;
      if (b >= 0 && d < bestD && isView(b) && !deepIn(b, tx, ty)) { bestD = d; best = b; }
    }
    if (best >= 0) (titlesOf.get(best) ?? titlesOf.set(best, []).get(best)!).push(t);
  }
  const planTitle = (b: number) => titlesOf.get(b)?.find((t) => t.kind === 'plan') ?? null;
  const otherOnly = (b: number) => !!titlesOf.get(b)?.length && !planTitle(b);
  const blocksWithPlan = [...withRooms].filter((b) => planTitle(b));
  // (without a floor plan named on the sheet, a note that mentions a section says nothing about the drawing)
  if (!blocksWithPlan.length) return none;
  // (the block holding the most room area is the sheet's main drawing, a floor plan: it is never dropped, even
  // where a section mark at its edge reads like a title; an elevation's window panes are small)
  const areaOf = new Map<number, number>();
  roomBlock.forEach((b, i) => areaOf.set(b, (areaOf.get(b) ?? 0) + Math.abs(polyArea(rooms[i]))));
  const main = [...areaOf.entries()].filter(([b]) => b >= 0).reduce((m, e) => (e[1] > m[1] ? e : m), [-1, 0])[0];
  const keep = roomBlock.map((b) => !(b >= 0 && b !== main && otherOnly(b)));
  const names = new Set(blocksWithPlan.map((b) => viewName(planTitle(b)!.str)));
  const view = roomBlock.map((b, i) => (keep[i] && names.size > 1 && b >= 0 && planTitle(b) ? viewName(planTitle(b)!.str) : null));
  return { keep, view };
}

/** A view's name without its printed scale ('GROUND FLOOR PLAN 1:100' → 'GROUND FLOOR PLAN'). */
const viewName = (s: string) => s.replace(/\s*(?:M\s*)?1\s*:\s*\d+.*$/i, '').replace(/\s*scale\s*$/i, '').trim() || s;

/**
 * The rooms (holes) of the floor-plan views only, and `viewOf(poly)`: `{ view }` for a room (or a part of one,
 * after open-plan cuts) of a floor-plan view when the sheet shows several, else `{}`. Text in the analysis frame.
 */
export function sheetViews<H extends { pts: PointMm[] }>(holes: H[], text: TextItem[], lines: ViewLine[], k: number, pageW: number, pageH: number) {
  const boxes = holes.map((h) => bbox(h.pts));
  const inRoom = (p: PointMm) => holes.some((h, i) => {
    const b = boxes[i];
    return p[0] >= b.x0 && p[0] <= b.x1 && p[1] >= b.y0 && p[1] <= b.y1 && pointInPoly(p[0], p[1], h.pts);
  });
  const titles = viewTitles(text.filter((t) => !inRoom(t.at)), k);
  const a = assignViews(holes.map((h) => h.pts), lines, titles, k, pageW, pageH);
  const named = holes.map((h, i) => ({ box: boxes[i], view: a.view[i] })).filter((x): x is { box: ReturnType<typeof bbox>; view: string } => x.view !== null);
  return {
    holes: holes.filter((_, i) => a.keep[i]),
    viewOf(poly: PointMm[]): { view?: string } {
      if (!named.length) return {};
      const b = bbox(poly);
      // (a part of a cut room lies within its room's box; rooms' boxes do not nest)
      const own = named.find((x) => b.x0 >= x.box.x0 - 1 && b.x1 <= x.box.x1 + 1 && b.y0 >= x.box.y0 - 1 && b.y1 <= x.box.y1 + 1);
      return own ? { view: own.view } : {};
    },
  };
}
