import { describe, expect, it } from 'vitest';
import { components, newMask, open, type Mask } from './bitmap.js';
import { estimateSkewDeg } from './deskew.js';
import { distinctGaps, openingsOnce, sealGaps, type Gap } from './gaps.js';
import { findRegions } from './regions.js';
import { traceOuter, ringArea } from './trace.js';
import { fillCavities, findWallMask } from './walls-raster.js';
import { findBandWindows } from './windows-raster.js';

/** A mask with the given rectangles set (inclusive pixel bounds). */
function maskOf(w: number, h: number, rects: [number, number, number, number][]): Mask {
  const m = newMask(w, h);
  for (const [x0, y0, x1, y1] of rects) for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) m.data[y * w + x] = 1;
  return m;
}
const count = (m: Mask, x0 = 0, y0 = 0, x1 = m.w - 1, y1 = m.h - 1) => {
  let n = 0;
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) n += m.data[y * m.w + x];
  return n;
};

describe('raster walls by stroke thickness', () => {
  it('an opening removes strokes thinner than the wall and keeps the wall whole', () => {
    const m = maskOf(100, 60, [[10, 10, 90, 19], [10, 40, 90, 41]]); // a 10 px wall and a 2 px line
    const o = open(m, 2);
    // (a disc rounds the outer corners by a pixel or two)
    expect(count(o, 10, 10, 90, 19)).toBeGreaterThanOrEqual(81 * 10 - 6);
    expect(count(o, 0, 35, 99, 45)).toBe(0);
  });

  it('the thin paper inside an outlined wall is filled, a room is not', () => {
    // two face lines 8 px apart closed by jambs: a wall outline; beside it a 60 px room outlined the same way
    const ink = maskOf(200, 120, [[10, 10, 150, 10], [10, 18, 150, 18], [10, 10, 10, 18], [150, 10, 150, 18],
      [10, 30, 80, 30], [10, 100, 80, 100], [10, 30, 10, 100], [80, 30, 80, 100]]);
    const solid = fillCavities(ink, { mmPerPx: 20, paperMmPerPx: 0.2 });
    expect(count(solid, 11, 11, 149, 17)).toBe(139 * 7);
    expect(count(solid, 11, 31, 79, 99)).toBe(0);
  });
});

describe('raster cavities and fields of cells', () => {
  /** A grid of square cells (side px between 1 px lines) with its top-left corner at (x0, y0). */
  const grid = (x0: number, y0: number, cols: number, rows: number, side: number): [number, number, number, number][] => {
    const rects: [number, number, number, number][] = [];
    const step = side + 1, x1 = x0 + cols * step, y1 = y0 + rows * step;
    for (let c = 0; c <= cols; c++) rects.push([x0 + c * step, y0, x0 + c * step, y1]);
    for (let r = 0; r <= rows; r++) rects.push([x0, y0 + r * step, x1, y0 + r * step]);
    return rects;
  };

  it('cells drawn side by side into a block wider than any wall (floor tiles) stay paper', () => {
    // 4 x 4 cells of 12 px (240 mm at 20 mm/px, each as narrow as a wall's cavity): a 1 m block
    const solid = fillCavities(maskOf(120, 120, grid(20, 20, 4, 4, 12)), { mmPerPx: 20, paperMmPerPx: 0.2 });
    expect(count(solid, 22, 22, 32, 32)).toBe(0);
    expect(count(solid, 48, 48, 58, 58)).toBe(0);
  });

  it('the slivers between a hatched wall\'s lines stay filled beside a filled strip that makes the band too thick for a wall', () => {
    // a 16 px (320 mm) outlined wall x 20..99, rows 20..35, hatched with lines 4 px apart (80 mm slivers),
    // and below it, closed by a line at row 52, a 16 px strip of paper (filled as a cavity): 660 mm of solid
    const rects: [number, number, number, number][] = [[20, 20, 99, 20], [20, 36, 99, 36], [20, 52, 99, 52], [20, 20, 20, 52], [99, 20, 99, 52]];
    for (let x = 24; x < 99; x += 4) rects.push([x, 21, x, 35]);
    const solid = fillCavities(maskOf(120, 120, rects), { mmPerPx: 20, paperMmPerPx: 0.2 });
    expect(count(solid, 21, 21, 98, 35)).toBe(78 * 15);
  });

  it('one row of the same cells (a wall\'s cavity split by jamb lines) is filled', () => {
    const solid = fillCavities(maskOf(120, 120, grid(20, 20, 4, 1, 12)), { mmPerPx: 20, paperMmPerPx: 0.2 });
    expect(count(solid, 21, 21, 32, 32)).toBe(12 * 12);
    expect(count(solid, 60, 21, 71, 32)).toBe(12 * 12);
  });
});

describe('raster wall gaps', () => {
  const mmPerPx = 20;
  it('seals a door gap in a wall and reports it as a door', () => {
    // a 10 px (200 mm) wall with a 40 px (800 mm) gap
    const walls = maskOf(200, 100, [[10, 40, 80, 49], [121, 40, 190, 49]]);
    const ink = newMask(200, 100);
    const gaps = sealGaps(walls, ink, mmPerPx, 3);
    const doors = gaps.filter((g) => g.kind === 'door');
    expect(doors).toHaveLength(1);
    expect(doors[0].x1 - doors[0].x0 + 1).toBe(40);
    expect(count(walls, 81, 40, 120, 49)).toBe(400);
  });

  it('a glass line across the gap from jamb to jamb makes it a window', () => {
    const walls = maskOf(200, 100, [[10, 40, 80, 49], [121, 40, 190, 49]]);
    const ink = maskOf(200, 100, [[81, 44, 120, 45]]);
    expect(sealGaps(walls, ink, mmPerPx, 3).filter((g) => g.kind === 'window')).toHaveLength(1);
  });

  it('a dash-dot axis line through a door gap is no glass line; a solid line broken by a noise pixel is', () => {
    // 0.25 paper mm per px: the axis's 3 px pen gap (0.75 mm) breaks it though its dashes cover 37 of 40 px;
    // a glass line with a one-pixel hole (JPEG noise) still runs from jamb to jamb
    const walls = maskOf(200, 100, [[10, 40, 80, 49], [121, 40, 190, 49]]);
    const axis = maskOf(200, 100, [[0, 44, 110, 44], [114, 44, 199, 44]]);
    expect(sealGaps(walls, axis, mmPerPx, 3, 0.25).filter((g) => g.kind === 'door')).toHaveLength(1);
    const walls2 = maskOf(200, 100, [[10, 40, 80, 49], [121, 40, 190, 49]]);
    const glass = maskOf(200, 100, [[81, 44, 99, 45], [101, 44, 120, 45]]);
    expect(sealGaps(walls2, glass, mmPerPx, 3, 0.25).filter((g) => g.kind === 'window')).toHaveLength(1);
  });

  it('two panels along the gap, each from one jamb past the middle on rows apart, make it a sliding door', () => {
    const walls = maskOf(200, 100, [[10, 40, 80, 49], [121, 40, 190, 49]]);
    const ink = maskOf(200, 100, [[81, 42, 104, 42], [97, 47, 120, 47]]);
    const found = sealGaps(walls, ink, mmPerPx, 3).filter((g) => g.kind !== 'seal');
    expect(found.map((g) => g.subtype)).toEqual(['sliding']);
  });

  it('two lines from jamb to jamb, each broken by noise, are a window drawn faint; one such line is not', () => {
    // rows 42 and 47 across the gap x 81..120, each from one jamb to the other with ink in 3 of every 6 columns
    // (breaks of 3 px, 0.75 mm on paper at 0.25 mm per px: too long to bridge as one solid glass line)
    const broken = (row: number): [number, number, number, number][] => Array.from({ length: 7 }, (_, i) => [81 + 6 * i, row, 83 + 6 * i, row] as [number, number, number, number]).concat([[117, row, 120, row]]);
    const faint = sealGaps(maskOf(200, 100, [[10, 40, 80, 49], [121, 40, 190, 49]]), maskOf(200, 100, [...broken(42), ...broken(47)]), mmPerPx, 3, 0.25);
    expect(faint.filter((g) => g.kind !== 'seal').map((g) => g.subtype)).toEqual(['window']);
    const one = sealGaps(maskOf(200, 100, [[10, 40, 80, 49], [121, 40, 190, 49]]), maskOf(200, 100, broken(44)), mmPerPx, 3, 0.25);
    expect(one.filter((g) => g.kind === 'window')).toHaveLength(0);
  });

  it('a door swing hung at a jamb makes the gap a door, though a line crosses it like glass (a tile joint)', () => {
    const walls = () => maskOf(200, 120, [[10, 40, 80, 49], [121, 40, 190, 49]]);
    const joint: [number, number, number, number] = [0, 40, 199, 40];
    // a quarter circle hinged at the right jamb's lower corner (120, 49), radius the gap's 40 px, into the room
    const arc: [number, number, number, number][] = [];
    for (let i = 0; i <= 60; i++) {
      const a = (i / 60) * (Math.PI / 2);
      const x = Math.round(120 - 40 * Math.cos(a)), y = Math.round(49 + 40 * Math.sin(a));
      arc.push([x, y, x, y]);
    }
    const withSwing = sealGaps(walls(), maskOf(200, 120, [joint, ...arc]), mmPerPx, 3).filter((g) => g.kind !== 'seal');
    expect(withSwing.map((g) => `${g.kind} ${g.subtype}`)).toEqual(['door swing']);
    const without = sealGaps(walls(), maskOf(200, 120, [joint]), mmPerPx, 3).filter((g) => g.kind !== 'seal');
    expect(without.map((g) => g.kind)).toEqual(['window']);
  });

  it("takes no open door's leaf for a jamb: the gap along it across a corridor stays open", () => {
    // a corridor 50 px (1 m) wide between two walls; a door in the lower wall stands open into it, its leaf a line
    // from the hinge (x 100-103) up to 6 px short of the upper wall, its foot thick enough to pass for a 12 px piece
    // of wall, and its swing a quarter circle from the leaf's tip back down to the wall
    const walls = () => maskOf(200, 120, [[10, 20, 190, 29], [10, 80, 190, 89], [100, 68, 103, 79]]);
    const arc: [number, number, number, number][] = [];
    for (let i = 0; i <= 80; i++) {
      const a = (i / 80) * (Math.PI / 2);
      const x = Math.round(101 + 43 * Math.sin(a)), y = Math.round(79 - 43 * Math.cos(a));
      arc.push([x, y, x, y]);
    }
    const leaf = maskOf(200, 120, [[10, 20, 190, 29], [10, 80, 190, 89], [100, 68, 103, 79], [101, 36, 102, 67], ...arc]);
    const open = walls();
    sealGaps(open, leaf, mmPerPx, 3, 0.25);
    expect(count(open, 100, 30, 103, 67)).toBe(0);
    // the same foot with a dash-dot line going on across to the far wall (an axis drawn through an opening): its
    // dashes, 2 px apart, pass for one line over 28 px, but its dot beyond them is no leaf's
    const dashes: [number, number, number, number][] = [[101, 60, 102, 67], [101, 40, 102, 57], [101, 33, 102, 35]];
    const crossed = walls();
    const gaps = sealGaps(crossed, maskOf(200, 120, [[10, 20, 190, 29], [10, 80, 190, 89], [100, 68, 103, 79], ...dashes]), mmPerPx, 3, 0.25);
    expect(gaps.filter((g) => g.kind === 'door')).toHaveLength(1);
    expect(count(crossed, 100, 30, 103, 67)).toBe(4 * 38);
  });

  it("takes no open door's leaf drawn as thick as a wall for a piece of wall", () => {
    // a room between walls at x 60-69 and 170-179; a door hinged on the right wall's face at (169, 100) stands open
    // into it, its leaf a 45 px (900 mm) bar 3 px thick, its swing a quarter circle from the leaf's tip up to the
    // wall. The leaf's free end faces the left wall 54 px (1080 mm) off, as a jamb would face the other jamb.
    const arc: [number, number, number, number][] = [];
    for (let i = 0; i <= 90; i++) {
      const a = (i / 90) * (Math.PI / 2);
      const x = Math.round(169 - 45 * Math.cos(a)), y = Math.round(100 - 45 * Math.sin(a));
      arc.push([x, y, x, y]);
    }
    const rects: [number, number, number, number][] = [[60, 10, 69, 190], [170, 10, 179, 190], [125, 100, 169, 102]];
    const walls = maskOf(240, 200, rects);
    sealGaps(walls, maskOf(240, 200, [...rects, ...arc]), mmPerPx, 3);
    expect(count(walls, 70, 100, 124, 102)).toBe(0);
    // without its swing the same bar is a wall piece, and the gap beyond its end is sealed
    const bar = maskOf(240, 200, rects);
    sealGaps(bar, maskOf(240, 200, rects), mmPerPx, 3);
    expect(count(bar, 70, 100, 124, 102)).toBe(55 * 3);
  });

  it('leaves a narrow room between two parallel walls open', () => {
    // two vertical walls 50 px (1 m) apart, 150 px long: a corridor, no wall ends face each other across it
    const walls = maskOf(200, 200, [[40, 20, 49, 170], [100, 20, 109, 170]]);
    sealGaps(walls, newMask(200, 200), mmPerPx, 3);
    expect(count(walls, 50, 21, 99, 169)).toBe(0);
  });

  it('seals a wide opening (double or sliding door) between two pieces of one wall', () => {
    // a 10 px wall with a 100 px (2 m) gap, the wall running on in line beyond it
    const walls = maskOf(300, 100, [[10, 40, 80, 49], [181, 40, 290, 49]]);
    expect(sealGaps(walls, newMask(300, 100), mmPerPx, 3).filter((g) => g.kind === 'door')).toHaveLength(1);
  });

  it('does not seal a wide space between a wall stub and a crossing wall (a room, not an opening)', () => {
    // a 50 px stub ending 100 px (2 m) before a wall running down the page, as far as a double door
    const walls = maskOf(300, 200, [[130, 90, 180, 99], [20, 10, 29, 190]]);
    expect(sealGaps(walls, newMask(300, 200), mmPerPx, 3)).toHaveLength(0);
    expect(count(walls, 30, 90, 129, 99)).toBe(0);
  });

  it('does not seal a gap wider than the widest door', () => {
    // two pieces of one wall 150 px (3 m) apart
    const walls = maskOf(300, 100, [[10, 40, 80, 49], [231, 40, 290, 49]]);
    expect(sealGaps(walls, newMask(300, 100), mmPerPx, 3)).toHaveLength(0);
    expect(count(walls, 81, 40, 230, 49)).toBe(0);
  });
});

describe('raster windows drawn inside a solid wall stroke', () => {
  // a solid 10 px (200 mm) wall stroke 360 px long; a window's three lines drawn inside it at x 150..229, which the
  // scan blurred into grey and the binarisation joined into the wall
  const mmPerPx = 20;
  const band = (): Mask => maskOf(400, 60, [[20, 20, 379, 29]]);
  const greyOf = (tone: (x: number) => number) => {
    const data = new Uint8Array(400 * 60).fill(215);
    for (let y = 20; y <= 29; y++) for (let x = 20; x <= 379; x++) data[y * 400 + x] = tone(x);
    return { grey: data, paper: new Float32Array(400 * 60).fill(215) };
  };

  it('a stretch of the band paler than the wall on both sides, as long as a window, is a window', () => {
    const found = findBandWindows(band(), band(), mmPerPx, undefined, greyOf((x) => (x >= 150 && x < 230 ? 140 : 30)));
    expect(found).toHaveLength(1);
    expect(found[0].kind).toBe('window');
    expect(Math.abs(found[0].x0 - 150)).toBeLessThanOrEqual(2);
    expect(Math.abs(found[0].x1 - 229)).toBeLessThanOrEqual(2);
    // the binarisation may also keep paper between the window's lines (the band hollow there, as thick as the wall)
    const ink = band();
    for (let x = 150; x < 230; x++) ink.data[24 * 400 + x] = ink.data[25 * 400 + x] = 0;
    expect(findBandWindows(band(), ink, mmPerPx, undefined, greyOf((x) => (x >= 150 && x < 230 ? 140 : 30)))).toHaveLength(1);
  });

  it('a wall drawn grey throughout, or paler only at its end, holds no window', () => {
    expect(findBandWindows(band(), band(), mmPerPx, undefined, greyOf(() => 140))).toHaveLength(0);
    expect(findBandWindows(band(), band(), mmPerPx, undefined, greyOf((x) => (x >= 300 ? 140 : 30)))).toHaveLength(0);
  });
});

describe('raster windows inside a wall band', () => {
  const mmPerPx = 20;
  // a 12 px (240 mm) outlined wall 150 px long: face lines top and bottom
  const walls = () => maskOf(200, 60, [[20, 20, 169, 31]]);
  const faces: [number, number, number, number][] = [[20, 20, 169, 20], [20, 31, 169, 31]];

  // the window's jambs: the wall's end lines across the band at x 69 and 120
  const jambs: [number, number, number, number][] = [[69, 20, 69, 31], [120, 20, 120, 31]];

  it('a glass line along the middle of the band, paper on both sides, from jamb to jamb, is a window', () => {
    const ink = maskOf(200, 60, [...faces, ...jambs, [70, 25, 119, 26]]);
    const found = findBandWindows(walls(), ink, mmPerPx);
    expect(found).toHaveLength(1);
    expect(found[0].x1 - found[0].x0 + 1).toBe(50);
  });

  it('dots of hatching lined up on one row between jambs (ink in every other column) are no window', () => {
    const rects: [number, number, number, number][] = [...faces, ...jambs];
    for (let x = 70; x <= 119; x += 2) rects.push([x, 25, x, 25]);
    expect(findBandWindows(walls(), maskOf(200, 60, rects), mmPerPx)).toHaveLength(0);
  });

  it('a line along the wall\'s cavity with no jambs at its ends (a grid line\'s dash) is no window', () => {
    const ink = maskOf(200, 60, [...faces, [70, 25, 119, 26]]);
    expect(findBandWindows(walls(), ink, mmPerPx)).toHaveLength(0);
  });

  it('a cupboard drawn against the wall (its inside filled as a cavity, the band thicker there) is no window', () => {
    // the wall's lower face (row 31) runs on across the cupboard x 70..119, rows 31..50; lines across the wall
    // and the cupboard's sides (x 70, 119) and its front close it: the face line looks like glass between
    // jambs, but the band is far thicker than the wall there
    const band = maskOf(200, 60, [[20, 20, 169, 31], [70, 32, 119, 50]]);
    const ink = maskOf(200, 60, [...faces, [70, 20, 70, 50], [119, 20, 119, 50], [70, 50, 119, 50]]);
    expect(findBandWindows(band, ink, mmPerPx)).toHaveLength(0);
  });

  it('hatching across the band at a slant is no window', () => {
    const rects: [number, number, number, number][] = [...faces];
    for (let x0 = 20; x0 < 160; x0 += 6) for (let k = 0; k < 10; k++) rects.push([x0 + k, 30 - k, x0 + k, 30 - k]);
    expect(findBandWindows(walls(), maskOf(200, 60, rects), mmPerPx)).toHaveLength(0);
  });

  it('blurred hatching (strokes several pixels wide) between jambs is no window', () => {
    // an 18 px (360 mm) outlined wall with jambs at x 69 and 120; 45° strokes 5 px wide along the row, 8 px
    // apart, between them: most columns have ink with ink two pixels to each side in the same row, as a glass line
    const rects: [number, number, number, number][] = [[20, 20, 169, 20], [20, 37, 169, 37], [69, 20, 69, 37], [120, 20, 120, 37]];
    for (let x0 = 40; x0 < 120; x0 += 8) for (let k = 0; k < 16; k++) rects.push([Math.max(70, x0 + k), 36 - k, Math.min(119, x0 + k + 4), 36 - k]);
    expect(findBandWindows(maskOf(200, 60, [[20, 20, 169, 37]]), maskOf(200, 60, rects), mmPerPx)).toHaveLength(0);
  });

});

describe('raster sliding doors drawn in a wall band', () => {
  const mmPerPx = 20;
  // a 12 px (240 mm) filled wall x 20..169, rows 20..31; between x 70 and 119 a sliding door: one panel
  // x 70..99 on rows 21..24 (above the centre line), the other x 90..119 on rows 27..30 (below it); both
  // filled at this resolution (a panel's outline encloses thin paper), so the wall mask is the panels
  const wallRects: [number, number, number, number][] = [[20, 20, 69, 31], [120, 20, 169, 31], [70, 21, 99, 24], [90, 27, 119, 30]];

  it('a thin stretch off the centre line on one side, then on the other, is one sliding door, not windows', () => {
    const found = findBandWindows(maskOf(200, 60, wallRects), maskOf(200, 60, wallRects), mmPerPx);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ kind: 'door', subtype: 'sliding', x0: 70, x1: 119 });
  });

  it('two panels blurred into one thin stroke with a step across the wall where they meet are a sliding door', () => {
    // the stroke x 70..94 on rows 24..27 (on the wall's centre line), then x 95..119 on rows 27..30: a step of
    // 3 px, not a window's straight glass
    const rects: [number, number, number, number][] = [[20, 20, 69, 31], [120, 20, 169, 31], [70, 24, 94, 27], [95, 27, 119, 30]];
    const found = findBandWindows(maskOf(200, 60, rects), maskOf(200, 60, rects), mmPerPx);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ kind: 'door', subtype: 'sliding', x0: 70, x1: 119 });
    // a straight stroke is a window
    const straight: [number, number, number, number][] = [[20, 20, 69, 31], [120, 20, 169, 31], [70, 24, 119, 27]];
    expect(findBandWindows(maskOf(200, 60, straight), maskOf(200, 60, straight), mmPerPx).map((g) => g.subtype)).toEqual(['window']);
  });

  it('a wall stretch only a little thinner, shifted across where it turns, is no sliding door', () => {
    // 8 of the wall's 12 px on rows 21..28, then on rows 24..31: a wall's own course, not blurred panels
    const rects: [number, number, number, number][] = [[20, 20, 69, 31], [120, 20, 169, 31], [70, 21, 94, 28], [95, 24, 119, 31]];
    expect(findBandWindows(maskOf(200, 60, rects), maskOf(200, 60, rects), mmPerPx)).toHaveLength(0);
  });

  it('a thin stretch off the centre line on one side only (a wall thinner there) is no sliding door', () => {
    const rects: [number, number, number, number][] = [[20, 20, 69, 31], [120, 20, 169, 31], [70, 21, 119, 24]];
    expect(findBandWindows(maskOf(200, 60, rects), maskOf(200, 60, rects), mmPerPx).filter((g) => g.kind === 'door')).toHaveLength(0);
  });
});

describe('raster windows set in a wall as two glass lines', () => {
  const mmPerPx = 20;
  // a 12 px (240 mm) filled wall, x 20..169, with a window x 70..119 drawn as two lines at rows 23 and 28:
  // the wall mask there is the band between the lines (their paper filled as a cavity), 6 px instead of 12
  const wallRects: [number, number, number, number][] = [[20, 20, 69, 31], [120, 20, 169, 31], [70, 23, 119, 28]];
  const inkRects: [number, number, number, number][] = [[20, 20, 69, 31], [120, 20, 169, 31], [70, 23, 119, 23], [70, 28, 119, 28]];

  it('a thinner hollow stretch with thicker wall on both sides is a window', () => {
    const found = findBandWindows(maskOf(200, 60, wallRects), maskOf(200, 60, inkRects), mmPerPx);
    expect(found).toHaveLength(1);
    expect(found[0].x0).toBe(70);
    expect(found[0].x1).toBe(119);
  });

  it('the same in a wall running down the page', () => {
    const tr = (r: [number, number, number, number][]) => r.map(([x0, y0, x1, y1]) => [y0, x0, y1, x1] as [number, number, number, number]);
    const found = findBandWindows(maskOf(60, 200, tr(wallRects)), maskOf(60, 200, tr(inkRects)), mmPerPx);
    expect(found).toHaveLength(1);
    expect(found[0].y1 - found[0].y0 + 1).toBe(50);
  });

  it('two glass lines blurred into one stroke far thinner than the wall, wall on both sides, are a window', () => {
    // at low resolution the lines at rows 23 and 28 merge: the window stretch is solid ink 5 px thick
    const walls = maskOf(200, 60, [[20, 20, 69, 31], [120, 20, 169, 31], [70, 24, 119, 28]]);
    const found = findBandWindows(walls, maskOf(200, 60, [[20, 20, 69, 31], [120, 20, 169, 31], [70, 24, 119, 28]]), mmPerPx);
    expect(found).toHaveLength(1);
    expect(found[0].x1 - found[0].x0 + 1).toBe(50);
  });

  it('a solid stretch only a little thinner than the wall (a bump on its face) is no window', () => {
    const walls = maskOf(200, 60, [[20, 20, 69, 31], [120, 20, 169, 31], [70, 22, 119, 31]]);
    expect(findBandWindows(walls, maskOf(200, 60, [[20, 20, 69, 31], [120, 20, 169, 31], [70, 22, 119, 31]]), mmPerPx)).toHaveLength(0);
  });

  it('a wall that only ends in a thinner hollow piece (wall on one side) is no window', () => {
    const walls = maskOf(200, 60, [[20, 20, 69, 31], [70, 23, 119, 28]]);
    const ink = maskOf(200, 60, [[20, 20, 69, 31], [70, 23, 119, 23], [70, 28, 119, 28]]);
    expect(findBandWindows(walls, ink, mmPerPx)).toHaveLength(0);
  });

  it('an outlined wall of one thickness is no window', () => {
    const ink = maskOf(200, 60, [[20, 20, 169, 20], [20, 31, 169, 31], [20, 20, 20, 31], [169, 20, 169, 31]]);
    expect(findBandWindows(maskOf(200, 60, [[20, 20, 169, 31]]), ink, mmPerPx)).toHaveLength(0);
  });
});

describe('raster openings found twice', () => {
  const gap = (x0: number, x1: number, y0: number, y1: number, horizontal = true): Gap => ({ x0, x1, y0, y1, horizontal, kind: 'window', subtype: 'window' });
  it('keep one opening per place, and both of two openings side by side', () => {
    expect(distinctGaps([gap(10, 60, 20, 31), gap(14, 58, 22, 29)])).toHaveLength(1);
    expect(distinctGaps([gap(10, 60, 20, 31), gap(70, 120, 20, 31)])).toHaveLength(2);
    // the same span in a wall further down the page is another opening
    expect(distinctGaps([gap(10, 60, 20, 31), gap(10, 60, 80, 91)])).toHaveLength(2);
  });

  it('a sliding door read from its panels in the band wins over the part of it sealed as a gap', () => {
    const part = gap(10, 50, 20, 31);
    const door: Gap = { ...gap(10, 90, 20, 31), kind: 'door', subtype: 'sliding' };
    expect(openingsOnce([part], [door])).toEqual([door]);
    // a window found in the band over a sealed gap is the gap's
    const bandWindow = gap(12, 52, 20, 31);
    expect(openingsOnce([part], [bandWindow])).toEqual([part]);
  });
});

describe('raster building outline', () => {
  it('is the outline of the walls holding the rooms, not a sheet frame drawn around the plan', () => {
    // a frame 3 px wide near the page edge; inside it a building of two rooms (walls 4 px) at x 40..163, y 40..123
    const walls = maskOf(200, 160, [[5, 5, 194, 7], [5, 152, 194, 154], [5, 5, 7, 154], [192, 5, 194, 154],
      [40, 40, 163, 43], [40, 120, 163, 123], [40, 40, 43, 123], [160, 40, 163, 123], [100, 40, 103, 123]]);
    const { rooms, exterior } = findRegions(walls, { mmPerPx: 20, minAreaMm2: 0.3e6, minWidthMm: 200, minHeightMm: 200, maxPageShare: 0.35 });
    expect(rooms).toHaveLength(2);
    const xs = exterior.map((p) => p[0]), ys = exterior.map((p) => p[1]);
    expect([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]).toEqual([40, 40, 164, 124]);
  });

  it('takes no title block\'s cells for rooms, however much larger than the plan', () => {
    // a 2 px frame round an 800 x 600 sheet, a title block of two cells (390 x 75 px each) in its bottom right corner,
    // and a small building of two rooms (walls 4 px) at x 40..163, y 40..123
    const walls = maskOf(800, 600, [[5, 5, 794, 6], [5, 593, 794, 594], [5, 5, 6, 594], [793, 5, 794, 594],
      [400, 440, 792, 441], [400, 440, 401, 592], [402, 516, 792, 517],
      [40, 40, 163, 43], [40, 120, 163, 123], [40, 40, 43, 123], [160, 40, 163, 123], [100, 40, 103, 123]]);
    const { rooms, exterior } = findRegions(walls, { mmPerPx: 20, minAreaMm2: 0.3e6, minWidthMm: 200, minHeightMm: 200, maxPageShare: 0.35 });
    expect(rooms).toHaveLength(2);
    const xs = exterior.map((p) => p[0]), ys = exterior.map((p) => p[1]);
    expect([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]).toEqual([40, 40, 164, 124]);
  });
});

describe('raster geometry', () => {
  it('traces a region with a hole to an outline whose area is the pixel count plus the hole', () => {
    const m = maskOf(50, 50, [[5, 5, 34, 24]]);
    for (let y = 10; y <= 14; y++) for (let x = 10; x <= 14; x++) m.data[y * 50 + x] = 0;
    const c = components(m, 1);
    const ring = traceOuter(c.labels, 50, 50, 1, c.labels.indexOf(1));
    expect(Math.abs(ringArea(ring))).toBe(30 * 20);
    expect(ring).toHaveLength(4);
  });

  it('finds the skew of a turned drawing', () => {
    const w = 400, h = 300, m = newMask(w, h);
    const deg = 1.4, t = (deg * Math.PI) / 180;
    // walls 3 px thick on a 50 px grid, drawn turned by deg about the centre
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      const u = (x - w / 2) * Math.cos(t) + (y - h / 2) * Math.sin(t) + w / 2, v = -(x - w / 2) * Math.sin(t) + (y - h / 2) * Math.cos(t) + h / 2;
      if (u < 40 || u > 360 || v < 40 || v > 260) continue;
      if ((u - 40) % 50 < 3 || (v - 40) % 50 < 3) m.data[y * w + x] = 1;
    }
    expect(estimateSkewDeg(m)).toBeCloseTo(deg, 1);
  });
});

describe('short piers between openings', () => {
  // 1:200 at 200 dpi (25.4 mm on site per pixel): 8 px walls, a wall piece is 59 px, an opening up to 106 px
  const s = { mmPerPx: 25.4, paperMmPerPx: 0.127 };
  const frame: [number, number, number, number][] = [[18, 18, 681, 25], [18, 574, 681, 581], [18, 18, 25, 581], [674, 18, 681, 581]];
  const rest: [number, number, number, number][] = [[100, 392, 499, 399], [100, 100, 107, 399], [492, 100, 499, 399]];
  const at = (m: Mask, x: number, y: number) => m.data[y * m.w + x];

  it('keeps a pier with a partition\'s stub off it (a T) standing in the wall\'s line between a window and a door', () => {
    // the top wall: a piece, a 1 m window, a 1 m pier with a 0.8 m stub running into the room, a 1 m door, a piece
    const walls = findWallMask(maskOf(700, 600, [...frame, ...rest, [100, 100, 259, 107], [300, 100, 339, 107], [316, 108, 323, 140], [380, 100, 499, 107]]), s);
    expect(at(walls, 320, 103)).toBe(1);
    expect(at(walls, 320, 130)).toBe(1);
    // a lone T of the same size away from any wall's line is furniture
    const loose = findWallMask(maskOf(700, 600, [...frame, ...rest, [100, 100, 499, 107], [300, 250, 339, 257], [316, 258, 323, 290]]), s);
    expect(at(loose, 320, 253)).toBe(0);
  });

  it('keeps a building\'s corner (an L) between a window and a door, each arm in its wall\'s line', () => {
    // no frame: the building's top wall starts after a 1.5 m window, its left wall after a 1.5 m door; the corner
    // between them is an L with 1 m arms, shorter than a wall piece
    const building: [number, number, number, number][] = [[200, 100, 599, 107], [592, 100, 599, 499], [100, 492, 599, 499], [100, 200, 107, 499]];
    const corner: [number, number, number, number][] = [[100, 100, 139, 107], [100, 108, 107, 139]];
    const walls = findWallMask(maskOf(700, 600, [...building, ...corner]), s);
    expect(at(walls, 120, 103)).toBe(1);
    expect(at(walls, 103, 120)).toBe(1);
    // the door's gap is then sealed between the corner and the left wall (and the window's beside it)
    const gaps = sealGaps(walls, maskOf(700, 600, [...building, ...corner]), s.mmPerPx, walls.minThickPx, s.paperMmPerPx);
    expect(gaps.some((g) => !g.horizontal && g.x0 <= 103 && g.x1 >= 103 && g.y0 <= 170 && g.y1 >= 170)).toBe(true);
    // an L of the same size with only one arm in a wall's line (a counter's corner in a room) is not wall
    const one = findWallMask(maskOf(700, 600, [...building, [100, 100, 107, 199], [250, 300, 289, 307], [250, 308, 257, 339]]), s);
    expect(at(one, 270, 303)).toBe(0);
    const offLine = findWallMask(maskOf(700, 600, [...building, [100, 100, 199, 107], [300, 200, 339, 207], [300, 208, 307, 239]]), s);
    expect(at(offLine, 320, 203)).toBe(0);
  });

  it('measures the wall a pier meets a little way in, not at its tapered end', () => {
    // a 16 px (400 mm) top wall; the piece after the door ends in a taper three pixels long and 6 px thick (a blurred,
    // JPEG'd end)
    const walls = findWallMask(maskOf(700, 600, [...frame, ...rest, [100, 100, 259, 115], [300, 100, 339, 115], [380, 105, 382, 110], [383, 100, 499, 115]]), s);
    expect(at(walls, 320, 108)).toBe(1);
  });
});

describe('partitions drawn as a single thinner line', () => {
  // 1:200 scanned at 200 dpi: 25.4 mm on site and 0.127 mm on paper per pixel. Full-thickness walls are strokes of
  // 0.55 mm (4.3 px) and more; a 80 mm partition drawn to scale is 0.4 mm (3 px), furniture 0.18 mm (1-2 px).
  const s = { mmPerPx: 25.4, paperMmPerPx: 0.127 };
  // a building 400 x 300 px (10 x 7.6 m) of 8 px walls, inside a sheet frame at the drawing's edge (the image is
  // cropped to the drawing with 16 px of paper round it)
  const building: [number, number, number, number][] = [[100, 100, 499, 107], [100, 392, 499, 399], [100, 100, 107, 399], [492, 100, 499, 399]];
  const frame: [number, number, number, number][] = [[18, 18, 681, 25], [18, 574, 681, 581], [18, 18, 25, 581], [674, 18, 681, 581]];
  const at = (m: Mask, x: number, y: number) => m.data[y * m.w + x];

  it('takes a thin partition from wall to wall, but not a furniture line', () => {
    const walls = findWallMask(maskOf(700, 600, [...building, ...frame, [300, 108, 302, 391], [150, 200, 250, 201]]), s);
    expect(at(walls, 301, 250)).toBe(1);
    expect(at(walls, 200, 200)).toBe(0);
    // (the gaps of the thinner walls are looked for at their thickness)
    expect(walls.minThickPx).toBe(3);
  });

  it('takes no thin line meeting only the sheet\'s frame (a title block\'s rules), nor one in a wall\'s line, nor a grid of rules', () => {
    const walls = findWallMask(maskOf(700, 600, [...frame, [100, 100, 299, 107], [380, 100, 499, 107], [100, 392, 499, 399], [100, 100, 107, 399], [492, 100, 499, 399],
      // a title block's rule from the frame's side to its bottom, and a window's frame drawn in a heavier pen in
      // the top wall's line between its two pieces
      [550, 26, 552, 573], [300, 102, 379, 104],
      // a table against the left wall: five rules joined at their right ends
      ...[300, 310, 320, 330, 340].map((y) => [108, y, 250, y + 2] as [number, number, number, number]), [250, 300, 252, 342]]), s);
    expect(at(walls, 551, 300)).toBe(0);
    expect(at(walls, 340, 103)).toBe(0);
    expect(at(walls, 200, 321)).toBe(0);
    expect(walls.minThickPx).toBe(5);
  });
});
