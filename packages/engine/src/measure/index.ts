/**
 * The engine's quantities, apart from detection: what a room measures given its polygon (site mm), its
 * openings and the ceiling height. Pure and browser-safe (no pdf.js, no node imports) so that the web
 * editor re-measures a dragged room with exactly the code the server uses.
 * Import it as `@plansight/engine/measure`.
 */
import { EndType, FillRule, JoinType, inflatePaths, intersect, union } from 'clipper2-ts';
import type { PointMm, RoomQuantities } from '../types.js';

export type { RoomQuantities } from '../types.js';
import { bbox, distToSeg, fromPath, hypot, polyArea, polyPerimeter, toPath } from '../core/geometry.js';

export { polyArea, polyPerimeter, pointInPoly, distToSeg, bbox } from '../core/geometry.js';
export { printedAreaChecks, PRINTED_AREA_TOLERANCE, type PrintedAreaCheck } from './printed-area.js';

/** Width and height (mm) of a window or door. */
export interface OpeningSize { width: number; height: number }

/** Measures a room from its outline, its windows and doors, and the ceiling height (mm). */
export function measureRoom(polygon: PointMm[], openings: { windows: OpeningSize[]; doors: OpeningSize[] }, ceilingHeightMm: number): RoomQuantities {
  const perimeter = polyPerimeter(polygon);
  const wall = Math.round(perimeter * ceilingHeightMm);
  const windows = Math.round(openingsArea(openings.windows));
  const doors = Math.round(openingsArea(openings.doors));
  return {
    perimeter_mm: Math.round(perimeter), ceiling_area: Math.round(Math.abs(polyArea(polygon))),
    total_wall_surface_area: wall, total_window_area: windows, total_door_area: doors,
    net_wall_area: Math.max(0, wall - windows - doors),
  };
}

/** Sum of width × height (mm²). */
export const openingsArea = (list: OpeningSize[]) => list.reduce((s, o) => s + o.width * o.height, 0);

/** The outside walls: the exterior outline's length (mm) and its wall area up to the ceiling (mm²). */
export function measureOutsideWalls(exterior: PointMm[], ceilingHeightMm: number): { total_walls_mm: number; total_wall_area_mm2: number } {
  const length = exterior.length >= 3 ? polyPerimeter(exterior) : 0;
  return { total_walls_mm: Math.round(length), total_wall_area_mm2: Math.round(length * ceilingHeightMm) };
}

/** Sums the quantities of the given rooms. */
export function sumQuantities(rooms: RoomQuantities[]): RoomQuantities {
  const sum = (f: (r: RoomQuantities) => number) => rooms.reduce((a, r) => a + f(r), 0);
  return {
    perimeter_mm: sum((r) => r.perimeter_mm), ceiling_area: sum((r) => r.ceiling_area),
    total_wall_surface_area: sum((r) => r.total_wall_surface_area), total_window_area: sum((r) => r.total_window_area),
    total_door_area: sum((r) => r.total_door_area), net_wall_area: sum((r) => r.net_wall_area),
  };
}

/** Centroid of a simple polygon (area-weighted; the vertex mean for a degenerate one). */
export function centroid(polygon: PointMm[]): PointMm {
  let a = 0, cx = 0, cy = 0;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const f = polygon[j][0] * polygon[i][1] - polygon[i][0] * polygon[j][1];
    a += f;
    cx += (polygon[j][0] + polygon[i][0]) * f;
    cy += (polygon[j][1] + polygon[i][1]) * f;
  }
  if (Math.abs(a) < 1e-9) {
    const n = polygon.length || 1;
    return [polygon.reduce((s, p) => s + p[0], 0) / n, polygon.reduce((s, p) => s + p[1], 0) / n];
  }
  return [cx / (3 * a), cy / (3 * a)];
}

/** Rounding of the centroid (mm) and area (mm², 0.01 m²) that make a room's id: small noise keeps the id. */
const ID_CENTROID_STEP_MM = 50;
const ID_AREA_STEP_MM2 = 10_000;

/**
 * A room's id from its geometry alone (a short hash of its rounded centroid and area), so that it stays the
 * same when another room appears or disappears. `taken` resolves the (unlikely) clash of two equal rooms.
 */
export function roomIdOf(polygon: PointMm[], taken?: Set<string>): string {
  const [cx, cy] = centroid(polygon);
  const key = `${Math.round(cx / ID_CENTROID_STEP_MM)}:${Math.round(cy / ID_CENTROID_STEP_MM)}:${Math.round(Math.abs(polyArea(polygon)) / ID_AREA_STEP_MM2)}`;
  const base = `room-${fnv1a(key)}`;
  let id = base;
  for (let n = 2; taken?.has(id); n++) id = `${base}-${n}`;
  taken?.add(id);
  return id;
}

function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36).padStart(7, '0');
}

/** Clipper works in integers: polygons are scaled up so sub-millimetre shapes (page points) stay exact enough. */
const CLIP_SCALE = 100;
const scaled = (p: PointMm[]) => toPath(p.map(([x, y]) => [x * CLIP_SCALE, y * CLIP_SCALE]));
const unscaled = (p: ReturnType<typeof toPath>): PointMm[] => fromPath(p).map(([x, y]) => [x / CLIP_SCALE, y / CLIP_SCALE]);

/** Intersection over union of two simple polygons (0 when apart, 1 when equal). */
export function polygonIoU(a: PointMm[], b: PointMm[]): number {
  const areaA = Math.abs(polyArea(a)), areaB = Math.abs(polyArea(b));
  if (areaA === 0 || areaB === 0) return 0;
  const ba = bbox(a), bb = bbox(b);
  if (ba.x1 < bb.x0 || bb.x1 < ba.x0 || ba.y1 < bb.y0 || bb.y1 < ba.y0) return 0;
  const inter = intersect([scaled(a)], [scaled(b)], FillRule.NonZero)
    .reduce((s, p) => s + Math.abs(polyArea(fromPath(p))), 0) / (CLIP_SCALE * CLIP_SCALE);
  return inter / (areaA + areaB - inter);
}

/** A polygon on the page for which no better match exists scores at most this IoU and is left unmatched. */
export const MIN_MATCH_IOU = 0.5;

/** The candidate overlapping `target` most (IoU ≥ MIN_MATCH_IOU), or -1. */
export function bestOverlap(target: PointMm[], candidates: PointMm[][]): number {
  let best = -1, bestIoU = MIN_MATCH_IOU;
  candidates.forEach((c, i) => {
    const iou = polygonIoU(target, c);
    if (iou >= bestIoU) { best = i; bestIoU = iou; }
  });
  return best;
}

/** Two rooms closer than this (mm) count as neighbours when merged (the wall between them is bridged). */
export const MERGE_GAP_MM = 400;

/**
 * The outline of two neighbouring rooms as one room: the wall between them filled (both grown by half the
 * gap, united, shrunk back). Null when they are not neighbours (the union is still two pieces).
 */
export function mergePolygons(a: PointMm[], b: PointMm[], gapMm = MERGE_GAP_MM): PointMm[] | null {
  const half = (gapMm / 2) * CLIP_SCALE;
  const grown = inflatePaths([scaled(a), scaled(b)], half, JoinType.Miter, EndType.Polygon, 4);
  const joined = union(grown, FillRule.NonZero);
  if (joined.length !== 1) return null;
  const back = inflatePaths(joined, -half, JoinType.Miter, EndType.Polygon, 4);
  if (back.length !== 1) return null;
  return simplify(unscaled(back[0]));
}

/** Splits a room with the line through `a` and `b`: the two pieces, or null when the line misses it. */
export function splitPolygon(polygon: PointMm[], a: PointMm, b: PointMm): [PointMm[], PointMm[]] | null {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const len = hypot(dx, dy);
  if (len === 0) return null;
  const box = bbox(polygon);
  const far = (box.w + box.h + len) * 4;
  const ux = dx / len, uy = dy / len;
  const p0: PointMm = [a[0] - ux * far, a[1] - uy * far], p1: PointMm = [a[0] + ux * far, a[1] + uy * far];
  const side = (s: number): PointMm[] => [p0, p1, [p1[0] - uy * far * s, p1[1] + ux * far * s], [p0[0] - uy * far * s, p0[1] + ux * far * s]];
  const pieces = [1, -1].map((s) => intersect([scaled(polygon)], [scaled(side(s))], FillRule.NonZero));
  if (pieces.some((p) => p.length !== 1)) return null;
  const [left, right] = pieces.map((p) => simplify(unscaled(p[0])));
  if (Math.abs(polyArea(left)) < 1 || Math.abs(polyArea(right)) < 1) return null;
  return [left, right];
}

/** Drops repeated points and points on a straight line between their neighbours. */
export function simplify(polygon: PointMm[], tolMm = 0.5): PointMm[] {
  const out: PointMm[] = [];
  for (const p of polygon) {
    const last = out[out.length - 1];
    if (!last || hypot(p[0] - last[0], p[1] - last[1]) > tolMm) out.push(p);
  }
  if (out.length > 1 && hypot(out[0][0] - out[out.length - 1][0], out[0][1] - out[out.length - 1][1]) <= tolMm) out.pop();
  for (let i = 0; out.length > 3 && i < out.length;) {
    const prev = out[(i + out.length - 1) % out.length], next = out[(i + 1) % out.length];
    if (distToSeg(out[i][0], out[i][1], prev, next) <= tolMm) out.splice(i, 1);
    else i++;
  }
  return out;
}

export { polygonProblem, MAX_POLYGON_POINTS, type PageBoundsMm } from './validate.js';
