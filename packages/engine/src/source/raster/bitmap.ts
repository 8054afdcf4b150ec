/**
 * Plain typed-array image operations for scanned plans: binary masks (1 = set), chamfer distance
 * transform, morphology by distance, connected components. Everything is O(pixels) so that a page of
 * about 12 megapixels stays well under a second per pass.
 */

export interface Mask {
  w: number;
  h: number;
  /** 1 = set, 0 = clear; row-major. */
  data: Uint8Array;
}

export const newMask = (w: number, h: number): Mask => ({ w, h, data: new Uint8Array(w * h) });

/** Chamfer weights (5-7-11 mask): within about 2 % of the Euclidean distance, two raster passes only. */
const A = 5, B = 7, C = 11;
const BIG = 1 << 29;

/**
 * Squared distance (pixels², chamfer 5-7-11 approximation of Euclidean) from every pixel to the nearest
 * pixel whose value equals `target` (0 on those pixels). Pixels outside the image never count as targets.
 */
export function sqDistanceTo(m: Mask, target: 0 | 1): Float32Array {
  const { w, h, data } = m;
  const d = new Int32Array(w * h);
  for (let i = 0; i < d.length; i++) d[i] = data[i] === target ? 0 : BIG;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      let v = d[i];
      if (v === 0) continue;
      if (x > 0) v = Math.min(v, d[i - 1] + A);
      if (y > 0) {
        v = Math.min(v, d[i - w] + A);
        if (x > 0) v = Math.min(v, d[i - w - 1] + B);
        if (x < w - 1) v = Math.min(v, d[i - w + 1] + B);
        if (y > 1) {
          if (x > 0) v = Math.min(v, d[i - 2 * w - 1] + C);
          if (x < w - 1) v = Math.min(v, d[i - 2 * w + 1] + C);
        }
        if (x > 1) v = Math.min(v, d[i - w - 2] + C);
        if (x < w - 2) v = Math.min(v, d[i - w + 2] + C);
      }
      d[i] = v;
    }
  }
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      let v = d[i];
      if (v === 0) continue;
      if (x < w - 1) v = Math.min(v, d[i + 1] + A);
      if (y < h - 1) {
        v = Math.min(v, d[i + w] + A);
        if (x < w - 1) v = Math.min(v, d[i + w + 1] + B);
        if (x > 0) v = Math.min(v, d[i + w - 1] + B);
        if (y < h - 2) {
          if (x < w - 1) v = Math.min(v, d[i + 2 * w + 1] + C);
          if (x > 0) v = Math.min(v, d[i + 2 * w - 1] + C);
        }
        if (x < w - 2) v = Math.min(v, d[i + w + 2] + C);
        if (x > 1) v = Math.min(v, d[i + w - 2] + C);
      }
      d[i] = v;
    }
  }
  const out = new Float32Array(w * h);
  for (let i = 0; i < d.length; i++) out[i] = d[i] >= BIG ? 1e12 : (d[i] / A) ** 2;
  return out;
}

/** Erosion by a disc of radius r (pixels): keeps set pixels at least r + 0.5 from any clear pixel. */
export function erode(m: Mask, r: number): Mask {
  const dist = sqDistanceTo(m, 0);
  const out = newMask(m.w, m.h);
  const lim = (r + 0.5) * (r + 0.5);
  for (let i = 0; i < dist.length; i++) out.data[i] = m.data[i] && dist[i] >= lim ? 1 : 0;
  return out;
}

/** Dilation by a disc of radius r (pixels). */
export function dilate(m: Mask, r: number): Mask {
  const dist = sqDistanceTo(m, 1);
  const out = newMask(m.w, m.h);
  const lim = (r + 0.5) * (r + 0.5);
  for (let i = 0; i < dist.length; i++) out.data[i] = dist[i] < lim ? 1 : 0;
  return out;
}

/** Morphological opening: removes every part thinner than about 2r + 1 pixels, keeps thicker parts whole. */
export const open = (m: Mask, r: number): Mask => (r <= 0 ? m : dilate(erode(m, r), r));

export interface Components {
  /** Component id per pixel (0 = not part of any). */
  labels: Int32Array;
  count: number;
  /** Per id (index 0 unused): pixel count and bounding box. */
  area: Int32Array;
  x0: Int32Array;
  y0: Int32Array;
  x1: Int32Array;
  y1: Int32Array;
  touchesBorder: Uint8Array;
}

/** 4-connected components of the pixels equal to `value`. */
export function components(m: Mask, value: 0 | 1): Components {
  const { w, h, data } = m;
  const labels = new Int32Array(w * h);
  const stack = new Int32Array(w * h);
  const area: number[] = [0], x0: number[] = [0], y0: number[] = [0], x1: number[] = [0], y1: number[] = [0], border: number[] = [0];
  let count = 0;
  for (let s = 0; s < w * h; s++) {
    if (data[s] !== value || labels[s]) continue;
    const id = ++count;
    let sp = 0;
    stack[sp++] = s;
    labels[s] = id;
    let a = 0, bx0 = w, by0 = h, bx1 = -1, by1 = -1, touch = 0;
    while (sp) {
      const p = stack[--sp];
      const x = p % w, y = (p - x) / w;
      a++;
      if (x < bx0) bx0 = x;
      if (x > bx1) bx1 = x;
      if (y < by0) by0 = y;
      if (y > by1) by1 = y;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) touch = 1;
      if (x > 0 && data[p - 1] === value && !labels[p - 1]) { labels[p - 1] = id; stack[sp++] = p - 1; }
      if (x < w - 1 && data[p + 1] === value && !labels[p + 1]) { labels[p + 1] = id; stack[sp++] = p + 1; }
      if (y > 0 && data[p - w] === value && !labels[p - w]) { labels[p - w] = id; stack[sp++] = p - w; }
      if (y < h - 1 && data[p + w] === value && !labels[p + w]) { labels[p + w] = id; stack[sp++] = p + w; }
    }
    area.push(a); x0.push(bx0); y0.push(by0); x1.push(bx1); y1.push(by1); border.push(touch);
  }
  return {
    labels, count, area: Int32Array.from(area), x0: Int32Array.from(x0), y0: Int32Array.from(y0), x1: Int32Array.from(x1), y1: Int32Array.from(y1),
    touchesBorder: Uint8Array.from(border),
  };
}
