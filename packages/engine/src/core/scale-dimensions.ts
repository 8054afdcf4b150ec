/**
 * The scale a plan proves with its own dimension strings: a number such as '3600' (mm) or 12'-6" printed
 * over a dimension line measures the span between the marks (ticks, extension lines, the line's ends) on
 * each side of it. Printed length ÷ span on the page gives N of 1:N on the page as printed; several strings
 * that agree make a reading worth offering. Everything here is in one frame (page points in practice).
 */
import type { PointMm } from '../types.js';
import { hypot } from './geometry.js';

const MM_PER_INCH = 25.4;
/** Printed lengths below this (mm) are too short to read a scale from (rounding, ticks drawn over them). */
const MIN_PRINTED_MM = 300;
const MAX_PRINTED_MM = 200_000;
/** A line is horizontal when it rises at most this much per unit of its length. */
const HORIZONTAL_SLOPE = 0.01;
/** The dimension line lies within this many text heights of the text's centre (text sits on or over it). */
const LINE_GAP_HEIGHTS = 1.6;
/** A mark crosses the dimension line when it reaches within this many text heights of it. */
const MARK_REACH_HEIGHTS = 0.6;
/** Dimension strings whose scales agree within this (relative) count as one reading. */
export const DIMENSION_AGREEMENT = 0.02;
/** At least this many agreeing strings make a reading (one can be a note or a mislabelled span). */
export const MIN_AGREEING_DIMENSIONS = 2;
/*
 * The agreeing strings must also stand out: at least LEAD_OVER_NEXT times as many as agree on any other
 * reading, and at least MIN_SHARE of all strings read. A sheet carries numbers that are not lengths over
 * their lines (heights printed under widths, levels, cm beside m), which agree among themselves by chance
 * or by repetition (one window type drawn ten times); a few chance agreements are no reading.
 */
const LEAD_OVER_NEXT = 2;
const MIN_SHARE = 0.2;

export interface DimText { str: string; at: PointMm; heightMm: number; widthMm?: number; horizontal?: boolean; angleDeg?: number }
export interface DimSeg { x1: number; y1: number; x2: number; y2: number }

/** One dimension string and the span it was read against (frame units; page points when read from a page). */
export interface DimensionCheck { printedMm: number; spanLength: number; at: PointMm; text: string }
export interface DimensionScale {
  /** Printed mm per frame unit, the median of the agreeing strings. */
  mmPerUnit: number;
  /** The agreeing strings, the clearest (longest span) first. */
  checks: DimensionCheck[];
  /** Strings that were read against a span but disagree with the reading. */
  disagreeing: number;
}

/**
 * A printed length in mm: '3600', '3 600', '3,600', metres with two decimals ('3.60', '3,60', '12.40'), or feet
 * and inches (12'-6", 12' 6", 9'). Null otherwise.
 */
export function parseDimensionMm(s: string): number | null {
  const t = s.trim().replace(/[’′]/g, "'").replace(/[”″]/g, '"');
  const metres = /^(\d{1,3})[.,](\d{2})$/.exec(t);
  if (metres) {
    const v = Number(metres[1]) * 1000 + Number(metres[2]) * 10;
    return v >= MIN_PRINTED_MM && v <= MAX_PRINTED_MM ? v : null;
  }
  const metric = /^(\d{1,3})[ ,.](\d{3})$|^(\d{3,6})$/.exec(t);
  if (metric) {
    const v = metric[3] ? Number(metric[3]) : Number(metric[1]) * 1000 + Number(metric[2]);
    return v >= MIN_PRINTED_MM && v <= MAX_PRINTED_MM ? v : null;
  }
  const imp = /^(\d{1,3})\s*'\s*(?:-?\s*(\d{1,2}(?:\.\d+)?)\s*")?$/.exec(t);
  if (imp) {
    const v = (Number(imp[1]) * 12 + Number(imp[2] ?? 0)) * MM_PER_INCH;
    return v >= MIN_PRINTED_MM && v <= MAX_PRINTED_MM ? v : null;
  }
  return null;
}

/** The span of the dimension line a horizontal string sits on, between the marks either side of its centre. */
function spanUnder(t: DimText, horizontals: DimSeg[], others: DimSeg[]): number | null {
  const [cx, cy] = t.at;
  const h = t.heightMm;
  let line: DimSeg | null = null, gap = LINE_GAP_HEIGHTS * h;
  for (const s of horizontals) {
    const d = Math.abs(s.y1 - cy);
    if (d <= gap && Math.min(s.x1, s.x2) < cx && Math.max(s.x1, s.x2) > cx) { gap = d; line = s; }
  }
  if (!line) return null;
  const y = line.y1, x1 = Math.min(line.x1, line.x2), x2 = Math.max(line.x1, line.x2);
  const reach = MARK_REACH_HEIGHTS * h;
  const stops = [x1, x2];
  for (const m of others) {
    const lo = Math.min(m.y1, m.y2), hi = Math.max(m.y1, m.y2);
    if (lo > y + reach || hi < y - reach || hi - lo < reach) continue;
    // where the mark meets the line's height (a tick at 45°, an extension line square to it)
    const f = m.y2 === m.y1 ? 0 : (y - m.y1) / (m.y2 - m.y1);
    const x = m.x1 + Math.max(0, Math.min(1, f)) * (m.x2 - m.x1);
    if (x > x1 - reach && x < x2 + reach) stops.push(x);
  }
  const left = Math.max(...stops.filter((x) => x < cx));
  const right = Math.min(...stops.filter((x) => x > cx));
  const span = right - left;
  // the string must fit between its marks (a string outside a short span belongs to a neighbour's span)
  return Number.isFinite(span) && span > 0.8 * (t.widthMm ?? 0) ? span : null;
}

/** A string reads up or down the page (a vertical chain's text) when its direction is this close to 90° (degrees). */
const VERTICAL_DEG = 3;
const isVertical = (t: DimText) => t.angleDeg !== undefined && Math.abs(Math.abs(t.angleDeg) - 90) <= VERTICAL_DEG;
/** A quarter turn of the frame: vertical chains become horizontal ones, read by the same rule. */
const turn = ([x, y]: PointMm): PointMm => [y, -x];
const turnBack = ([x, y]: PointMm): PointMm => [-y, x];

/**
 * Reads the scale from dimension strings over their dimension lines, horizontal chains and vertical ones
 * (read in the frame turned a quarter). Null when fewer than MIN_AGREEING_DIMENSIONS strings agree within
 * DIMENSION_AGREEMENT, or when those that agree are fewer than those that do not.
 */
export function readDimensionScale(text: DimText[], segs: DimSeg[]): DimensionScale | null {
  const checks = checksAlong(text.filter((t) => t.horizontal !== false), segs);
  const vertical = text.filter(isVertical);
  if (vertical.length) {
    const turned = segs.map((s) => { const [x1, y1] = turn([s.x1, s.y1]), [x2, y2] = turn([s.x2, s.y2]); return { x1, y1, x2, y2 }; });
    const upright = vertical.map((t) => ({ ...t, at: turn(t.at), horizontal: true }));
    checks.push(...checksAlong(upright, turned).map((c) => ({ ...c, at: turnBack(c.at) })));
  }
  return agreeing(checks);
}

/** Checks of horizontal strings against the horizontal lines under them. */
function checksAlong(text: DimText[], segs: DimSeg[]): DimensionCheck[] {
  const horizontals: DimSeg[] = [], others: DimSeg[] = [];
  for (const s of segs) {
    const len = hypot(s.x2 - s.x1, s.y2 - s.y1);
    if (len <= 0) continue;
    if (Math.abs(s.y2 - s.y1) <= HORIZONTAL_SLOPE * len) horizontals.push({ ...s, y1: (s.y1 + s.y2) / 2, y2: (s.y1 + s.y2) / 2 });
    else others.push(s);
  }
  const checks: DimensionCheck[] = [];
  for (const t of text) {
    const printedMm = parseDimensionMm(t.str);
    if (!printedMm) continue;
    const span = spanUnder(t, horizontals, others);
    if (span) checks.push({ printedMm, spanLength: span, at: t.at, text: t.str });
  }
  return checks;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b), mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** The reading the most strings agree on, if it is one (see readDimensionScale). */
function agreeing(checks: DimensionCheck[]): DimensionScale | null {
  if (checks.length < MIN_AGREEING_DIMENSIONS) return null;
  const ratio = (c: DimensionCheck) => c.printedMm / c.spanLength;
  let best: DimensionCheck[] = [];
  for (const c of checks) {
    const group = checks.filter((o) => Math.abs(ratio(o) / ratio(c) - 1) <= DIMENSION_AGREEMENT);
    if (group.length > best.length) best = group;
  }
  if (best.length < MIN_AGREEING_DIMENSIONS || best.length < MIN_SHARE * checks.length) return null;
  // the next reading: the largest group of strings that disagree with the best one
  const lead = median(best.map(ratio));
  const rest = checks.filter((c) => Math.abs(ratio(c) / lead - 1) > 2 * DIMENSION_AGREEMENT);
  const next = Math.max(0, ...rest.map((c) => rest.filter((o) => Math.abs(ratio(o) / ratio(c) - 1) <= DIMENSION_AGREEMENT).length));
  if (best.length < LEAD_OVER_NEXT * next) return null;
  const mmPerUnit = median(best.map(ratio));
  return { mmPerUnit, checks: [...best].sort((a, b) => b.spanLength - a.spanLength), disagreeing: checks.length - best.length };
}
