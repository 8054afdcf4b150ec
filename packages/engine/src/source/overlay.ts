/** Draws what the engine found over the rendered page: rooms (filled, labelled), exterior, doors, windows. */
import { renderPageCanvas } from './render.js';
import type { AnalysisResult, PointMm } from '../types.js';

const COLORS = ['#3b82f6', '#10b981', '#f59e0b', '#ef4444', '#8b5cf6', '#06b6d4', '#ec4899', '#84cc16'];

export async function drawOverlay(bytes: Uint8Array, pageNo: number, result: AnalysisResult, maxWidthPx = 1600): Promise<Buffer> {
  const { canvas, ctx, pxPerPt } = await renderPageCanvas(bytes, pageNo, { maxWidthPx });
  const s = pxPerPt / result.metadata.mm_per_pt; // px per site mm
  const path = (pts: PointMm[]) => {
    ctx.beginPath();
    pts.forEach(([x, y], i) => (i ? ctx.lineTo(x * s, y * s) : ctx.moveTo(x * s, y * s)));
    ctx.closePath();
  };
  result.rooms.forEach((r, i) => {
    const c = COLORS[i % COLORS.length];
    path(r.polygon);
    ctx.globalAlpha = 0.25; ctx.fillStyle = c; ctx.fill();
    ctx.globalAlpha = 0.9; ctx.strokeStyle = c; ctx.lineWidth = 2; ctx.stroke();
  });
  ctx.globalAlpha = 1;
  if (result.outside_detection.exterior_polygon.length) {
    path(result.outside_detection.exterior_polygon);
    ctx.strokeStyle = '#dc2626'; ctx.lineWidth = 3; ctx.setLineDash([8, 4]); ctx.stroke(); ctx.setLineDash([]);
  }
  for (const r of result.rooms) {
    const cx = r.polygon.reduce((a, p) => a + p[0], 0) / r.polygon.length * s;
    const cy = r.polygon.reduce((a, p) => a + p[1], 0) / r.polygon.length * s;
    ctx.font = 'bold 12px sans-serif'; ctx.fillStyle = '#111827';
    ctx.fillText(`${r.id} ${r.label}`.slice(0, 30), cx - 30, cy);
    ctx.font = '11px sans-serif';
    ctx.fillText(`${(r.ceiling_area / 1e6).toFixed(1)} m²`, cx - 30, cy + 13);
  }
  const all = result.rooms.flatMap((r) => [...r.doors, ...r.windows]).concat(result.outside_detection.outside_doors, result.outside_detection.outside_windows);
  const seen = new Set<string>();
  for (const o of all) {
    if (seen.has(o.id)) continue;
    seen.add(o.id);
    ctx.beginPath();
    ctx.moveTo(o.segment[0][0] * s, o.segment[0][1] * s);
    ctx.lineTo(o.segment[1][0] * s, o.segment[1][1] * s);
    ctx.strokeStyle = o.kind === 'door' ? '#9333ea' : '#0891b2'; ctx.lineWidth = 5; ctx.stroke();
  }
  return canvas.toBuffer('image/png');
}
