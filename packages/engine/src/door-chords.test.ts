import { describe, it, expect } from 'vitest';
import { PDFDocument, rgb } from 'pdf-lib';
import { analyzePdf, breakBehind } from './analyze.js';
import type { PointMm } from './types.js';

/**
 * An A4 page in site mm at 1:100 (origin 100 pt in, y down) with a pen for wall fills in dark grey, one for thin
 * lines, and a door's swing round `hinge` from `from` to `to` (both a leaf's length from it), drawn as one Bézier or
 * as a chain of chords.
 */
async function wallSheet() {
  const doc = await PDFDocument.create();
  const page = doc.addPage([842, 595]);
  const pt = 72 / 25.4 / 100;
  const X = (mm: number) => 100 + mm * pt, Y = (mm: number) => 500 - mm * pt;
  const fill = (x0: number, y0: number, x1: number, y1: number) =>
    page.drawRectangle({ x: X(x0), y: Y(y1), width: (x1 - x0) * pt, height: (y1 - y0) * pt, color: rgb(0.3, 0.3, 0.3) });
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    page.drawLine({ start: { x: X(x1), y: Y(y1) }, end: { x: X(x2), y: Y(y2) }, thickness: 0.3, color: rgb(0, 0, 0) });
  /** The circle round `hinge` through `from`, and the signed sweep from `from` to `to` (radians, under a half turn). */
  const arcOf = (hinge: PointMm, from: PointMm, to: PointMm) => {
    const r = Math.hypot(from[0] - hinge[0], from[1] - hinge[1]);
    const a0 = Math.atan2(from[1] - hinge[1], from[0] - hinge[0]), a1 = Math.atan2(to[1] - hinge[1], to[0] - hinge[0]);
    return { r, a0, a1, sweep: ((a1 - a0 + 3 * Math.PI) % (2 * Math.PI)) - Math.PI };
  };
  /** A swing of up to 90 degrees round `hinge` from `from` to `to` (both a leaf's length from it), as one Bézier. */
  const swing = (hinge: PointMm, from: PointMm, to: PointMm) => {
    const { r, a0, a1, sweep } = arcOf(hinge, from, to);
    const kappa = (4 / 3) * Math.tan(sweep / 4) * r;
    const c1: PointMm = [from[0] - kappa * Math.sin(a0), from[1] + kappa * Math.cos(a0)];
    const c2: PointMm = [to[0] + kappa * Math.sin(a1), to[1] - kappa * Math.cos(a1)];
    // (SVG y runs down)
    page.drawSvgPath(`M ${X(from[0])} ${-Y(from[1])} C ${X(c1[0])} ${-Y(c1[1])} ${X(c2[0])} ${-Y(c2[1])} ${X(to[0])} ${-Y(to[1])}`,
      { x: 0, y: 0, borderWidth: 0.3, borderColor: rgb(0, 0, 0) });
  };
  /** The same swing flattened into `n` equal chords of one path, as many CAD exports write arcs. */
  const flatSwing = (hinge: PointMm, from: PointMm, to: PointMm, n: number) => {
    const { r, a0, sweep } = arcOf(hinge, from, to);
    const pts = Array.from({ length: n + 1 }, (_, i) => [hinge[0] + r * Math.cos(a0 + (sweep * i) / n), hinge[1] + r * Math.sin(a0 + (sweep * i) / n)]);
    page.drawSvgPath(pts.map(([x, y], i) => `${i ? 'L' : 'M'} ${X(x)} ${-Y(y)}`).join(' '), { x: 0, y: 0, borderWidth: 0.3, borderColor: rgb(0, 0, 0) });
  };
  return { doc, fill, line, swing, flatSwing };
}

/**
 * A room 4000 x 3000 mm (1:100, A4 landscape) with filled walls. Its entrance door stands in a break whose two
 * sides end on different wall lines: a 150 mm wall on the left, a 250 mm wall on the right (their room faces in
 * line). The door is drawn in its frame, a little in front of the wall face: hinge, leaf (unless `leaf` is false)
 * and swing, open `openDeg` degrees, the swing a curve or `chords` straight pieces.
 */
async function entrancePlan(frontMm: number, { chords = 0, openDeg = 90, leaf = true } = {}) {
  const { doc, fill, line, swing, flatSwing } = await wallSheet();
  fill(-250, -250, 4250, 0); fill(-250, 0, 0, 3000); fill(4000, 0, 4250, 3000);
  fill(-250, 3000, 1500, 3150); fill(2400, 3000, 4250, 3250);
  const hy = 3000 - frontMm, hx = 2390, r = 880, a = (openDeg * Math.PI) / 180;
  const tip: PointMm = [hx - r * Math.cos(a), hy - r * Math.sin(a)];
  if (leaf) line(hx, hy, tip[0], tip[1]);
  // the swing from the open leaf's tip to the closed end
  if (chords) flatSwing([hx, hy], tip, [hx - r, hy], chords);
  else swing([hx, hy], tip, [hx - r, hy]);
  return analyzePdf(await doc.save(), { page: 1, scale: 100, ceilingHeightMm: 2500 });
}

describe('door chords', () => {
  it('closes an entrance whose two sides end on different wall lines, the door drawn in front of the face', async () => {
    const r = await entrancePlan(60);
    expect(r.rooms).toHaveLength(1);
    expect(r.rooms[0].ceiling_area / 1e6).toBeGreaterThan(11.8);
    expect(r.rooms[0].ceiling_area / 1e6).toBeLessThan(12.1);
  });

  it('closes the entrance of a door drawn open at 45 degrees, its leaf drawn, and not from the same arc without its leaf', async () => {
    const plan = (leaf: boolean) => entrancePlan(60, { openDeg: 45, leaf });
    const r = await plan(true);
    expect(r.rooms).toHaveLength(1);
    expect(r.rooms[0].ceiling_area / 1e6).toBeGreaterThan(11.8);
    expect(r.rooms[0].ceiling_area / 1e6).toBeLessThan(12.1);
    expect(r.statistics.total_doors).toBe(1);
    // (a 45 degree arc alone is a curve of furniture as often as a door)
    expect((await plan(false)).rooms).toHaveLength(0);
  });

  it('counts no door for a sash drawn open at 45 degrees against an outer wall that runs on (a casement window as often)', async () => {
    const plan = async (short: boolean) => {
      const { doc, fill, line, swing } = await wallSheet();
      fill(-250, -250, 4250, 0); fill(-250, 0, 0, 3000); fill(4000, 0, 4250, 3000); fill(-250, 3000, 4250, 3250);
      // hinged on the top wall's inner face, closed along it, open into the room
      const hx = 1200, hy = 0, r = 700;
      const tip: PointMm = short ? [hx + r * Math.SQRT1_2, hy + r * Math.SQRT1_2] : [hx, hy + r];
      line(hx, hy, tip[0], tip[1]);
      swing([hx, hy], [hx + r, hy], tip);
      return analyzePdf(await doc.save(), { page: 1, scale: 100, ceilingHeightMm: 2500 });
    };
    const sash = await plan(true);
    expect(sash.rooms).toHaveLength(1);
    expect(sash.statistics.total_doors).toBe(0);
    // drawn open at a right angle, the same swing is a door (its chord along the wall)
    expect((await plan(false)).statistics.total_doors).toBe(1);
  });

  it('keeps a glazed break with a casement drawn open at 45 degrees a window', async () => {
    const plan = async (sweep: 45 | 90) => {
      const { doc, fill, line, swing } = await wallSheet();
      fill(-250, -250, 1500, 0); fill(2400, -250, 4250, 0); fill(-250, 0, 0, 3000); fill(4000, 0, 4250, 3000); fill(-250, 3000, 4250, 3250);
      // the glass: two lines across the break inside the wall
      line(1500, -170, 2400, -170); line(1500, -80, 2400, -80);
      const hx = 1500, hy = 0, r = 900;
      const tip: PointMm = sweep === 45 ? [hx + r * Math.SQRT1_2, hy + r * Math.SQRT1_2] : [hx, hy + r];
      line(hx, hy, tip[0], tip[1]);
      swing([hx, hy], [hx + r, hy], tip);
      return analyzePdf(await doc.save(), { page: 1, scale: 100, ceilingHeightMm: 2500 });
    };
    const sash = await plan(45);
    expect(sash.rooms).toHaveLength(1);
    expect([sash.statistics.total_windows, sash.statistics.total_doors]).toEqual([1, 0]);
    // swung open at a right angle, the glazed break is a door (a French window)
    const french = await plan(90);
    expect([french.statistics.total_windows, french.statistics.total_doors]).toEqual([0, 1]);
  });

  it('reads a swing flattened into a chain of short straight pieces as the arc it draws', async () => {
    for (const chords of [9, 24]) {
      const r = await entrancePlan(60, { chords });
      expect(r.rooms).toHaveLength(1);
      expect(r.rooms[0].ceiling_area / 1e6).toBeGreaterThan(11.8);
      expect(r.rooms[0].ceiling_area / 1e6).toBeLessThan(12.1);
    }
  });
});

/**
 * Two rooms side by side (1:100, A4 landscape), filled walls, between them a 125 mm wall with a door break
 * 100..1010 mm from the top. The door is hung at the right room's face: its leaf drawn both closed (across the
 * break) and open (into the room, 136 mm off the top wall), and its swing between the two.
 */
async function leafTwicePlan() {
  const { doc, fill, line, swing } = await wallSheet();
  fill(-250, -250, 6375, 0); fill(-250, 3000, 6375, 3250); fill(-250, 0, 0, 3000); fill(6125, 0, 6375, 3000);
  fill(3000, 0, 3125, 100); fill(3000, 1010, 3125, 3000);
  const hx = 3145, hy = 136, r = 834;
  line(hx, hy, hx, hy + r); line(hx, hy, hx + r, hy);
  // the swing from the open leaf's tip round to the closed end
  swing([hx, hy], [hx + r, hy], [hx, hy + r]);
  return analyzePdf(await doc.save(), { page: 1, scale: 100, ceilingHeightMm: 2500 });
}

describe('a door whose leaf is drawn both closed and open', () => {
  it('closes the break with the chord across it, not the room along the open leaf', async () => {
    const r = await leafTwicePlan();
    const areas = r.rooms.map((x) => x.ceiling_area / 1e6).sort((a, b) => a - b);
    expect(areas).toHaveLength(2);
    // the right room, 3000 x 3000, keeps its strip along the top wall: the break is closed on the wall's faces
    // (closures.ts: the door hangs between the wall's end and the stub across its line), at most 20 mm in the
    // room where a chord closes it (its pen 60 mm wide); along the open leaf it would lose 0.4 m2
    expect(areas[0]).toBeGreaterThan(8.9);
    expect(areas[0]).toBeLessThan(9.01);
  });
});

describe('the break behind a door chord', () => {
  // a 125 mm wall along x = 0..125 with a break from y = 100 to 1010; the chord 20 mm in front of its face at x = 145
  const inWall = ([x, y]: PointMm) => x >= 0 && x <= 125 && (y <= 100 || y >= 1010);
  it('is filled across the wall between the jambs, on the side the jambs are', () => {
    const quads = breakBehind([145, 136], [145, 970], inWall);
    expect(quads).toHaveLength(1);
    const xs = quads[0].map((p) => p[0]);
    expect(Math.min(...xs)).toBeLessThanOrEqual(5);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(-20);
    expect(Math.max(...xs)).toBeCloseTo(145, 0);
  });
  it('is nothing where the chord has no jambs beside it', () => {
    expect(breakBehind([1145, 136], [1145, 970], inWall)).toHaveLength(0);
  });
});

/**
 * Two bedrooms on the left of a 150 mm wall (x 4000..4150), a hall on its right; the partition between the bedrooms
 * (y 1950..2050) runs to the wall's far face. The wall is broken from y 1000 to 3000 for two 950 mm doors, one each
 * side of the partition's end, hinged there: their leaves are drawn open, parked against the partition's faces, and
 * their swings run to the wall's pieces above and below (no leaf line drawn).
 */
async function parkedLeavesPlan() {
  const { doc, fill, swing } = await wallSheet();
  fill(-250, -250, 8250, 0); fill(-250, 4000, 8250, 4250); fill(-250, 0, 0, 4000); fill(8000, 0, 8250, 4000);
  fill(4000, 0, 4150, 1000); fill(4000, 3000, 4150, 4000); fill(0, 1950, 4150, 2050);
  const r = 950, hx = 4075;
  // each swing from the open leaf's tip (along the partition) round to the closed end at the wall's piece
  for (const [hy, dir] of [[1950, -1], [2050, 1]] as const) swing([hx, hy], [hx - r, hy], [hx, hy + dir * r]);
  return analyzePdf(await doc.save(), { page: 1, scale: 100, ceilingHeightMm: 2500 });
}

describe('a door whose leaf is drawn open against a partition', () => {
  it('closes the break along its closed position, not along the partition', async () => {
    const r = await parkedLeavesPlan();
    const areas = r.rooms.map((x) => x.ceiling_area / 1e6).sort((a, b) => a - b);
    // two bedrooms of 4.0 x 1.95 m and the hall of 3.85 x 4.0 m (less what the door chords' pens take)
    expect(areas).toHaveLength(3);
    expect(areas[0]).toBeGreaterThan(7.6);
    expect(areas[1]).toBeLessThan(7.85);
    expect(areas[2]).toBeGreaterThan(15.0);
    expect(areas[2]).toBeLessThan(15.45);
  });
});
