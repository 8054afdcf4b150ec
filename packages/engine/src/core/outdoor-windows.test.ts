import { describe, it, expect } from 'vitest';
import { inflatePaths, JoinType, EndType, type Paths64 } from 'clipper2-ts';
import { cellsOfRects, joinCells, regionAcrossPatterns, strokeRects, windowCells, type Line } from './outdoor-spaces.js';
import { patternLines } from './floor-patterns.js';
import { bbox, polyArea, toPath, type Box } from './geometry.js';
import { lcg } from '../test-random.js';
import type { PointMm } from '../types.js';

/** 200 mm walls round a room x0..x1, y0..y1 (mm), grown by the 40 mm the outdoor search grows walls by. */
function grownRoomWalls(x0: number, y0: number, x1: number, y1: number): Paths64 {
  const outer: PointMm[] = [[x0 - 200, y0 - 200], [x1 + 200, y0 - 200], [x1 + 200, y1 + 200], [x0 - 200, y1 + 200]];
  const inner: PointMm[] = [[x0, y0], [x0, y1], [x1, y1], [x1, y0]];
  return inflatePaths([toPath(outer), toPath(inner)], 40, JoinType.Miter, EndType.Polygon);
}

/** A box of four lines (a frame round a stamp, a table). */
function boxLines(x0: number, y0: number, x1: number, y1: number, w = 0.25): Line[] {
  return [
    { a: [x0, y0], b: [x1, y0], w }, { a: [x1, y0], b: [x1, y1], w }, { a: [x1, y1], b: [x0, y1], w }, { a: [x0, y1], b: [x0, y0], w },
  ];
}

/** Joints of a paving or a hatching: lines at an even pitch across x0..x1, y0..y1, in one direction. */
function joints(x0: number, y0: number, x1: number, y1: number, pitch: number, dir: 'h' | 'v', w = 0.1): Line[] {
  const out: Line[] = [];
  if (dir === 'h') for (let y = y0 + pitch; y < y1; y += pitch) out.push({ a: [x0, y], b: [x1, y], w });
  else for (let x = x0 + pitch; x < x1; x += pitch) out.push({ a: [x, y0], b: [x, y1], w });
  return out;
}

const key = (r: PointMm[]) => { const b = bbox(r); return `${Math.round(Math.abs(polyArea(r)))} ${b.x0} ${b.y0} ${b.x1} ${b.y1}`; };
const around = (at: PointMm, m: number): Box => ({ x0: at[0] - m, y0: at[1] - m, x1: at[0] + m, y1: at[1] + m });

function page(lines: Line[], walls: Paths64) {
  const rects = strokeRects(lines, 40);
  const pattern = patternLines(lines);
  return {
    rects,
    all: cellsOfRects(rects, walls),
    joints: lines.filter((_, i) => pattern.has(i)),
    join: (at: PointMm, cells: { cells: PointMm[][]; sure: boolean[] | null; box: Box | null }) => joinCells(at, cells, lines.filter((_, i) => pattern.has(i)), []),
  };
}

describe('the cells of the strokes within a window round a stamp', () => {
  it('are, when they lie inside the window, cells of every stroke; a cell reaching the window\'s edge is not taken as whole', () => {
    for (const seed of [1, 2, 3, 4]) {
      const r = lcg(seed);
      const walls = grownRoomWalls(0, 0, 8000, 6000);
      const lines: Line[] = [];
      for (let i = 0; i < 40; i++) {
        const x = r() * 8000, y = r() * 6000, len = 300 + r() * 4000;
        lines.push(r() < 0.5 ? { a: [x, y], b: [Math.min(8000, x + len), y] } : { a: [x, y], b: [x, Math.min(6000, y + len)] });
      }
      const p = page(lines, walls);
      const whole = new Set(p.all.map(key));
      const w = around([3000 + r() * 2000, 2000 + r() * 2000], 1500);
      const got = windowCells(p.rects, walls, w);
      const sure = got.cells.filter((_, i) => got.sure[i]);
      const cut = got.cells.filter((_, i) => !got.sure[i]);
      // every whole cell of the window is a cell of every stroke, and every cell of every stroke inside the window is one
      for (const c of sure) expect(whole.has(key(c))).toBe(true);
      const inside = p.all.filter((c) => { const b = bbox(c); return b.x0 > w.x0 && b.x1 < w.x1 && b.y0 > w.y0 && b.y1 < w.y1; });
      expect(new Set(sure.map(key))).toEqual(new Set(inside.map(key)));
      // (the window cuts cells: the test asks something)
      expect(cut.length).toBeGreaterThan(0);
      expect(cut.some((c) => !whole.has(key(c)))).toBe(true);
    }
  });
});

describe('the strips joined across a pattern, looked for in a window first', () => {
  const walls = grownRoomWalls(0, 0, 9000, 7000);
  /** regionAcrossPatterns over every line of the page, counting the unions of every line it asks for. */
  const across = (lines: Line[], at: PointMm) => {
    const p = page(lines, walls);
    let everyLine = 0, windows = 0;
    const region = regionAcrossPatterns(at, lines, [], () => { everyLine++; return p.all; }, (w) => { windows++; return windowCells(p.rects, walls, w); });
    return { region, everyLine, windows, full: p.join(at, { cells: p.all, sure: null, box: null }) };
  };
  // a paving in the room's far corner: the page has joints
  const paving = [...boxLines(6000, 4000, 8800, 6800, 0.1), ...joints(6000, 4000, 8800, 6800, 400, 'h')];

  it('are decided in the window when the stamp\'s frame stands in a floor reaching past it', () => {
    // the frame is an island in the room's floor: the floor's cell, cut by the window, holds it whole
    const r = across([...boxLines(2200, 2300, 2800, 2600, 0.35), ...paving], [2500, 2450]);
    expect(r.everyLine).toBe(0);
    expect(r.region).toBeNull();
    expect(r.full).toBeNull();
  });

  it('are decided in the window when a cell running on past it meets the frame at a corner only', () => {
    // a long table (a cell reaching past the window) touches the frame at its corner: they share a sliver, less than a
    // joint, whatever the rest of the table's cell
    const table = boxLines(-310, 2000, 2190, 2300, 0.25);
    const r = across([...boxLines(2200, 2300, 2800, 2500, 0.35), ...table, ...paving], [2500, 2400]);
    expect(r.everyLine).toBe(0);
    expect(r.region).toBeNull();
    expect(r.full).toBeNull();
  });

  it('widen to every line when the join reaches the window\'s edge, and give the region every line gives', () => {
    // a terrace 2.0 x 7.4 m against the walls, its paving joints every 800 mm
    const fine = 0.1;
    const lines: Line[] = [
      { a: [9200, -200], b: [11200, -200], w: fine }, { a: [11200, -200], b: [11200, 7200], w: fine }, { a: [11200, 7200], b: [9200, 7200], w: fine },
      ...joints(9200, -200, 11200, 7200, 800, 'h', fine),
    ];
    const r = across(lines, [10200, 3500]);
    expect(r.windows).toBeGreaterThan(0);
    expect(r.everyLine).toBe(1);
    expect(r.region).toEqual(r.full);
    expect(Math.abs(polyArea(r.region!)) / 1e6).toBeGreaterThan(14);
  });

  it('widen when the join reaches a cell near the window\'s edge, whose neighbours past it the window does not show', () => {
    // a paving 5.7 x 1.0 m of five slabs, edged by narrow beds: the stamp's slab ends 10 mm inside the window, the next
    // slab lies wholly past it (no cell of the window touches it)
    const lines: Line[] = [
      ...boxLines(2300, 3000, 8000, 4000, 0.1), ...[2790, 3990, 5190, 6390, 7590].map((x): Line => ({ a: [x, 3000], b: [x, 4000], w: 0.1 })),
      ...boxLines(2100, 4000, 3990, 4200), ...boxLines(2100, 2800, 3990, 3000), ...boxLines(2100, 3000, 2300, 4000),
    ];
    const at: PointMm = [3000, 3500];
    const p = page(lines, walls);
    expect(p.join(at, windowCells(p.rects, walls, around(at, 1000)))).toBe('unsure');
    const r = across(lines, at);
    expect(Math.abs(polyArea(r.full as PointMm[])) / 1e6).toBeCloseTo(5.7, 1);
    expect(r.region).toEqual(r.full);
  });

  it('widen when the stamp\'s frame would be joined across a joint in its middle to the cell round it', () => {
    // joints drawn into the frame from its side, the middle one ending at its centre: the frame is an island in the
    // room's floor, which the join takes across that joint - a cell reaching past any window round the stamp
    const lines = [...boxLines(2000, 2000, 3000, 2800, 0.35), ...[2100, 2250, 2400, 2550, 2700].map((y): Line => ({ a: [2000, y], b: [2500, y], w: 0.1 }))];
    const at: PointMm = [2750, 2400];
    const p = page(lines, walls);
    expect(p.join(at, windowCells(p.rects, walls, around(at, 2000)))).toBe('unsure');
    const r = across(lines, at);
    expect(Math.abs(polyArea(r.full as PointMm[])) / 1e6).toBeGreaterThan(60);
    expect(r.region).toEqual(r.full);
  });

  it('give, in any window, the region every line gives or say they cannot (random pavings at any angle, frames, furniture, long lines)', () => {
    const turned = (l: Line, deg: number, o: PointMm): Line => {
      const t = (deg * Math.PI) / 180, c = Math.cos(t), s = Math.sin(t);
      const f = (p: PointMm): PointMm => [o[0] + (p[0] - o[0]) * c - (p[1] - o[1]) * s, o[1] + (p[0] - o[0]) * s + (p[1] - o[1]) * c];
      return { a: f(l.a), b: f(l.b), w: l.w };
    };
    let decided = 0, found = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const r = lcg(seed);
      const lines: Line[] = [];
      // a paving over part of the floor, in one direction or two, square to the walls or turned
      const px0 = r() * 3000, py0 = r() * 2000, px1 = px0 + 1500 + r() * 4000, py1 = py0 + 1500 + r() * 3000;
      const pitch = 300 + r() * 600;
      const deg = r() < 0.5 ? 0 : r() * 90;
      const o: PointMm = [(px0 + px1) / 2, (py0 + py1) / 2];
      const pav = [...boxLines(px0, py0, px1, py1, 0.1), ...joints(px0, py0, px1, py1, pitch, 'h')];
      if (r() < 0.5) pav.push(...joints(px0, py0, px1, py1, pitch * 2, 'v'));
      lines.push(...pav.map((l) => turned(l, deg, o)));
      // furniture and stamp frames, and long lines across the room
      const frames: PointMm[] = [];
      for (let i = 0; i < 8; i++) {
        const x = r() * 8000, y = r() * 6000, w = 300 + r() * 900, h = 200 + r() * 700;
        lines.push(...boxLines(x, y, x + w, y + h, 0.25));
        frames.push([x + w / 2, y + h / 2]);
      }
      for (let i = 0; i < 4; i++) {
        const x = r() * 9000, y = r() * 7000, len = 500 + r() * 6000;
        lines.push(r() < 0.5 ? { a: [x, y], b: [x + len, y] } : { a: [x, y], b: [x, y + len] });
      }
      const p = page(lines, walls);
      const onPaving = Array.from({ length: 8 }, (): PointMm => turned({ a: [px0 + r() * (px1 - px0), py0 + r() * (py1 - py0)], b: [0, 0] }, deg, o).a);
      for (const at of [...frames, ...onPaving]) {
        const full = p.join(at, { cells: p.all, sure: null, box: null });
        if (full) found++;
        for (const m of [1000, 2000]) {
          const got = p.join(at, windowCells(p.rects, walls, around(at, m)));
          if (got === 'unsure') continue;
          decided++;
          expect(got).toEqual(full);
        }
      }
    }
    // (the windows decide many and the pavings join: the test asks something)
    expect(decided).toBeGreaterThan(200);
    expect(found).toBeGreaterThan(100);
  });
});
