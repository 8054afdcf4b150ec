/**
 * Sub-pixel room edges. The ink threshold must catch thin, blurred lines, so it sits well above the
 * half-way grey between paper and ink and every room comes out a little small. The pixels just outside a
 * room (up to EDGE_RING_PX deep) carry the true edge in their grey: each is counted as the share of it
 * that is paper, and the outline is pushed out by that area over the perimeter.
 */
import { inflatePathsD, JoinType, EndType } from 'clipper2-ts';
import { ringArea, type Pt } from './trace.js';

/** How deep outside a room the blurred edge is looked for (pixels). */
export const EDGE_RING_PX = 2;

export interface EdgeGrey {
  w: number;
  h: number;
  grey: Uint8Array;
  paper: Float32Array;
  /** Grey of solid ink. */
  inkLevel: number;
  /** Pixels sealed across openings (paper that is not a room's edge). */
  sealed: Uint8Array;
  /** Extra outward shift to the centre of face lines (faceLineHalfWidthPx). */
  faceHalfPx: number;
}

/** Outward shift (pixels) of the room `id` in `labels` that puts its edge where the grey says. */
export function edgeShiftPx(labels: Int32Array, id: number, box: { x0: number; y0: number; x1: number; y1: number }, perimeterPx: number, g: EdgeGrey): number {
  const R = EDGE_RING_PX;
  const x0 = Math.max(0, box.x0 - R), y0 = Math.max(0, box.y0 - R), x1 = Math.min(g.w - 1, box.x1 + R), y1 = Math.min(g.h - 1, box.y1 + R);
  const bw = x1 - x0 + 1, bh = y1 - y0 + 1;
  // depth of each pixel outside the room (1..R), by repeated 4-neighbour growth inside the box
  const depth = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++) for (let x = 0; x < bw; x++) if (labels[(y + y0) * g.w + x + x0] === id) depth[y * bw + x] = 255;
  let sum = 0;
  for (let d = 1; d <= R; d++) {
    const prev = d === 1 ? 255 : d - 1;
    for (let y = 0; y < bh; y++) {
      for (let x = 0; x < bw; x++) {
        const i = y * bw + x;
        if (depth[i]) continue;
        const near = (x > 0 && depth[i - 1] === prev) || (x < bw - 1 && depth[i + 1] === prev) || (y > 0 && depth[i - bw] === prev) || (y < bh - 1 && depth[i + bw] === prev);
        if (!near) continue;
        depth[i] = d;
        const p = (y + y0) * g.w + x + x0;
        if (g.sealed[p]) continue;
        const span = g.paper[p] - g.inkLevel;
        if (span <= 1) continue;
        sum += Math.max(0, Math.min(1, (g.grey[p] - g.inkLevel) / span));
      }
    }
  }
  return perimeterPx > 0 ? Math.min(R, sum / perimeterPx) : 0;
}

/** The ring grown outward by `by` pixels (mitred corners keep rooms rectangular). */
export function growRing(ring: Pt[], by: number): Pt[] {
  if (by <= 0.01) return ring;
  const grow = (d: number) => {
    const out = inflatePathsD([ring.map(([x, y]) => ({ x, y }))], d, JoinType.Miter, EndType.Polygon, 2, 3);
    return out.length ? out.reduce((a, b) => (Math.abs(ringArea(b.map((p) => [p.x, p.y]))) > Math.abs(ringArea(a.map((p) => [p.x, p.y]))) ? b : a)).map((p) => [p.x, p.y] as Pt) : ring;
  };
  // the offset's sign follows the ring's orientation: take the direction that grows
  const a = grow(by);
  return Math.abs(ringArea(a)) >= Math.abs(ringArea(ring)) ? a : grow(-by);
}

/** Walls drawn as outlines (ink is under this share of the wall) are bounded by face lines. */
export const OUTLINED_INK_SHARE = 0.75;

/**
 * Half the width of the face lines (pixels) when walls are drawn as outlines, else 0: the architect draws the
 * face line on the wall's face, so the room's edge is the line's centre, not its inner edge. Stroke width is
 * twice the ink area over its boundary length (both sides of a long thin stroke). The thresholded line is
 * widened by blur on both sides alike, so its middle is still the face.
 */
export function faceLineHalfWidthPx(walls: { w: number; h: number; data: Uint8Array }, ink: Uint8Array): number {
  const { w, h, data } = walls;
  let wallPx = 0, inkPx = 0, edgePx = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (!data[i]) continue;
      wallPx++;
      if (!ink[i]) continue;
      inkPx++;
      if (!ink[i - 1] || !ink[i + 1] || !ink[i - w] || !ink[i + w]) edgePx++;
    }
  }
  if (!wallPx || inkPx / wallPx >= OUTLINED_INK_SHARE || !edgePx) return 0;
  return Math.min(EDGE_RING_PX, inkPx / edgePx);
}
