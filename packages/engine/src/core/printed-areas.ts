/**
 * What the printed room areas tell the engine: where a space the drawing leaves open is made of several
 * rooms (cut by split-rooms.ts), and whether each measured room agrees with the area its stamp prints.
 */
import type { PointMm, Room, Warning } from '../types.js';
import { pointInPoly, polyArea } from './geometry.js';
import type { RoomStamp } from './stamps.js';
import { splitByStamps, type DrawnLine, type SplitStamp } from './split-rooms.js';
import { printedAreaChecks } from '../measure/printed-area.js';

interface Hole { pts: PointMm[]; area: number }

/** Spaces holding one printed stamp needed for the sheet's measured/printed ratio to be taken. */
const MIN_SINGLE_SPACES = 3;

/**
 * The sheet's measured/printed area ratio: the median over the spaces holding exactly one printed stamp
 * (`printed[i]`: the printed areas of the stamps in space i, mm²), or null when fewer than MIN_SINGLE_SPACES do.
 */
export function sheetAreaRatio(areas: number[], printed: number[][]): number | null {
  const single = areas.flatMap((a, i) => (printed[i].length === 1 && a > 0 ? [a / printed[i][0]] : [])).sort((a, b) => a - b);
  return single.length >= MIN_SINGLE_SPACES ? single[Math.floor(single.length / 2)] : null;
}

/**
 * The holes (rooms) with every one holding two or more stamps with printed areas cut into one per stamp.
 * `stampsIn` reads the stamps of a space; `lines` gives the drawn lines in the mm frame (asked only when some hole needs cutting).
 */
export function splitHoles(holes: Hole[], stampsIn: (pts: PointMm[]) => RoomStamp[], lines: () => DrawnLine[]) {
  let drawn: DrawnLine[] | null = null;
  const out: Hole[] = [];
  /** Stamps of parts whose boundary was placed from the printed areas alone (no drawn evidence). */
  const placed: PointMm[][] = [];
  const stamped = holes.map((h) => stampsIn(h.pts).filter((s) => s.printedAreaMm2 !== null && s.names.length > 0 && pointInPoly(s.at[0], s.at[1], h.pts))
    .map((s): SplitStamp => ({ at: s.at, areaMm2: s.printedAreaMm2!, box: s.box })));
  const planRatio = sheetAreaRatio(holes.map((h) => Math.abs(h.area)), stamped.map((m) => m.map((st) => st.areaMm2)));
  holes.forEach((h, i) => {
    const mine = stamped[i];
    if (mine.length < 2) { out.push(h); return; }
    drawn ??= lines();
    const parts = splitByStamps(h.pts, mine, drawn, planRatio);
    for (const p of parts) out.push({ pts: p.pts, area: polyArea(p.pts) });
    if (parts.some((p) => p.cuts.includes('printed-areas'))) placed.push(parts.flatMap((p) => p.stamps.map((s) => s.at)));
  });
  return {
    holes: out,
    /** One warning per space cut where nothing drawn shows the boundary; `s` brings stamp points to the rooms' frame. */
    warnings(rooms: Room[], s = 1): Warning[] {
      return placed.map((pts) => {
        const names = rooms.filter((r) => pts.some((p) => pointInPoly(p[0] * s, p[1] * s, r.polygon)));
        const list = names.map((r) => r.label || 'unnamed').join(', ');
        return {
          code: 'rooms_split_by_printed_areas',
          message: `${list} share one space with no line drawn between them; the boundary was placed so their areas follow the areas printed on the plan.`,
          ...(names[0] ? { room_id: names[0].id } : {}),
        };
      });
    },
  };
}

/**
 * Warnings where a room's measured area and its printed area disagree by more than PRINTED_AREA_TOLERANCE.
 * When most rooms disagree by one common factor the scale is the likely cause: one warning says so (with the
 * scale the printed areas suggest) and rooms are compared after that factor.
 */
export function printedAreaWarnings(rooms: Room[], scaleN: number, scaleWarned = false): Warning[] {
  const checks = printedAreaChecks(rooms);
  const first = checks.find((c) => c !== null);
  if (!first) return [];
  const out: Warning[] = [];
  const median = first.commonFactor;
  const known = checks.filter((c) => c !== null);
  const sized = known.filter((c) => c.printedSizeMm).length;
  const what = sized === 0 ? 'areas' : sized === known.length ? 'sizes' : 'areas and sizes';
  if (first.afterCommonFactor && !scaleWarned)
    out.push({
      code: 'printed_area_scale',
      message: `The room ${what} printed on the plan are about ${Math.round(Math.abs(1 / median - 1) * 100)} % ${median < 1 ? 'larger' : 'smaller'} than measured at 1:${scaleN}; the drawing may be at about 1:${Math.round(scaleN / Math.sqrt(median))}.`,
    });
  rooms.forEach((r, i) => {
    const c = checks[i];
    if (!c || c.agrees) return;
    const by = `${Math.abs(Math.round(c.off * 100))} % ${c.off < 0 ? 'less' : 'more'}${c.afterCommonFactor ? ' after the common scale difference' : ''}`;
    const size = c.printedSizeMm;
    out.push({
      code: 'printed_area_mismatch',
      room_id: r.id,
      message: size
        ? `${r.label || 'A room'}: the plan prints its size as ${(size[0] / 1000).toFixed(2)} × ${(size[1] / 1000).toFixed(2)} m (${(c.printedMm2 / 1e6).toFixed(2)} m²); the rectangle around the room as measured is ${((c.printedMm2 * (1 + c.off) * c.commonFactor) / 1e6).toFixed(2)} m² (${by}).`
        : `${r.label || 'A room'}: measured ${(r.ceiling_area / 1e6).toFixed(2)} m², the plan prints ${(c.printedMm2 / 1e6).toFixed(2)} m² (${by}).`,
    });
  });
  return out;
}
