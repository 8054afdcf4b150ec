/**
 * Draws an engine result over the rendered PDF page (PNG), so a person can check it by eye: rooms in
 * colour with their labels, doors red, windows blue, exterior outline thick; optionally the truth rooms
 * dashed green and the truth openings ringed. Bench-only (the engine has its own overlay for the CLI).
 */
import { writeFileSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import type { AnalysisResult } from '../src/types.js';
import type { PlanTruth } from './truth.js';

/** Longest side of an overlay in pixels; OVERLAY_MAX_PX raises it to look at a dense A0 sheet up close. */
const MAX_SIDE_PX = Number(process.env.OVERLAY_MAX_PX) || 2400;

/** A point to mark on the overlay (mm frame), e.g. a truth anchor. */
export interface OverlayMark { at: [number, number]; color: string; text: string }

export async function writeOverlay(pdf: Uint8Array, pageNo: number, result: AnalysisResult, outPng: string, truth?: PlanTruth, marks: OverlayMark[] = []): Promise<void> {
  const pdfjs = await import('../src/source/pdfjs.js');
  const doc = await pdfjs.getDocument({ data: pdf, verbosity: 0, isEvalSupported: false }).promise;
  try {
    const page = await doc.getPage(pageNo);
    const base = page.getViewport({ scale: 1 });
    const pxPerPt = Math.min(3, MAX_SIDE_PX / Math.max(base.width, base.height));
    const viewport = page.getViewport({ scale: pxPerPt });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvasContext: ctx as never, viewport, canvas: canvas as never }).promise;
    const mmPerPt = result.metadata?.mm_per_pt;
    if (!mmPerPt) throw new Error('result has no metadata.mm_per_pt');
    const px = (p: [number, number]): [number, number] => [(p[0] / mmPerPt) * pxPerPt, (p[1] / mmPerPt) * pxPerPt];
    const path = (pts: [number, number][]) => {
      ctx.beginPath();
      pts.forEach((p, i) => (i ? ctx.lineTo(...px(p)) : ctx.moveTo(...px(p))));
      ctx.closePath();
    };
    if (truth)
      for (const r of truth.rooms) {
        path(r.polygon);
        ctx.setLineDash([8, 6]);
        ctx.strokeStyle = 'rgba(0,160,0,0.9)';
        ctx.lineWidth = 2;
        ctx.stroke();
        ctx.setLineDash([]);
      }
    result.rooms.forEach((room, i) => {
      if (!room.polygon?.length) return;
      const hue = (i * 67) % 360;
      path(room.polygon);
      ctx.fillStyle = `hsla(${hue},80%,55%,0.25)`;
      ctx.fill();
      ctx.strokeStyle = `hsl(${hue},80%,35%)`;
      ctx.lineWidth = 1.5;
      ctx.stroke();
      const xs = room.polygon.map((p) => p[0]);
      const ys = room.polygon.map((p) => p[1]);
      const [cx, cy] = px([(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2]);
      ctx.fillStyle = '#000';
      ctx.font = '14px sans-serif';
      ctx.fillText(`${room.label || '?'} ${(room.ceiling_area / 1e6).toFixed(1)}m²`, cx - 40, cy);
    });
    const openings = [...result.rooms.flatMap((r) => [...(r.doors ?? []), ...(r.windows ?? [])])];
    for (const o of openings) {
      if (!o.segment) continue;
      ctx.beginPath();
      ctx.moveTo(...px(o.segment[0]));
      ctx.lineTo(...px(o.segment[1]));
      ctx.strokeStyle = o.kind === 'window' ? '#06f' : '#e00';
      ctx.lineWidth = 4;
      ctx.stroke();
    }
    // truth openings: a ring (green door, cyan window) round each, so misses and extras show beside the found ones
    for (const o of truth?.openings ?? []) {
      const [x, y] = px(o.position);
      ctx.beginPath();
      ctx.arc(x, y, Math.max(6, (o.width / 2 / mmPerPt) * pxPerPt), 0, 2 * Math.PI);
      ctx.strokeStyle = o.kind === 'window' ? 'rgba(0,170,200,0.9)' : 'rgba(0,150,0,0.9)';
      ctx.lineWidth = 2;
      ctx.stroke();
    }
    const ext = result.outside_detection?.exterior_polygon;
    if (ext?.length) {
      path(ext);
      ctx.strokeStyle = 'rgba(255,120,0,0.9)';
      ctx.lineWidth = 3;
      ctx.stroke();
    }
    for (const m of marks) {
      const [x, y] = px(m.at);
      ctx.beginPath();
      ctx.arc(x, y, 6, 0, 2 * Math.PI);
      ctx.fillStyle = m.color;
      ctx.fill();
      ctx.font = 'bold 12px sans-serif';
      ctx.fillText(m.text, x + 8, y + 4);
    }
    writeFileSync(outPng, canvas.toBuffer('image/png'));
  } finally {
    await doc.destroy();
  }
}
