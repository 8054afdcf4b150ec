/** Checks of a room outline drawn or edited by a person (the server refuses what fails; the editor warns). */
import type { PointMm } from '../types.js';
import { polyArea } from '../core/geometry.js';

/** No room outline needs more corners; more is a mistake or an attempt to make the server work hard. */
export const MAX_POLYGON_POINTS = 2000;
/** The smallest room the editor keeps (mm²): 0.01 m². */
const MIN_ROOM_AREA_MM2 = 10_000;
/** How far (mm) outside the page a corner may be put (a wall face on the page's edge). */
const PAGE_MARGIN_MM = 1;

export interface PageBoundsMm { widthMm: number; heightMm: number }

/**
 * Why a polygon is not a usable room outline, in words for the user, or null when it is one: at least three
 * corners, at most MAX_POLYGON_POINTS, finite numbers, inside the page, a real area, no edge crossing another.
 * A repeated first point at the end (an explicitly closed ring) is accepted.
 */
export function polygonProblem(polygon: PointMm[], page: PageBoundsMm): string | null {
  let pts = polygon;
  if (pts.length > 1 && pts[0][0] === pts[pts.length - 1][0] && pts[0][1] === pts[pts.length - 1][1]) pts = pts.slice(0, -1);
  if (pts.length < 3) return 'A room needs at least 3 corners.';
  if (pts.length > MAX_POLYGON_POINTS) return `A room can have at most ${MAX_POLYGON_POINTS} corners.`;
  if (pts.some((p) => !Number.isFinite(p[0]) || !Number.isFinite(p[1]))) return 'Every corner needs two numbers (x and y in millimetres).';
  const outside = pts.findIndex(([x, y]) => x < -PAGE_MARGIN_MM || y < -PAGE_MARGIN_MM || x > page.widthMm + PAGE_MARGIN_MM || y > page.heightMm + PAGE_MARGIN_MM);
  if (outside >= 0) return `Corner ${outside + 1} is outside the page.`;
  for (let i = 0; i < pts.length; i++) {
    const j = (i + 1) % pts.length;
    if (pts[i][0] === pts[j][0] && pts[i][1] === pts[j][1]) return `Corners ${i + 1} and ${j + 1} are the same point.`;
  }
  const crossing = selfCrossing(pts);
  if (crossing) return `The room's outline crosses itself (edges ${crossing[0] + 1} and ${crossing[1] + 1}).`;
  if (Math.abs(polyArea(pts)) < MIN_ROOM_AREA_MM2) return 'The room has almost no area.';
  return null;
}

/** The first two non-adjacent edges that touch or cross, or null. Edges sorted by x so most pairs are skipped. */
function selfCrossing(pts: PointMm[]): [number, number] | null {
  const n = pts.length;
  const edges = pts.map((a, i) => {
    const b = pts[(i + 1) % n];
    return { i, a, b, x0: Math.min(a[0], b[0]), x1: Math.max(a[0], b[0]), y0: Math.min(a[1], b[1]), y1: Math.max(a[1], b[1]) };
  }).sort((p, q) => p.x0 - q.x0);
  for (let s = 0; s < n; s++) {
    const e = edges[s];
    for (let t = s + 1; t < n && edges[t].x0 <= e.x1; t++) {
      const f = edges[t];
      if (f.y0 > e.y1 || f.y1 < e.y0) continue;
      const adjacent = Math.abs(e.i - f.i) === 1 || Math.abs(e.i - f.i) === n - 1;
      if (adjacent ? overlapsAlong(e.a, e.b, f.a, f.b) : segmentsTouch(e.a, e.b, f.a, f.b)) return [Math.min(e.i, f.i), Math.max(e.i, f.i)];
    }
  }
  return null;
}

const cross = (o: PointMm, a: PointMm, b: PointMm) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
const onSeg = (p: PointMm, a: PointMm, b: PointMm) =>
  Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);

function segmentsTouch(a: PointMm, b: PointMm, c: PointMm, d: PointMm): boolean {
  const d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (d1 === 0 && onSeg(a, c, d)) || (d2 === 0 && onSeg(b, c, d)) || (d3 === 0 && onSeg(c, a, b)) || (d4 === 0 && onSeg(d, a, b));
}

/** Adjacent edges share a corner; they are bad only when they fold back onto each other. */
function overlapsAlong(a: PointMm, b: PointMm, c: PointMm, d: PointMm): boolean {
  if (cross(a, b, c) !== 0 || cross(a, b, d) !== 0) return false;
  const shared = [a, b].find((p) => (p[0] === c[0] && p[1] === c[1]) || (p[0] === d[0] && p[1] === d[1]));
  if (!shared) return false;
  const u = a === shared ? b : a, v = (c[0] === shared[0] && c[1] === shared[1]) ? d : c;
  return (u[0] - shared[0]) * (v[0] - shared[0]) + (u[1] - shared[1]) * (v[1] - shared[1]) > 0;
}
