/**
 * Where text is drawn on the page, followed through pdf.js's operator list the way a renderer does (text
 * matrix, line moves, glyph advances), so text a reader never sees can be told from text they do. pdf.js's
 * text content lists invisible text (render mode 3: OCR layers, hidden CAD attributes), white text on white
 * paper and text clipped away like any other; none of it may become a room's label.
 */
import { OPS } from './pdfjs.js';
import type { FillPoly, Mat, TextRun, VectorPage } from './extract.js';

/** Text state kept in the graphics state (saved and restored with it). */
export interface TextGs { mode: number; fontSize: number; charSpacing: number; wordSpacing: number; hScale: number; leading: number; rise: number }
interface TextState { gs: TextGs; tm: Mat; x: number; y: number; lineX: number; lineY: number }

const IDENTITY: Mat = [1, 0, 0, 1, 0, 0];
/** A font's glyph widths are in thousandths of the text size (pdf.js gives them so for all but Type 3 fonts). */
const GLYPH_UNITS = 1000;

export function newTextState(): TextState {
  return { gs: { mode: 0, fontSize: 0, charSpacing: 0, wordSpacing: 0, hScale: 1, leading: 0, rise: 0 }, tm: IDENTITY, x: 0, y: 0, lineX: 0, lineY: 0 };
}

function moveText(t: TextState, x: number, y: number): void {
  t.lineX += x; t.lineY += y;
  t.x = t.lineX; t.y = t.lineY;
}

/** Argument `i` as a number (0 when missing). */
function num(args: unknown[], i: number): number {
  return Number(args?.[i]) || 0;
}

/** Applies a text-state operator; false when `fn` is not one. */
export function textOp(t: TextState, fn: number, args: unknown[]): boolean {
  switch (fn) {
    case OPS.beginText: t.tm = IDENTITY; t.x = t.y = t.lineX = t.lineY = 0; return true;
    case OPS.setFont: t.gs.fontSize = Math.abs(num(args, 1)); return true;
    case OPS.setTextRenderingMode: t.gs.mode = num(args, 0); return true;
    case OPS.setCharSpacing: t.gs.charSpacing = num(args, 0); return true;
    case OPS.setWordSpacing: t.gs.wordSpacing = num(args, 0); return true;
    case OPS.setHScale: t.gs.hScale = num(args, 0) / 100; return true;
    case OPS.setLeading: t.gs.leading = -num(args, 0); return true;
    case OPS.setTextRise: t.gs.rise = num(args, 0); return true;
    case OPS.moveText: moveText(t, num(args, 0), num(args, 1)); return true;
    case OPS.setLeadingMoveText: t.gs.leading = num(args, 1); moveText(t, num(args, 0), num(args, 1)); return true;
    case OPS.nextLine: moveText(t, 0, t.gs.leading); return true;
    case OPS.setTextMatrix: {
      const a = (args?.length === 1 ? args[0] : args) as ArrayLike<number> | undefined;
      if (a && a.length >= 6) t.tm = [a[0], a[1], a[2], a[3], a[4], a[5]].map(Number) as Mat;
      t.x = t.y = t.lineX = t.lineY = 0;
      return true;
    }
    default: return false;
  }
}

/** The point `x` along the text line, risen by `rise`, through the text matrix and `m`. */
function textPoint(t: TextState, m: Mat, x: number, rise: number): [number, number] {
  const y = t.y + rise;
  const ux = t.tm[0] * x + t.tm[2] * y + t.tm[4], uy = t.tm[1] * x + t.tm[3] * y + t.tm[5];
  return [m[0] * ux + m[2] * uy + m[4], m[1] * ux + m[3] * uy + m[5]];
}

/**
 * One show-text operation: the run from the current text position to where its glyphs end, in the frame of
 * `m` (the page's top-left points), and the text position advanced past it. `hidden` is left to the caller.
 */
export function showText(t: TextState, glyphs: unknown[] | undefined, m: Mat): TextRun | null {
  if (!glyphs?.length || t.gs.fontSize <= 0) return null;
  const { fontSize, charSpacing, wordSpacing, hScale, rise } = t.gs;
  let advance = 0;
  for (const g of glyphs) {
    if (typeof g === 'number') { advance -= (g * fontSize) / GLYPH_UNITS; continue; }
    const glyph = g as { width?: number; isSpace?: boolean } | null;
    if (!glyph) continue;
    advance += ((glyph.width ?? 0) * fontSize) / GLYPH_UNITS + charSpacing + (glyph.isSpace ? wordSpacing : 0);
  }
  const [x1, y1] = textPoint(t, m, t.x, rise);
  t.x += advance * hScale;
  const [x2, y2] = textPoint(t, m, t.x, rise);
  const scale = Math.sqrt(Math.abs((t.tm[0] * t.tm[3] - t.tm[1] * t.tm[2]) * (m[0] * m[3] - m[1] * m[2])));
  return { x1, y1, x2, y2, sizePt: fontSize * scale, hidden: false };
}

function insidePoly(pts: [number, number][], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i], [xj, yj] = pts[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** A fill this dark under white text makes the text readable (white on a dark band or box). */
const DARK_UNDER_GRAY = 0.75;

/**
 * White runs (indices into `page.textRuns`) are hidden unless a dark fill or a picture lies under their middle:
 * white on a dark band is read, white on the paper is not.
 */
export function hideWhiteOnWhite(page: VectorPage, white: number[], imageBoxes: [number, number, number, number][]): void {
  if (!white.length) return;
  const dark: FillPoly[] = page.fills.filter((f) => f.gray <= DARK_UNDER_GRAY);
  const boxes = dark.map((f) => {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const [x, y] of f.pts) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); }
    return [x0, y0, x1, y1] as const;
  });
  for (const i of white) {
    const r = page.textRuns![i];
    const x = (r.x1 + r.x2) / 2, y = (r.y1 + r.y2) / 2;
    const onImage = imageBoxes.some(([a, b, c, d]) => x >= a && x <= c && y >= b && y <= d);
    const onDark = !onImage && dark.some((f, k) => {
      const [a, b, c, d] = boxes[k];
      return x >= a && x <= c && y >= b && y <= d && insidePoly(f.pts, x, y);
    });
    if (!onImage && !onDark) r.hidden = true;
  }
}

/** Distance from (x, y) to the segment of a run. */
function toRun(r: TextRun, x: number, y: number): number {
  const dx = r.x2 - r.x1, dy = r.y2 - r.y1, l2 = dx * dx + dy * dy;
  const t = l2 > 0 ? Math.max(0, Math.min(1, ((x - r.x1) * dx + (y - r.y1) * dy) / l2)) : 0;
  return Math.hypot(x - (r.x1 + t * dx), y - (r.y1 + t * dy));
}

/** A text item starts on a run when its start lies within this share of the run's text size of the run's baseline. */
const ON_RUN_SIZES = 0.3;
/** ... and never farther than this (points). */
const ON_RUN_MIN_PT = 0.75;

/**
 * A test for text items (their start in page top-left points): true for text nobody sees, i.e. items that
 * start on a hidden run and on no visible one. Null when the page draws no hidden text (the usual case).
 */
export function hiddenTextTest(runs: TextRun[]): ((x: number, y: number) => boolean) | null {
  const hidden = runs.filter((r) => r.hidden);
  if (!hidden.length) return null;
  const cell = 50;
  const grid = new Map<string, TextRun[]>();
  for (const r of runs) {
    const reach = Math.max(ON_RUN_MIN_PT, r.sizePt * ON_RUN_SIZES);
    const gx0 = Math.floor((Math.min(r.x1, r.x2) - reach) / cell), gx1 = Math.floor((Math.max(r.x1, r.x2) + reach) / cell);
    const gy0 = Math.floor((Math.min(r.y1, r.y2) - reach) / cell), gy1 = Math.floor((Math.max(r.y1, r.y2) + reach) / cell);
    for (let gx = gx0; gx <= gx1; gx++) for (let gy = gy0; gy <= gy1; gy++) {
      const key = `${gx},${gy}`;
      const list = grid.get(key);
      if (list) list.push(r); else grid.set(key, [r]);
    }
  }
  return (x, y) => {
    let onHidden = false;
    for (const r of grid.get(`${Math.floor(x / cell)},${Math.floor(y / cell)}`) ?? []) {
      if (toRun(r, x, y) > Math.max(ON_RUN_MIN_PT, r.sizePt * ON_RUN_SIZES)) continue;
      if (!r.hidden) return false;
      onHidden = true;
    }
    return onHidden;
  };
}
