/**
 * Rooms and the building outline from the sealed wall mask: rooms are the connected pieces of paper that
 * do not reach the page edge (the outside does), large and wide enough to stand in; a piece enclosed by
 * another room (inside a thick piece of furniture) is not a room. Outlines are traced on pixel corners.
 */
import { CHAMFER_PAD, chamferSq, components, newMask, startChamfer, type Components, type Mask } from './bitmap.js';
import { edgeShiftPx, growRing, type EdgeGrey } from './edges.js';
import { ringArea, simplifyRing, traceOuter, type Pt } from './trace.js';

/** Outline simplification tolerance (pixels): removes the staircase of pixel edges, keeps corners. */
export const SIMPLIFY_PX = 0.9;

export interface RegionLimits {
  mmPerPx: number;
  minAreaMm2: number;
  minWidthMm: number;
  minHeightMm: number;
  /** Rooms larger than this share of the page are the sheet, not a room. */
  maxPageShare: number;
  /** The whole page's pixels, when the mask is only a part of it (default: the mask's own). */
  pageAreaPx?: number;
}

export interface PixelRoom { ring: Pt[]; areaPx: number; id: number }

export interface Regions {
  rooms: PixelRoom[];
  exterior: Pt[];
  /** Free-region id per pixel (a room's pixels carry its id). */
  labels: Int32Array;
}

export function findRegions(walls: Mask, lim: RegionLimits, edge?: EdgeGrey): Regions {
  const { w, h } = walls;
  // (the distances on the pixel helper while the free pieces are labelled here, and the sheet's frame looked for)
  const distance = startChamfer(walls, 1);
  const free = components(walls, 0);
  const inFrame = framedPaper(walls, free);
  distance.wait();
  // the largest inscribed disc per free piece: its largest distance to the walls, squared only once per piece
  // (the square is monotone), not per pixel
  const dist = distance.d, W = w + 2 * CHAMFER_PAD;
  const maxD = new Int32Array(free.count + 1);
  const first = new Int32Array(free.count + 1).fill(-1);
  for (let y = 0; y < h; y++) {
    const row = (y + CHAMFER_PAD) * W + CHAMFER_PAD, src = y * w;
    for (let x = 0; x < w; x++) {
      const id = free.labels[src + x];
      if (!id) continue;
      if (first[id] < 0) first[id] = src + x;
      if (dist[row + x] > maxD[id]) maxD[id] = dist[row + x];
    }
  }
  const maxR = new Float32Array(free.count + 1);
  for (let id = 1; id <= free.count; id++) maxR[id] = chamferSq(maxD[id]);
  const px2 = lim.mmPerPx * lim.mmPerPx;
  const cand: PixelRoom[] = [];
  for (let id = 1; id <= free.count; id++) {
    if (free.touchesBorder[id] || inFrame[id]) continue;
    const bw = (free.x1[id] - free.x0[id] + 1) * lim.mmPerPx, bh = (free.y1[id] - free.y0[id] + 1) * lim.mmPerPx;
    if (free.area[id] * px2 < lim.minAreaMm2 || bw < lim.minWidthMm || bh < lim.minHeightMm) continue;
    if (free.area[id] > lim.maxPageShare * (lim.pageAreaPx ?? w * h)) continue;
    // too narrow everywhere: a wall cavity or the gap between two wall lines, not a room
    if (2 * Math.sqrt(maxR[id]) * lim.mmPerPx < Math.min(lim.minWidthMm, lim.minHeightMm)) continue;
    let ring = simplifyRing(traceOuter(free.labels, w, h, id, first[id]), SIMPLIFY_PX);
    // outlined walls: the edge is the face line's centre; solid walls: the grey of the blurred edge says where
    if (edge) ring = growRing(ring, edge.faceHalfPx || edgeShiftPx(free.labels, id, { x0: free.x0[id], y0: free.y0[id], x1: free.x1[id], y1: free.y1[id] }, ringPerimeter(ring), edge));
    cand.push({ ring, areaPx: Math.abs(ringArea(ring)), id });
  }
  const rooms = cand.filter((r) => !cand.some((o) => o !== r && o.areaPx > r.areaPx && inRing(r.ring[0][0] + 0.5, r.ring[0][1] + 0.5, o.ring)));
  // the building: its walls and rooms, the connected piece holding the most room (a sheet frame or a
  // title block around the plan encloses paper too, but no room joins it through walls)
  const isRoom = new Uint8Array(free.count + 1);
  for (const r of rooms) isRoom[r.id] = 1;
  const building = newMask(w, h);
  for (let i = 0; i < building.data.length; i++) building.data[i] = walls.data[i] || isRoom[free.labels[i]] ? 1 : 0;
  const parts = components(building, 1);
  const roomArea = new Float64Array(parts.count + 1);
  for (let i = 0; i < building.data.length; i++) if (isRoom[free.labels[i]]) roomArea[parts.labels[i]]++;
  let best = 0;
  for (let id = 1; id <= parts.count; id++) if (roomArea[id] > roomArea[best]) best = id;
  let exterior: Pt[] = [];
  if (best && rooms.length) {
    const start = parts.labels.indexOf(best);
    exterior = simplifyRing(traceOuter(parts.labels, w, h, best, start), SIMPLIFY_PX);
  }
  return { rooms, exterior, labels: free.labels };
}

/** A sheet's frame spans at least this share of the drawing's width and height ... */
const FRAME_SPAN = 0.9;
/** ... and its ink (the frame's line, a title block's rules) covers less than this share of its box. */
const FRAME_INK = 0.03;

/** Whether wall piece `id` of `c` is a sheet's frame on a drawing w x h pixels: it spans the drawing both ways and is only a thin outline. */
export function isSheetFrame(c: Components, id: number, w: number, h: number): boolean {
  const bw = c.x1[id] - c.x0[id] + 1, bh = c.y1[id] - c.y0[id] + 1;
  return bw >= FRAME_SPAN * w && bh >= FRAME_SPAN * h && c.area[id] < FRAME_INK * bw * bh;
}

/**
 * Per free piece (ids of `free`): whether it meets a sheet's frame, a wall piece spanning the drawing both ways that
 * is only a thin outline. The paper between a frame and the plan, and the cells of a title block drawn against
 * the frame, are no rooms; a large title block's cells would otherwise outweigh a small plan as the building.
 */
function framedPaper(walls: Mask, free: Components): Uint8Array {
  const { w, h } = walls;
  const out = new Uint8Array(free.count + 1);
  const c = components(walls, 1);
  const frame = new Uint8Array(c.count + 1);
  let any = false;
  for (let id = 1; id <= c.count; id++) if (isSheetFrame(c, id, w, h)) { frame[id] = 1; any = true; }
  if (!any) return out;
  const fl = free.labels;
  for (let i = 0; i < c.labels.length; i++) {
    if (!frame[c.labels[i]]) continue;
    const x = i % w;
    if (x > 0) out[fl[i - 1]] = 1;
    if (x < w - 1) out[fl[i + 1]] = 1;
    if (i >= w) out[fl[i - w]] = 1;
    if (i + w < fl.length) out[fl[i + w]] = 1;
  }
  out[0] = 0;
  return out;
}

export function inRing(x: number, y: number, pts: Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i], [xj, yj] = pts[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function ringPerimeter(r: Pt[]): number {
  let p = 0;
  for (let i = 0, j = r.length - 1; i < r.length; j = i++) p += Math.hypot(r[i][0] - r[j][0], r[i][1] - r[j][1]);
  return p;
}
