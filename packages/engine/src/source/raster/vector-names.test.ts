import { describe, it, expect } from 'vitest';
import { roomRegions, writingInk } from './vector-names.js';

describe('the ink of a rendered page that may be writing', () => {
  it('is the dark letters, not the grain of a floor texture darker than the boards round it', () => {
    // boards at grey 225 with grain streaks at 140 (darker than the board: ink to a scan's binarisation), and a
    // black block of writing
    const w = 200, h = 100, grey = new Uint8Array(w * h).fill(225);
    for (let y = 0; y < h; y++) for (let x = 20; x < 24; x++) grey[y * w + x] = 140;
    for (let y = 40; y < 60; y++) for (let x = 100; x < 140; x++) if ((x + y) % 3 === 0) grey[y * w + x] = 10;
    const ink = writingInk(grey, w, h);
    let streak = 0, letters = 0;
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      if (!ink.data[y * w + x]) continue;
      if (x >= 20 && x < 24) streak++;
      if (x >= 100 && x < 140 && y >= 40 && y < 60) letters++;
    }
    expect(streak).toBe(0);
    expect(letters).toBeGreaterThan(200);
  });
});

describe('rooms as regions of the render', () => {
  it('label the pixels whose centres lie inside each room, the first room keeping a pixel two rooms share', () => {
    const r = roomRegions([[[1, 1], [5, 1], [5, 4], [1, 4]], [[5, 1], [9, 1], [9, 4], [5, 4]], [[0, 0], [1, 0], [1, 0.4], [0, 0.4]]], 10, 6);
    // (the third ring holds no pixel centre: no room)
    expect(r.rooms.map((x) => [x.id, x.areaPx])).toEqual([[1, 12], [2, 12]]);
    expect(r.labels[2 * 10 + 4]).toBe(1);
    expect(r.labels[2 * 10 + 5]).toBe(2);
    expect(r.labels[0]).toBe(-1);
    expect(r.labels[5 * 10 + 5]).toBe(-1);
  });
});
