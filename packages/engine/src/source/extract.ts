/**
 * Vector extraction from a pdf.js operator list: every stroked/filled path flattened to segments in page
 * points (origin top-left, y down), with its line width in points, plus arcs (Bézier curves) kept apart
 * because door swings are drawn with them. Form XObjects are honoured through their matrix.
 */
import { formMatrix, OPS, streamOperatorList, type OperatorChunk } from './pdfjs.js';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { hideWhiteOnWhite, newTextState, showText, textOp, type TextGs } from './text-runs.js';
import { clipSegInto, inClipBox, makeClip, type Clip } from './clip.js';
import { TextOpsKept, textItemsFromOperators, type RawTextItem, type TextFont } from './text-items.js';

export type Mat = [number, number, number, number, number, number];
export interface Seg {
  x1: number; y1: number; x2: number; y2: number;
  /** Stroke width in points (0 for fill edges). */
  w: number;
  /** Drawn with a dash pattern (axes, hidden lines): never a wall face. */
  dashed?: boolean;
  /** Stroke colour, 0xRRGGBB. */
  rgb?: number;
  /** The path it was drawn in (segments of one path share it). */
  path?: number;
}
export interface FillPoly {
  pts: [number, number][];
  /** 0 = black .. 1 = white */
  gray: number;
  /** Sub-paths of one fill operation share a group: together, with their fill rule, they make one region. */
  group: number;
  evenOdd: boolean;
}
export interface Curve {
  /** start, control 1, control 2, end, in page points */
  p: [number, number][];
}
export interface VectorPage {
  segs: Seg[];
  fills: FillPoly[];
  curves: Curve[];
  /** Curves of filled (not stroked) paths: glyph outlines, round fills, or strokes exported as outlines. */
  fillCurves: Curve[];
  imageCount: number;
  pathOps: number;
  truncated: boolean;
  /** Where each text run was drawn, and whether a reader sees it (see `TextRun`). */
  textRuns?: TextRun[];
  /** The page's text items as pdf.js's `getTextContent` gives them, built from the same operator list
   * (`text-items.ts`); null when only pdf.js's own pass can give them. */
  textItems?: RawTextItem[] | null;
}

/**
 * A run of text as drawn (one show-text operation), from its start to its end along the baseline, in page
 * points (origin top-left, y down). `hidden`: nobody sees it on the printed sheet: drawn in render mode 3 or 7
 * (invisible, as OCR layers and hidden CAD attributes are), drawn white with nothing dark or no picture under
 * it, or wholly outside the clip in force.
 */
export interface TextRun { x1: number; y1: number; x2: number; y2: number; sizePt: number; hidden: boolean }

/** Text this light (0 black .. 1 white) is white: unseen on white paper. */
const WHITE_TEXT_GRAY = 0.97;

const mul = (a: Mat, b: Mat): Mat => [
  a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
  a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
  a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5],
];

/** Limit of segments kept: protects against pathological pages (hatching of millions of lines). */
const MAX_SEGS = 400_000;

/** `budgetMs`: time allowed for walking the operator list (pdf.js's own parse, which sends it in chunks, not counted). */
export async function extractVectors(page: PDFPageProxy, budgetMs: number): Promise<VectorPage> {
  const vp = page.getViewport({ scale: 1 });
  const base = vp.transform as Mat; // PDF user space -> top-left points
  const textRuns: TextRun[] = [];
  const out: VectorPage = { segs: [], fills: [], curves: [], fillCurves: [], imageCount: 0, pathOps: 0, truncated: false, textRuns };
  const text = newTextState();
  const whiteRuns: number[] = [];
  const imageBoxes: [number, number, number, number][] = [];
  let ctm: Mat = [1, 0, 0, 1, 0, 0];
  let lw = 1;
  let fillGray = 0;
  let clipR: Clip | null = null;
  let dashed = false;
  let rgb = 0;
  // (constant opacity of fills and strokes, from the graphics state: a fill at 10 % shows as a pale tint)
  let fillAlpha = 1, strokeAlpha = 1;
  // (a transparency group is laid on the page at the fill opacity in force where it is painted; inside it the
  // opacities start again from 1)
  let groupAlpha = 1;
  const groups: { groupAlpha: number; fillAlpha: number; strokeAlpha: number }[] = [];
  let pendingClip = false;
  // the graphics state a `save` or a form XObject keeps and its `restore` or end puts back
  const stack: { ctm: Mat; lw: number; fillGray: number; clipR: Clip | null; dashed: boolean; rgb: number; fillAlpha: number; strokeAlpha: number; textGs: TextGs }[] = [];
  const saveGs = () => stack.push({ ctm, lw, fillGray, clipR, dashed, rgb, fillAlpha, strokeAlpha, textGs: { ...text.gs } });
  const restoreGs = () => {
    const s = stack.pop();
    if (s) { ({ ctm, lw, fillGray, clipR, dashed, rgb, fillAlpha, strokeAlpha } = s); text.gs = s.textGs; }
  };
  // the operators the text is followed through afterwards (text-items.ts): not the paths, which are most of a
  // drawing's operators and arguments and which the text does not depend on, nor the pens set around them
  const textOps = new TextOpsKept();
  // (the time spent walking the operators, without pdf.js's own parse between the chunks)
  let walkedMs = 0;
  let walked = 0;
  // (the text is followed through the whole list, also past the time budget: it costs little)
  const walk: OperatorChunk = (fnArray, argsArray) => {
    const start = performance.now();
    for (let i = 0; i < fnArray.length; i++) {
      const fn = fnArray[i];
      const args = argsArray[i] as unknown[];
      if (fn !== OPS.constructPath) textOps.add(fn, args);
      if (out.truncated) continue;
      if ((walked++ & 4095) === 0 && walkedMs + performance.now() - start > budgetMs) { out.truncated = true; continue; }
      step(fn, args);
    }
    walkedMs += performance.now() - start;
  };
  const step = (fn: number, args: unknown[]) => {
    switch (fn) {
      case OPS.save: saveGs(); break;
      case OPS.restore: restoreGs(); break;
      case OPS.beginGroup:
        groups.push({ groupAlpha, fillAlpha, strokeAlpha });
        groupAlpha *= fillAlpha;
        fillAlpha = strokeAlpha = 1;
        break;
      case OPS.endGroup: { const g = groups.pop(); if (g) ({ groupAlpha, fillAlpha, strokeAlpha } = g); break; }
      case OPS.setGState: {
        for (const [key, value] of (args[0] as [string, unknown][] | undefined) ?? []) {
          if (key === 'ca' && typeof value === 'number') fillAlpha = Math.min(1, Math.max(0, value));
          if (key === 'CA' && typeof value === 'number') strokeAlpha = Math.min(1, Math.max(0, value));
        }
        break;
      }
      case OPS.clip: case OPS.eoClip: pendingClip = true; break;
      case OPS.setDash: { const arr = args[0] as ArrayLike<number> | undefined; dashed = !!arr && arr.length > 0 && Array.from(arr).some((v) => v > 0); break; }
      case OPS.transform: ctm = mul(args as Mat, ctm); break;
      case OPS.setLineWidth: lw = args[0] as number; break;
      case OPS.paintFormXObjectBegin: {
        saveGs();
        const m = formMatrix(args);
        if (m) ctm = mul(m, ctm);
        break;
      }
      case OPS.paintFormXObjectEnd: restoreGs(); break;
      case OPS.setFillRGBColor: {
        const c = args[0];
        if (typeof c === 'string' && c.startsWith('#')) {
          const r = parseInt(c.slice(1, 3), 16), g = parseInt(c.slice(3, 5), 16), b = parseInt(c.slice(5, 7), 16);
          fillGray = (0.3 * r + 0.59 * g + 0.11 * b) / 255;
        } else if (Array.isArray(c) || ArrayBuffer.isView(c)) {
          const a = c as unknown as number[];
          fillGray = (0.3 * a[0] + 0.59 * a[1] + 0.11 * a[2]) / 255;
        }
        break;
      }
      case OPS.setStrokeRGBColor: rgb = packRgb(args[0]); break;
      case OPS.setStrokeGray: rgb = 0x10101 * Math.round(255 * ((args[0] as number) ?? 0)); break;
      case OPS.setFillGray: fillGray = (args[0] as number) ?? 0; break;
      case OPS.paintImageXObject: case OPS.paintInlineImageXObject: case OPS.paintImageMaskXObject: {
        out.imageCount++;
        // an image fills the unit square of its matrix
        const m = mul(ctm, base);
        const xs = [m[4], m[0] + m[4], m[2] + m[4], m[0] + m[2] + m[4]], ys = [m[5], m[1] + m[5], m[3] + m[5], m[1] + m[3] + m[5]];
        imageBoxes.push([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]);
        break;
      }
      case OPS.showText: {
        const run = showText(text, args[0] as unknown[], mul(ctm, base));
        if (!run) break;
        const outside = clipR !== null && !inClipBox(clipR, [run.x1, run.y1]) && !inClipBox(clipR, [run.x2, run.y2]);
        run.hidden = text.gs.mode === 3 || text.gs.mode === 7 || outside;
        if (!run.hidden && fillGray >= WHITE_TEXT_GRAY) whiteRuns.push(textRuns.length);
        textRuns.push(run);
        break;
      }
      default:
        textOp(text, fn, args);
        break;
      case OPS.constructPath: {
        out.pathOps++;
        if (out.segs.length > MAX_SEGS) { out.truncated = true; break; }
        const drawOp = args[0] as number;
        const data = (args[1] as unknown[])?.[0] as ArrayLike<number> | null;
        if (!data) break;
        const stroke = drawOp === OPS.stroke || drawOp === OPS.closeStroke || drawOp === OPS.fillStroke ||
          drawOp === OPS.eoFillStroke || drawOp === OPS.closeFillStroke || drawOp === OPS.closeEOFillStroke;
        const fill = drawOp === OPS.fill || drawOp === OPS.eoFill || drawOp === OPS.fillStroke || drawOp === OPS.eoFillStroke ||
          drawOp === OPS.closeFillStroke || drawOp === OPS.closeEOFillStroke;
        const m = mul(ctm, base);
        const isClip = pendingClip;
        pendingClip = false;
        if (!stroke && !fill && !isClip) break; // endPath only
        const scaleW = Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
        const w = stroke ? Math.max(lw, 0) * scaleW : 0;
        // (what the paper shows: a translucent pen or fill is its colour laid over white)
        const pen = groupAlpha * strokeAlpha < 1 ? overWhite(rgb, groupAlpha * strokeAlpha) : rgb;
        let cur: [number, number] | null = null;
        let start: [number, number] | null = null;
        // (the path's rings are wanted for a fill or a clip only: a stroke is its segments and curves)
        const rings = fill || isClip;
        let poly: [number, number][] = [];
        const polys: [number, number][][] = [];
        for (let k = 0; k < data.length; ) {
          const op = data[k++];
          if (op === 0) {
            cur = apply(m, data[k], data[k + 1]); k += 2; start = cur;
            if (rings) {
              if (poly.length > 1) polys.push(poly);
              poly = [cur];
            }
          } else if (op === 1) {
            const p = apply(m, data[k], data[k + 1]); k += 2;
            if (cur) { if (stroke) addSeg(out.segs, clipR, cur, p, w, dashed, pen, out.pathOps); if (rings) poly.push(p); }
            cur = p;
          } else if (op === 2) {
            const c1 = apply(m, data[k], data[k + 1]), c2 = apply(m, data[k + 2], data[k + 3]), p = apply(m, data[k + 4], data[k + 5]); k += 6;
            if (cur) {
              // (a filled one apart: layout programs export a stroked swing as its filled outline)
              if ((stroke || fill) && (!clipR || inClipBox(clipR, cur) || inClipBox(clipR, p))) (stroke ? out.curves : out.fillCurves).push({ p: [cur, c1, c2, p] });
              if (rings) for (let t = 0.25; t <= 1.001; t += 0.25) {
                const u = 1 - t;
                poly.push([
                  u * u * u * cur[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * p[0],
                  u * u * u * cur[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * p[1],
                ]);
              }
            }
            cur = p;
          } else if (op === 3) {
            const p = apply(m, data[k + 2], data[k + 3]); k += 4;
            if (cur && rings) poly.push(p);
            cur = p;
          } else if (op === 4) {
            if (cur && start && stroke && (cur[0] !== start[0] || cur[1] !== start[1])) addSeg(out.segs, clipR, cur, start, w, dashed, pen, out.pathOps);
            cur = start;
          } else break;
        }
        if (poly.length > 1) polys.push(poly);
        if (isClip) {
          // the clip is the intersection with the current one; kept simple: the new path when it is smaller
          const closed = polys.filter((p) => p.length >= 3);
          if (closed.length) {
            const next = makeClip(closed);
            if (!clipR || next.area <= clipR.area) clipR = next;
          }
        }
        if (fill) {
          const evenOdd = drawOp === OPS.eoFill || drawOp === OPS.eoFillStroke || drawOp === OPS.closeEOFillStroke;
          const gray = 1 - groupAlpha * fillAlpha * (1 - fillGray);
          for (const p of polys) if (p.length >= 3 && (!clipR || p.some((q) => inClipBox(clipR!, q)))) out.fills.push({ pts: p, gray, group: out.pathOps, evenOdd });
        }
        break;
      }
    }
  };
  await streamOperatorList(page, walk);
  hideWhiteOnWhite(out, whiteRuns, imageBoxes);
  out.textItems = textItemsFromOperators(textOps, (name) => {
    try {
      return page.commonObjs.has(name) ? (page.commonObjs.get(name) as TextFont) : null;
    } catch {
      return null;
    }
  }, page.view);
  return out;
}

// (the path walk calls plain functions, not closures made per path: a dense sheet has hundreds of thousands of
// paths, and a closure made per call costs more than its work where function names are kept)
/** A point through matrix `m`. */
function apply(m: Mat, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** (the pieces of one segment at a time, as clipSegInto writes them) */
const clipped: number[] = [];

/** A stroked segment a-b, cut to the clip in force (none: whole). */
function addSeg(segs: Seg[], clipR: Clip | null, a: [number, number], b: [number, number], w: number, dashed: boolean, rgb: number, path: number): void {
  if (!clipR) { segs.push({ x1: a[0], y1: a[1], x2: b[0], y2: b[1], w, dashed, rgb, path }); return; }
  const n = clipSegInto(clipR, a, b, clipped);
  for (let i = 0; i < n; i += 4) segs.push({ x1: clipped[i], y1: clipped[i + 1], x2: clipped[i + 2], y2: clipped[i + 3], w, dashed, rgb, path });
}

/** A 0xRRGGBB colour laid over white paper at opacity `alpha`. */
function overWhite(c: number, alpha: number): number {
  const ch = (shift: number) => Math.round(255 - alpha * (255 - ((c >> shift) & 255)));
  return (ch(16) << 16) | (ch(8) << 8) | ch(0);
}

/** A pdf.js colour argument ('#rrggbb' or [r, g, b] in 0..255) as 0xRRGGBB. */
function packRgb(c: unknown): number {
  if (typeof c === 'string' && c.startsWith('#')) return parseInt(c.slice(1, 7), 16) || 0;
  if (Array.isArray(c) || ArrayBuffer.isView(c)) {
    const a = c as unknown as number[];
    return (Math.round(a[0]) << 16) | (Math.round(a[1]) << 8) | Math.round(a[2]);
  }
  return 0;
}

