/**
 * Room schedules: the table of rooms an architect prints beside the plan (name, perhaps a number, area).
 * Read from the page's text outside every room: a column of areas, one under the other at an even step, each
 * with a name on its row to the left. A room whose label names exactly one row takes that row's area as its
 * printed area (when its own stamp prints none), so it is checked against the measured area like a stamp's.
 */
import type { PointMm, Room } from '../types.js';
import type { TextItem } from '../source/text.js';
import { isLabelText } from '../source/text.js';
import { joinTextLines, parsePrintedArea } from './stamps.js';
import { RingIndex } from './ring-index.js';

export interface ScheduleRow { name: string; number: string | null; areaMm2: number; at: PointMm }

/** A schedule lists at least this many rooms (fewer are a legend or a note). */
const MIN_ROWS = 3;
/** Cells of one column line up (right edges or centres) within this many text heights. */
const COLUMN_HEIGHTS = 1;
/** Rows of a table follow each other at most this many text heights apart, baseline to baseline. */
const MAX_ROW_STEP_HEIGHTS = 4;
/** Rows of one table are evenly spaced: every step within this share of the table's usual step. */
const EVEN_STEP = 0.35;
/** A name and its area on one row: baselines within this many text heights. */
const SAME_ROW_HEIGHTS = 0.5;
/** A bare number is an area only under a header that says so. */
const AREA_HEADER = /(?:m²|m2|\barea\b|fläche|flaeche|surface|superficie|\bNGF\b|\bNF\b|\bHNF\b)/i;
const BARE_AREA = /^(\d{1,4}[.,]\d{1,2})$/;
const ROOM_NUMBER = /^(?:[A-Z]?\d{1,2}[.\-/]?\d{0,3}|\d{3,4})$/;

const norm = (s: string) => s.toUpperCase().replace(/[^A-Z0-9ÄÖÜÉÈÀ]+/g, ' ').trim();

interface Cell { item: TextItem; areaMm2: number | null; bare: boolean }

/** The rows of the schedules printed on the page, from text outside every room. */
export function readRoomSchedule(items: TextItem[], rooms: PointMm[][]): ScheduleRow[] {
  const inRooms = new RingIndex(rooms);
  const lines = joinTextLines(items.filter((t) => t.horizontal !== false))
    .filter((t) => t.horizontal !== false && !inRooms.holding(t.at).length);
  const cells: Cell[] = [];
  for (const item of lines) {
    const area = parsePrintedArea(item.str);
    if (area) cells.push({ item, areaMm2: area, bare: false });
    else if (BARE_AREA.test(item.str.trim())) cells.push({ item, areaMm2: Number(item.str.trim().replace(',', '.')) * 1e6, bare: true });
  }
  const right = (t: TextItem) => t.at[0] + (t.widthMm ?? 0) / 2;
  const used = new Set<Cell>();
  const out: ScheduleRow[] = [];
  for (const seed of cells) {
    if (used.has(seed)) continue;
    const h = seed.item.heightMm;
    const column = cells.filter((c) => !used.has(c) && Math.abs(c.item.heightMm - h) < 0.25 * h
      && (Math.abs(right(c.item) - right(seed.item)) <= COLUMN_HEIGHTS * h || Math.abs(c.item.at[0] - seed.item.at[0]) <= COLUMN_HEIGHTS * h))
      .sort((a, b) => a.item.at[1] - b.item.at[1]);
    for (const run of evenRuns(column, h)) {
      run.forEach((c) => used.add(c));
      const top = run[0].item;
      const header = lines.some((t) => t.at[1] < top.at[1] && top.at[1] - t.at[1] <= MAX_ROW_STEP_HEIGHTS * h * 2
        && Math.abs(t.at[0] - top.at[0]) <= (t.widthMm ?? 0) / 2 + (top.widthMm ?? 0) / 2 + h && AREA_HEADER.test(t.str));
      const rows = run.filter((c) => !c.bare || header).map((c) => rowOf(c, lines)).filter((r): r is ScheduleRow => r !== null);
      if (rows.length >= MIN_ROWS) out.push(...rows);
    }
  }
  return out;
}

/** Stretches of a column whose rows follow at an even step no larger than MAX_ROW_STEP_HEIGHTS. */
function evenRuns(column: Cell[], h: number): Cell[][] {
  const runs: Cell[][] = [];
  let cur: Cell[] = [];
  for (const c of column) {
    if (cur.length && c.item.at[1] - cur[cur.length - 1].item.at[1] > MAX_ROW_STEP_HEIGHTS * h) { runs.push(cur); cur = []; }
    cur.push(c);
  }
  if (cur.length) runs.push(cur);
  return runs.filter((r) => {
    if (r.length < MIN_ROWS) return false;
    const steps = r.slice(1).map((c, i) => c.item.at[1] - r[i].item.at[1]).sort((a, b) => a - b);
    const usual = steps[Math.floor(steps.length / 2)];
    return usual > 0.8 * h && steps.every((s) => Math.abs(s - usual) <= EVEN_STEP * usual);
  });
}

/** The row of an area cell: the nearest name to its left on the same baseline, and a room number if printed. */
function rowOf(cell: Cell, lines: TextItem[]): ScheduleRow | null {
  const a = cell.item, h = a.heightMm;
  const onRow = lines.filter((t) => t !== a && Math.abs(t.at[1] - a.at[1]) <= SAME_ROW_HEIGHTS * h && t.at[0] < a.at[0]);
  const names = onRow.filter((t) => isLabelText(t.str) && parsePrintedArea(t.str) === null).sort((p, q) => q.at[0] - p.at[0]);
  if (!names.length) return null;
  const number = onRow.find((t) => ROOM_NUMBER.test(t.str.trim()) && !BARE_AREA.test(t.str.trim()))?.str.trim() ?? null;
  return { name: names[0].str.trim(), number, areaMm2: cell.areaMm2!, at: a.at };
}

/**
 * Gives each room without a printed area of its own the area its schedule row prints: the one row whose name
 * (with its number, when names repeat) is the room's label. Rooms matching no row, or several, are left alone.
 */
export function applyRoomSchedule(rooms: Room[], schedule: ScheduleRow[]): number {
  if (!schedule.length) return 0;
  let given = 0;
  for (const r of rooms) {
    if (r.printed_area_mm2 || !r.label) continue;
    const label = norm(r.label);
    const rows = schedule.filter((s) => norm(s.name) === label || (s.number !== null && norm(`${s.name} ${s.number}`) === label));
    const byNumber = rows.length > 1 ? rows.filter((s) => s.number !== null && label.includes(norm(s.number))) : rows;
    if (byNumber.length !== 1) continue;
    r.printed_area_mm2 = Math.round(byNumber[0].areaMm2);
    given++;
  }
  return given;
}
