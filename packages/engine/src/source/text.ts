/** Page text in the mm frame: room labels, opening tags and the printed scale. */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PointMm } from '../types.js';
import type { RawTextItem } from './text-items.js';

export interface TextItem {
  str: string; at: PointMm; heightMm: number;
  /** Advance of the run along its direction (mm); 0 when unknown. */
  widthMm?: number;
  /** The run reads left to right (not rotated). */
  horizontal?: boolean;
  /** Reading direction in the mm frame (degrees, y down: 0 = left to right, 90 = top to bottom). */
  angleDeg?: number;
}

/**
 * The page's text, `k` mm per point. `hidden` (from the drawn text runs, `hiddenTextTest`) tells text nobody
 * sees by its start in page points; such text is left out. `built`: the items already built from the page's
 * operator list (`text-items.ts`); without them pdf.js's `getTextContent` is asked.
 */
export async function readText(page: PDFPageProxy, k: number, hidden?: ((xPt: number, yPt: number) => boolean) | null, built?: RawTextItem[] | null): Promise<TextItem[]> {
  const vt = page.getViewport({ scale: 1 }).transform as number[];
  const items = built ?? ((await page.getTextContent()).items as { str?: string; transform?: number[]; width?: number; height?: number }[]);
  const out: TextItem[] = [];
  for (const it of items) {
    const str = (it.str ?? '').trim();
    if (!str || !it.transform) continue;
    const t = it.transform;
    if (hidden && hidden(vt[0] * t[4] + vt[2] * t[5] + vt[4], vt[1] * t[4] + vt[3] * t[5] + vt[5])) continue;
    const len = Math.hypot(t[0], t[1]) || 1;
    // centre of the run: baseline start + half the advance along the text direction + half the height up
    const w = it.width ?? 0, h = it.height ?? Math.hypot(t[2], t[3]);
    const ux = t[0] / len, uy = t[1] / len;
    const x = t[4] + (ux * w) / 2 - (uy * h) / 2, y = t[5] + (uy * w) / 2 + (ux * h) / 2;
    const px = vt[0] * x + vt[2] * y + vt[4], py = vt[1] * x + vt[3] * y + vt[5];
    const dx = vt[0] * ux + vt[2] * uy, dy = vt[1] * ux + vt[3] * uy;
    out.push({ str, at: [px * k, py * k], heightMm: h * k, widthMm: w * k, horizontal: Math.abs(uy) < 0.02 && ux > 0, angleDeg: (Math.atan2(dy, dx) * 180) / Math.PI });
  }
  return out;
}

const NUMERIC = /^[\d\s.,:xX×/+\-'"mM²2()]*$/;

/** Whether the text holds a word of three letters or more: a line OCR read as one or two letters is often a mark
 * (a door's swing, a bed's corner) taken for letters. */
export function hasWord(s: string): boolean {
  return /\p{L}{3,}/u.test(s);
}

/** A label is text with letters; dimension strings and bare numbers are not labels. */
export function isLabelText(s: string): boolean {
  return /[A-Za-z]{2,}/.test(s) && !NUMERIC.test(s) && s.length <= 40;
}

/** A 1:N or an imperial scale ('1/4" = 1'-0"') in one text run or in the sheet's text joined; N or null. */
function scaleIn(text: string): number | null {
  const imp = /(\d+)\s*\/\s*(\d+)\s*"\s*=\s*1\s*'\s*-?\s*0\s*"/.exec(text);
  if (imp && +imp[1] > 0) return Math.round((12 * +imp[2]) / +imp[1]);
  const m = /SCALE[^0-9]{0,12}1\s*:\s*(\d{2,4})/i.exec(text) ?? /\b1\s*:\s*(\d{2,3})\b/.exec(text);
  return m ? Number(m[1]) : null;
}

/** View titles that name a floor plan (English, German, French), and those of the other views a sheet carries. */
export const PLAN_VIEW = /\b(floor\s*plan|plan\s+view|ground\s*floor|first\s*floor|second\s*floor|upper\s*floor|level\s*\d|storey|grundriss|erdgeschoss|obergeschoss|untergeschoss|dachgeschoss|rez-de-chauss|étage)/i;
export const OTHER_VIEW = /\b(site|location|block\s*plan|key\s*plan|elevation|section|detail|roof\s*plan|ansicht|schnitt|situation|lageplan|dachaufsicht|façade|coupe)/i;
/** A view's title and its scale are printed within this many text heights of each other. */
const TITLE_REACH_HEIGHTS = 6;

/**
 * The printed scale of the plan view. A sheet may carry several views at their own scales (site plan 1:200,
 * floor plans 1:100, details 1:20): each scale found is judged by the title printed beside it. The scale of a
 * view titled as a floor plan wins; else the most common scale of views not titled as another kind (site,
 * elevation, section...); else the first scale on the sheet. Null when the sheet prints none.
 */
export function findPrintedScale(items: TextItem[]): number | null {
  const found = items.map((it) => ({ it, n: scaleIn(it.str) })).filter((f): f is { it: TextItem; n: number } => f.n !== null);
  if (found.length === 0) return scaleIn(items.map((i) => i.str).join(' '));
  const kinds = found.map(({ it, n }) => {
    const reach = TITLE_REACH_HEIGHTS * Math.max(it.heightMm, 0.1);
    const title = items.filter((o) => Math.abs(o.at[1] - it.at[1]) <= reach && Math.abs(o.at[0] - it.at[0]) <= reach + ((o.widthMm ?? 0) + (it.widthMm ?? 0)) / 2)
      .map((o) => o.str).join(' ');
    return { n, plan: PLAN_VIEW.test(title) && !OTHER_VIEW.test(it.str), other: OTHER_VIEW.test(title) && !PLAN_VIEW.test(title) };
  });
  const plan = kinds.find((k) => k.plan);
  if (plan) return plan.n;
  const counts = new Map<number, number>();
  for (const k of kinds) if (!k.other) counts.set(k.n, (counts.get(k.n) ?? 0) + 1);
  let best: number | null = null;
  for (const [n, c] of counts) if (best === null || c > counts.get(best)!) best = n;
  return best ?? found[0].n;
}

/** Sizes from a tag: 'H1200 x W1810', '1200H x 1810W', '2040 x 820' (height first). */
export function parseSize(s: string): { h: number; w: number } | null {
  let m = /H\s*(\d{3,4})\s*[xX×]\s*W\s*(\d{3,4})/i.exec(s);
  if (m) return { h: +m[1], w: +m[2] };
  m = /(\d{3,4})\s*H\s*[xX×]\s*(\d{3,4})\s*W/i.exec(s);
  if (m) return { h: +m[1], w: +m[2] };
  m = /(\d{3,4})\s*W\s*[xX×]\s*(\d{3,4})\s*H/i.exec(s);
  if (m) return { h: +m[2], w: +m[1] };
  return null;
}

/** A bare 'H x W' pair ('2040 x 820', height first) accepted when one side matches the measured width. */
export function parseBareSize(s: string, widthMm: number): { h: number; w: number } | null {
  const m = /^\s*(\d{3,4})\s*[xX×]\s*(\d{3,4})\s*$/.exec(s);
  if (!m) return null;
  const a = +m[1], b = +m[2];
  if (Math.abs(b - widthMm) < 0.15 * widthMm && a >= 1500) return { h: a, w: b };
  if (Math.abs(a - widthMm) < 0.15 * widthMm && b >= 1500) return { h: b, w: a };
  return null;
}
