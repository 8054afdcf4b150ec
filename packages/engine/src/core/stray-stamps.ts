/**
 * Stamps printed beside their room: a room too small for its stamp (a lobby, a shaft, a closet of 1-2 m²)
 * gets it printed in the room next door, where there is paper (ARCHICAD places zone stamps freely). That room
 * then holds two stamps with printed areas and would be cut in two by them (split-rooms.ts), while the small
 * room, holding none, stays unnamed. A stamp is moved to the small room when the numbers say so: the space it
 * stands in agrees with the printed areas of its other stamps without it, and a room holding no printed stamp
 * right beside it measures the stamp's own printed area, both at the sheet's measured/printed ratio.
 */
import type { PointMm } from '../types.js';
import { bbox, distToPoly, pointInPoly, polyArea } from './geometry.js';
import type { RoomStamp } from './stamps.js';
import { sheetAreaRatio } from './printed-areas.js';

/** The small room lies at most this far from the stamp's text (mm on site): right beside it, across one wall. */
const STRAY_NEAR_MM = 800;
/** The host space without the stamp and the small room agree with their printed areas at one ratio within this share. */
const STRAY_RATIO_AGREE = 0.08;
/** Without the stamp, the host space's ratio must come this much closer to the ratio the small room gives. */
const STRAY_GAIN = 0.05;
/** Rooms at least this large are never the small room (m² on site): a stamp is printed outside only when it does not fit. */
const STRAY_MAX_ROOM_MM2 = 12e6;

/** A stamp moved into the room it names; `from` is where it is printed (its `at` in the space it stands in). */
export type StrayStamp = RoomStamp & { from: PointMm };

const inside = (p: PointMm, poly: PointMm[]) => pointInPoly(p[0], p[1], poly);

/** A point well inside a polygon (the sample of a grid over its box farthest from its edges). */
function innerPoint(poly: PointMm[]): PointMm {
  const b = bbox(poly);
  let best: PointMm = poly[0], bestD = -1;
  const n = 16;
  for (let i = 0; i <= n; i++) for (let j = 0; j <= n; j++) {
    const p: PointMm = [b.x0 + ((i + 0.5) / (n + 1)) * (b.x1 - b.x0), b.y0 + ((j + 0.5) / (n + 1)) * (b.y1 - b.y0)];
    if (!inside(p, poly)) continue;
    const d = distToPoly(p[0], p[1], poly);
    if (d > bestD) { bestD = d; best = p; }
  }
  return best;
}

/**
 * The stamps to move: each standing in a space with another printed stamp, whose printed area a nearby room
 * without a printed stamp measures at the ratio the space shows without it. `stampsIn` reads a room's stamps
 * (those printed in it and those led into it).
 */
export function strayStamps(rooms: PointMm[][], stampsIn: (poly: PointMm[]) => RoomStamp[]): StrayStamp[] {
  const printed = (s: RoomStamp) => s.printedAreaMm2 !== null && s.names.length > 0;
  const stamps = rooms.map((r) => stampsIn(r).filter((s) => printed(s) && inside(s.at, r)));
  const areas = rooms.map((r) => Math.abs(polyArea(r)));
  const boxes = rooms.map(bbox);
  // the sheet's own measured/printed ratio, from rooms holding one printed stamp (when enough do): the host
  // without the stamp must agree with it too
  const sheetRatio = sheetAreaRatio(areas, stamps.map((m) => m.map((st) => st.printedAreaMm2!)));
  const out: StrayStamp[] = [];
  const taken = new Set<number>();
  rooms.forEach((_, i) => {
    const mine = stamps[i];
    if (mine.length < 2) return;
    const total = mine.reduce((a, s) => a + s.printedAreaMm2!, 0);
    for (const s of mine) {
      const others = total - s.printedAreaMm2!;
      const without = areas[i] / others;
      const withIt = areas[i] / total;
      if (sheetRatio !== null && Math.abs(without / sheetRatio - 1) > STRAY_RATIO_AGREE) continue;
      const sb = bbox(s.box);
      let best: { j: number; off: number } | null = null;
      for (let j = 0; j < rooms.length; j++) {
        if (j === i || stamps[j].length || taken.has(j) || areas[j] > STRAY_MAX_ROOM_MM2) continue;
        const b = boxes[j];
        if (b.x0 > sb.x1 + STRAY_NEAR_MM || b.x1 < sb.x0 - STRAY_NEAR_MM || b.y0 > sb.y1 + STRAY_NEAR_MM || b.y1 < sb.y0 - STRAY_NEAR_MM) continue;
        const d = Math.min(...s.box.map((p) => distToPoly(p[0], p[1], rooms[j])), distToPoly(s.at[0], s.at[1], rooms[j]));
        if (d > STRAY_NEAR_MM) continue;
        const ratio = areas[j] / s.printedAreaMm2!;
        const off = Math.abs(ratio / without - 1);
        // the host agrees without the stamp, and far better than with it: the stamp is not a part of it
        if (off > STRAY_RATIO_AGREE || Math.abs(withIt / ratio - 1) < Math.abs(without / ratio - 1) + STRAY_GAIN) continue;
        if (!best || off < best.off) best = { j, off };
      }
      if (!best) continue;
      taken.add(best.j);
      const at = innerPoint(rooms[best.j]);
      const h = s.heightMm / 2;
      out.push({ ...s, from: s.at, at, box: [[at[0] - h, at[1] - h], [at[0] + h, at[1] - h], [at[0] + h, at[1] + h], [at[0] - h, at[1] + h]] });
      return; // one stamp per host: the rest of its stamps share it as printed
    }
  });
  return out;
}
