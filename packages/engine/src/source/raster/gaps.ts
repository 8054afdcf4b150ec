/**
 * Openings in the wall network. Each end of a straight wall piece looks ahead along its own rows (or
 * columns) for the next wall; a gap no longer than the widest door is sealed with a block of the wall's
 * own thickness and kept as an opening: a window when a glass line runs across it from jamb to jamb, a
 * sliding door when panels cover part of it, otherwise a door. Looking only along the wall's own band
 * keeps narrow rooms and corridors (paper between two parallel walls) open. An open door's leaf that the scan
 * thickened into wall, at its foot or along its length, is no piece whose ends are jambs.
 */
import { components, newMask, type Components, type Mask } from './bitmap.js';
import { sharedArray, splitRun } from './pixel-helper.js';

/** Widest opening sealed (site mm): double and sliding doors. */
export const MAX_GAP_MM = 2700;
/** Narrowest gap reported as an opening (site mm); narrower ones are only sealed. */
export const MIN_OPENING_MM = 450;
/** Bands thicker than this (site mm) are not one wall. */
export const MAX_WALL_THICKNESS_MM = 450;
/** Openings wider than this (site mm, a wide single door) must end at the same wall continuing in line. */
export const MAX_CORNER_GAP_MM = 1200;
/** Share of a gap's rows whose far side is wall running along the gap. */
const IN_LINE_SHARE = 0.5;
/** Shortest wall piece whose ends are looked from (pixels). */
const MIN_PIECE_PX = 4;
/**
 * A wall piece is at least this much longer than thick; shorter bumps on a wall's face are no pieces. A door's jamb
 * between the door and a T junction is a stub (the junction's square goes to the longer wall), often under 1.5
 * thicknesses: a 290 mm stub of a 200 mm wall. When both jambs are such stubs, no end faced the gap and it stayed
 * open. (1.3 split rooms on the real scans: over the 27 aecv scans with counts the rooms' summed count error went
 * 121 -> 127; at 1.4 it stays 121, the doors' 122 -> 121.)
 */
const PIECE_ELONGATION = 1.4;
/** Share of a wall end's rows that must meet wall across the gap. */
const END_AGREEMENT = 0.6;
/** A glass line covers at least this share of the gap's length. */
const GLASS_COVER = 0.85;
/** A glass line drawn faint reaches within this share of the gap's length of both jambs ... */
const SPAN_END_SHARE = 0.1;
/** ... and has ink along at least this share of it, however broken. */
const SPAN_COVER = 0.5;
/** Sliding panels cover at least this share (two panels of about half the width each). */
const PANEL_COVER = 0.4;
/**
 * Longest break in a glass line still taken as one line (paper mm): scan noise and JPEG blocks break a
 * solid line for a pixel or so, while a dash-dot axis or hidden line drawn through an opening has pen
 * gaps of 0.5 mm and more on the paper. A window's glass is drawn solid from jamb to jamb.
 */
export const MAX_GLASS_BREAK_PAPER_MM = 0.55;

export interface Gap {
  /** Gap rectangle in pixels (inclusive). */
  x0: number; y0: number; x1: number; y1: number;
  /** The wall runs along x (the gap is a horizontal block). */
  horizontal: boolean;
  kind: 'door' | 'window' | 'seal';
  subtype: string;
}

/**
 * What findBandWindows and sealGaps both take from the unsealed walls and the ink: the ink turned (the vertical walls'
 * view) and the pieces of the bands along x. Made once for both, they cost one pass of each less per page.
 */
export interface BandViews {
  inkT: Mask;
  alongX: Components;
}

export function bandViews(walls: Mask, ink: Mask): BandViews {
  return { inkT: transpose(ink), alongX: components(alongMask(walls), 1) };
}

/** Seals the wall gaps in place and returns them (`views`: bandViews of the walls before sealing and the ink). */
export function sealGaps(walls: Mask, ink: Mask, mmPerPx: number, minThick = 2, paperMmPerPx = 0.25, views?: BandViews): Gap[] {
  const maxBreak = Math.max(1, Math.floor(MAX_GLASS_BREAK_PAPER_MM / paperMmPerPx));
  const maxLen = Math.round(MAX_GAP_MM / mmPerPx);
  const maxThick = Math.round(MAX_WALL_THICKNESS_MM / mmPerPx);
  const gaps: Gap[] = [];
  for (const horizontal of [true, false]) {
    const view = horizontal ? walls : transpose(walls);
    const inkView = horizontal ? ink : views?.inkT ?? transpose(ink);
    // (the horizontal pass sees the walls before any sealing)
    const comps = horizontal && views ? views.alongX : components(alongMask(view), 1);
    // per component and row: its last and first pixel (the piece's two ends in that row)
    const found: Gap[] = [];
    for (let id = 1; id <= comps.count; id++) {
      const rows = comps.y1[id] - comps.y0[id] + 1, len = comps.x1[id] - comps.x0[id] + 1;
      // a wall piece is longer than it is thick; bumps on a wall's face are not pieces
      // (a diagonal wall breaks into staircase steps about as long as thick: not pieces either)
      if (rows < minThick || rows > maxThick || len < Math.max(PIECE_ELONGATION * rows, MIN_PIECE_PX)) continue;
      // an open door's leaf drawn thick enough to pass for a piece of wall: its swing runs from its free end round
      // its foot, a quarter circle as wide as the leaf is long; its ends are no jambs
      if (len * mmPerPx >= MIN_OPENING_MM && len * mmPerPx <= MAX_LEAF_MM &&
        swingAt({ x0: comps.x0[id], x1: comps.x1[id], y0: comps.y0[id], y1: comps.y1[id] }, inkView, LEAF_OWN_SWING)) continue;
      for (const dir of [1, -1] as const) {
        const g = endGap(view, comps.labels, id, comps.x0[id], comps.x1[id], comps.y0[id], comps.y1[id], dir, maxLen, mmPerPx, inkView, maxBreak);
        if (g) found.push(g);
      }
    }
    for (const g of found) {
      // the other end of the same gap may have sealed it already
      let open = 0;
      for (let y = g.y0; y <= g.y1; y++) for (let x = g.x0; x <= g.x1; x++) open += view.data[y * view.w + x] ? 0 : 1;
      if (open < 0.5 * (g.x1 - g.x0 + 1) * (g.y1 - g.y0 + 1)) continue;
      for (let y = g.y0; y <= g.y1; y++) for (let x = g.x0; x <= g.x1; x++) view.data[y * view.w + x] = 1;
      if ((g.x1 - g.x0 + 1) * mmPerPx >= MIN_OPENING_MM) classify(g, inkView, maxBreak, mmPerPx);
      gaps.push(horizontal ? { ...g, horizontal } : { x0: g.y0, y0: g.x0, x1: g.y1, y1: g.x1, horizontal, kind: g.kind, subtype: g.subtype });
    }
    if (!horizontal) walls.data.set(transpose(view).data);
  }
  return gaps;
}

/** Wall pixels that belong to a band running along x: longer along the row than across it. */
export function alongMask(m: Mask): Mask {
  const { w, h, data } = m;
  // run lengths along the row and down the column, each in row-major passes (cache-friendly)
  const hRun = sharedArray(Uint16Array, w * h), vRun = sharedArray(Uint16Array, w * h);
  splitRun('runRows', { data, w, hRun }, h);
  const out = newMask(w, h);
  splitRun('alongCols', { data, w, h, hRun, vRun, out: out.data }, w);
  return out;
}

/** The gap beyond one end (dir = +1 right, −1 left) of a band piece, or null when no wall is met. */
function endGap(m: Mask, labels: Int32Array, id: number, bx0: number, bx1: number, y0: number, y1: number, dir: 1 | -1, maxLen: number, mmPerPx: number, ink: Mask, maxBreak: number): Gap | null {
  const { w, data } = m;
  const starts: number[] = [], lens: number[] = [];
  let inLine = 0;
  for (let y = y0; y <= y1; y++) {
    let end = -1;
    if (dir === 1) { for (let x = bx1; x >= bx0; x--) if (labels[y * w + x] === id) { end = x; break; } }
    else for (let x = bx0; x <= bx1; x++) if (labels[y * w + x] === id) { end = x; break; }
    if (end < 0) continue;
    let x = end + dir;
    // the band meets another wall here (a corner or junction): no gap in this row
    if (x < 0 || x >= w || data[y * w + x]) continue;
    const from = x;
    let n = 0;
    while (x >= 0 && x < w && !data[y * w + x] && n <= maxLen) { x += dir; n++; }
    if (n > 0 && n <= maxLen && x >= 0 && x < w) { starts.push(from); lens.push(n); if (labels[y * w + x]) inLine++; }
  }
  const rows = y1 - y0 + 1;
  if (starts.length < Math.max(2, END_AGREEMENT * rows)) return null;
  const med = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1];
  const s = med(starts), n = med(lens);
  const e = s + dir * (n - 1);
  const g: Gap = { x0: Math.min(s, e), x1: Math.max(s, e), y0, y1, horizontal: true, kind: 'seal', subtype: '' };
  // the piece is the foot of a line drawn on: an open door's leaf, thickened where it stands on the wall, is no jamb
  const on = lineRunsOn(ink, s, dir, n, y0, y1, maxBreak);
  if (on > Math.max(bx1 - bx0 + 1, LINE_ON_SHARE * n) && on <= (1 - LINE_SHORT_SHARE) * n) return null;
  // wider than a single door: only between two pieces of one wall (the wall met across runs on in line), or
  // with a door's swing drawn across it; a wall end facing a crossing wall that far off is otherwise a stub or
  // furniture beside a room, not a jamb
  if (n * mmPerPx > MAX_CORNER_GAP_MM && inLine < IN_LINE_SHARE * starts.length && !swingAt(g, ink, WIDE_SWING)) return null;
  return g;
}

/** A line running on from a piece's end over more than this share of the gap (and longer than the piece) ... */
const LINE_ON_SHARE = 0.5;
/** ... that stops at least this share of the gap short of the wall across, with no ink after it, is the piece's own line. */
const LINE_SHORT_SHARE = 0.1;

/**
 * How far (pixels) ink runs on from a wall piece's end into the gap beyond it, on the piece's rows, as one line
 * that ends there: from `s`, the gap's first pixel, in direction `dir`, over the gap's `n` pixels. Breaks up to
 * `maxBreak` px are bridged (noise); 0 when the line is not the last ink in the gap's rows (a dashed line drawn
 * across an opening, a header or an axis, goes on in dashes to the far jamb).
 *
 * A door drawn open stands across its opening with its leaf on a line of its own, and the leaf's foot, blurred
 * into the jamb's corner, passes for a short piece of wall. Its end then faces the wall across the room along
 * the leaf, with the leaf's line in the "gap" from its end nearly to the swing's tip and nothing after it. A
 * jamb's gap is empty there, or is crossed from jamb to jamb (glass, a sliding door's two panels, a dashed
 * line), never drawn on from one end and left empty short of the other.
 */
function lineRunsOn(ink: Mask, s: number, dir: 1 | -1, n: number, y0: number, y1: number, maxBreak: number): number {
  let reach = 0, gap = 0, k = 0;
  const inkAt = (at: number) => {
    const x = s + dir * at;
    for (let y = y0; y <= y1; y++) if (ink.data[y * ink.w + x]) return true;
    return false;
  };
  for (; k < n; k++) {
    if (inkAt(k)) { reach = k + 1; gap = 0; } else if (++gap > maxBreak) break;
  }
  for (; k < n; k++) if (inkAt(k)) return 0;
  return reach;
}

/** Tile side (pixels) of the transpose: a tile's rows and columns both stay in cache. */
const TRANSPOSE_TILE = 64;

export function transpose(m: Mask): Mask {
  const { w, h, data } = m;
  const out = newMask(h, w);
  splitRun('transposeRows', { data, w, h, out: out.data, tile: TRANSPOSE_TILE }, h);
  return out;
}

/**
 * Window, sliding door or door, from the ink inside the gap (a block along x): a glass line runs from jamb
 * to jamb; sliding panels are two strokes along the wall, each from one jamb past the middle; a swing door
 * or a bare opening leaves the gap nearly empty along its rows. A row of ink over part of the gap that is no
 * pair of panels (a dash-dot axis line drawn through the opening, a glass line broken by noise) cannot be
 * told apart here and is taken for a door. The glass line must be one solid stroke (breaks of at most
 * `maxBreak` px bridged): a dash-dot axis line along a wall's centre crosses every door in that wall, and
 * its dashes can cover 85 % of a door's width, but its pen gaps break it.
 */
function classify(g: Gap, ink: Mask, maxBreak: number, mmPerPx: number): void {
  const along = g.x1 - g.x0 + 1;
  let best = 0, solid = 0;
  // lines of ink from jamb to jamb, however broken (rows next to each other are one blurred line)
  let spanLines = 0, prevSpan = false;
  const reach = Math.max(2, Math.round(SPAN_END_SHARE * along));
  for (let y = g.y0; y <= g.y1; y++) {
    let n = 0, runStart = -1, lastInk = -1, firstInk = -1;
    for (let x = g.x0; x <= g.x1; x++) {
      const here = ink.data[y * ink.w + x];
      n += here;
      if (here && firstInk < 0) firstInk = x;
      // a thin line falls across two rows after a turn and blur: it is solid where either row has ink
      if (!here && !(y < g.y1 && ink.data[(y + 1) * ink.w + x])) continue;
      if (runStart < 0 || x - lastInk - 1 > maxBreak) runStart = x;
      lastInk = x;
      solid = Math.max(solid, (x - runStart + 1) / along);
    }
    best = Math.max(best, n / along);
    const span = firstInk >= 0 && firstInk - g.x0 <= reach && g.x1 - lastInk <= reach && n >= SPAN_COVER * along;
    if (span && !prevSpan) spanLines++;
    prevSpan = span;
  }
  // a door swing hung at a jamb makes the gap a door, whatever lines cross it (a tile joint or a grid line
  // drawn along the wall's face looks like glass or a panel)
  if (best >= PANEL_COVER && along * mmPerPx <= MAX_LEAF_MM && swingAt(g, ink)) { g.kind = 'door'; g.subtype = 'swing'; return; }
  // (both: a line covering the gap in one row, and solid; two sliding panels on neighbouring rows are no glass)
  // two lines from jamb to jamb, each broken by the scan's noise, are the two glass lines of a window drawn
  // faint: a sliding panel runs from one jamb past the middle only, and a dash-dot axis is one line
  if ((best >= GLASS_COVER && solid >= GLASS_COVER) || spanLines >= 2) { g.kind = 'window'; g.subtype = 'window'; }
  else if (best >= PANEL_COVER) { g.kind = 'door'; g.subtype = 'sliding'; }
  else { g.kind = 'door'; g.subtype = 'swing'; }
}

/** The widest door leaf (site mm): a swing is looked for in gaps no wider (a double door's two leaves are not). */
const MAX_LEAF_MM = 1200;
/** Points sampled along a quarter circle looking for a door's swing. */
const SWING_SAMPLES = 32;
/**
 * How closely a swing is asked for: its arc within `tolerance` of its radius (2 px at least) over `cover` of its
 * points; `alone`: the circles SWING_CLEAR_SHARE of the radius inside and outside its middle mostly paper.
 */
interface SwingTest { tolerance: number; cover: number; alone: boolean }
/** A door's swing hung at a jamb of a gap up to a single leaf wide. */
const LEAF_SWING: SwingTest = { tolerance: 0.08, cover: 0.8, alone: false };
/**
 * A gap wider than a single leaf that ends at a crossing wall is a door when a swing is drawn across it, closer and
 * alone: a wide circle passes near furniture and dimension lines by chance, and a field of lines (stairs, benches,
 * hatching) has ink along any curve drawn through it.
 */
const WIDE_SWING: SwingTest = { tolerance: 0.03, cover: 0.95, alone: true };
/** The swing of a door leaf drawn as a piece of wall: close and alone, as a wide door's (a leaf's length of wall has walls and lines all round it). */
const LEAF_OWN_SWING: SwingTest = { tolerance: 0.05, cover: 0.9, alone: true };
/** Of the points on the circles this share of the radius inside and outside a lone swing, at most SWING_CLEAR_MAX inked. */
const SWING_CLEAR_SHARE = 0.12;
const SWING_CLEAR_MAX = 0.5;

/**
 * Whether a door's swing is drawn at the gap (a block along x, rows y0..y1 across the wall): a quarter circle
 * hinged at a corner of the gap on one face of the wall, its radius the gap's length, sweeping from the far
 * jamb out into the room, with ink along most of it (as `test` asks). The leaf's own line is not asked for
 * (drawn thin, or open at another angle). Any block along x can be asked about: a wall piece that is a door's
 * leaf has its swing so, from its free end round its foot.
 */
export function swingAt(g: Pick<Gap, 'x0' | 'y0' | 'x1' | 'y1'>, ink: Mask, test: SwingTest = LEAF_SWING): boolean {
  const R = g.x1 - g.x0 + 1;
  const tol = Math.max(2, Math.round(test.tolerance * R));
  const inkNear = (x: number, y: number) => {
    for (let dy = -tol; dy <= tol; dy++) for (let dx = -tol; dx <= tol; dx++) {
      if (dx * dx + dy * dy > tol * tol) continue;
      const px = Math.round(x) + dx, py = Math.round(y) + dy;
      if (px >= 0 && py >= 0 && px < ink.w && py < ink.h && ink.data[py * ink.w + px]) return true;
    }
    return false;
  };
  for (const [hx, dirX] of [[g.x0, 1], [g.x1, -1]] as const) {
    for (const [hy, dirY] of [[g.y0, -1], [g.y1, 1]] as const) {
      let hits = 0, n = 0;
      // (the samples next to the wall's face are left out: the jamb's own ink is there)
      for (let i = 2; i <= SWING_SAMPLES; i++) {
        const a = (i / SWING_SAMPLES) * (Math.PI / 2);
        n++;
        if (inkNear(hx + dirX * R * Math.cos(a), hy + dirY * R * Math.sin(a))) hits++;
      }
      if (hits < test.cover * n) continue;
      if (!test.alone) return true;
      // (its middle only: near its ends the circles run into the jambs' walls and the leaf)
      let beside = 0, m = 0;
      for (let i = SWING_SAMPLES / 8; i <= (SWING_SAMPLES * 7) / 8; i++) {
        const a = (i / SWING_SAMPLES) * (Math.PI / 2);
        for (const k of [1 - SWING_CLEAR_SHARE, 1 + SWING_CLEAR_SHARE]) {
          m++;
          if (inkNear(hx + dirX * k * R * Math.cos(a), hy + dirY * k * R * Math.sin(a))) beside++;
        }
      }
      if (beside <= SWING_CLEAR_MAX * m) return true;
    }
  }
  return false;
}

/**
 * The openings found as gaps (`sealed`) and in the wall bands (`band`), one per place. A gap found both ways is
 * the gap's, except under a sliding door read from its two panels in the band: it spans the opening from jamb
 * to jamb, while where the panels are thick enough to pass for wall pieces the gap sealed between them is only
 * a part of it (one panel taken for glass).
 */
export function openingsOnce(sealed: Gap[], band: Gap[]): Gap[] {
  return distinctGaps([...band.filter((g) => g.subtype === 'sliding'), ...sealed, ...band.filter((g) => g.subtype !== 'sliding')]);
}

/**
 * One opening per place: a gap overlapping an earlier one (same wall direction, across extents meeting,
 * at least half of the shorter one along the wall) is the same opening found a second way; the earlier wins.
 */
export function distinctGaps(gaps: Gap[]): Gap[] {
  const kept: Gap[] = [];
  for (const g of gaps) {
    const dup = kept.some((k) => {
      if (k.horizontal !== g.horizontal) return false;
      const [a0, a1, b0, b1, c0, c1, d0, d1] = g.horizontal
        ? [g.x0, g.x1, k.x0, k.x1, g.y0, g.y1, k.y0, k.y1] : [g.y0, g.y1, k.y0, k.y1, g.x0, g.x1, k.x0, k.x1];
      if (Math.min(c1, d1) < Math.max(c0, d0)) return false;
      const overlap = Math.min(a1, b1) - Math.max(a0, b0) + 1;
      return overlap >= 0.5 * Math.min(a1 - a0 + 1, b1 - b0 + 1);
    });
    if (!dup) kept.push(g);
  }
  return kept;
}
