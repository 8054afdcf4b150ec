import type { PointMm, ResultDto } from '../api/measure-api';

/** The frame the overlay draws in: the page in mm (from metadata), else the rooms' bounding box with a margin. */
export function planFrameMm(result: ResultDto): { x: number; y: number; w: number; h: number } {
  const { page_width_mm: w, page_height_mm: h } = result.metadata;
  if (w && h) return { x: 0, y: 0, w, h };
  const pts = [...result.rooms.flatMap((r) => r.polygon ?? []), ...(result.outside_detection?.exterior_polygon ?? [])];
  if (!pts.length) return { x: 0, y: 0, w: 1000, h: 1000 };
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const pad = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) * 0.05;
  return { x: Math.min(...xs) - pad, y: Math.min(...ys) - pad, w: Math.max(...xs) - Math.min(...xs) + 2 * pad, h: Math.max(...ys) - Math.min(...ys) + 2 * pad };
}

/** Where a room's label goes. */
export function centroidMm(p: PointMm[]): PointMm {
  // Area-weighted centroid so labels sit inside L-shaped rooms more often than the vertex mean would.
  let a = 0, cx = 0, cy = 0;
  for (let i = 0; i < p.length; i++) {
    const [x0, y0] = p[i];
    const [x1, y1] = p[(i + 1) % p.length];
    const f = x0 * y1 - x1 * y0;
    a += f; cx += (x0 + x1) * f; cy += (y0 + y1) * f;
  }
  if (Math.abs(a) < 1e-9) return [p.reduce((s, q) => s + q[0], 0) / p.length, p.reduce((s, q) => s + q[1], 0) / p.length];
  return [cx / (3 * a), cy / (3 * a)];
}

