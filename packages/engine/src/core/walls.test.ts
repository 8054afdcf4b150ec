import { describe, it, expect } from 'vitest';
import type { Curve, Seg, VectorPage } from '../source/extract.js';
import { findWalls, capBands, crosshairLines, toMmSegs, type Band } from './walls.js';
import { glassRuns, clusterBands } from './closures.js';
import { pointInPoly } from './geometry.js';
import { roomNumber } from '../analyze.js';

// k = 1: page units are millimetres
const line = (x1: number, y1: number, x2: number, y2: number, w = 2): Seg => ({ x1, y1, x2, y2, w });
const page = (segs: Seg[]): VectorPage => ({ segs, fills: [], curves: [], fillCurves: [], imageCount: 0, pathOps: segs.length, truncated: false });
const FAR = Date.now() + 60_000;
const inWalls = (polys: [number, number][][], x: number, y: number) => polys.filter((p) => pointInPoly(x, y, p)).length % 2 === 1;

/** A horizontal double-line wall, faces at y = 0 and y = 100, from x = 0 to 4000. */
const wall = [line(0, 0, 4000, 0), line(0, 100, 4000, 100)];

describe('findWalls', () => {
  it('pairs the two faces of a double-line wall', () => {
    const w = findWalls(page(wall), 1, FAR);
    expect(w.bands.some((b) => Math.round(b.hi - b.lo) === 100)).toBe(true);
    expect(inWalls(w.polys, 2000, 50)).toBe(true);
    expect(w.cutShort).toBe(false);
  });

  it('says so when the time budget ran out before the lines were paired', () => {
    const w = findWalls(page(wall), 1, Date.now() - 1000);
    expect(w.cutShort).toBe(true);
    expect(inWalls(w.polys, 2000, 50)).toBe(false);
  });

  it('does not take a tile line beside a wall face for the other face of a wall', () => {
    // floor tiles below the wall: a line 200 mm below the face, crossed every 300 mm by tile joints
    const tiles = [line(0, 300, 4000, 300)];
    for (let x = 150; x < 4000; x += 300) tiles.push(line(x, 100, x, 2000));
    const w = findWalls(page([...wall, ...tiles]), 1, FAR);
    expect(inWalls(w.polys, 2000, 50)).toBe(true);
    expect(inWalls(w.polys, 2000, 200)).toBe(false);
    // without the joints the same line would pair with the face (the test above is not vacuous)
    const bare = findWalls(page([...wall, line(0, 300, 4000, 300)]), 1, FAR);
    expect(inWalls(bare.polys, 2000, 200)).toBe(true);
  });

  it('keeps the wall side of a face that is also paired with a bed edge', () => {
    // a vertical wall (faces x = 0 / 100) with a jamb at y = 1000 (door below), a bed edge 200 mm beside it
    const segs = [line(0, -2000, 0, 1000), line(100, -2000, 100, 1000), line(0, 1000, 100, 1000),
      line(-2000, -2000, 0, -2000), line(-2000, -2100, 2000, -2100), line(100, -2000, 2000, -2000),
      // bed: edge at x = 300 from y = -1900 to -100, foot line across it
      line(300, -1900, 300, -100), line(300, -100, 1900, -100), line(300, -1900, 1900, -1900)];
    const w = findWalls(page(segs), 1, FAR);
    expect(inWalls(w.polys, 50, 0)).toBe(true);
    expect(inWalls(w.polys, 200, -1000)).toBe(false);
  });

  it('takes a layer line in a finer pen beyond a wall face for the next layer of a composite wall, not a repeating array', () => {
    // concrete 200 mm cut in a heavy pen (faces y = 0 and y = 200), then insulation as thick as the concrete,
    // its far face y = 400 in a fine pen: the same spacing repeats, but in another pen
    const composite = (layerW: number, faceW = 35) => [line(0, 0, 1300, 0, faceW), line(0, 200, 1300, 200, faceW), line(0, 400, 1300, 400, layerW)];
    expect(inWalls(findWalls(page(composite(13)), 1, FAR).polys, 700, 100)).toBe(true);
    // the third line in the faces' pen: three lines at one spacing are an array (tiles, hatching), no wall
    expect(inWalls(findWalls(page(composite(35)), 1, FAR).polys, 700, 100)).toBe(false);
    // a hairline (width 0, the thinnest the device draws) has no pen to tell apart: still an array
    expect(inWalls(findWalls(page(composite(0, 2)), 1, FAR).polys, 700, 100)).toBe(false);
    // lines taken back from filled outlines (a page exporting its strokes as thin fills) have widths estimated
    // from the outline, not pens: still an array. (In points at 100 mm per point: fills a fine pen thick.)
    const pt = (s: Seg) => ({ x1: s.x1 / 100, y1: s.y1 / 100, x2: s.x2 / 100, y2: s.y2 / 100, w: s.w / 100 });
    const asFill = (s: Seg, i: number) => ({ pts: [[s.x1, s.y1 - s.w / 2], [s.x2, s.y1 - s.w / 2], [s.x2, s.y1 + s.w / 2], [s.x1, s.y1 + s.w / 2]] as [number, number][], gray: 0, group: i, evenOdd: false });
    const outlined: VectorPage = { ...page([]), fills: composite(13).map(pt).map(asFill) };
    expect(inWalls(findWalls(outlined, 100, FAR).polys, 700, 100)).toBe(false);
    // (the same lines stroked at that scale make the wall: the case above is not vacuous)
    expect(inWalls(findWalls(page(composite(13).map(pt)), 100, FAR).polys, 700, 100)).toBe(true);
  });

  it('takes no wall face from a dash-dot line exported as filled outlines, its dots as tiny fills', () => {
    // page units are points at 1:100 (35.3 mm per point); a counter's front (y = 0) and 9 pt (318 mm) behind it a
    // dash-dot line (upper cupboards): dashes 2.9 pt, gaps 3.1 pt with a dot in each, every piece a thin fill
    const k = 25.4 / 72 * 100, pen = 0.28;
    const bar = (x0: number, x1: number, y: number, i: number) =>
      ({ pts: [[x0, y - pen / 2], [x1, y - pen / 2], [x1, y + pen / 2], [x0, y + pen / 2]] as [number, number][], gray: 0.2, group: i, evenOdd: false });
    const front = bar(0, 40, 0, 0);
    const dashes = [], dots = [];
    for (let x = 0, i = 1; x + 2.9 <= 40; x += 6, i++) {
      dashes.push(bar(x, x + 2.9, 9, i));
      dots.push(bar(x + 4.33, x + 4.57, 9, 100 + i));
    }
    const inBetween = (fills: VectorPage['fills']) => inWalls(findWalls({ ...page([]), fills }, k, FAR).polys, 20 * k, 4.5 * k);
    expect(inBetween([front, ...dashes, ...dots])).toBe(false);
    // (the same line drawn solid is a face: the case is not vacuous)
    expect(inBetween([front, bar(0, 40, 9, 1)])).toBe(true);
  });

  it('pairs wall faces with a grid axis drawn along the middle of the wall', () => {
    const faces = [line(0, 0, 1000, 0, 25), line(0, 180, 1000, 180, 25)];
    // the axis starts at the wall's end and runs on 8 m, with a hairline pen
    const w = findWalls(page([...faces, line(-100, 90, 9000, 90, 0)]), 1, FAR);
    expect(inWalls(w.polys, 500, 40)).toBe(true);
    expect(inWalls(w.polys, 500, 140)).toBe(true);
    // a third line of the same pen and length is a layer of a layered wall: it still splits the pair
    const layered = findWalls(page([line(0, 0, 1000, 0, 25), line(0, 250, 1000, 250, 25), line(0, 110, 1000, 110, 25)]), 1, FAR);
    expect(layered.bands.map((b) => Math.round(b.hi - b.lo)).sort()).toEqual([110, 140]);
  });

  it('takes no wall faces from light grey or coloured pens on a plan drawn in black', () => {
    // a black wall, a light grey sofa back and a red duct, each two lines 150 mm apart
    const pair = (y: number, rgb: number) => [line(0, y, 3000, y), line(0, y + 150, 3000, y + 150)].map((s) => ({ ...s, rgb }));
    const segs = [...pair(0, 0x000000), ...pair(-2000, 0x000000), ...pair(-4000, 0x000000), ...pair(2000, 0xbfbfbf), ...pair(4000, 0xff0000)];
    const w = findWalls(page(segs), 1, FAR);
    expect(inWalls(w.polys, 1500, 75)).toBe(true);
    expect(inWalls(w.polys, 1500, 2075)).toBe(false);
    expect(inWalls(w.polys, 1500, 4075)).toBe(false);
    // on a page drawn mostly in colour, the coloured pens are the plan's own
    const coloured = findWalls(page([...pair(0, 0x000000), ...pair(4000, 0xff0000), ...pair(6000, 0x0000ff)]), 1, FAR);
    expect(inWalls(coloured.polys, 1500, 4075)).toBe(true);
  });

  it('takes no wall faces from a frame drawn around text (a door tag, a room stamp)', () => {
    // at 1:100 (k = 35.28 mm per pt): a tag box 1500 x 300 mm, each side its own path, its number written inside
    const k = 35.28;
    const at = (mm: number) => mm / k;
    const box = [line(0, 0, at(1500), 0, 0.2), line(at(1500), 0, at(1500), at(300), 0.2), line(at(1500), at(300), 0, at(300), 0.2), line(0, at(300), 0, 0, 0.2)];
    const tag = { at: [750, 150] as [number, number], heightMm: 180, widthMm: 1000 };
    expect(findWalls(page(box), k, FAR, undefined, [tag]).bands).toHaveLength(0);
    // the same box without text inside (or with text too big to be held by it) pairs as a wall
    expect(findWalls(page(box), k, FAR).bands.length).toBeGreaterThan(0);
    expect(findWalls(page(box), k, FAR, undefined, [{ ...tag, heightMm: 400 }]).bands.length).toBeGreaterThan(0);
  });

  it('keeps the faces of a room drawn as a rectangle with its name inside', () => {
    // a narrow store room (inner faces a closed rectangle) with its walls' outer faces 150 mm out
    const inner = [line(0, 0, 3000, 0), line(3000, 0, 3000, 1000), line(3000, 1000, 0, 1000), line(0, 1000, 0, 0)];
    const outer = [line(-150, -150, 3150, -150), line(3150, -150, 3150, 1150), line(3150, 1150, -150, 1150), line(-150, 1150, -150, -150)];
    const w = findWalls(page([...inner, ...outer]), 1, FAR, undefined, [{ at: [1500, 500], heightMm: 250, widthMm: 1200 }]);
    expect(inWalls(w.polys, 1500, -75)).toBe(true);
    expect(inWalls(w.polys, 1500, 1075)).toBe(true);
  });

  it('pairs the faces of a drywall drawn with its board layers between them', () => {
    // 100 mm drywall: faces at 0 and 100, two 12.5 mm boards on each side drawn as lines
    const layers = [0, 12.5, 25, 75, 87.5, 100].map((y) => line(0, y, 3000, y, 0.5));
    const w = findWalls(page(layers), 1, FAR);
    expect(w.bands.some((b) => Math.round(b.hi - b.lo) === 100)).toBe(true);
    expect(inWalls(w.polys, 1500, 50)).toBe(true);
  });

  it('does not take the extension lines of a wall-thickness dimension for a wall', () => {
    // at 1:100 (k = 35.28 mm per pt): extension lines 140 mm apart, a dimension line across them with 45° ticks
    const k = 35.28;
    const ext = [line(0, 0, 0, 2000 / k, 0.2), line(140 / k, 0, 140 / k, 2000 / k, 0.2)].map((s) => ({ ...s, w: 0.2 }));
    const dim = line(-1000 / k, 1800 / k, 1200 / k, 1800 / k, 0.2);
    const tick = (x: number) => line(x - 2, 1800 / k + 2, x + 2, 1800 / k - 2, 0.2);
    const withTicks = findWalls(page([...ext, dim, tick(0), tick(140 / k)]), k, FAR);
    expect(withTicks.bands.some((b) => Math.abs(b.hi - b.lo - 140) < 5)).toBe(false);
    const bare = findWalls(page([...ext, dim]), k, FAR);
    expect(bare.bands.some((b) => Math.abs(b.hi - b.lo - 140) < 5)).toBe(true);
  });

  it('takes a dimension line with one tick, chained to one with two, for a dimension line', () => {
    // at 1:100 (k = 35.28 mm per pt): a chain of two dimension lines meeting at a shared tick; the first has lost
    // its other tick (drawn in a wall's hatching), and a bench edge runs 150 mm under it
    const k = 35.28;
    const at = (mm: number) => mm / k;
    const tick = (x: number, y: number) => line(x - 2, y + 2, x + 2, y - 2, 0.2);
    const chain = [line(at(0), at(1000), at(1500), at(1000), 0.2), line(at(1500), at(1000), at(3000), at(1000), 0.2), tick(at(1500), at(1000)), tick(at(3000), at(1000))];
    const bench = line(at(0), at(1150), at(1500), at(1150), 0.2);
    const w = findWalls(page([...chain, bench]), k, FAR);
    expect(w.bands.some((b) => Math.abs(b.hi - b.lo - 150) < 5)).toBe(false);
    // the same line without the chain's ticks pairs with the bench edge
    const bare = findWalls(page([chain[0], chain[1], bench]), k, FAR);
    expect(bare.bands.some((b) => Math.abs(b.hi - b.lo - 150) < 5)).toBe(true);
  });

  it('takes a tick whose end passes a wall face drawn beside the dimension line for a tick', () => {
    // at 1:100 (k = 35.28 mm per pt): a dimension line with 3 pt ticks at both ends; a wall's end face runs
    // 25 mm beside the line up to its second tick (ARCHICAD dimensions from the face), so that tick's end passes
    // 12 mm from it; a locker front runs 150 mm under the dimension line
    const k = 35.28;
    const at = (mm: number) => mm / k;
    const tick = (x: number, y: number) => line(x - 1.06, y + 1.06, x + 1.06, y - 1.06, 0.2);
    const dim = [line(at(0), at(1000), at(3000), at(1000), 0.2), tick(at(0), at(1000)), tick(at(3000), at(1000))];
    const face = line(at(2000), at(1025), at(3000), at(1025), 0.2);
    const lockers = line(at(0), at(1150), at(3000), at(1150), 0.2);
    const w = findWalls(page([...dim, face, lockers]), k, FAR);
    expect(w.bands.some((b) => Math.abs(b.hi - b.lo - 150) < 5)).toBe(false);
  });

  it('takes a dimension line with a free tick at one end and a tick in a wall\'s hatching at the other for a dimension line', () => {
    // at 1:100 (k = 35.28 mm per pt): ARCHICAD dimensions a room's width from face to face; the tick on the far
    // face lies in the wall's 45° hatching, one stroke passing 0.07 pt from its end (so it is not free), and a
    // locker front runs 150 mm under the dimension line
    const k = 35.28;
    const at = (mm: number) => mm / k;
    const tick = (x: number, y: number) => line(x - 1.06, y + 1.06, x + 1.06, y - 1.06, 0.2);
    const dim = [line(at(0), at(1000), at(3000), at(1000), 0.2), tick(at(0), at(1000)), tick(at(3000), at(1000))];
    const hatch = line(at(3000) + 0.9, at(1000) - 0.8, at(3000) + 3, at(1000) - 2.9, 0.2);
    const lockers = line(at(0), at(1150), at(3000), at(1150), 0.2);
    const w = findWalls(page([...dim, hatch, lockers]), k, FAR);
    expect(w.bands.some((b) => Math.abs(b.hi - b.lo - 150) < 5)).toBe(false);
    // a hatched tick alone (no free tick on the line) is no evidence: a wall face crossing its hatch
    const bare = findWalls(page([dim[0], dim[2], hatch, lockers]), k, FAR);
    expect(bare.bands.some((b) => Math.abs(b.hi - b.lo - 150) < 5)).toBe(true);
  });

  it('takes a light grey fill of wall thickness for a wall, and a white one not', () => {
    const slab = (gray: number): VectorPage => ({ ...page([]), fills: [{ pts: [[0, 0], [3000, 0], [3000, 200], [0, 200]], gray, group: 1, evenOdd: false }] });
    expect(inWalls(findWalls(slab(0.75), 1, FAR).polys, 1500, 100)).toBe(true);
    expect(inWalls(findWalls(slab(1), 1, FAR).polys, 1500, 100)).toBe(false);
  });

  it('takes a pale fill of wall thickness for a wall when hatched across (concrete as ARCHICAD prints it), a plain one not', () => {
    const fill = { pts: [[0, 0], [3000, 0], [3000, 200], [0, 200]] as [number, number][], gray: 0.87, group: 1, evenOdd: false };
    // (strokes 600 mm apart: closer ones would pair as the faces of thin walls of their own)
    const hatch = Array.from({ length: 5 }, (_, i) => line(100 + i * 600, 200, 300 + i * 600, 0, 0.5));
    const plain: VectorPage = { ...page([]), fills: [fill] };
    const hatched: VectorPage = { ...page(hatch), fills: [fill] };
    expect(inWalls(findWalls(hatched, 1, FAR).polys, 1500, 100)).toBe(true);
    expect(inWalls(findWalls(plain, 1, FAR).polys, 1500, 100)).toBe(false);
    // strokes along the fill (a counter's edges, floor boards) are no hatch
    const along: VectorPage = { ...page(Array.from({ length: 14 }, (_, i) => line(100 + i * 200, 100, 250 + i * 200, 100, 0.5))), fills: [fill] };
    expect(inWalls(findWalls(along, 1, FAR).polys, 1500, 100)).toBe(false);
  });

  it('does not take a pale square crossed both ways (a shower tray drawn with a double cross) for a hatched wall', () => {
    const tray = { pts: [[0, 0], [900, 0], [900, 900], [0, 900]] as [number, number][], gray: 0.87, group: 1, evenOdd: false };
    const cross = [line(20, 0, 900, 880, 0.5), line(0, 20, 880, 900, 0.5), line(880, 0, 0, 880, 0.5), line(900, 20, 20, 900, 0.5)];
    expect(inWalls(findWalls({ ...page(cross), fills: [tray] }, 1, FAR).polys, 450, 200)).toBe(false);
  });

  it('fills the corner square where two walls meet', () => {
    // an L: horizontal wall y 0..100 from x = 100 on, vertical wall x 0..100 up to y = 0; the square 0..100 is open
    const segs = [line(100, 0, 3000, 0), line(0, 100, 3000, 100), line(0, -3000, 0, 100), line(100, -3000, 100, 0)];
    const w = findWalls(page(segs), 1, FAR);
    expect(inWalls(w.polys, 50, 50)).toBe(true);
  });

  it('fills the corner square where both walls stop a hairline short of it', () => {
    // the same L, both walls ending 40 mm before the square (their face lines stop at a cap drawn between them)
    const segs = [line(140, 0, 3000, 0), line(140, 100, 3000, 100), line(0, -3000, 0, -40), line(100, -3000, 100, -40)];
    const w = findWalls(page(segs), 1, FAR);
    expect(inWalls(w.polys, 50, 50)).toBe(true);
    // 150 mm short is a gap, not a hairline: no square
    const apart = [line(250, 0, 3000, 0), line(250, 100, 3000, 100), line(0, -3000, 0, -150), line(100, -3000, 100, -150)];
    expect(inWalls(findWalls(page(apart), 1, FAR).polys, 50, 50)).toBe(false);
    // a 300 mm cupboard's outline stopping 40 mm short of the wall's end is no corner of it (walls alike only)
    const cupboard = [line(140, 0, 3000, 0), line(140, 300, 3000, 300), line(0, -3000, 0, -40), line(100, -3000, 100, -40)];
    expect(inWalls(findWalls(page(cupboard), 1, FAR).polys, 50, 150)).toBe(false);
  });
});

describe('target symbols', () => {
  // page in points at 1:100 (k mm per pt): the symbol rule judges circles by their size on paper
  const K = 100 * 25.4 / 72;
  const pt = (mm: number) => mm / K;
  const seg = (x1: number, y1: number, x2: number, y2: number): Seg => ({ x1: pt(x1), y1: pt(y1), x2: pt(x2), y2: pt(y2), w: 0.35 });
  /** A circle of radius r (mm) around (cx, cy), as four quarter Béziers (or the first `n` of them). */
  const circle = (cx: number, cy: number, r: number, n = 4): Curve[] => {
    const c = 0.5523 * r;
    const q: [number, number][][] = [
      [[cx + r, cy], [cx + r, cy + c], [cx + c, cy + r], [cx, cy + r]],
      [[cx, cy + r], [cx - c, cy + r], [cx - r, cy + c], [cx - r, cy]],
      [[cx - r, cy], [cx - r, cy - c], [cx - c, cy - r], [cx, cy - r]],
      [[cx, cy - r], [cx + c, cy - r], [cx + r, cy - c], [cx + r, cy]],
    ];
    return q.slice(0, n).map((p) => ({ p: p.map(([x, y]) => [pt(x), pt(y)] as [number, number]) }));
  };
  // a double-line wall, faces x = 0 and x = 200, and a level mark in the room beside it: a circle of radius 50
  // whose vertical cross line (x = 450) stands 250 mm off the face, with its leader running to the face
  const wallLines = [seg(0, 0, 0, 4000), seg(200, 0, 200, 4000)];
  const mark = [seg(450, 1900, 450, 2100), seg(200, 2000, 1200, 2000)];
  const at = (polys: [number, number][][], x: number, y: number) => inWalls(polys, x, y);

  it('finds the cross line of a level mark, not a line through half a circle or off its centre', () => {
    const v = { ...page([...wallLines, ...mark, seg(2000, 1900, 2000, 2100), seg(3000, 1860, 3000, 2060)]), curves: [...circle(450, 2000, 50), ...circle(2000, 2000, 50, 2), ...circle(3000, 2000, 50)] };
    const segs = toMmSegs(v, K);
    const found = [...crosshairLines(segs, v.curves, K)].map((s) => Math.round(s.a[0]));
    expect(found).toEqual([450]);
  });

  it('lets the room take the floor between a wall face and a level mark\'s cross line', () => {
    const v = { ...page([...wallLines, ...mark]), curves: circle(450, 2000, 50) };
    const w = findWalls(v, K, FAR);
    expect(at(w.polys, 100, 1000)).toBe(true);
    // the band between the face and the cross line is a possible fitting, not wall
    expect(at(w.polys, 300, 2000)).toBe(false);
    expect(w.fittings.some((f) => pointInPoly(300, 2000, f))).toBe(true);
    // without the circle the same cross line is a line like any other, and pairs with the face (the rule is what
    // makes the difference)
    const bare = findWalls(page([...wallLines, ...mark]), K, FAR);
    expect(at(bare.polys, 300, 2000)).toBe(true);
  });
});

describe('band roles', () => {
  it('a jamb stroke lying across a thicker wall is a cap, not a wall run', () => {
    const wallBand: Band = { deg: 90, lo: -100, hi: 0, t0: 0, t1: 3000 };
    const cap: Band = { deg: 0, lo: 1465, hi: 1535, t0: 0, t1: 100 };
    const nib: Band = { deg: 0, lo: 1400, hi: 1500, t0: 0, t1: 100 }; // a real wall as thick as the other one
    const caps = capBands([wallBand, cap, nib]);
    expect(caps.has(cap)).toBe(true);
    expect(caps.has(nib)).toBe(false);
    expect(caps.has(wallBand)).toBe(false);
  });

  it('glass lines in the openings of a thicker wall are not a wall run', () => {
    const bands: Band[] = [
      { deg: 0, lo: 0, hi: 200, t0: 0, t1: 1000 }, { deg: 0, lo: 0, hi: 200, t0: 2000, t1: 3000 },
      { deg: 0, lo: 70, hi: 130, t0: 1000, t1: 2000 }, // glass in the window between the piers
      { deg: 0, lo: 70, hi: 130, t0: 5000, t1: 6000 }, // a thin wall further along the same line
    ];
    const clusters = clusterBands(bands);
    const glass = glassRuns(clusters);
    const thin = clusters.find((c) => Math.round(c.hi - c.lo) === 60)!;
    expect(glass.has(thin)).toBe(false); // its second piece is past the thick wall: a wall
    const onlyGlass = clusterBands(bands.slice(0, 3));
    expect(glassRuns(onlyGlass).has(onlyGlass.find((c) => Math.round(c.hi - c.lo) === 60)!)).toBe(true);
  });
});

describe('room tags', () => {
  const room: [number, number][] = [[0, 0], [5000, 0], [5000, 4000], [0, 4000]];
  const t = (str: string, x: number, y: number) => ({ str, at: [x, y] as [number, number], heightMm: 200 });
  it('reads the number printed under a room name', () => {
    expect(roomNumber(t('Office', 2500, 2000), [t('Office', 2500, 2000), t('230', 2500, 2400), t('3600', 2500, 2300)], room)).toBe('230');
  });
  it('ignores dimensions, door tags and numbers far from the name or outside the room', () => {
    const name = t('Office', 2500, 2000);
    expect(roomNumber(name, [name, t('3600', 2500, 2300), t('D02', 2500, 2300), t('231', 2500, 3900), t('232', 6000, 2300)], room)).toBeNull();
  });
});
