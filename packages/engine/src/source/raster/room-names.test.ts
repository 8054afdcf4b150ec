import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { Regions } from './regions.js';
import { writingBox } from './room-names.js';

/** A 150 dpi room (one free region filling the page) holding a word, a table and a door swing, or only furniture. */
function room(word: boolean) {
  const w = 600, h = 400;
  const c = createCanvas(w, h);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, w, h);
  ctx.strokeStyle = ctx.fillStyle = '#000';
  ctx.lineWidth = 2;
  ctx.strokeRect(380, 200, 180, 120); // a table, 30 x 20 mm on paper
  ctx.beginPath();
  ctx.arc(60, 380, 150, -Math.PI / 2, 0); // a door swing
  ctx.stroke();
  ctx.font = '20px sans-serif';
  if (word) ctx.fillText('KITCHEN', 250, 120);
  const rgba = ctx.getImageData(0, 0, w, h).data;
  const grey = new Uint8Array(w * h), ink = new Uint8Array(w * h);
  for (let i = 0; i < grey.length; i++) { grey[i] = rgba[4 * i]; ink[i] = rgba[4 * i] < 128 ? 1 : 0; }
  const regions: Regions = { rooms: [], exterior: [], labels: new Int32Array(w * h).fill(1) };
  return { regions, scan: { grey, ink, w, h, paperMmPerPx: 25.4 / 150, toMm: (p: [number, number]) => p } };
}

describe('the room writing OCR reads', () => {
  it('is the box of the letters, not the room with its furniture and door swing', () => {
    const { regions, scan } = room(true);
    const box = writingBox(regions, 1, scan, 0, 0, scan.w - 1, scan.h - 1)!;
    expect(box.x0).toBeGreaterThan(220);
    expect(box.x1).toBeLessThan(370);
    expect(box.y0).toBeGreaterThan(80);
    expect(box.y1).toBeLessThan(150);
  });

  it('is nothing in a room with furniture only', () => {
    const { regions, scan } = room(false);
    expect(writingBox(regions, 1, scan, 0, 0, scan.w - 1, scan.h - 1)).toBeNull();
  });
});
