/**
 * Walls from the ink mask, by stroke thickness: outlined walls (two face lines, hatching) become solid by
 * filling the thin enclosed paper between their lines; an opening then removes every stroke thinner than
 * the thinnest wall (furniture, dimensions, text, door swings, hatching); small pieces standing alone are
 * dropped. What remains is the wall network.
 */
import { CROP_MARGIN_PX, SHEET_EDGE_SHARE } from './crop.js';
import { MAX_GAP_MM, MAX_WALL_THICKNESS_MM } from './gaps.js';
import { chamfer, CHAMFER_PAD, CHAMFER_UNIT, components, dilate, newMask, open, startChamfer, thresholdChamfer, type Components, type Mask } from './bitmap.js';

export interface WallScale {
  /** Site millimetres per pixel. */
  mmPerPx: number;
  /** Paper millimetres per pixel. */
  paperMmPerPx: number;
}

/** Enclosed paper no wider than this (site mm) is the inside of an outlined wall, not a room. */
export const CAVITY_MAX_WIDTH_MM = 420;
/** Strokes thinner than this on site (mm) are not walls. */
export const MIN_WALL_MM = 60;
/** ... nor strokes thinner than this on paper (mm): pen widths of furniture, dimensions and frames. */
export const MIN_WALL_PAPER_MM = 0.55;
/** A wall piece at least this long (site mm) belongs to the building, shorter ones alone are clutter. */
export const WALL_PIECE_MM = 1500;
/**
 * Partitions drawn as a single line in a pen thinner than MIN_WALL_PAPER_MM but at least this wide on paper
 * (mm): a 70-90 mm wall drawn to scale at 1:200 is 0.35-0.45 mm, while furniture, dimension and glass lines are
 * drawn in pens of 0.13-0.25 mm. Such a line is a wall only where it stands clear of the walls found at the
 * full thickness, runs a wall piece's length, and meets those walls (see findWallMask).
 */
export const THIN_WALL_PAPER_MM = 0.3;
/** A thin piece with more ink than this many lines its length is a grid of rules (a title block, a table). */
const GRID_LINES = 3.5;

/**
 * A disc this wide (site mm) fits in no wall (walls are at most 450 mm thick): filled paper where it fits is
 * a field of small cells drawn in thin lines (floor tiles, a grid, furniture split by lines), not a wall.
 */
export const BLOB_MIN_WIDTH_MM = 500;
/**
 * Cells of such a field are at least this wide (site mm): tiles, grid squares. The slivers between hatch
 * lines are narrower, and a hatched wall lying in a field (a filled strip beside it) keeps its hatching.
 */
export const FIELD_CELL_MIN_WIDTH_MM = 150;

/**
 * Ink plus the thin enclosed paper inside outlined walls. Paper cells that lie mostly inside a filled
 * field wider than any wall stay paper: tiles drawn in a wet room are cells as narrow as a wall's cavity,
 * but side by side they fill a block as thick as a room, which would swallow the doors beside it.
 */
export function fillCavities(ink: Mask, s: WallScale): Mask {
  return fillWithInside(ink, s).solid;
}


/**
 * fillCavities, and the chamfer distance from the solid's pixels to paper when it is the final solid's
 * (no field was cleared), for the opening to reuse.
 */
function fillWithInside(ink: Mask, s: WallScale): { solid: Mask; inside: Int32Array | null } {
  const { w, h } = ink;
  // (the distances on the pixel helper while the paper's pieces are labelled here)
  const distance = startChamfer(ink, 1);
  const paper = components(ink, 0);
  distance.wait();
  const dist = distance.d, PAD = CHAMFER_PAD, W = w + 2 * PAD;
  const maxR = new Int32Array(paper.count + 1);
  for (let y = 0; y < h; y++) {
    const row = (y + PAD) * W + PAD, src = y * w;
    for (let x = 0; x < w; x++) {
      const id = paper.labels[src + x];
      if (id && dist[row + x] > maxR[id]) maxR[id] = dist[row + x];
    }
  }
  const limR = (CAVITY_MAX_WIDTH_MM / 2 / s.mmPerPx) * CHAMFER_UNIT;
  const fill = new Uint8Array(paper.count + 1);
  for (let id = 1; id <= paper.count; id++) fill[id] = !paper.touchesBorder[id] && maxR[id] <= limR ? 1 : 0;
  const out = newMask(w, h);
  for (let i = 0; i < out.data.length; i++) out.data[i] = ink.data[i] || fill[paper.labels[i]] ? 1 : 0;
  const inside = chamfer(out, 0);
  const minCell = (FIELD_CELL_MIN_WIDTH_MM / 2 / s.mmPerPx) * CHAMFER_UNIT;
  for (let id = 1; id <= paper.count; id++) if (maxR[id] < minCell) fill[id] = 2; // (filled, never cleared)
  const cleared = unfillFields(out, ink, inside, paper.labels, fill, BLOB_MIN_WIDTH_MM / 2 / s.mmPerPx);
  return { solid: out, inside: cleared ? null : inside };
}

/**
 * Clears the filled paper cells (fill[id] === 1; 2 = filled for good) lying mostly (over half) where a disc
 * of radius r (px) fits in the solid; `inside` is the solid's chamfer distance to paper. Returns whether
 * any cell was cleared.
 */
function unfillFields(solid: Mask, ink: Mask, inside: Int32Array, labels: Int32Array, fill: Uint8Array, r: number): boolean {
  const count = fill.length - 1;
  const { w, h } = solid;
  const core = thresholdChamfer(inside, w, h, r, true);
  // a field of cells has cells (filled paper) in its core; a solid blot of ink alone has none to clear
  let cells = false;
  for (let i = 0; i < core.data.length && !cells; i++) if (core.data[i] && !ink.data[i]) cells = true;
  if (!cells) return false;
  // the field: every disc of radius r that fits (the core grown back by r)
  const field = dilate(core, r);
  const n = new Int32Array(count + 1), inField = new Int32Array(count + 1);
  for (let i = 0; i < field.data.length; i++) {
    if (ink.data[i] || !solid.data[i]) continue;
    const id = labels[i];
    n[id]++;
    inField[id] += field.data[i];
  }
  let cleared = false;
  for (let i = 0; i < field.data.length; i++) {
    const id = labels[i];
    if (fill[id] === 1 && !ink.data[i] && inField[id] > 0.5 * n[id]) { solid.data[i] = 0; cleared = true; }
  }
  return cleared;
}

/** Radius (px) of the opening that removes strokes thinner than a wall (`paperMm`: the thinnest wall pen). */
export function strokeRadiusPx(s: WallScale, paperMm = MIN_WALL_PAPER_MM): number {
  const widthPx = Math.max(MIN_WALL_MM / s.mmPerPx, paperMm / s.paperMmPerPx);
  return Math.max(1, Math.floor(widthPx / 2));
}

export interface WallMask extends Mask {
  /** Thinnest wall piece in the mask (px): the thin partitions' width when some were taken. */
  minThickPx: number;
}

/**
 * The wall network: thick parts of the filled ink, pieces of building size only. Then the partitions drawn as
 * single thinner lines (THIN_WALL_PAPER_MM): the ink strokes at least that thick, outside the network (a little
 * grown), a wall piece long, and touching the network. A double-line wall's face lines lie inside the network
 * (its cavity is filled), a window's glass lines are drawn in a fine pen: neither is taken.
 */
export function findWallMask(ink: Mask, s: WallScale): WallMask {
  const { solid, inside } = fillWithInside(ink, s);
  const r = strokeRadiusPx(s);
  const minLenPx = WALL_PIECE_MM / s.mmPerPx;
  // (the solid's distance to paper is known unless a field was cleared: the erosion reuses it)
  const thick = inside ? dilate(thresholdChamfer(inside, ink.w, ink.h, r, true), r) : open(solid, r);
  const comps = components(thick, 1);
  const keep = new Uint8Array(comps.count + 1);
  for (let id = 1; id <= comps.count; id++) {
    const len = Math.max(comps.x1[id] - comps.x0[id], comps.y1[id] - comps.y0[id]) + 1;
    keep[id] = len >= minLenPx ? 1 : 0;
  }
  keepPiers(comps, keep, ink.w, ink.h, MAX_GAP_MM / s.mmPerPx, MAX_WALL_THICKNESS_MM / s.mmPerPx, PIER_MIN_MM / s.mmPerPx);
  const out: WallMask = { ...newMask(ink.w, ink.h), minThickPx: 2 * r + 1 };
  for (let i = 0; i < out.data.length; i++) out.data[i] = keep[comps.labels[i]];
  const rf = strokeRadiusPx(s, THIN_WALL_PAPER_MM);
  // (in the ink itself, not the solid: a window's glass lines with the filled paper between them are as thick as a
  // thin partition, but no stroke of them is)
  if (rf < r && addThinPartitions(out, { comps, keep }, open(ink, rf), r, rf, minLenPx, MAX_WALL_THICKNESS_MM / s.mmPerPx)) out.minThickPx = 2 * rf + 1;
  return out;
}

/** Passes of keepPiers (a pier kept may be the wall the next one meets: piers between three openings in a row). */
const PIER_PASSES = 3;
/** A pier is at least this long (site mm) ... */
const PIER_MIN_MM = 300;
/** ... longer than thick by this factor, solid over this share of its box ... */
const PIER_ELONGATION = 1.5;
const PIER_SOLID = 0.6;
/** ... and the walls it stands in line with are about as thick: within this factor either way. */
const PIER_THICK_MATCH = 0.6;

/**
 * Keeps (in `keep`, in place) the short pieces standing in a wall's line between openings: a piece no thicker than a
 * wall whose long axis meets a kept piece within an opening's width beyond BOTH its ends, along its middle rows.
 * A facade's pier between a door and a window is shorter than a wall piece and stands alone once the window's
 * thin glass lines are taken away; dropped, it leaves one gap wider than any opening and the room leaks out.
 * A building's corner between a door and a window is such a piece bent: an L whose two arms each stand in their
 * wall's line (cornerPier below); dropped, its door and its window have no jamb on its side and are found as neither.
 */
function keepPiers(c: Components, keep: Uint8Array, w: number, h: number, maxGapPx: number, maxThickPx: number, minLenPx: number): void {
  const { labels } = c;
  /** Rows (or columns) of piece `l` across the line at (x, y): its thickness where the line meets it. */
  const across = (l: number, x: number, y: number, horizontal: boolean): number => {
    let n = 1;
    if (horizontal) { for (let yy = y - 1; yy >= 0 && labels[yy * w + x] === l; yy--) n++; for (let yy = y + 1; yy < h && labels[yy * w + x] === l; yy++) n++; }
    else { for (let xx = x - 1; xx >= 0 && labels[y * w + xx] === l; xx--) n++; for (let xx = x + 1; xx < w && labels[y * w + xx] === l; xx++) n++; }
    return n;
  };
  /** Whether, from (x, y) stepping (dx, dy), a kept piece about `thick` thick across the line is met within maxGapPx of paper. */
  const meets = (id: number, x: number, y: number, dx: number, dy: number, thick: number): boolean => {
    for (let n = 0; n <= maxGapPx; n++) {
      x += dx; y += dy;
      if (x < 0 || y < 0 || x >= w || y >= h) return false;
      const l = labels[y * w + x];
      if (l === id || !l) continue;
      if (!keep[l]) return false;
      // (the piece's thickness a little way in: the opening rounds its end's corners)
      let t = 0;
      for (let k = 0, xx = x, yy = y; k <= thick >> 1 && xx >= 0 && yy >= 0 && xx < w && yy < h && labels[yy * w + xx] === l; k++, xx += dx, yy += dy) t = Math.max(t, across(l, xx, yy, dy === 0));
      return t >= PIER_THICK_MATCH * thick && t <= thick / PIER_THICK_MATCH;
    }
    return false;
  };
  /** Whether piece `id`'s line (rows mid ± 1 across it, along x when `horizontal`) meets wall `thick` thick beyond both its ends. */
  const standsInLine = (id: number, horizontal: boolean, mid: number, thick: number) => [mid - 1, mid, mid + 1].every((m) => horizontal
    ? meets(id, c.x0[id], m, -1, 0, thick) && meets(id, c.x1[id], m, 1, 0, thick)
    : meets(id, m, c.y0[id], 0, -1, thick) && meets(id, m, c.y1[id], 0, 1, thick));
  // a pier with a partition's stub off it (a T or an L) is no solid bar, but its rows (or columns) that run its whole
  // length are one: its bars, found once (they do not change from pass to pass), pier-shaped ones only
  const bars = new Map<number, Bar[]>();
  const barsOf = (id: number): Bar[] => {
    let list = bars.get(id);
    if (list) return list;
    list = [];
    for (const horizontal of [true, false]) {
      // (a bar is as long as the box: a box shorter than a pier has none worth scanning for)
      if ((horizontal ? c.x1[id] - c.x0[id] : c.y1[id] - c.y0[id]) + 1 < minLenPx) continue;
      const bar = throughBar(c, id, horizontal, w);
      if (bar && bar.thick <= maxThickPx && bar.len >= Math.max(minLenPx, PIER_ELONGATION * bar.thick)) list.push({ ...bar, horizontal });
    }
    bars.set(id, list);
    return list;
  };
  /**
   * Whether piece `id` is a building's corner between two openings (an L: a bar along x and one along y, each
   * meeting wall of its own thickness in its line beyond its free end, the end away from the other bar): a corner
   * pier between a door and a window, each arm shorter than a wall piece.
   */
  const cornerPier = (id: number): boolean => {
    const bs = barsOf(id), hb = bs.find((b) => b.horizontal), vb = bs.find((b) => !b.horizontal);
    if (!hb || !vb) return false;
    // (the free end of the bar along x lies away from the bar along y, whose middle column is vb.mid)
    const hEnd = vb.mid - c.x0[id] < c.x1[id] - vb.mid ? 1 : -1, vEnd = hb.mid - c.y0[id] < c.y1[id] - hb.mid ? 1 : -1;
    return [-1, 0, 1].every((d) => meets(id, hEnd > 0 ? c.x1[id] : c.x0[id], hb.mid + d, hEnd, 0, hb.thick) &&
      meets(id, vb.mid + d, vEnd > 0 ? c.y1[id] : c.y0[id], 0, vEnd, vb.thick));
  };
  for (let pass = 0; pass < PIER_PASSES; pass++) {
    let added = false;
    for (let id = 1; id <= c.count; id++) {
      if (keep[id]) continue;
      const bw = c.x1[id] - c.x0[id] + 1, bh = c.y1[id] - c.y0[id] + 1;
      const horizontal = bw >= bh;
      const len = Math.max(bw, bh), thick = Math.min(bw, bh);
      if (thick > maxThickPx || len < Math.max(minLenPx, PIER_ELONGATION * thick) || c.area[id] < PIER_SOLID * bw * bh) continue;
      if (standsInLine(id, horizontal, horizontal ? (c.y0[id] + c.y1[id]) >> 1 : (c.x0[id] + c.x1[id]) >> 1, thick)) { keep[id] = 1; added = true; }
    }
    for (let id = 1; id <= c.count; id++) {
      if (keep[id]) continue;
      if (barsOf(id).some((b) => standsInLine(id, b.horizontal, b.mid, b.thick)) || cornerPier(id)) { keep[id] = 1; added = true; }
    }
    if (!added) return;
  }
}

interface Bar { thick: number; mid: number; len: number; horizontal: boolean }

/** A row (or column) of a piece is part of its bar when the piece covers this share of the box's length on it. */
const THROUGH_SHARE = 0.9;

/**
 * The bar of piece `id` along x (`horizontal`) or y: the widest band of neighbouring rows (columns) on which the
 * piece runs (nearly) the whole length of its box. Its thickness (rows), middle row and length; null when no row
 * runs through, or the band is not at least two rows.
 */
function throughBar(c: Components, id: number, horizontal: boolean, w: number): Omit<Bar, 'horizontal'> | null {
  const { labels } = c;
  const a0 = horizontal ? c.y0[id] : c.x0[id], a1 = horizontal ? c.y1[id] : c.x1[id];
  const b0 = horizontal ? c.x0[id] : c.y0[id], b1 = horizontal ? c.x1[id] : c.y1[id];
  const len = b1 - b0 + 1, need = THROUGH_SHARE * len;
  let best = 0, bestEnd = -1, run = 0;
  for (let a = a0; a <= a1; a++) {
    let n = 0;
    for (let b = b0; b <= b1; b++) if (labels[horizontal ? a * w + b : b * w + a] === id) n++;
    run = n >= need ? run + 1 : 0;
    if (run > best) { best = run; bestEnd = a; }
  }
  return best >= 2 ? { thick: best, mid: bestEnd - ((best - 1) >> 1), len } : null;
}

/**
 * Adds to `walls` (in place) the pieces of `fine` (the ink opened at the thin pen) lying clear of the walls
 * grown by `r` that are at least `minLenPx` long, touch the grown walls and do not fill a wall's own line.
 * `pieces` are the labelled pieces the walls were kept from (`keep`: the kept ones). Returns whether any was added.
 */
function addThinPartitions(walls: Mask, pieces: { comps: Components; keep: Uint8Array }, fine: Mask, r: number, rf: number, minLenPx: number, maxThickPx: number): boolean {
  const penPx = 2 * rf + 2;
  const { w, h } = walls;
  const grown = dilate(walls, r), g = grown.data;
  /** Whether pixel i lies beside the grown walls. */
  const besideGrown = (i: number): boolean => {
    const x = i % w;
    return (x > 0 && g[i - 1] === 1) || (x < w - 1 && g[i + 1] === 1) || (i >= w && g[i - w] === 1) || (i + w < g.length && g[i + w] === 1);
  };
  // a piece must meet the building's walls: those clear of the drawing's edge, where a sheet's frame runs (a
  // title block's rules meet the frame). A drawing without a frame has its outer walls on that edge: it is given no
  // thin partitions (the walls found at the full thickness stand as they are).
  const wc = pieces.comps;
  const m = CROP_MARGIN_PX + Math.max(3, Math.round(SHEET_EDGE_SHARE * Math.min(w, h)));
  const inner = new Uint8Array(wc.count + 1);
  for (let id = 1; id <= wc.count; id++) inner[id] = pieces.keep[id] && wc.x0[id] > m && wc.y0[id] > m && wc.x1[id] < w - 1 - m && wc.y1[id] < h - 1 - m ? 1 : 0;
  if (!inner.includes(1)) return false;
  /** Whether a building wall (an inner one) lies within r + 1 of (x, y). */
  const nearBuilding = (x: number, y: number): boolean => {
    for (let yy = Math.max(0, y - r - 1); yy <= Math.min(h - 1, y + r + 1); yy++)
      for (let xx = Math.max(0, x - r - 1); xx <= Math.min(w - 1, x + r + 1); xx++) if (inner[wc.labels[yy * w + xx]]) return true;
    return false;
  };
  const rest = newMask(w, h);
  for (let i = 0; i < rest.data.length; i++) rest.data[i] = fine.data[i] & (g[i] ^ 1);
  const comps = components(rest, 1);
  const touches = new Uint8Array(comps.count + 1);
  for (let i = 0; i < rest.data.length; i++) {
    const id = comps.labels[i];
    if (id && !touches[id] && besideGrown(i) && nearBuilding(i % w, Math.floor(i / w))) touches[id] = 1;
  }
  const keep = new Uint8Array(comps.count + 1);
  let added = false;
  for (let id = 1; id <= comps.count; id++) {
    const len = Math.max(comps.x1[id] - comps.x0[id], comps.y1[id] - comps.y0[id]) + 1;
    // (a partition is a few lines meeting; a title block's or a table's rules are a grid of them)
    if (comps.area[id] > GRID_LINES * len * penPx) continue;
    if (touches[id] && len >= minLenPx && !inWallLine(walls, comps.x0[id], comps.y0[id], comps.x1[id], comps.y1[id], r, maxThickPx)) { keep[id] = 1; added = true; }
  }
  if (!added) return false;
  // (a kept piece joins the walls with its own ink across the grown margin between it and them: the stroke
  // within r + 1 of the piece's pixels on the margin's edge)
  const edge: number[] = [];
  for (let i = 0; i < walls.data.length; i++) {
    if (!keep[comps.labels[i]]) continue;
    walls.data[i] = 1;
    if (besideGrown(i)) edge.push(i);
  }
  for (const i of edge) {
    const x = i % w, y = (i - x) / w;
    for (let yy = Math.max(0, y - r - 1); yy <= Math.min(h - 1, y + r + 1); yy++)
      for (let xx = Math.max(0, x - r - 1); xx <= Math.min(w - 1, x + r + 1); xx++) {
        const j = yy * w + xx;
        if (g[j] && fine.data[j]) walls.data[j] = 1;
      }
  }
  return true;
}

/**
 * Whether a piece (its box) lies in the line of a wall: beyond both its ends, along its long axis, wall runs on
 * further than a wall is thick. That is an opening's filling drawn in a heavier pen (a sliding door's two
 * panels, a window's frame), not a partition: a partition's ends meet a wall across it, as thick as a wall.
 */
function inWallLine(walls: Mask, x0: number, y0: number, x1: number, y1: number, r: number, maxThickPx: number): boolean {
  const horizontal = x1 - x0 >= y1 - y0;
  const runOn = (x: number, y: number, dx: number, dy: number): number => {
    const { w, h, data } = walls;
    let n = 0, skipped = 0;
    for (;;) {
      x += dx; y += dy;
      if (x < 0 || y < 0 || x >= w || y >= h) return n;
      if (data[y * w + x]) n++;
      else if (n > 0 || ++skipped > r + 2) return n;
      if (n > maxThickPx) return n;
    }
  };
  const mid = horizontal ? (y0 + y1) >> 1 : (x0 + x1) >> 1;
  const ends = horizontal ? [[x0, -1], [x1, 1]] as const : [[y0, -1], [y1, 1]] as const;
  return ends.every(([at, dir]) => [mid - 1, mid, mid + 1].some((m) =>
    (horizontal ? runOn(at, m, dir, 0) : runOn(m, at, 0, dir)) > maxThickPx));
}
