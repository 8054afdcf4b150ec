/**
 * Room stamps: the block of text an architect prints in a room, read as a unit. A stamp is a few lines,
 * one under the other: the name (perhaps on two lines), a room number, the printed area (`12.40 m²`,
 * `F: 12,4 m2`, `BF: 9.58`), the floor finish (`Parkett`), the height (`LH 2.45`), the perimeter
 * (`U: 14.2 m`). The room's label is the name and number; the printed area is kept to check the measured
 * one; the rest is neither.
 */
import type { PointMm } from '../types.js';
import { isLabelText, type TextItem } from '../source/text.js';
import { cellKey } from './grid.js';
import { groups } from './groups.js';
import { hypot } from './geometry.js';
import { parseDimensionMm } from './scale-dimensions.js';

export type StampLineKind = 'name' | 'number' | 'area' | 'size' | 'finish' | 'height' | 'perimeter' | 'code' | 'other';

export interface StampLine {
  str: string;
  kind: StampLineKind;
  /** Centre of the line (mm). */
  at: PointMm;
  heightMm: number;
  widthMm: number;
  angleDeg: number;
  /** The printed area of an area line (mm²). */
  areaMm2?: number;
  /** The room's size printed by a size line, width by length (mm). */
  sizeMm?: [number, number];
}

export interface RoomStamp {
  lines: StampLine[];
  /** The name lines, top to bottom. */
  names: string[];
  number: string | null;
  /** The first printed area of the stamp (mm²), or null. */
  printedAreaMm2: number | null;
  /** The room's size printed instead of (or beside) an area, width by length (mm): '11\' 3" x 15\' 3"', '3.60 x 4.20'. */
  printedSizeMm: [number, number] | null;
  /** Where the stamp stands: the centre of its name lines (of all lines when it has no name). */
  at: PointMm;
  /** The corners of the box around all its lines (mm), for keeping cuts off the text. */
  box: PointMm[];
  /** Height of its largest line (mm). */
  heightMm: number;
}

/** Pieces of one line closer than this many text heights are one run (a word space is about a third). */
const JOIN_GAP_HEIGHTS = 0.6;
/** A key and its value ('F:' '47,89 m') or a number and its unit ('47,89 m' '2') may stand further apart. */
const KEY_GAP_HEIGHTS = 1.5;
/** Runs of one line overlap by less than this many text heights (kerning, rounding of widths). */
const OVERLAP_HEIGHTS = 0.2;
/** Runs of one line are at least this share of the larger one's height (a superscript unit aside). */
const SAME_SIZE = 0.85;
/** A door or window tag: a letter or two and a number, alone or before its size. */
const OPENING_TAG = /^[A-Z]{1,2}\d{1,3}[A-Z]?(?:\s+\S*\d.*)?$/;
/** Lines of one stamp follow each other at most this many text heights apart (baseline to baseline). */
const STAMP_LINE_STEP_HEIGHTS = 1.9;
/** Two runs are parallel (one line, or lines of one stamp) when their directions differ by less (degrees). */
const SAME_DIRECTION_DEG = 3;

const M2_PER_SQFT = 0.09290304;
/** Keys written before an area: F, A, NF, NGF, BF, HNF, NNF, WF, GF, NRF, NUF, Fläche, Area, ca. */
const AREA_KEY = String.raw`(?:(?:N?GF|NF|BF|HNF|NNF|WF|NRF|NUF|NFL|NWF|F|A|S|Fl\.?|Fläche|Flaeche|Area|Surface|Sup\.?|Superficie|Povr\.?|Površina|P)(?:\s*[:=]\s*|\s+))?(?:ca\.?\s*|~\s*)?`;
const NUM = String.raw`(\d{1,4}(?:[.,]\d{1,3})?)`;
const AREA_M2 = new RegExp(String.raw`^${AREA_KEY}${NUM}\s*(?:m\s*²|m\s*2|m\^2|qm|sqm|sq\.?\s*m)$`, 'i');
const AREA_SQFT = new RegExp(String.raw`^${AREA_KEY}${NUM}\s*(?:ft\s*²|ft\s*2|sq\.?\s*ft|sf)$`, 'i');
/** A keyed area without a unit: 'BF: 9.58', 'NGF 12,40' (the key says what the number is). */
const AREA_KEYED = /^(?:N?GF|NF|BF|HNF|NNF|WF|NRF|NUF|NWF|F|A|Fläche|Area)(?:\s*[:=]\s*|\s+)(\d{1,4}[.,]\d{1,3})$/i;

/** The printed area in a stamp line (mm²), or null when the line is not an area. */
export function parsePrintedArea(s: string): number | null {
  const t = s.replace(/\s+/g, ' ').trim();
  let m = AREA_M2.exec(t) ?? AREA_KEYED.exec(t);
  if (m) return Number(m[1].replace(',', '.')) * 1e6;
  m = AREA_SQFT.exec(t);
  if (m) return Number(m[1].replace(',', '.')) * M2_PER_SQFT * 1e6;
  return null;
}

/** Floor finishes as printed under a room name (German, English, French, Italian, Slovene...). */
const FINISH_WORDS = new Set([
  'parkett', 'parket', 'parquet', 'fliesen', 'fliese', 'platten', 'feinsteinzeug', 'keramik', 'keramika', 'ploščice', 'ploscice',
  'laminat', 'laminate', 'linoleum', 'teppich', 'textil', 'kunststein', 'naturstein', 'estrich', 'zementestrich', 'anhydrit',
  'hartbeton', 'sichtbeton', 'beton', 'kautschuk', 'vinyl', 'pvc', 'kork', 'cork', 'terrazzo', 'dielen', 'holzdielen', 'holz',
  'tile', 'tiles', 'tiled', 'carpet', 'carpeted', 'timber', 'hardwood', 'floorboards', 'concrete', 'screed', 'epoxy', 'marble',
  'granite', 'slate', 'stone', 'carrelage', 'moquette', 'piastrelle', 'gres', 'pavimento', 'tlak', 'lvt',
]);
const FINISH_KEY = /^(?:Boden(?:belag)?|Belag|Bodenbelag|Floor(?:ing)?|Finish|FB|BB|Tla[kc]i?)\s*[:=]/i;
const HEIGHT = /^(?:LH|RH|KH|CH|HT|H|lichte\s+Höhe|Raumhöhe|Höhe|Height|Clg\.?|Ceiling)\s*[:=]?\s*\d+(?:[.,]\d+)?\s*(?:m|cm|mm)?$/i;
/** A level above a datum, a signed number with decimals at the line's end: 'UK AD +2,90', 'OK FFB ±0,00', 'FFL -0.150 m'.
 * A room's name never carries a sign before a decimal number. */
const LEVEL = /(?:^|\s)[+±−-]\s?\d{1,3}[.,]\d{2,3}\s*m?$/;
const PERIMETER = /^(?:U|P|O|Umfang|Perimeter|Perim\.?|Obseg)\s*[:=]\s*\d+(?:[.,]\d+)?\s*m?$/i;
/** 'V: 35.2 m³', 'BA: 22', 'W: k.A.', '50%: 23,95 m²': keyed values of a stamp that are not its name. */
const CODE = /^(?:\S{1,4}\s*[:=]\s*\S{0,10}(?:\s*m[²2³3])?|V(?:ol\.?)?\s*[:=]?\s*\d+(?:[.,]\d+)?\s*m\s*[³3]|\d+\s*%\s*[:=].*)$/i;
/** Room numbers: '230', 'A1-12', 'R1.E5.2.11', 'A.01'. */
export const ROOM_NO = /^(?:\d{3}[A-Z]?|[A-Z]{0,2}\d{1,2}[.-]\d{2,3}|(?=[^\s]*\d)[A-Z]{1,3}\d*(?:\.[A-Z0-9]{1,4}){1,5})$/;

/** A room's side is at least this long and at most this long (mm): a size line outside is a fitting's or a site's. */
const ROOM_SIDE_MIN_MM = 600;
const ROOM_SIDE_MAX_MM = 30_000;

/**
 * A room's size printed under its name, width by length: feet and inches ('14\' x 8\'', '11\' 3" x 15\' 3"',
 * '12\'-6" X 10\'-0"') or metres with decimals ('3.60 x 4.20', '3,6 x 4,2 m'), in mm; null for anything else.
 * Whole numbers without a unit ('900 x 2100', '32x80') are left out: they are a door's, a window's or a
 * fitting's size in mm, cm or inches far more often than a room's.
 */
export function parseRoomSize(text: string): [number, number] | null {
  const t = text.replace(/\s+/g, ' ').trim().replace(/[’′]/g, "'").replace(/[”″]/g, '"');
  const m = /^(.+?)\s*[x×]\s*(.+?)(?:\s*(?:m|ft\.?|feet))?$/i.exec(t);
  if (!m) return null;
  const side = (v: string): number | null => {
    const s = v.trim().replace(/\s*m$/i, '');
    // (feet and inches, or metres with one or two decimals; parseDimensionMm's whole numbers are mm, left out)
    if (s.includes("'")) return parseDimensionMm(s);
    const metres = /^(\d{1,2})[.,](\d{1,2})$/.exec(s);
    return metres ? Number(`${metres[1]}.${metres[2]}`) * 1000 : null;
  };
  const a = side(m[1]), b = side(m[2]);
  if (a === null || b === null) return null;
  const ok = (v: number) => v >= ROOM_SIDE_MIN_MM && v <= ROOM_SIDE_MAX_MM;
  return ok(a) && ok(b) ? [a, b] : null;
}

/**
 * A line that gives a size, a number by a number ("32x80 OPENING", "2065Hx1310W", "17 Steigungen 18,9x28"), is a
 * door, window, stair or material note, not a room's name.
 */
export function isSizeNote(text: string): boolean {
  return /\d\s*[A-Za-z]?\s*[x×]\s*[A-Za-z]?\s*\d/i.test(text);
}

/** A name line's cross-reference tail: 'Bad siehe FL_3039' is the room 'Bad'. */
const REFERENCE_TAIL = /(?:^|\s+)(?:siehe|see|vgl\.|voir|vedi|glej|cf\.|refer\s+to)\s+(?:\p{L}+\s+)?\S*[\d_]\S*$/iu;
/** A stamp line as the label takes it: a name without its cross-reference, any other line as printed. */
const nameOnly = (s: string, kind: StampLineKind) => (kind === 'name' ? s.replace(REFERENCE_TAIL, '') : s);

export function classifyStampLine(s: string): StampLineKind {
  const t = s.replace(/\s+/g, ' ').trim();
  if (parsePrintedArea(t) !== null) return 'area';
  if (ROOM_NO.test(t)) return 'number';
  if (HEIGHT.test(t) || LEVEL.test(t)) return 'height';
  if (PERIMETER.test(t)) return 'perimeter';
  if (FINISH_KEY.test(t)) return 'finish';
  if (REFERENCE_TAIL.test(t) && !t.replace(REFERENCE_TAIL, '')) return 'other';
  if (parseRoomSize(t)) return 'size';
  if (isSizeNote(t)) return 'other';
  const words = t.toLowerCase().split(/[\s,;/+&-]+/).filter((w) => /\p{L}/u.test(w));
  if (words.length > 0 && words.length <= 4 && words.some((w) => FINISH_WORDS.has(w.replace(/[^\p{L}]/gu, '')))) return 'finish';
  if (CODE.test(t)) return 'code';
  return isLabelText(t) ? 'name' : 'other';
}

interface Run { item: TextItem; u: PointMm; n: PointMm; angle: number; h: number; w: number }

const runOf = (item: TextItem): Run => {
  const angle = item.angleDeg ?? 0;
  const a = (angle * Math.PI) / 180;
  return { item, angle, u: [Math.cos(a), Math.sin(a)], n: [-Math.sin(a), Math.cos(a)], h: Math.max(item.heightMm, 1e-6), w: item.widthMm ?? 0 };
};
const sameDirection = (a: number, b: number) => {
  const d = Math.abs((((a - b) % 360) + 540) % 360 - 180);
  return d < SAME_DIRECTION_DEG;
};
const dot = (p: PointMm, q: PointMm) => p[0] * q[0] + p[1] * q[1];
const sub = (p: PointMm, q: PointMm): PointMm => [p[0] - q[0], p[1] - q[1]];

/** Neighbours within `reach` mm of each run's centre, through a grid (pages carry thousands of runs). */
function neighbourhood(runs: Run[], reach: (r: Run) => number): (i: number) => number[] {
  // cells of the median reach: most look-ups touch the 3 x 3 cells around a run
  const reaches = runs.map(reach).sort((a, b) => a - b);
  const cell = Math.max(1, reaches[Math.floor(reaches.length / 2)] ?? 1);
  const grid = new Map<number | string, number[]>();
  runs.forEach((r, i) => {
    const key = cellKey(Math.floor(r.item.at[0] / cell), Math.floor(r.item.at[1] / cell));
    const list = grid.get(key);
    if (list) list.push(i); else grid.set(key, [i]);
  });
  return (i) => {
    const r = runs[i];
    const span = Math.ceil(reach(r) / cell);
    const cx = Math.floor(r.item.at[0] / cell), cy = Math.floor(r.item.at[1] / cell);
    const out: number[] = [];
    for (let dx = -span; dx <= span; dx++) for (let dy = -span; dy <= span; dy++) {
      const list = grid.get(cellKey(cx + dx, cy + dy));
      if (list) for (const j of list) out.push(j);
    }
    return out;
  };
}

/** Pieces of one printed line joined into one run, read along their direction ('18.53 m' + raised '2' → '18.53 m²'). */
export function joinTextLines(items: TextItem[]): TextItem[] {
  const runs = items.map(runOf);
  const reach = (r: Run) => r.w / 2 + (JOIN_GAP_HEIGHTS + 1) * r.h + 1;
  const near = neighbourhood(runs, (r) => 2 * reach(r));
  const parts = groups(runs.length, (i, j) => {
    const a = runs[i], b = runs[j];
    if (!sameDirection(a.angle, b.angle)) return false;
    const h = Math.max(a.h, b.h);
    const d = sub(b.item.at, a.item.at);
    if (Math.abs(dot(d, a.n)) > 0.5 * h) return false;
    const gap = Math.abs(dot(d, a.u)) - (a.w + b.w) / 2;
    // runs printed over each other are two texts (a tag over a label), not one line
    if (gap < -OVERLAP_HEIGHTS * h) return false;
    const [first, second] = dot(d, a.u) > 0 ? [a, b] : [b, a];
    const unit = /\d\s*m?$/i.test(first.item.str) && /^(?:[2²]|m\s*[2²]?)$/i.test(second.item.str);
    if (unit) return gap <= KEY_GAP_HEIGHTS * h;
    // words of one line share the font size; a smaller or larger run beside a name is a tag
    if (Math.min(a.h, b.h) < SAME_SIZE * h) return false;
    // an opening's tag ('D10', 'W01 H1200 x W1810') printed against a name is not part of it
    if (OPENING_TAG.test(a.item.str) || OPENING_TAG.test(b.item.str)) return false;
    if (gap <= JOIN_GAP_HEIGHTS * h) return true;
    return /[:=]$/.test(first.item.str) && /^\d/.test(second.item.str) && gap <= KEY_GAP_HEIGHTS * h;
  }, near);
  return parts.map((idx) => {
    if (idx.length === 1) return items[idx[0]];
    const rs = idx.map((i) => runs[i]).sort((p, q) => dot(p.item.at, p.u) - dot(q.item.at, q.u));
    const u = rs[0].u;
    const h = Math.max(...rs.map((r) => r.h));
    let str = rs[0].item.str;
    for (let i = 1; i < rs.length; i++) {
      const prev = rs[i - 1], cur = rs[i];
      const gap = dot(cur.item.at, u) - dot(prev.item.at, u) - (prev.w + cur.w) / 2;
      // a raised small '2' after 'm' is a superscript: m²
      if (/^[2²]$/.test(cur.item.str) && cur.h < 0.85 * h && /m$/i.test(str)) str += '²';
      else str += gap > 0.15 * h ? ` ${cur.item.str}` : cur.item.str;
    }
    const lo = dot(rs[0].item.at, u) - rs[0].w / 2, hi = Math.max(...rs.map((r) => dot(r.item.at, u) + r.w / 2));
    const main = rs.reduce((p, q) => (q.h > p.h ? q : p));
    const mid = (lo + hi) / 2, off = dot(main.item.at, main.n);
    const at: PointMm = [u[0] * mid + main.n[0] * off, u[1] * mid + main.n[1] * off];
    return { ...main.item, str, at, heightMm: h, widthMm: hi - lo };
  });
}

/**
 * The stamps of a page: its text joined into lines, lines one under the other (same direction, at most
 * STAMP_LINE_STEP_HEIGHTS apart, overlapping along the line) grouped, each line classified.
 */
export function readStamps(items: TextItem[]): RoomStamp[] {
  const lines = joinTextLines(items);
  const runs = lines.map(runOf);
  const reach = (r: Run) => r.w / 2 + (STAMP_LINE_STEP_HEIGHTS + 1) * r.h + 1;
  const near = neighbourhood(runs, (r) => 2 * reach(r));
  const parts = groups(runs.length, (i, j) => {
    const a = runs[i], b = runs[j];
    if (!sameDirection(a.angle, b.angle)) return false;
    const h = Math.max(a.h, b.h);
    const d = sub(b.item.at, a.item.at);
    const across = Math.abs(dot(d, a.n));
    if (across < 0.5 * h || across > STAMP_LINE_STEP_HEIGHTS * h) return false;
    // one under the other: their extents along the line overlap (centred, left- or right-aligned stamps)
    return Math.abs(dot(d, a.u)) <= (a.w + b.w) / 2 + 0.5 * h;
  }, near);
  return parts.map((idx) => makeStamp(idx.map((i) => runs[i])));
}

function makeStamp(rs: Run[]): RoomStamp {
  const n = rs[0].n;
  rs.sort((p, q) => dot(p.item.at, n) - dot(q.item.at, n) || dot(p.item.at, p.u) - dot(q.item.at, q.u));
  const lines: StampLine[] = rs.map((r) => {
    const kind = classifyStampLine(r.item.str);
    return {
      str: nameOnly(r.item.str.replace(/\s+/g, ' ').trim(), kind), kind, at: r.item.at, heightMm: r.h, widthMm: r.w, angleDeg: r.angle,
      ...(kind === 'area' ? { areaMm2: parsePrintedArea(r.item.str)! } : {}),
      ...(kind === 'size' ? { sizeMm: parseRoomSize(r.item.str)! } : {}),
    };
  });
  const named = lines.filter((l) => l.kind === 'name');
  const ref = named.length ? named : lines;
  const at: PointMm = [ref.reduce((s, l) => s + l.at[0], 0) / ref.length, ref.reduce((s, l) => s + l.at[1], 0) / ref.length];
  const u = rs[0].u;
  const corners = rs.flatMap((r) => [-1, 1].flatMap((su) => [-1, 1].map((sn): PointMm => [
    r.item.at[0] + (su * r.w * u[0]) / 2 + (sn * r.h * r.n[0]) / 2, r.item.at[1] + (su * r.w * u[1]) / 2 + (sn * r.h * r.n[1]) / 2])));
  const xs = corners.map((c) => dot(c, u)), ys = corners.map((c) => dot(c, n));
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const P = (a: number, b: number): PointMm => [u[0] * a + n[0] * b, u[1] * a + n[1] * b];
  return {
    lines, names: named.map((l) => l.str), number: lines.find((l) => l.kind === 'number')?.str ?? null,
    printedAreaMm2: lines.find((l) => l.kind === 'area')?.areaMm2 ?? null,
    printedSizeMm: lines.find((l) => l.kind === 'size')?.sizeMm ?? null,
    at, box: [P(x0, y0), P(x1, y0), P(x1, y1), P(x0, y1)], heightMm: Math.max(...rs.map((r) => r.h)),
  };
}

/** The label a stamp gives its room: the name lines and the room number. */
export function stampLabel(s: RoomStamp): string {
  const name = s.names.join(' ').replace(/\s+/g, ' ').trim();
  if (!name) return '';
  return s.number && !name.includes(s.number) ? `${name} ${s.number}` : name;
}

/**
 * The stamp that names a room among those inside it: one with a printed area first (a room stamp, not an
 * appliance tag or a note), then one with more name lines, larger text, nearer the room's middle.
 */
export function mainStamp(stamps: RoomStamp[], middle: PointMm): RoomStamp | null {
  const named = stamps.filter((s) => s.names.length > 0);
  if (!named.length) return null;
  const d = (s: RoomStamp) => hypot(s.at[0] - middle[0], s.at[1] - middle[1]);
  return named.reduce((best, s) => {
    const key = (x: RoomStamp) => [x.printedAreaMm2 !== null ? 1 : 0, x.number ? 1 : 0, Math.min(x.names.length, 2), x.heightMm];
    const a = key(s), b = key(best);
    for (let i = 0; i < a.length; i++) {
      if (i === 3 ? Math.abs(a[i] - b[i]) > 0.1 * b[i] : a[i] !== b[i]) return a[i] > b[i] ? s : best;
    }
    return d(s) < d(best) ? s : best;
  });
}
