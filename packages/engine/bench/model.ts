/**
 * Turns a layout into walls, openings and exact ground truth (site mm, page frame). Walls are bands
 * around centrelines: the exterior ring with mitred corners, interior segments extended by half their
 * thickness so that T and L junctions close. Truth rooms are the room cells minus the closed walls, so a
 * room's boundary runs along the wall faces and straight across its openings.
 */
import type { PathsD } from 'clipper2-ts';
import { type Cell, type Layout, rectRing, sharedEdge } from './layout.js';
import {
  type Pt, type Ring, difference, dropCollinear, fromPath, intersection, offsetPolygon, pathsArea, pointInRing, ringPerimeter,
  roundRing, strokeClosed, strokeOpen, toPath, union,
} from './poly.js';
import type { Rng } from './rng.js';

export type DoorSubtype = 'swing' | 'double' | 'sliding' | 'opening';
export type TagStyle = 'none' | 'code' | 'code-hw' | 'hw-prefix' | 'hxw';

export interface OpeningModel {
  id: string;
  kind: 'door' | 'window';
  subtype: DoorSubtype | 'window';
  width: number;
  /** Height stated on the plan, or null when the plan does not say. */
  height: number | null;
  tagText: string;
  tag: string;
  center: Pt;
  /** Unit vector along the wall and the unit normal towards the swing side (into the building outside). */
  u: Pt;
  n: Pt;
  thickness: number;
  exterior: boolean;
  roomIds: string[];
  windowLines: number;
}

export interface InteriorPiece {
  a: Pt;
  b: Pt;
}

export interface TruthRoom {
  id: string;
  label: string;
  label_lines: string[];
  is_outdoor: boolean;
  polygon: Pt[];
  area_mm2: number;
  perimeter_mm: number;
  door_ids: string[];
  window_ids: string[];
  /** A point inside the room where its label is printed. */
  anchor: Pt;
  cells: Cell[];
}

export interface PlanModel {
  layout: Layout;
  exteriorThickness: number;
  interiorThickness: number;
  ring: Ring;
  exteriorPieces: { closed: boolean; pts: Ring }[];
  interiorPieces: InteriorPiece[];
  openings: OpeningModel[];
  rooms: TruthRoom[];
  wallsGapped: PathsD;
  exteriorPolygon: Ring;
}

export interface ModelOptions {
  exteriorThickness: number;
  interiorThickness: number;
  tagStyle: TagStyle;
  doorMix: 'swing' | 'mixed';
  windowChance: number;
}

interface Slot {
  /** exterior: ring edge index; interior: segment index. */
  wall: number;
  exterior: boolean;
  from: number;
  to: number;
  rooms: string[];
}

const sub = (a: Pt, b: Pt): Pt => [a[0] - b[0], a[1] - b[1]];
const add = (a: Pt, b: Pt): Pt => [a[0] + b[0], a[1] + b[1]];
const mul = (a: Pt, k: number): Pt => [a[0] * k, a[1] * k];
const unit = (a: Pt): Pt => mul(a, 1 / Math.hypot(a[0], a[1]));

export function translateLayout(layout: Layout, dx: number, dy: number): Layout {
  return {
    ...layout,
    footprint: layout.footprint.map(([x, y]) => [x + dx, y + dy] as Pt),
    cells: layout.cells.map((c) => ({ x0: c.x0 + dx, y0: c.y0 + dy, x1: c.x1 + dx, y1: c.y1 + dy })),
  };
}

export function buildModel(rng: Rng, layout: Layout, opts: ModelOptions): PlanModel {
  const te = opts.exteriorThickness;
  const ti = opts.interiorThickness;
  const ring = layout.footprint;
  const roomOfCell = new Map<number, string>();
  layout.rooms.forEach((r) => r.cells.forEach((c) => roomOfCell.set(c, r.id)));

  // Interior segments between cells of different rooms.
  const segs: { a: Pt; b: Pt; rooms: [string, string] }[] = [];
  layout.cells.forEach((ca, i) =>
    layout.cells.forEach((cb, j) => {
      if (j <= i || roomOfCell.get(i) === roomOfCell.get(j)) return;
      const e = sharedEdge(ca, cb);
      if (e) segs.push({ a: e[0], b: e[1], rooms: [roomOfCell.get(i)!, roomOfCell.get(j)!] });
    }),
  );

  // Exterior slots: the part of each cell side that lies on an axis-aligned footprint edge.
  const slots: Slot[] = [];
  ring.forEach((p, k) => {
    const q = ring[(k + 1) % ring.length];
    const horizontal = p[1] === q[1];
    if (!horizontal && p[0] !== q[0]) return;
    const axis = horizontal ? 0 : 1;
    const lo = Math.min(p[axis], q[axis]);
    const hi = Math.max(p[axis], q[axis]);
    layout.cells.forEach((c, i) => {
      const sideCoords = horizontal ? [c.y0, c.y1] : [c.x0, c.x1];
      if (!sideCoords.includes(p[1 - axis])) return;
      const a = Math.max(lo, horizontal ? c.x0 : c.y0);
      const b = Math.min(hi, horizontal ? c.x1 : c.y1);
      if (b - a < 1) return;
      const dir = Math.sign(q[axis] - p[axis]);
      const s0 = dir > 0 ? a - p[axis] : p[axis] - b;
      slots.push({ wall: k, exterior: true, from: s0, to: s0 + (b - a), rooms: [roomOfCell.get(i)!] });
    });
  });
  const interiorSlots: Slot[] = segs.map((s, i) => ({ wall: i, exterior: false, from: 0, to: Math.hypot(s.b[0] - s.a[0], s.b[1] - s.a[1]), rooms: s.rooms }));

  const margin = Math.max(te, ti) / 2 + 150;
  const occupied = new Map<string, [number, number][]>();
  const openings: OpeningModel[] = [];
  const wallGeom = (slot: Slot): { start: Pt; u: Pt; t: number } => {
    if (slot.exterior) {
      const p = ring[slot.wall];
      const q = ring[(slot.wall + 1) % ring.length];
      return { start: p, u: unit(sub(q, p)), t: te };
    }
    const s = segs[slot.wall];
    return { start: s.a, u: unit(sub(s.b, s.a)), t: ti };
  };
  const tryPlace = (slot: Slot, kind: 'door' | 'window', subtype: OpeningModel['subtype'], width: number): boolean => {
    const lo = slot.from + margin + width / 2;
    const hi = slot.to - margin - width / 2;
    if (hi < lo) return false;
    const key = `${slot.exterior ? 'e' : 'i'}${slot.wall}`;
    const taken = occupied.get(key) ?? [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const s = Math.round(rng.range(lo, hi) / 10) * 10;
      if (taken.some(([a, b]) => s + width / 2 + 300 > a && s - width / 2 - 300 < b)) continue;
      taken.push([s - width / 2, s + width / 2]);
      occupied.set(key, taken);
      const g = wallGeom(slot);
      let n: Pt = [-g.u[1], g.u[0]];
      const center = add(g.start, mul(g.u, s));
      if (slot.exterior && !pointInRing(add(center, mul(n, te)), ring)) n = mul(n, -1);
      if (!slot.exterior && rng.chance(0.5)) n = mul(n, -1);
      openings.push({
        id: '', kind, subtype, width, height: null, tagText: '', tag: '', center, u: rng.chance(0.5) ? g.u : mul(g.u, -1), n,
        thickness: g.t, exterior: slot.exterior, roomIds: [...slot.rooms], windowLines: rng.chance(0.5) ? 3 : 2,
      });
      return true;
    }
    return false;
  };

  const doorWidth = (): [DoorSubtype, number] => {
    const r = rng.next();
    if (opts.doorMix === 'mixed' && r < 0.15) return ['double', rng.snapped(1400, 1800, 20)];
    if (opts.doorMix === 'mixed' && r < 0.3) return ['sliding', rng.snapped(1500, 2200, 20)];
    if (opts.doorMix === 'mixed' && r < 0.4) return ['opening', rng.snapped(900, 1400, 20)];
    return ['swing', rng.pick([720, 770, 820, 870, 920])];
  };
  // Doors along a spanning tree of the room adjacency, so every room is reachable.
  const visited = new Set([layout.rooms[0].id]);
  const queue = [layout.rooms[0].id];
  while (queue.length) {
    const cur = queue.shift()!;
    for (const room of layout.rooms) {
      if (visited.has(room.id)) continue;
      const candidates = interiorSlots.filter((s) => s.rooms.includes(cur) && s.rooms.includes(room.id)).sort((a, b) => b.to - a.to);
      if (!candidates.length) continue;
      const [subtype, width] = doorWidth();
      if (tryPlace(candidates[0], 'door', subtype, width) || tryPlace(candidates[0], 'door', 'swing', 720)) {
        visited.add(room.id);
        queue.push(room.id);
      }
    }
  }
  // Entry door(s), then windows on exterior walls.
  const bySize = [...slots].sort((a, b) => b.to - b.from - (a.to - a.from));
  tryPlace(bySize[0], 'door', 'swing', rng.pick([820, 870, 920]));
  if (rng.chance(0.4) && bySize.length > 3) tryPlace(bySize[3], 'door', rng.chance(0.5) ? 'sliding' : 'swing', rng.pick([820, 1800]));
  for (const slot of slots) {
    if (!rng.chance(opts.windowChance)) continue;
    const len = slot.to - slot.from - 2 * margin;
    if (len < 700) continue;
    tryPlace(slot, 'window', 'window', rng.snapped(600, Math.min(2400, len), 10));
  }
  openings.forEach((o, i) => {
    const kindCount = openings.slice(0, i + 1).filter((p) => p.kind === o.kind).length;
    o.id = `${o.kind === 'door' ? 'D' : 'W'}${String(kindCount).padStart(2, '0')}`;
  });
  applyTags(rng, openings, opts.tagStyle);

  // Exterior ring split at its openings into open polylines.
  const extGaps = openings.filter((o) => o.exterior);
  const exteriorPieces = splitRing(ring, extGaps);
  const interiorPieces: InteriorPiece[] = [];
  const closedBands: PathsD = [...strokeClosed(ring, te)];
  for (const s of segs) {
    const u = unit(sub(s.b, s.a));
    const a = sub(s.a, mul(u, ti / 2));
    const b = add(s.b, mul(u, ti / 2));
    closedBands.push(...strokeOpen([a, b], ti));
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const gaps = openings
      .filter((o) => !o.exterior && distToSeg(o.center, a, b) < 1)
      .map((o) => ({ d: dot(sub(o.center, a), u), w: o.width }))
      .sort((x, y) => x.d - y.d);
    let from = 0;
    for (const g of gaps) {
      interiorPieces.push({ a: add(a, mul(u, from)), b: add(a, mul(u, g.d - g.w / 2)) });
      from = g.d + g.w / 2;
    }
    interiorPieces.push({ a: add(a, mul(u, from)), b: add(a, mul(u, len)) });
  }
  const wallsClosed = union(closedBands.map((p) => fromPath(p)));
  const gappedBands: PathsD = [];
  for (const piece of exteriorPieces) gappedBands.push(...(piece.closed ? strokeClosed(piece.pts, te) : strokeOpen(piece.pts, te)));
  for (const piece of interiorPieces) gappedBands.push(...strokeOpen([piece.a, piece.b], ti));
  const wallsGapped = union(gappedBands.map((p) => fromPath(p)));

  const footprintPaths = [toPath(ring)];
  const rooms: TruthRoom[] = layout.rooms.map((spec) => {
    const cells = spec.cells.map((i) => layout.cells[i]);
    const region = intersection(union(cells.map(rectRing)), footprintPaths);
    const inner = difference(region, wallsClosed);
    if (inner.length !== 1) throw new Error(`room ${spec.id} has ${inner.length} rings`);
    const polygon = roundRing(dropCollinear(fromPath(inner[0])));
    const biggest = [...cells].sort((a, b) => (b.x1 - b.x0) * (b.y1 - b.y0) - (a.x1 - a.x0) * (a.y1 - a.y0))[0];
    return {
      id: spec.id, label: spec.labelLines.join(' '), label_lines: spec.labelLines, is_outdoor: spec.isOutdoor, polygon,
      area_mm2: Math.round(pathsArea(inner)), perimeter_mm: Math.round(ringPerimeter(polygon) * 10) / 10,
      door_ids: openings.filter((o) => o.kind === 'door' && o.roomIds.includes(spec.id)).map((o) => o.id),
      window_ids: openings.filter((o) => o.kind === 'window' && o.roomIds.includes(spec.id)).map((o) => o.id),
      anchor: [(biggest.x0 + biggest.x1) / 2, (biggest.y0 + biggest.y1) / 2], cells,
    };
  });
  const exteriorPolygon = roundRing(fromPath(offsetPolygon(ring, te / 2)[0]));
  return { layout, exteriorThickness: te, interiorThickness: ti, ring, exteriorPieces, interiorPieces, openings, rooms, wallsGapped, exteriorPolygon };
}

function dot(a: Pt, b: Pt): number {
  return a[0] * b[0] + a[1] * b[1];
}

function distToSeg(p: Pt, a: Pt, b: Pt): number {
  const ab = sub(b, a);
  const t = Math.max(0, Math.min(1, dot(sub(p, a), ab) / dot(ab, ab)));
  const c = add(a, mul(ab, t));
  return Math.hypot(p[0] - c[0], p[1] - c[1]);
}

/** Splits the closed exterior ring at the openings on it into open polylines (or keeps it closed). */
function splitRing(ring: Ring, gaps: OpeningModel[]): { closed: boolean; pts: Ring }[] {
  if (!gaps.length) return [{ closed: true, pts: ring }];
  // Walk the ring as a list of points tagged with gap starts/ends, then cut.
  type Ev = { p: Pt; kind: 'v' | 'start' | 'end' };
  const evs: Ev[] = [];
  ring.forEach((p, k) => {
    const q = ring[(k + 1) % ring.length];
    const u = unit(sub(q, p));
    evs.push({ p, kind: 'v' });
    gaps
      .filter((g) => distToSeg(g.center, p, q) < 1)
      .map((g) => ({ g, d: dot(sub(g.center, p), u) }))
      .sort((a, b) => a.d - b.d)
      .forEach(({ g, d }) => {
        evs.push({ p: add(p, mul(u, d - g.width / 2)), kind: 'start' });
        evs.push({ p: add(p, mul(u, d + g.width / 2)), kind: 'end' });
      });
  });
  const first = evs.findIndex((e) => e.kind === 'end');
  const pieces: { closed: boolean; pts: Ring }[] = [];
  let cur: Ring = [];
  for (let i = 0; i < evs.length; i++) {
    const e = evs[(first + i) % evs.length];
    if (e.kind === 'start') {
      cur.push(e.p);
      pieces.push({ closed: false, pts: cur });
      cur = [];
    } else cur.push(e.p);
  }
  return pieces;
}

const WINDOW_HEIGHTS = [600, 900, 1200, 1500, 2100];
const DOOR_HEIGHTS = [2040, 2100, 2340];

function applyTags(rng: Rng, openings: OpeningModel[], style: TagStyle): void {
  if (style === 'none') return;
  for (const o of openings) {
    if (o.subtype === 'opening') continue;
    const h = o.kind === 'door' ? rng.pick(DOOR_HEIGHTS) : rng.pick(WINDOW_HEIGHTS);
    o.tag = o.id;
    if (style === 'code') continue;
    o.height = h;
    if (style === 'code-hw') o.tagText = `${o.id} ${h}H x ${o.width}W`;
    else if (style === 'hw-prefix') o.tagText = `${o.id} H${h} x W${o.width}`;
    else o.tagText = o.kind === 'door' ? `${h} x ${o.width}` : `${o.id} H${h} x W${o.width}`;
    if (style === 'hxw' && o.kind === 'door') o.tag = '';
  }
  for (const o of openings) if (style === 'code' && o.tag) o.tagText = o.tag;
}
