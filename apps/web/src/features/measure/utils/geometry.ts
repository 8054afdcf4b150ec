import type { PointMm, ResultDto } from '../api/measure-api';

/** Margin around the measured drawing, as a share of its larger side (room for the plan's dimension lines). */
const FRAME_MARGIN = 0.08;

/**
 * The frame the plan is shown in (mm, page coordinates): the measured drawing (rooms, exterior outline,
 * openings) with a margin, kept on the page. A plan sheet is mostly title block and white paper, so framing
 * the building makes its rooms readable at first sight. Without geometry, the whole page.
 */
export function planFrameMm(result: ResultDto): { x: number; y: number; w: number; h: number } {
  const { page_width_mm: pw, page_height_mm: ph } = result.metadata;
  const pts: PointMm[] = [
    ...result.rooms.flatMap((r) => r.polygon ?? []),
    ...(result.outside_detection?.exterior_polygon ?? []),
  ];
  if (!pts.length) return pw && ph ? { x: 0, y: 0, w: pw, h: ph } : { x: 0, y: 0, w: 1000, h: 1000 };
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const pad = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) * FRAME_MARGIN;
  let x0 = Math.min(...xs) - pad;
  let y0 = Math.min(...ys) - pad;
  let x1 = Math.max(...xs) + pad;
  let y1 = Math.max(...ys) + pad;
  if (pw && ph) {
    x0 = Math.max(0, x0); y0 = Math.max(0, y0); x1 = Math.min(pw, x1); y1 = Math.min(ph, y1);
  }
  return { x: x0, y: y0, w: Math.max(1, x1 - x0), h: Math.max(1, y1 - y0) };
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

function inside([x, y]: PointMm, poly: PointMm[]): boolean {
  let hit = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

/**
 * Where a room's name tag goes: `insetMm` below the top of the room, so it does not cover the name printed
 * in the middle of the room on the plan itself; the centroid when that spot is not inside the room.
 */
export function tagPlaceMm(poly: PointMm[], insetMm: number): PointMm {
  const [cx, cy] = centroidMm(poly);
  const top = Math.min(...poly.map((p) => p[1]));
  const spot: PointMm = [cx, Math.min(cy, top + insetMm)];
  return inside(spot, poly) ? spot : [cx, cy];
}

/**
 * The spaces inside the building that no room holds (the `areas_mm` of warning `unmeasured_space`), less those the
 * user has since drawn a room over (their middle in a room).
 */
export function unmeasuredAreas(warnings: ResultDto['warnings'], rooms: { polygon?: PointMm[] }[]): PointMm[][] {
  return (warnings ?? []).flatMap((w) => w.areas_mm ?? [])
    .filter((a) => a.length > 2 && !rooms.some((r) => r.polygon && r.polygon.length > 2 && inside(centroidMm(a), r.polygon)));
}
