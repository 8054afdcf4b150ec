/**
 * The plan's own scale from a drawn scale bar: numbers 0, 1, 2, ... (metres, the last often '5 m') printed on
 * one baseline at an even pitch. Sales sheets are often laid out at an odd scale (1:165) and only carry the
 * bar; the user picks the nearest scale they know. The engine's tolerances (wall thickness, door widths) are
 * real-world sizes, so it analyses at the bar's scale and gives the result back in the frame the user chose.
 */
import type { AnalysisResult, Opening, PointMm } from '../types.js';
import type { TextItem } from '../source/text.js';

/** Labels of one bar: at least this many numbers (0 and two more) at an even pitch. */
const MIN_BAR_LABELS = 3;
/** Pitch of the labels may vary this much (relative) from their mean pitch. */
const BAR_PITCH_TOL = 0.08;
/** A bar that agrees with the chosen scale within this (relative) is the chosen scale. */
export const SCALE_BAR_AGREES = 0.12;

const BAR_LABEL = /^(\d{1,3}(?:[.,]\d)?)\s*(m)?$/;

/**
 * Site millimetres per millimetre of the frame the text is in, read from a scale bar, or null when the page
 * has none. 1 means the bar agrees with the frame's scale.
 */
export function scaleBarFactor(text: TextItem[]): number | null {
  const nums: { v: number; x: number; y: number; h: number }[] = [];
  for (const t of text) {
    const m = BAR_LABEL.exec(t.str);
    if (!m || t.horizontal === false) continue;
    const w = t.widthMm ?? 0;
    // centre of the number itself (a unit after it shifts the run's centre)
    const x = t.at[0] - w / 2 + (w * m[1].length) / t.str.length / 2;
    nums.push({ v: Number(m[1].replace(',', '.')), x, y: t.at[1], h: t.heightMm });
  }
  let best: { f: number; n: number } | null = null;
  for (const zero of nums) {
    if (zero.v !== 0) continue;
    // the labels on the zero's baseline, of its size, to its right, by x
    const row = nums.filter((o) => o !== zero && Math.abs(o.y - zero.y) < 0.3 * zero.h && Math.abs(o.h - zero.h) < 0.15 * zero.h && o.x > zero.x)
      .sort((a, b) => a.x - b.x);
    const run = [zero];
    for (const o of row) {
      const last = run[run.length - 1];
      if (o.v <= last.v) break;
      run.push(o);
    }
    if (run.length < MIN_BAR_LABELS) continue;
    // mm of the frame per metre, from every label to the zero: all must agree
    const perM = run.slice(1).map((o) => (o.x - zero.x) / o.v);
    const mean = perM.reduce((s, p) => s + p, 0) / perM.length;
    if (perM.some((p) => Math.abs(p - mean) > BAR_PITCH_TOL * mean)) continue;
    if (!best || run.length > best.n) best = { f: 1000 / mean, n: run.length };
  }
  return best?.f ?? null;
}

/**
 * A result measured in a frame `s` times the user's (lengths × s give the user's) brought into the user's
 * frame: coordinates and lengths scale by s, areas by s²; wall surfaces follow from the ceiling height.
 */
export function toUserFrame(r: AnalysisResult, s: number, mmPerPtUser: number): AnalysisResult {
  const pt = (p: PointMm): PointMm => [p[0] * s, p[1] * s];
  const done = new Set<Opening>();
  const opening = (o: Opening) => {
    if (done.has(o)) return;
    done.add(o);
    o.position = pt(o.position);
    o.segment = [pt(o.segment[0]), pt(o.segment[1])];
    o.width = Math.round(o.width * s);
    if (o.wall_thickness !== undefined) o.wall_thickness *= s;
    o.dimensions = o.dimensions_string = `H${o.height} x W${o.width}`;
  };
  const H = r.statistics.ceiling_height_mm;
  for (const room of r.rooms) {
    room.polygon = room.polygon.map(pt);
    room.perimeter_mm = Math.round(room.perimeter_mm * s);
    room.ceiling_area = Math.round(room.ceiling_area * s * s);
    room.total_wall_surface_area = Math.round(room.perimeter_mm * H);
    [...room.windows, ...room.doors].forEach(opening);
    room.total_window_area = Math.round(room.windows.reduce((a, o) => a + o.width * o.height, 0));
    room.total_door_area = Math.round(room.doors.reduce((a, o) => a + o.width * o.height, 0));
    room.net_wall_area = Math.max(0, room.total_wall_surface_area - room.total_window_area - room.total_door_area);
  }
  const od = r.outside_detection;
  od.exterior_polygon = od.exterior_polygon.map(pt);
  od.total_walls_mm = Math.round(od.total_walls_mm * s);
  od.total_wall_area_mm2 = Math.round(od.total_walls_mm * H);
  [...od.outside_windows, ...od.outside_doors].forEach(opening);
  r.metadata.page_width_mm *= s;
  r.metadata.page_height_mm *= s;
  r.metadata.mm_per_pt = mmPerPtUser;
  return r;
}
