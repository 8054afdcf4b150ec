import { describe, expect, it } from 'vitest';
import { newMask } from './bitmap.js';
import { CROP_MARGIN_PX, cropArray, drawingBox, wallsBox } from './crop.js';

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

  it("keeps to the walls' part of the drawing, without a sheet's frame drawn whole or in pieces", () => {
    const W = 1000, H = 700;
    const fill = (m: ReturnType<typeof newMask>, x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) m.data[y * W + x] = 1;
    };
    // a small building: walls 10 px thick round x 400..599, y 200..349, an inner wall at x 495..504
    const building = (m: ReturnType<typeof newMask>) => {
      fill(m, 400, 200, 599, 209); fill(m, 400, 340, 599, 349); fill(m, 400, 200, 409, 349); fill(m, 590, 200, 599, 349);
      fill(m, 495, 200, 504, 349);
    };
    const e = CROP_MARGIN_PX; // the frame runs on the drawing box's margin
    const whole = newMask(W, H);
    building(whole);
    fill(whole, e, e, W - 1 - e, e + 3); fill(whole, e, H - 4 - e, W - 1 - e, H - 1 - e);
    fill(whole, e, e, e + 3, H - 1 - e); fill(whole, W - 4 - e, e, W - 1 - e, H - 1 - e);
    // with a title block's rules drawn against it, reaching inward
    fill(whole, 800, 600, W - 1 - e, 603); fill(whole, 800, 600, 803, H - 1 - e); fill(whole, 800, 640, W - 1 - e, 643);
    expect(wallsBox(whole, 20)).toEqual({ x0: 380, y0: 180, x1: 619, y1: 369 });

    // the frame broken into pieces (a scan's ragged line): L-shaped corners and short runs along each edge
    const pieces = newMask(W, H);
    building(pieces);
    for (let x = e; x < W - e; x += 120) { fill(pieces, x, e, Math.min(W - 1 - e, x + 100), e + 3); fill(pieces, x, H - 4 - e, Math.min(W - 1 - e, x + 100), H - 1 - e); }
    for (let y = e; y < H - e; y += 120) { fill(pieces, e, y, e + 3, Math.min(H - 1 - e, y + 100)); fill(pieces, W - 4 - e, y, W - 1 - e, Math.min(H - 1 - e, y + 100)); }
    expect(wallsBox(pieces, 20)).toEqual({ x0: 380, y0: 180, x1: 619, y1: 369 });
    // with the edge's pieces counted the box is the whole drawing
    expect(drawingBox(pieces, 1, 20)).toEqual({ x0: 0, y0: 0, x1: W - 1, y1: H - 1 });

    // a drawing without a frame whose building reaches the drawing's edge keeps all of it
    const edgeToEdge = newMask(W, H);
    fill(edgeToEdge, e, e, W - 1 - e, e + 9); fill(edgeToEdge, e, H - 10 - e, W - 1 - e, H - 1 - e);
    fill(edgeToEdge, e, e, e + 9, H - 1 - e); fill(edgeToEdge, W - 10 - e, e, W - 1 - e, H - 1 - e);
    fill(edgeToEdge, 495, e, 504, H - 1 - e);
    expect(wallsBox(edgeToEdge, 20)).toEqual({ x0: 0, y0: 0, x1: W - 1, y1: H - 1 });
    // nothing but a frame: no walls' part
    const frameOnly = newMask(W, H);
    fill(frameOnly, e, e, W - 1 - e, e + 3); fill(frameOnly, e, H - 4 - e, W - 1 - e, H - 1 - e);
    fill(frameOnly, e, e, e + 3, H - 1 - e); fill(frameOnly, W - 4 - e, e, W - 1 - e, H - 1 - e);
    expect(wallsBox(frameOnly, 20)).toBeNull();
  });
});
