/**
 * Parapets and railings of an outdoor space. A plan that cuts its walls as fills draws what stands below the
 * cut plane (a loggia's parapet, a railing, a planter on the slab edge) in lines, like furniture; pairs of its
 * lines are as far apart as a wall's faces and seal the loggia like a wall. The printed net area of a loggia or
 * a balcony runs to the slab edge under them: a side of the room whose drawn edge has the open air beyond it,
 * across lines only (no cut fill, no opening's closure, no other room), moves out to where the open air starts.
 */
import { union, FillRule } from 'clipper2-ts';
import type { PointMm } from '../types.js';
import { fromPath, hypot, pointInPoly, polyArea, toPath } from './geometry.js';

/** A side of the room at least this long is looked across (mm): a parapet runs along a side. */
const SIDE_MIN_MM = 800;
/** The deepest parapet or railing crossed to reach the open air (mm): a wall's thickness. */
const PARAPET_MAX_MM = 400;
/** The shallowest: less is the outline pen of the room's own edge (mm). */
const PARAPET_MIN_MM = 40;
/** Step of the march outwards (mm). */
const STEP_MM = 10;
const SIDE_SAMPLES = 9;
/** Share of the samples along a side that must reach the open air across lines only. */
const SIDE_SHARE = 0.8;
/** Samples reaching the open air at depths within this of their median agree on one parapet (mm). */
const DEPTH_AGREE_MM = 40;

export interface RailingWorld {
  /** p lies in no wall and no enclosed space: the open air. */
  open: (p: PointMm) => boolean;
  /** p lies in something a parapet's lines are not: a cut fill, an opening's closure, another enclosed space. */
  blocked: (p: PointMm) => boolean;
}

/**
 * The outdoor room `room` with each side that is drawn with lines only between it and the open air moved out
 * to the open air (the slab edge).
 */
export function overRailings(room: PointMm[], world: RailingWorld): PointMm[] {
  const adds: PointMm[][] = [];
  for (let i = 0; i < room.length; i++) {
    const a = room[i], b = room[(i + 1) % room.length];
    const len = hypot(b[0] - a[0], b[1] - a[1]);
    if (len < SIDE_MIN_MM) continue;
    const ux = (b[0] - a[0]) / len, uy = (b[1] - a[1]) / len;
    // the normal pointing away from the room
    const m: PointMm = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const sgn = pointInPoly(m[0] - uy * STEP_MM, m[1] + ux * STEP_MM, room) ? -1 : 1;
    const nx = -uy * sgn, ny = ux * sgn;
    const depths: number[] = [];
    for (let k = 0; k < SIDE_SAMPLES; k++) {
      const t = ((k + 0.5) / SIDE_SAMPLES) * len;
      const q: PointMm = [a[0] + ux * t, a[1] + uy * t];
      for (let s = STEP_MM; s <= PARAPET_MAX_MM; s += STEP_MM) {
        const p: PointMm = [q[0] + nx * s, q[1] + ny * s];
        if (world.open(p)) { depths.push(s); break; }
        if (world.blocked(p)) break;
      }
    }
    if (depths.length < SIDE_SHARE * SIDE_SAMPLES) continue;
    depths.sort((x, y) => x - y);
    const d = depths[depths.length >> 1];
    if (d < PARAPET_MIN_MM || depths.filter((x) => Math.abs(x - d) <= DEPTH_AGREE_MM).length < SIDE_SHARE * SIDE_SAMPLES) continue;
    // (to the last point before the open air)
    const e = d - STEP_MM / 2;
    adds.push([a, b, [b[0] + nx * e, b[1] + ny * e], [a[0] + nx * e, a[1] + ny * e]]);
  }
  if (!adds.length) return room;
  // (all rings one way round for the union, and the room's own way round after it)
  const ccw = (r: PointMm[]) => (polyArea(r) < 0 ? [...r].reverse() : r);
  const merged = union([room, ...adds].map(ccw).map(toPath), FillRule.NonZero).map(fromPath);
  // the piece holding the room (its largest ring)
  const out = merged.reduce((best, r) => (Math.abs(polyArea(r)) > Math.abs(polyArea(best)) ? r : best), merged[0]);
  return Math.sign(polyArea(out)) === Math.sign(polyArea(room)) ? out : [...out].reverse();
}
