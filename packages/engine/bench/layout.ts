/**
 * Abstract building layouts in site millimetres (origin top-left of the building's bounding box, y down):
 * a rectilinear footprint (rectangle or L, optionally one 45-degree corner) cut into rectangular cells by
 * guillotine splits; each room is one cell or several adjacent cells (open plans).
 */
import type { Rng } from './rng.js';
import type { Pt, Ring } from './poly.js';

export type LayoutKind = 'rect' | 'l-shape' | 'corridor' | 'many-rooms' | 'open-plan' | 'small';

export interface Cell {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface RoomSpec {
  id: string;
  /** Lines of the printed label; the truth label is these joined by a space. */
  labelLines: string[];
  isOutdoor: boolean;
  cells: number[];
}

export interface Layout {
  kind: LayoutKind;
  width: number;
  height: number;
  footprint: Ring;
  cells: Cell[];
  rooms: RoomSpec[];
}

const CUT_GRID_MM = 300;

function partition(rng: Rng, r: Cell, minDim: number, maxArea: number, out: Cell[]): void {
  const w = r.x1 - r.x0;
  const h = r.y1 - r.y0;
  const canX = w >= 2 * minDim;
  const canY = h >= 2 * minDim;
  const smallEnough = w * h <= maxArea && Math.max(w, h) <= 2.4 * Math.min(w, h);
  if (smallEnough || (!canX && !canY)) {
    out.push(r);
    return;
  }
  const alongX = canX && (!canY || w >= h);
  const side = alongX ? w : h;
  // Cuts on a 300 mm grid of the whole building, so that walls of different rooms line up or jog visibly.
  const origin = alongX ? r.x0 : r.y0;
  const raw = Math.round((origin + rng.range(side * 0.33, side * 0.67)) / CUT_GRID_MM) * CUT_GRID_MM - origin;
  const cut = Math.min(side - minDim, Math.max(minDim, raw));
  if (alongX) {
    partition(rng, { ...r, x1: r.x0 + cut }, minDim, maxArea, out);
    partition(rng, { ...r, x0: r.x0 + cut }, minDim, maxArea, out);
  } else {
    partition(rng, { ...r, y1: r.y0 + cut }, minDim, maxArea, out);
    partition(rng, { ...r, y0: r.y0 + cut }, minDim, maxArea, out);
  }
}

/** Two cells share an edge of positive length: returns that edge, else null. */
export function sharedEdge(a: Cell, b: Cell): [Pt, Pt] | null {
  const eps = 0.5;
  for (const [xa, xb] of [
    [a.x1, b.x0],
    [a.x0, b.x1],
  ]) {
    if (Math.abs(xa - xb) < eps) {
      const y0 = Math.max(a.y0, b.y0);
      const y1 = Math.min(a.y1, b.y1);
      if (y1 - y0 > eps) return [[xa, y0], [xa, y1]];
    }
  }
  for (const [ya, yb] of [
    [a.y1, b.y0],
    [a.y0, b.y1],
  ]) {
    if (Math.abs(ya - yb) < eps) {
      const x0 = Math.max(a.x0, b.x0);
      const x1 = Math.min(a.x1, b.x1);
      if (x1 - x0 > eps) return [[x0, ya], [x1, ya]];
    }
  }
  return null;
}

const WET = ['BATH', 'WC', 'ENS', "L'DRY", 'PANTRY', 'WIR', 'LINEN', 'POWDER'];
const DRY = ['BED 2', 'BED 3', 'BED 4', 'STUDY', 'KITCHEN', 'DINING', 'FAMILY', 'ENTRY', 'GARAGE', 'STORE', 'OFFICE', 'GUEST ROOM', 'MEDIA'];
const BIG = [['LIVING'], ['LOUNGE'], ['OPEN PLAN', 'LIVING'], ['LIVING', 'ROOM']];
const OUTDOOR = ['ALFRESCO', 'PORCH', 'BALCONY', 'VERANDA'];

function assignLabels(rng: Rng, rooms: RoomSpec[], cells: Cell[], outdoorOk: boolean): void {
  const area = (r: RoomSpec) => r.cells.reduce((s, i) => s + (cells[i].x1 - cells[i].x0) * (cells[i].y1 - cells[i].y0), 0);
  const order = [...rooms].sort((a, b) => area(b) - area(a));
  const wet = rng.shuffle([...WET]);
  const dry = rng.shuffle([...DRY]);
  order.forEach((room, rank) => {
    if (room.labelLines.length) return;
    if (rank === 0) room.labelLines = rng.pick(BIG);
    else if (rank === 1) room.labelLines = rng.chance(0.5) ? ['MASTER', 'BEDROOM'] : ['BED 1'];
    else if (area(room) < 5.5e6 && wet.length) room.labelLines = [wet.pop()!];
    else room.labelLines = [dry.pop() ?? `ROOM ${rank + 1}`];
  });
  if (outdoorOk && order.length > 3) {
    const candidate = order[order.length > 5 ? 3 : 2];
    candidate.labelLines = [rng.pick(OUTDOOR)];
    candidate.isOutdoor = true;
  }
}

function rectRing(c: Cell): Ring {
  return [[c.x0, c.y0], [c.x1, c.y0], [c.x1, c.y1], [c.x0, c.y1]];
}

export interface LayoutOptions {
  kind: LayoutKind;
  maxWidth: number;
  maxHeight: number;
  chamfer: boolean;
  outdoor: boolean;
}

export function makeLayout(rng: Rng, opts: LayoutOptions): Layout {
  const { kind } = opts;
  const sizes: Record<LayoutKind, [number, number, number, number]> = {
    rect: [8000, 14000, 6500, 11000],
    'l-shape': [10000, 17000, 8000, 13000],
    corridor: [11000, 20000, 7500, 11000],
    'many-rooms': [14000, 24000, 10000, 16000],
    'open-plan': [9000, 15000, 7000, 11000],
    small: [4500, 7500, 3500, 6000],
  };
  const [wMin, wMax, hMin, hMax] = sizes[kind];
  const W = rng.snapped(Math.min(wMin, opts.maxWidth), Math.min(wMax, opts.maxWidth), 100);
  const H = rng.snapped(Math.min(hMin, opts.maxHeight), Math.min(hMax, opts.maxHeight), 100);
  const minDim = kind === 'many-rooms' ? 1500 : 1800;
  const maxArea = { rect: 16e6, 'l-shape': 18e6, corridor: 16e6, 'many-rooms': 11e6, 'open-plan': 14e6, small: 9e6 }[kind];
  const cells: Cell[] = [];
  let footprint: Ring = rectRing({ x0: 0, y0: 0, x1: W, y1: H });
  const fixed: RoomSpec[] = [];

  if (kind === 'l-shape') {
    const cw = rng.snapped(W * 0.35, W * 0.5, 100);
    const ch = rng.snapped(H * 0.35, H * 0.5, 100);
    // Notch at the top-right corner.
    partition(rng, { x0: 0, y0: 0, x1: W - cw, y1: H }, minDim, maxArea, cells);
    partition(rng, { x0: W - cw, y0: ch, x1: W, y1: H }, minDim, maxArea, cells);
    footprint = [[0, 0], [W - cw, 0], [W - cw, ch], [W, ch], [W, H], [0, H]];
  } else if (kind === 'corridor') {
    const cw = rng.snapped(1100, 1500, 50);
    const cy = rng.snapped(H * 0.4, H * 0.55, 50);
    partition(rng, { x0: 0, y0: 0, x1: W, y1: cy }, minDim, maxArea, cells);
    cells.push({ x0: 0, y0: cy, x1: W, y1: cy + cw });
    fixed.push({ id: '', labelLines: [rng.pick(['HALL', 'CORRIDOR', 'HALLWAY'])], isOutdoor: false, cells: [cells.length - 1] });
    partition(rng, { x0: 0, y0: cy + cw, x1: W, y1: H }, minDim, maxArea, cells);
  } else if (kind === 'small') {
    partition(rng, { x0: 0, y0: 0, x1: W, y1: H }, 1800, rng.chance(0.5) ? 40e6 : maxArea, cells);
  } else {
    partition(rng, { x0: 0, y0: 0, x1: W, y1: H }, minDim, maxArea, cells);
  }

  if (opts.chamfer) {
    // Cut the bottom-left corner at 45 degrees, smaller than the corner cell so only that cell changes.
    const corner = cells.find((c) => c.x0 === 0 && c.y1 === H)!;
    const c = rng.snapped(900, Math.min(corner.x1 - corner.x0, corner.y1 - corner.y0) * 0.6, 50);
    const i = footprint.findIndex(([x, y]) => x === 0 && y === H);
    footprint.splice(i, 1, [c, H], [0, H - c]);
  }

  const inFixed = new Set(fixed.flatMap((r) => r.cells));
  const rooms: RoomSpec[] = [...fixed];
  const free = cells.map((_, i) => i).filter((i) => !inFixed.has(i));
  const taken = new Set<number>();
  if (kind === 'open-plan') {
    // Merge a few neighbouring cells into one room (open living/kitchen): no wall between them.
    for (const i of rng.shuffle([...free])) {
      if (taken.has(i) || rooms.filter((r) => r.cells.length > 1).length >= 2) continue;
      const j = free.find((k) => k !== i && !taken.has(k) && edgeLength(cells[i], cells[k]) > 1500);
      if (j === undefined) continue;
      taken.add(i).add(j);
      const merged = rooms.filter((r) => r.cells.length > 1).length === 0;
      rooms.push({ id: '', labelLines: merged ? ['KITCHEN', 'LIVING'] : [], isOutdoor: false, cells: [i, j] });
    }
  }
  for (const i of free) if (!taken.has(i)) rooms.push({ id: '', labelLines: [], isOutdoor: false, cells: [i] });
  assignLabels(rng, rooms, cells, opts.outdoor);
  rooms.forEach((r, i) => (r.id = `R${String(i + 1).padStart(2, '0')}`));
  return { kind, width: W, height: H, footprint, cells, rooms };
}

function edgeLength(a: Cell, b: Cell): number {
  const e = sharedEdge(a, b);
  return e ? Math.hypot(e[1][0] - e[0][0], e[1][1] - e[0][1]) : 0;
}

export { rectRing };
