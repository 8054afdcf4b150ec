/**
 * Which strokes can bound the cell around a point, found on a coarse raster before the exact union.
 *
 * The cells of the outdoor-space search are the holes of the union of every stroke near a stamp (each line
 * thickened to a rectangle) and the walls. Around a terrace drawn among planting, paving or a site plan that union
 * takes ten thousand strokes, while the cell holding the stamp is bounded by a few hundred. A stroke that does not
 * touch the closed cell can be left out of the union: the cell stays a whole component of what the remaining
 * strokes leave free (its boundary lies in the strokes kept and the walls), so the union of those gives the same
 * cell.
 *
 * The raster proves which strokes those are. A pixel is blocked only when it lies wholly inside one stroke or inside
 * the walls, so every point of the cell lies in a free pixel, and the free pixels reached from the stamp's pixel
 * (4-connected) cover the cell. A stroke is kept when it meets one of those pixels. When they reach the raster's
 * edge (the cell is open, or runs past the window, or leaks between strokes that barely overlap), nothing is
 * proved and the caller unites every stroke.
 */
import type { Paths64 } from 'clipper2-ts';
import type { PointMm } from '../types.js';
import type { Box } from './geometry.js';

/**
 * Pixel of the raster (mm). The pixels wholly inside a stroke 2 × 40 mm wide are those whose centres lie within
 * 40 − 25/√2 ≈ 22 mm of its middle line: a band 44 mm wide, more than a pixel's diagonal, so at any angle they
 * form an unbroken barrier a 4-connected fill cannot pass.
 */
export const CELL_PX_MM = 25;
/** At most this many pixels (a window of 24 m square at 25 mm is 0.92 M): beyond, nothing is proved. */
const MAX_PIXELS = 4_000_000;
/** The raster of `surelyOpen` covers everything drawn in about this many pixels (a way out is a gap of metres). */
const OPEN_PIXELS = 500_000;
/** Slack on every "wholly inside" and "meets" test (mm): corners and crossings are whole millimetres. */
const SLACK_MM = 1;

/**
 * The strokes `rects` (convex quadrilaterals, integer corners, either orientation) and the `walls` (a union's rings,
 * outers and holes) round the point `at`, prepared once for both proofs: which strokes can bound the cell holding
 * `at` among the holes of their union, and that no cell holds it.
 */
export interface StrokeField {
  /**
   * The strokes that can bound the cell holding `at`; null when the raster cannot prove it (then every stroke may
   * bound it). The raster covers the first of `windows` (each larger than the one before) that holds the free
   * pixels around `at`.
   */
  boundingCell(windows: Box[]): Paths64 | null;
  /**
   * Whether no cell holds `at`, surely: on a raster where every pixel a stroke or wall touches is blocked, the free
   * pixels reached from `at`'s run out past everything drawn. Those pixels are free space joined edge to edge, so
   * the point's region runs past every stroke. A point on a stroke (a stamp printed over a line) is in a cell only
   * when that stroke's piece is an island inside one: the piece (the strokes holding `at` and those `joined` says
   * overlap them, one to the next) does not block the fill, which starts inside it, and running out from there the
   * piece is no island.
   */
  surelyOpen(joined?: (i: number) => boolean): boolean;
}

export function strokeField(at: PointMm, rects: Paths64, walls: Paths64): StrokeField {
  const quads = rects.map(quadOf);
  // (the strokes holding `at`; no cell runs past what is drawn: the extent of the strokes and walls)
  const holding = quads.map((q) => !!q && inside(q, at[0], at[1], 0));
  const onStroke = holding.some(Boolean);
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const list of [rects, walls]) for (const path of list) for (const p of path) {
    x0 = Math.min(x0, p.x); y0 = Math.min(y0, p.y); x1 = Math.max(x1, p.x); y1 = Math.max(y1, p.y);
  }
  return {
    boundingCell(windows) {
      // a point inside a stroke or a wall is in no cell of its own: the caller's search decides
      if (onStroke) return null;
      for (const window of windows) {
        const box = { x0: Math.max(window.x0, x0), y0: Math.max(window.y0, y0), x1: Math.min(window.x1, x1), y1: Math.min(window.y1, y1) };
        const found = reachedPixels(at, quads, walls, box);
        if (found === 'outside') return null;
        if (found === 'edge') {
          // the free pixels ran to an edge of the window: on into the next, unless the edges are those of the drawing
          if (box.x0 === x0 && box.y0 === y0 && box.x1 === x1 && box.y1 === y1) return null;
          continue;
        }
        const { reached, raster } = found;
        const w = raster.w, half = raster.px / Math.SQRT2;
        return rects.filter((_, r) => {
          const q = quads[r];
          if (!q) return true;
          let meets = false;
          rows(q, half + SLACK_MM, raster, (j, i0, i1) => {
            for (let i = i0; i <= i1 && !meets; i++) if (reached[j * w + i] === REACHED) meets = true;
          });
          return meets;
        });
      }
      return null;
    },
    surelyOpen(joined) {
      if (!(x0 < x1 && y0 < y1) || at[0] <= x0 || at[0] >= x1 || at[1] <= y0 || at[1] >= y1) return false;
      // (any pixel proves it, a coarser one only blocks more: the whole drawing in about OPEN_PIXELS)
      const px = Math.max(CELL_PX_MM, Math.ceil(Math.sqrt(((x1 - x0) * (y1 - y0)) / OPEN_PIXELS)));
      const raster = rasterOf({ x0, y0, x1, y1 }, px);
      if (!raster) return false;
      const { w } = raster, half = px / Math.SQRT2;
      // the pixels a stroke off the piece or a wall comes near are blocked; those whose centres a stroke of the piece
      // holds are where the fill starts (from such a centre the piece runs on to `at`, and from a pixel to the next
      // only the piece and free space are crossed)
      const blocked = new Uint8Array(raster.w * raster.h);
      const seeds: number[] = [];
      quads.forEach((q, r) => {
        if (onStroke && q && (holding[r] || joined?.(r))) {
          rows(q, -SLACK_MM, raster, (j, i0, i1) => { for (let k = j * w + i0; k <= j * w + i1; k++) seeds.push(k); });
          return;
        }
        const mark = (j: number, i0: number, i1: number) => blocked.fill(1, j * w + i0, j * w + i1 + 1);
        if (q) return rows(q, half + SLACK_MM, raster, mark);
        // (a flat rectangle: its edges)
        const path = rects[r];
        for (let k = 0; k < path.length; k++) {
          const a = path[k], b = path[(k + 1) % path.length];
          segmentRows(a.x, a.y, b.x, b.y, half + SLACK_MM, raster, mark);
        }
      });
      if (walls.length && blockWalls(blocked, walls, raster, at, true)) return false;
      if (!onStroke) seeds.push(Math.floor((at[1] - raster.oy) / px) * w + Math.floor((at[0] - raster.ox) / px));
      return fill(blocked, raster, seeds) === 'edge';
    },
  };
}

/**
 * The raster of `box` with the free pixels reached from `at` marked REACHED (blocked ones 1); 'edge' when they reach the
 * raster's edge, 'outside' when `at` lies inside the walls or the raster would be too large.
 */
function reachedPixels(at: PointMm, quads: (Quad | null)[], walls: Paths64, box: Box) {
  const raster = rasterOf(box, CELL_PX_MM);
  if (!raster) return 'outside';
  const half = raster.px / Math.SQRT2;
  const reached = new Uint8Array(raster.w * raster.h);
  // (the walls first: their pass clears the pixels near their edges)
  if (walls.length && blockWalls(reached, walls, raster, at, false)) return 'outside';
  for (const q of quads) if (q) rows(q, -(half + SLACK_MM), raster, (j, i0, i1) => reached.fill(1, j * raster.w + i0, j * raster.w + i1 + 1));
  const si = Math.floor((at[0] - raster.ox) / raster.px), sj = Math.floor((at[1] - raster.oy) / raster.px);
  if (si <= 0 || sj <= 0 || si >= raster.w - 1 || sj >= raster.h - 1) return 'edge';
  if (reached[sj * raster.w + si]) return 'outside';
  return fill(reached, raster, [sj * raster.w + si]) === 'edge' ? 'edge' : { reached, raster };
}

/** A raster over `box` with a margin of two pixels: pixel i, j has its centre at ox + (i + ½) px, oy + (j + ½) px. */
interface Raster { ox: number; oy: number; w: number; h: number; px: number }

function rasterOf(box: Box, px: number): Raster | null {
  const ox = box.x0 - 2 * px, oy = box.y0 - 2 * px;
  const w = Math.ceil((box.x1 - ox) / px) + 2, h = Math.ceil((box.y1 - oy) / px) + 2;
  return w * h > MAX_PIXELS || w < 3 || h < 3 ? null : { ox, oy, w, h, px };
}

/** Marks REACHED the free (0) pixels reached edge to edge from the `seeds`; 'edge' when they reach the raster's edge. */
function fill(reached: Uint8Array, r: Raster, seeds: number[]): 'edge' | 'closed' {
  const { w, h } = r;
  const stack = new Int32Array(w * h);
  let top = 0;
  for (const k of seeds) if (reached[k] === 0) { reached[k] = REACHED; stack[top++] = k; }
  while (top > 0) {
    const k = stack[--top];
    const i = k % w, j = (k - i) / w;
    if (i === 0 || j === 0 || i === w - 1 || j === h - 1) return 'edge';
    if (reached[k - 1] === 0) { reached[k - 1] = REACHED; stack[top++] = k - 1; }
    if (reached[k + 1] === 0) { reached[k + 1] = REACHED; stack[top++] = k + 1; }
    if (reached[k - w] === 0) { reached[k - w] = REACHED; stack[top++] = k - w; }
    if (reached[k + w] === 0) { reached[k + w] = REACHED; stack[top++] = k + w; }
  }
  return 'closed';
}
/** The mark of a pixel the fill reached. */
const REACHED = 255;

/** A convex quadrilateral as its corners and its edges' inward unit normals with offsets (n·p ≥ c inside). */
interface Quad { pts: PointMm[]; nx: number[]; ny: number[]; c: number[] }

function quadOf(corners: Paths64[number]): Quad | null {
  const pts: PointMm[] = corners.map((p) => [p.x, p.y]);
  let twice = 0;
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i], b = pts[(i + 1) % pts.length];
    twice += a[0] * b[1] - b[0] * a[1];
  }
  if (pts.length < 3 || twice === 0) return null;
  const s = Math.sign(twice);
  const nx: number[] = [], ny: number[] = [], c: number[] = [];
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i], b = pts[(i + 1) % pts.length];
    const dx = b[0] - a[0], dy = b[1] - a[1], len = Math.hypot(dx, dy);
    if (len === 0) return null;
    // (inward: to the left of a counter-clockwise edge)
    const x = (-dy / len) * s, y = (dx / len) * s;
    nx.push(x); ny.push(y); c.push(x * a[0] + y * a[1]);
  }
  return { pts, nx, ny, c };
}

/** Whether (x, y) lies inside `q` at least `d` from each edge's line. */
function inside(q: Quad, x: number, y: number, d: number): boolean {
  for (let e = 0; e < q.c.length; e++) if (q.nx[e] * x + q.ny[e] * y - q.c[e] < d) return false;
  return true;
}

/**
 * For each pixel row, the columns whose centres lie inside `q` moved by `grow` along every edge's normal (outward
 * when positive): the half-planes n·p ≥ c − grow.
 */
function rows(q: Quad, grow: number, r: Raster, each: (j: number, i0: number, i1: number) => void) {
  const { ox, oy, w, h, px } = r;
  let y0 = Infinity, y1 = -Infinity;
  for (const p of q.pts) { y0 = Math.min(y0, p[1]); y1 = Math.max(y1, p[1]); }
  // (a rectangle's corner moves √2 × grow: rows beyond are never asked)
  const reach = Math.max(0, grow) * 1.5 + 2;
  const j0 = Math.max(0, Math.floor((y0 - reach - oy) / px)), j1 = Math.min(h - 1, Math.ceil((y1 + reach - oy) / px));
  for (let j = j0; j <= j1; j++) {
    const y = oy + (j + 0.5) * px;
    let lo = -Infinity, hi = Infinity;
    for (let e = 0; e < q.c.length && lo <= hi; e++) {
      const nx = q.nx[e], rest = q.c[e] - grow - q.ny[e] * y;
      if (Math.abs(nx) < 1e-12) { if (rest > 0) hi = -Infinity; continue; }
      if (nx > 0) lo = Math.max(lo, rest / nx); else hi = Math.min(hi, rest / nx);
    }
    if (lo > hi) continue;
    const i0 = Math.max(0, Math.ceil((lo - ox) / px - 0.5)), i1 = Math.min(w - 1, Math.floor((hi - ox) / px - 0.5));
    if (i0 <= i1) each(j, i0, i1);
  }
}

/**
 * Blocks (1) the pixels wholly inside the walls (their centres inside, even-odd over the rings, and no wall edge
 * within a half-diagonal), or with `touched` every pixel the walls touch. Asked before anything else is blocked: the
 * pixels near the edges are cleared. True when `at` lies inside the walls.
 */
function blockWalls(blocked: Uint8Array, walls: Paths64, r: Raster, at: PointMm, touched: boolean): boolean {
  const { ox, oy, w, h, px } = r;
  const crossings: number[][] = Array.from({ length: h }, () => []);
  let atInside = false;
  for (const ring of walls) {
    for (let k = 0; k < ring.length; k++) {
      const a = ring[k], b = ring[(k + 1) % ring.length];
      const ax = a.x, ay = a.y, bx = b.x, by = b.y;
      if (ay === by) continue;
      if ((ay > at[1]) !== (by > at[1]) && at[0] < ax + ((at[1] - ay) * (bx - ax)) / (by - ay)) atInside = !atInside;
      const lo = Math.min(ay, by), hi = Math.max(ay, by);
      const j0 = Math.max(0, Math.ceil((lo - oy) / px - 0.5)), j1 = Math.min(h - 1, Math.ceil((hi - oy) / px - 0.5) - 1);
      for (let j = j0; j <= j1; j++) {
        const y = oy + (j + 0.5) * px;
        crossings[j].push(ax + ((y - ay) * (bx - ax)) / (by - ay));
      }
    }
  }
  if (atInside) return true;
  for (let j = 0; j < h; j++) {
    const xs = crossings[j].sort((p, q) => p - q);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const i0 = Math.max(0, Math.ceil((xs[k] - ox) / px - 0.5)), i1 = Math.min(w - 1, Math.floor((xs[k + 1] - ox) / px - 0.5));
      if (i0 <= i1) blocked.fill(1, j * w + i0, j * w + i1 + 1);
    }
  }
  // the pixels a wall edge passes within a half-diagonal of: not wholly inside, and touched
  const near = touched ? 1 : 0;
  const d = px / Math.SQRT2 + SLACK_MM;
  for (const ring of walls) {
    for (let k = 0; k < ring.length; k++) {
      const a = ring[k], b = ring[(k + 1) % ring.length];
      segmentRows(a.x, a.y, b.x, b.y, d, r, (j, i0, i1) => blocked.fill(near, j * w + i0, j * w + i1 + 1));
    }
  }
  return false;
}

/**
 * For each pixel row, the columns whose centres lie in the rectangle around segment a-b reaching `d` past it on every
 * side, without building the quadrilateral (the walls' edges are thousands).
 */
function segmentRows(ax: number, ay: number, bx: number, by: number, d: number, r: Raster, each: (j: number, i0: number, i1: number) => void) {
  const { ox, oy, w, h, px } = r;
  const len = Math.hypot(bx - ax, by - ay);
  // (unit along the edge, a point its own square)
  const ux = len > 0 ? (bx - ax) / len : 1, uy = len > 0 ? (by - ay) / len : 0;
  const j0 = Math.max(0, Math.floor((Math.min(ay, by) - d * 1.5 - 2 - oy) / px)), j1 = Math.min(h - 1, Math.ceil((Math.max(ay, by) + d * 1.5 + 2 - oy) / px));
  for (let j = j0; j <= j1; j++) {
    const y = oy + (j + 0.5) * px, dy = y - ay;
    // along: -d <= ux (x - ax) + uy dy <= len + d; across: |-uy (x - ax) + ux dy| <= d
    let lo = -Infinity, hi = Infinity;
    if (Math.abs(ux) < 1e-12) { const t = uy * dy; if (t < -d || t > len + d) continue; }
    else { const p = (-d - uy * dy) / ux, q = (len + d - uy * dy) / ux; lo = Math.max(lo, Math.min(p, q)); hi = Math.min(hi, Math.max(p, q)); }
    if (Math.abs(uy) < 1e-12) { if (Math.abs(ux * dy) > d) continue; }
    else { const p = (ux * dy - d) / uy, q = (ux * dy + d) / uy; lo = Math.max(lo, Math.min(p, q)); hi = Math.min(hi, Math.max(p, q)); }
    if (lo > hi) continue;
    const i0 = Math.max(0, Math.ceil((ax + lo - ox) / px - 0.5)), i1 = Math.min(w - 1, Math.floor((ax + hi - ox) / px - 0.5));
    if (i0 <= i1) each(j, i0, i1);
  }
}
