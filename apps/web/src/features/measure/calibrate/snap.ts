/** Snapping a clicked point to the drawing: line ends first, then the nearest point on a line (a wall face). */
import type { PointMm } from '../api/measure-api';

/** A drawn line [x1, y1, x2, y2] in the frame of the points snapped. */
export type DrawnLine = [number, number, number, number];
export type SnapKind = 'corner' | 'end' | 'edge' | 'line';
export interface Snap { point: PointMm; kind: SnapKind; dist: number }

/** The nearest point of segment a-b to p. */
export function nearestOnSegment(p: PointMm, a: PointMm, b: PointMm): PointMm {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const l2 = dx * dx + dy * dy || 1;
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2));
  return [a[0] + t * dx, a[1] + t * dy];
}

/** The nearest line end within `radius`, else (with `along`) the nearest point on a line within it; null when none. */
export function snapToLines(p: PointMm, lines: readonly DrawnLine[], radius: number, along = true): Snap | null {
  let end: Snap | null = null, on: Snap | null = null;
  for (const [x1, y1, x2, y2] of lines) {
    // lines far from the point in both axes cannot be within the radius
    if (Math.min(x1, x2) - radius > p[0] || Math.max(x1, x2) + radius < p[0] || Math.min(y1, y2) - radius > p[1] || Math.max(y1, y2) + radius < p[1]) continue;
    for (const q of [[x1, y1], [x2, y2]] as PointMm[]) {
      const d = Math.hypot(q[0] - p[0], q[1] - p[1]);
      if (d <= radius && (!end || d < end.dist)) end = { point: q, kind: 'end', dist: d };
    }
    if (along) {
      const q = nearestOnSegment(p, [x1, y1], [x2, y2]);
      const d = Math.hypot(q[0] - p[0], q[1] - p[1]);
      if (d <= radius && (!on || d < on.dist)) on = { point: q, kind: 'line', dist: d };
    }
  }
  return end ?? on;
}

/** Lines from page points into another frame (mm of the result: `k` mm per point). */
export const linesInFrame = (lines: readonly DrawnLine[], k: number): DrawnLine[] => lines.map(([a, b, c, d]) => [a * k, b * k, c * k, d * k]);
