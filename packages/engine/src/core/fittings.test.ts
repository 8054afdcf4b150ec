import { describe, it, expect } from 'vitest';
import { PDFDocument, rgb } from 'pdf-lib';
import type { Seg, VectorPage } from '../source/extract.js';
import { findWalls, lightFills } from './walls.js';
import { pointInPoly } from './geometry.js';
import { analyzePdf } from '../analyze.js';

// k = 1: page units are millimetres
const line = (x1: number, y1: number, x2: number, y2: number, w = 2): Seg => ({ x1, y1, x2, y2, w });
const rect = (x0: number, y0: number, x1: number, y1: number, group: number) =>
  ({ pts: [[x0, y0], [x1, y0], [x1, y1], [x0, y1]] as [number, number][], gray: 0.3, group, evenOdd: false });
const FAR = Date.now() + 60_000;
const inWalls = (polys: [number, number][][], x: number, y: number) => polys.filter((p) => pointInPoly(x, y, p)).length % 2 === 1;

/** A room 4000 x 3000 (inner faces 0..4000, 0..3000) cut with four filled walls 200 mm thick. */
const filledRoom = [rect(-200, -200, 4200, 0, 1), rect(-200, 3000, 4200, 3200, 2), rect(-200, 0, 0, 3000, 3), rect(4000, 0, 4200, 3000, 4)];
/** A counter against the top wall: front line 200 mm from it, from the left wall 1500 mm into the room. */
const counter = [line(0, 0, 1500, 0), line(0, 200, 1500, 200), line(1500, 0, 1500, 200)];
/** A light partition drawn as two lines 100 mm apart, from the top wall to the bottom wall. */
const partition = [line(2500, 0, 2500, 3000), line(2600, 0, 2600, 3000)];

describe('fittings against cut walls', () => {
  it('takes a band held only by a loose band for a fitting too (a bathtub\'s rim held by its free side)', () => {
    // a rim 100 mm deep from the left wall (y = 600..700) ending against a side 200 mm thick (x = 1600..1800,
    // y = 300..1000) that stands free at both ends: the side is loose, so the rim it alone holds is loose as well
    const rim = [line(0, 600, 1600, 600), line(0, 700, 1600, 700)];
    const side = [line(1600, 300, 1600, 1000), line(1800, 300, 1800, 1000)];
    const page: VectorPage = { segs: [...rim, ...side, ...partition], fills: filledRoom, curves: [], fillCurves: [], imageCount: 0, pathOps: 10, truncated: false };
    const w = findWalls(page, 1, FAR);
    expect(inWalls(w.fittings, 1700, 800)).toBe(true);
    expect(inWalls(w.polys, 800, 650)).toBe(false);
    expect(inWalls(w.fittings, 800, 650)).toBe(true);
    expect(inWalls(w.polys, 2550, 1500)).toBe(true);
  });

  it('takes a band held by a loose band for a fitting where nearly all walls around it are cut as fills, not the whole sheet', () => {
    // the same rim and free side, and 16 m to the right a building drawn in pairs of lines (long walls and cross
    // walls held at both ends, more wall area than the fills): the sheet is judged around each band; within 4 m
    // of the rim only the light partition is drawn in lines, so there the rim held by the free side is a fixture
    // too (leiq's accessible WC: a basin's rim held by its outline)
    const rim = [line(0, 600, 1600, 600), line(0, 700, 1600, 700)];
    const side = [line(1600, 300, 1600, 1000), line(1800, 300, 1800, 1000)];
    const ys = [1500, 3700, 6100, 8200, 10600];
    const cross = ys.flatMap((y) => [line(20200, y, 30000, y), line(20200, y + 200, 30000, y + 200)]);
    const long = [line(20000, 0, 20000, 12000), line(20200, 0, 20200, 12000), line(30000, 0, 30000, 12000), line(30200, 0, 30200, 12000)];
    const page: VectorPage = { segs: [...rim, ...side, ...partition, ...cross, ...long], fills: filledRoom, curves: [], fillCurves: [], imageCount: 0, pathOps: 10, truncated: false };
    const w = findWalls(page, 1, FAR);
    expect(inWalls(w.polys, 25000, ys[2] + 100)).toBe(true);
    expect(inWalls(w.fittings, 1700, 800)).toBe(true);
    expect(inWalls(w.fittings, 800, 650)).toBe(true);
    expect(inWalls(w.polys, 2550, 1500)).toBe(true);
  });

  it('keeps a band held by a loose band as wall where walls drawn in pairs of lines stand near it', () => {
    // the same, the building in lines just above the room (y = -13000..-1000): around the rim a third of the
    // wall area is drawn in lines, and there a short band held by a loose one is as likely a partition as a
    // fixture's side; the free side is still a fitting
    const rim = [line(0, 600, 1600, 600), line(0, 700, 1600, 700)];
    const side = [line(1600, 300, 1600, 1000), line(1800, 300, 1800, 1000)];
    const ys = [-11500, -9300, -6900, -4800, -2400];
    const cross = ys.flatMap((y) => [line(200, y, 9800, y), line(200, y + 200, 9800, y + 200)]);
    const long = [line(0, -13000, 0, -1000), line(200, -13000, 200, -1000), line(9800, -13000, 9800, -1000), line(10000, -13000, 10000, -1000)];
    const page: VectorPage = { segs: [...rim, ...side, ...partition, ...cross, ...long], fills: filledRoom, curves: [], fillCurves: [], imageCount: 0, pathOps: 10, truncated: false };
    const w = findWalls(page, 1, FAR);
    expect(inWalls(w.polys, 5000, ys[2] + 100)).toBe(true);
    expect(inWalls(w.fittings, 1700, 800)).toBe(true);
    expect(inWalls(w.fittings, 800, 650)).toBe(false);
  });

  it('keeps a band from wall to wall as wall when one end meets a filled partition thinner than the reach', () => {
    // an installation wall drawn as two lines (y = 2600 / 2800) from the left wall to a filled 100 mm partition
    const thinWall = rect(2500, 0, 2600, 3000, 5);
    const preWall = [line(0, 2600, 2500, 2600), line(0, 2800, 2500, 2800)];
    const page: VectorPage = { segs: preWall, fills: [...filledRoom, thinWall], curves: [], fillCurves: [], imageCount: 0, pathOps: 10, truncated: false };
    const w = findWalls(page, 1, FAR);
    expect(inWalls(w.polys, 1000, 2700)).toBe(true);
    expect(inWalls(w.fittings, 1000, 2700)).toBe(false);
  });

  it('takes a counter drawn with thin lines against a filled wall for a fitting, not a wall', () => {
    const page: VectorPage = { segs: [...counter, ...partition], fills: filledRoom, curves: [], fillCurves: [], imageCount: 0, pathOps: 10, truncated: false };
    const w = findWalls(page, 1, FAR);
    expect(inWalls(w.polys, 700, 100)).toBe(false);
    expect(inWalls(w.fittings, 700, 100)).toBe(true);
    // the partition runs from wall to wall: a wall
    expect(inWalls(w.polys, 2550, 1500)).toBe(true);
  });

  it('judges the page by its walls, not by furniture drawn in pairs of lines', () => {
    // nine benches standing free in the room, each two lines 250 apart and 1800 long: more area than the fills
    const xs = [200, 550, 900, 1250, 1600, 1950, 2800, 3150, 3500];
    const tables = xs.flatMap((x) => [line(x, 1000, x, 2800), line(x + 250, 1000, x + 250, 2800)]);
    const page: VectorPage = { segs: [...counter, ...partition, ...tables], fills: filledRoom, curves: [], fillCurves: [], imageCount: 0, pathOps: 10, truncated: false };
    const w = findWalls(page, 1, FAR);
    expect(inWalls(w.polys, 700, 100)).toBe(false);
    expect(inWalls(w.fittings, 700, 100)).toBe(true);
    expect(inWalls(w.polys, 2550, 1500)).toBe(true);
  });

  it('judges a band by the walls around it when the sheet also draws walls in pairs of lines elsewhere', () => {
    // 16 m to the right, a building drawn in pairs of lines: two long walls and five cross walls between them,
    // each held at both ends (more wall area than the filled room's), and a shelf standing free from one wall
    const ys = [1500, 3700, 6100, 8200, 10600];
    const cross = ys.flatMap((y) => [line(20200, y, 30000, y), line(20200, y + 200, 30000, y + 200)]);
    const long = [line(20000, 0, 20000, 12000), line(20200, 0, 20200, 12000), line(30000, 0, 30000, 12000), line(30200, 0, 30200, 12000)];
    const shelf = [line(20200, 500, 21500, 500), line(20200, 700, 21500, 700)];
    const page: VectorPage = { segs: [...counter, ...partition, ...cross, ...long, ...shelf], fills: filledRoom, curves: [], fillCurves: [], imageCount: 0, pathOps: 10, truncated: false };
    const w = findWalls(page, 1, FAR);
    expect(inWalls(w.polys, 25000, ys[2] + 100)).toBe(true);
    // beside the filled walls the counter is a fitting; among the double-line walls the shelf stays wall
    expect(inWalls(w.polys, 700, 100)).toBe(false);
    expect(inWalls(w.fittings, 700, 100)).toBe(true);
    expect(inWalls(w.polys, 2550, 1500)).toBe(true);
    expect(inWalls(w.polys, 21000, 600)).toBe(true);
  });

  it('reads the lines in a cut wall\'s line as that wall, not as walls drawn in pairs of lines', () => {
    // the filled walls run on beyond the room as pairs of lines in their own line (a wall's further layers, its
    // run past an opening), 2500 mm every way: more band area near the counter than the fills have
    const ext = [
      line(-2700, -200, -200, -200), line(-2700, 0, -200, 0), line(-2700, 3000, -200, 3000), line(-2700, 3200, -200, 3200),
      line(4200, -200, 6700, -200), line(4200, 0, 6700, 0), line(4200, 3000, 6700, 3000), line(4200, 3200, 6700, 3200),
      line(-200, -2700, -200, -200), line(0, -2700, 0, -200), line(4000, -2700, 4000, -200), line(4200, -2700, 4200, -200),
      line(-200, 3200, -200, 5700), line(0, 3200, 0, 5700), line(4000, 3200, 4000, 5700), line(4200, 3200, 4200, 5700),
    ];
    // and far away a building drawn in pairs of lines, so that the sheet as a whole is not judged filled
    const ys = [1500, 3700, 6100, 8200, 10600];
    const cross = ys.flatMap((y) => [line(30200, y, 40000, y), line(30200, y + 200, 40000, y + 200)]);
    const long = [line(30000, 0, 30000, 12000), line(30200, 0, 30200, 12000), line(40000, 0, 40000, 12000), line(40200, 0, 40200, 12000)];
    const page: VectorPage = { segs: [...counter, ...partition, ...ext, ...cross, ...long], fills: filledRoom, curves: [], fillCurves: [], imageCount: 0, pathOps: 10, truncated: false };
    const w = findWalls(page, 1, FAR);
    expect(inWalls(w.polys, -1500, -100)).toBe(true);
    expect(inWalls(w.polys, 700, 100)).toBe(false);
    expect(inWalls(w.fittings, 700, 100)).toBe(true);
  });

  it('takes a counter beyond the end of a short filled wall for a fitting, not a piece of that wall\'s line', () => {
    // a filled stub 100 mm thick runs 800 mm down from the top wall (x = 1000..1100); 1.6 m below its end a
    // counter stands against the bottom wall, its front drawn with a rim 100 mm deep (y = 2400..2500) across
    // the stub's line. The rim's band is loose (free at both ends), and it lies across the stub's line and is
    // far longer than the stub is thick: it is no frame or sill between the stub's faces (leiq's basins and
    // counters lay in the line of a jamb or a short fire wall 1-2 m away and stayed wall, cutting the showers)
    const stub = rect(1000, 0, 1100, 800, 5);
    const rimmed = [line(600, 2400, 1500, 2400), line(600, 2500, 1500, 2500), line(600, 2400, 600, 3000), line(1500, 2400, 1500, 3000)];
    const page: VectorPage = { segs: [...rimmed], fills: [...filledRoom, stub], curves: [], fillCurves: [], imageCount: 0, pathOps: 10, truncated: false };
    const w = findWalls(page, 1, FAR);
    expect(inWalls(w.polys, 1050, 400)).toBe(true);
    expect(inWalls(w.polys, 1050, 2450)).toBe(false);
    expect(inWalls(w.fittings, 1050, 2450)).toBe(true);
  });

  it('takes a band beyond a wall running across a cut wall\'s line, clear of it, for a fitting, not a piece of that line', () => {
    // a filled wall 300 mm thick (x = 1000..1300) meets the room's top wall from outside; in its line inside the
    // room, 1.5 m clear of the top wall, a cabinet's side drawn as two lines 200 mm apart (x = 1050..1250, y =
    // 1500..2200), free at both ends. The line ends at the top wall that runs across it: the side stands in the
    // room (leiq's basins stood in the line of a wall's piece beyond the shower's wall and stayed wall)
    const outside = rect(1000, -1500, 1300, -200, 5);
    const side = [line(1050, 1500, 1050, 2200), line(1250, 1500, 1250, 2200)];
    const page: VectorPage = { segs: side, fills: [...filledRoom, outside], curves: [], fillCurves: [], imageCount: 0, pathOps: 10, truncated: false };
    const w = findWalls(page, 1, FAR);
    expect(inWalls(w.polys, 1150, 1850)).toBe(false);
    expect(inWalls(w.fittings, 1150, 1850)).toBe(true);
    // the same two lines going on in the line from the top wall's inner face (a partition carrying the outside
    // wall on through the room, its far end free) are still in the line: wall
    const on = [line(1050, 0, 1050, 700), line(1250, 0, 1250, 700)];
    const w2 = findWalls({ ...page, segs: on }, 1, FAR);
    expect(inWalls(w2.polys, 1150, 350)).toBe(true);
  });

  it('keeps a band lying between a cut wall\'s faces in its line as that wall (a frame between two piers)', () => {
    // two filled piers 200 mm thick (y = 1400..1600) left and right of a 1000 mm opening, the frame drawn in it
    // as two lines 120 mm apart, free at both ends: it is that wall's opening, not a fitting
    const piers = [rect(0, 1400, 1500, 1600, 5), rect(2500, 1400, 4000, 1600, 6)];
    const frame = [line(1500, 1440, 2500, 1440), line(1500, 1560, 2500, 1560)];
    const page: VectorPage = { segs: frame, fills: [...filledRoom, ...piers], curves: [], fillCurves: [], imageCount: 0, pathOps: 10, truncated: false };
    const w = findWalls(page, 1, FAR);
    expect(inWalls(w.fittings, 2000, 1500)).toBe(false);
    // beside the left pier alone, a frame set 300 mm in from it with a member drawn across the wall between (x =
    // 1520..1620), the frame's far end free: a member no longer than the wall is thick does not end the wall's
    // line, as a wall running across it would, so the frame is still in the line
    const glass = [line(1800, 1440, 2300, 1440), line(1800, 1560, 2300, 1560)];
    const member = [line(1520, 1400, 1520, 1600), line(1620, 1400, 1620, 1600)];
    const w2 = findWalls({ ...page, segs: [...glass, ...member], fills: [...filledRoom, piers[0]] }, 1, FAR);
    expect(inWalls(w2.fittings, 2000, 1500)).toBe(false);
  });

  it('takes a row of like boxes standing in one line for fittings, not the pieces of a wall broken by doors', () => {
    // four bedside tables 400 x 300 against the bottom wall, either side of two beds not drawn (x = 200..600,
    // 1400..1800, 2200..2600, 3400..3800): each box's top and bottom lines pair as a band 300 thick whose ends
    // stand free, only the next box in its line beyond them. A piece in line holds only when the run goes on
    // to something that holds it (stepcube's bedside tables held each other and cut the bedrooms' floor)
    const box = (x: number) => [line(x, 2700, x + 400, 2700), line(x, 3000, x + 400, 3000), line(x, 2700, x, 3000), line(x + 400, 2700, x + 400, 3000)];
    const page: VectorPage = { segs: [...counter, ...[200, 1400, 2200, 3400].flatMap(box)], fills: filledRoom, curves: [], fillCurves: [], imageCount: 0, pathOps: 10, truncated: false };
    const w = findWalls(page, 1, FAR);
    for (const x of [400, 1600, 2400, 3600]) {
      expect(inWalls(w.polys, x, 2850)).toBe(false);
      expect(inWalls(w.fittings, x, 2850)).toBe(true);
    }
  });

  it('takes boxes standing against each other in one line for fittings: a bed\'s head between its tables', () => {
    // a bedside table (x = 750..1000), the bed's head (1000..2600) and a table (2600..2850), each a box with the
    // same faces (y = 2700..3000), touching end to end: each table's end runs into the head's band, which is no
    // hold, as it lies in the table's own line and holds nothing itself; nor do the tables' own sides, paired as a
    // short band across the head's ends and loose by themselves
    const box = (x0: number, x1: number) => [line(x0, 2700, x1, 2700), line(x0, 3000, x1, 3000), line(x0, 2700, x0, 3000), line(x1, 2700, x1, 3000)];
    const page: VectorPage = { segs: [...counter, ...box(750, 1000), ...box(1000, 2600), ...box(2600, 2850)], fills: filledRoom, curves: [], fillCurves: [], imageCount: 0, pathOps: 10, truncated: false };
    const w = findWalls(page, 1, FAR);
    for (const x of [875, 1800, 2725]) {
      expect(inWalls(w.polys, x, 2850)).toBe(false);
      expect(inWalls(w.fittings, x, 2850)).toBe(true);
    }
  });

  it('keeps as wall a piece running into thicker pieces of its line that reach the walls', () => {
    // a partition from the left wall to the right one whose middle piece (x = 1500..2500) is drawn 100 thick
    // (y = 1500..1600) between pieces 200 thick (y = 1450..1650): the middle piece's ends run into bands of its
    // own line with other faces, held along the run by the walls
    const thick = (x0: number, x1: number) => [line(x0, 1450, x1, 1450), line(x0, 1650, x1, 1650)];
    const page: VectorPage = { segs: [...counter, ...thick(0, 1500), line(1500, 1500, 2500, 1500), line(1500, 1600, 2500, 1600), ...thick(2500, 4000)], fills: filledRoom, curves: [], fillCurves: [], imageCount: 0, pathOps: 10, truncated: false };
    const w = findWalls(page, 1, FAR);
    expect(inWalls(w.polys, 2000, 1550)).toBe(true);
  });

  it('keeps as wall the pieces of a frame whose run ends at a corner with a band across', () => {
    // a glazed front drawn in lines: a band down from the top wall (x = 2000..2150, y = 0..2500, longer than a
    // fixture) ending on the side of a frame run (y = 2500..2600) that goes from x = 2000 to the right wall in
    // three pieces: the run's left end is held at that corner, so its middle piece is held along the run both ways
    const across = [line(2000, 0, 2000, 2500), line(2150, 0, 2150, 2500)];
    const piece = (x0: number, x1: number) => [line(x0, 2500, x1, 2500), line(x0, 2600, x1, 2600)];
    const page: VectorPage = { segs: [...counter, ...across, ...piece(2000, 2400), ...piece(2400, 3200), ...piece(3200, 4000)], fills: filledRoom, curves: [], fillCurves: [], imageCount: 0, pathOps: 10, truncated: false };
    const w = findWalls(page, 1, FAR);
    expect(inWalls(w.polys, 2800, 2550)).toBe(true);
  });

  it('keeps as wall a light partition broken by doors, its pieces held along the run', () => {
    // a partition in two lines 100 mm apart from the left wall to the right one (y = 1500..1600), broken by two
    // doors: the pier between them (x = 1900..2300) touches nothing, but the run goes on to the walls both ways
    const piece = (x0: number, x1: number) => [line(x0, 1500, x1, 1500), line(x0, 1600, x1, 1600)];
    const page: VectorPage = { segs: [...counter, ...piece(0, 1000), ...piece(1900, 2300), ...piece(3200, 4000)], fills: filledRoom, curves: [], fillCurves: [], imageCount: 0, pathOps: 10, truncated: false };
    const w = findWalls(page, 1, FAR);
    for (const x of [500, 2100, 3600]) expect(inWalls(w.polys, x, 1550)).toBe(true);
    // a piece held by a wall at one end stays wall though the piece beyond its door stands free (a door's jamb)
    const w2 = findWalls({ ...page, segs: [...counter, ...piece(0, 1000), ...piece(1900, 2300)] }, 1, FAR);
    expect(inWalls(w2.polys, 500, 1550)).toBe(true);
  });

  it('keeps thin-line pairs as walls on a page that does not cut its walls as fills', () => {
    const page: VectorPage = { segs: [...counter, ...partition], fills: [], curves: [], fillCurves: [], imageCount: 0, pathOps: 10, truncated: false };
    const w = findWalls(page, 1, FAR);
    expect(inWalls(w.polys, 700, 100)).toBe(true);
    expect(w.fittings).toHaveLength(0);
  });
});

describe('rooms around fittings', () => {
  // at 1:100 on an A4 landscape page: walls filled dark grey, fittings in thin grey lines
  const pt = 72 / 25.4 / 100;
  async function bathroom() {
    const doc = await PDFDocument.create();
    const page = doc.addPage([842, 595]);
    const X = (mm: number) => 60 + mm * pt, Y = (mm: number) => 535 - mm * pt;
    const fill = (x0: number, y0: number, x1: number, y1: number) =>
      page.drawRectangle({ x: X(x0), y: Y(y1), width: (x1 - x0) * pt, height: (y1 - y0) * pt, color: rgb(0.25, 0.25, 0.25) });
    const thin = (x1: number, y1: number, x2: number, y2: number) =>
      page.drawLine({ start: { x: X(x1), y: Y(y1) }, end: { x: X(x2), y: Y(y2) }, thickness: 0.2, color: rgb(0.4, 0.4, 0.4) });
    // a bathroom 3000 x 2500 beside a room 4000 x 2500, outer walls 250 thick, a 150 wall between them
    fill(-250, -250, 7400, 0); fill(-250, 2500, 7400, 2750); fill(-250, 0, 0, 2500); fill(7150, 0, 7400, 2500);
    fill(3000, 0, 3150, 2500);
    // a bathtub 1700 x 750 in the corner, its rim 100 mm inside its outline (two pairs of lines a wall apart,
    // running to the wall faces)
    thin(0, 750, 1700, 750); thin(1700, 0, 1700, 750);
    thin(0, 650, 1600, 650); thin(1600, 0, 1600, 650);
    return analyzePdf(await doc.save(), { page: 1, scale: 100, ceilingHeightMm: 2500 });
  }

  it('measures a bathroom to its wall faces, the bathtub inside it', async () => {
    const r = await bathroom();
    const areas = r.rooms.map((x) => x.ceiling_area / 1e6).sort((a, b) => a - b);
    expect(areas).toHaveLength(2);
    expect(areas[0]).toBeCloseTo(7.5, 1);
    expect(areas[1]).toBeCloseTo(10, 1);
  });
});

describe('furniture filled in a light tint of the wall colour', () => {
  const pt = 72 / 25.4 / 100;
  /** A room 5000 x 3500 cut with black filled walls, a wardrobe 600 x 1800 against its top wall filled `tint`. */
  async function bedroom(tint: number) {
    const doc = await PDFDocument.create();
    const page = doc.addPage([842, 595]);
    const X = (mm: number) => 60 + mm * pt, Y = (mm: number) => 535 - mm * pt;
    const fill = (x0: number, y0: number, x1: number, y1: number, c: number) =>
      page.drawRectangle({ x: X(x0), y: Y(y1), width: (x1 - x0) * pt, height: (y1 - y0) * pt, color: rgb(c, c, c) });
    fill(-250, -250, 5250, 0, 0); fill(-250, 3500, 5250, 3750, 0); fill(-250, 0, 0, 3500, 0); fill(5000, 0, 5250, 3500, 0);
    fill(1000, 0, 1600, 1800, tint);
    return analyzePdf(await doc.save(), { page: 1, scale: 100, ceilingHeightMm: 2500 });
  }

  it('measures the room under a wardrobe filled in a pale tint', async () => {
    const r = await bedroom(0.7);
    expect(r.rooms).toHaveLength(1);
    expect(r.rooms[0].ceiling_area / 1e6).toBeCloseTo(17.5, 1);
  });

  it('keeps a fill in the walls own tone as wall', async () => {
    const r = await bedroom(0);
    expect(r.rooms).toHaveLength(1);
    expect(r.rooms[0].ceiling_area / 1e6).toBeCloseTo(17.5 - 0.6 * 1.8, 1);
  });

  it('keeps as wall a mid-grey installation wall between two bathrooms, so each takes its bathtub', async () => {
    // walls cut in a dark grey (0.22), the installation wall between two bathrooms in a mid grey (0.61): 0.39
    // lighter than the walls, under LIGHTER_THAN_CUT (it was taken for furniture against the walls' tone
    // rounded to 0.2, and dropping it with the bathtubs would join the two rooms, so both kept their tubs cut out)
    const doc = await PDFDocument.create();
    const page = doc.addPage([842, 595]);
    const X = (mm: number) => 60 + mm * pt, Y = (mm: number) => 535 - mm * pt;
    const fill = (x0: number, y0: number, x1: number, y1: number, c: number) =>
      page.drawRectangle({ x: X(x0), y: Y(y1), width: (x1 - x0) * pt, height: (y1 - y0) * pt, color: rgb(c, c, c) });
    const thin = (x1: number, y1: number, x2: number, y2: number) =>
      page.drawLine({ start: { x: X(x1), y: Y(y1) }, end: { x: X(x2), y: Y(y2) }, thickness: 0.2, color: rgb(0.4, 0.4, 0.4) });
    // two bathrooms 3000 x 2500 either side of a 300 installation wall, outer walls 250
    fill(-250, -250, 6550, 0, 0.22); fill(-250, 2500, 6550, 2750, 0.22); fill(-250, 0, 0, 2500, 0.22); fill(6300, 0, 6550, 2500, 0.22);
    fill(3000, 0, 3300, 2500, 0.61);
    // a bathtub 1700 x 750 in each room's corner against the installation wall, its rim 100 mm inside its outline
    thin(1300, 750, 3000, 750); thin(1300, 0, 1300, 750); thin(1400, 650, 3000, 650); thin(1400, 0, 1400, 650);
    thin(3300, 750, 5000, 750); thin(5000, 0, 5000, 750); thin(3300, 650, 4900, 650); thin(4900, 0, 4900, 650);
    const r = await analyzePdf(await doc.save(), { page: 1, scale: 100, ceilingHeightMm: 2500 });
    const areas = r.rooms.map((x) => x.ceiling_area / 1e6).sort((a, b) => a - b);
    expect(areas).toHaveLength(2);
    expect(areas[0]).toBeCloseTo(7.5, 1);
    expect(areas[1]).toBeCloseTo(7.5, 1);
  });

  it('takes as cut tones only the tones holding a good share of the wall fills', () => {
    const walls = { gray: 0, area: 10 }, masonry = { gray: 0.55, area: 8 }, wardrobe = { gray: 0.7, area: 1 };
    expect([...lightFills([walls, wardrobe])]).toEqual([wardrobe]);
    // a page cutting concrete black and masonry pale: both are cut tones
    expect(lightFills([walls, masonry, wardrobe])).toEqual(new Set([wardrobe]));
    // a page cutting its walls in a light grey: a fill of that grey is no furniture
    expect(lightFills([{ gray: 0.6, area: 10 }, wardrobe]).size).toBe(0);
    // lighter than the walls' tone by less than LIGHTER_THAN_CUT, though more than that from its rounded bin (0.2)
    expect(lightFills([{ gray: 0.218, area: 10 }, { gray: 0.609, area: 1 }]).size).toBe(0);
  });
});
