import { describe, expect, it } from 'vitest';
import { newMask } from './bitmap.js';
import { cropArray, drawingBox } from './crop.js';

describe('the drawing box of a scanned page', () => {
  it('holds the drawing with a margin and ignores scattered specks', () => {
    const m = newMask(400, 300);
    // a drawn rectangle x 100..249, y 80..199, and single-pixel specks near the corners of the page
    for (let x = 100; x <= 249; x++) { m.data[80 * 400 + x] = 1; m.data[199 * 400 + x] = 1; }
    for (let y = 80; y <= 199; y++) { m.data[y * 400 + 100] = 1; m.data[y * 400 + 249] = 1; }
    for (const [x, y] of [[3, 4], [395, 290], [10, 280], [390, 8]]) m.data[y * 400 + x] = 1;
    expect(drawingBox(m, 3, 16)).toEqual({ x0: 84, y0: 64, x1: 265, y1: 215 });
  });

  it('stays inside the page and is null on a page without ink', () => {
    const m = newMask(50, 40);
    for (let x = 0; x < 50; x++) m.data[2 * 50 + x] = m.data[3 * 50 + x] = m.data[4 * 50 + x] = 1;
    for (let y = 0; y < 40; y++) m.data[y * 50 + 1] = 1;
    expect(drawingBox(m, 3, 16)).toEqual({ x0: 0, y0: 0, x1: 49, y1: 20 });
    expect(drawingBox(newMask(50, 40))).toBeNull();
  });

  it('crops a row-major image to the box', () => {
    const a = Float32Array.from({ length: 20 }, (_, i) => i); // 5 x 4
    expect(Array.from(cropArray(a, 5, { x0: 1, y0: 1, x1: 3, y1: 2 }))).toEqual([6, 7, 8, 11, 12, 13]);
  });
});
