import { describe, it, expect } from 'vitest';
import { analyzePdf } from '../analyze.js';
import { sheetPdf, type SheetPen } from '../test-pdfs.js';

const opts = { page: 1, scale: 100, ceilingHeightMm: 2500 };

/**
 * One room 6.0 x 4.0 m inside 200 mm walls, named 'KITCHEN' in its middle, with a two-line note 'CORNER CUPBOARD'
 * in its upper right (a two-line stamp outranks a one-line one when both are names). From the left of the note's
 * first line a leader runs down to the lower left, drawn as `leader` gives it, ending at (1200, 3400).
 */
function kitchen(p: SheetPen, leader: (p: SheetPen) => void) {
  p.rectWalls(0, 0, 6000, 4000, 200);
  p.text(3000, 2000, 'KITCHEN');
  p.text(4600, 800, 'CORNER'); p.text(4600, 1100, 'CUPBOARD');
  leader(p);
}

/** Two strokes back from the tip (x, y) along a leader arriving in direction (ux, uy), 150 mm long, 25 degrees off it. */
function arrowhead(p: SheetPen, x: number, y: number, ux: number, uy: number) {
  for (const side of [1, -1]) {
    const a = Math.PI + side * (25 * Math.PI) / 180;
    const dx = ux * Math.cos(a) - uy * Math.sin(a), dy = ux * Math.sin(a) + uy * Math.cos(a);
    p.line(x, y, x + 150 * dx, y + 150 * dy, { widthPt: 0.25 });
  }
}

const straightLeader = (withHead: boolean) => (p: SheetPen) => {
  // from beside the note's first line (its left end is about 4100) to the lower left
  const from = [4000, 730] as const, to = [1200, 3400] as const;
  p.line(from[0], from[1], to[0], to[1], { widthPt: 0.25 });
  const len = Math.hypot(to[0] - from[0], to[1] - from[1]);
  if (withHead) arrowhead(p, to[0], to[1], (to[0] - from[0]) / len, (to[1] - from[1]) / len);
};

describe('callouts: a note with an arrow is not the room\'s name', () => {
  it('names the room by its own stamp when the other text in it has a leader ending in an arrowhead', async () => {
    const r = await analyzePdf(await sheetPdf((p) => kitchen(p, straightLeader(true))), opts);
    expect(r.rooms).toHaveLength(1);
    expect(r.rooms[0].label).toBe('KITCHEN');
  });

  it('follows a curved leader to its arrowhead', async () => {
    const r = await analyzePdf(await sheetPdf((p) => kitchen(p, (q) => {
      // a quarter circle from beside the note's first line (4000, 730) round to (1200, 3400)... in two arcs:
      // down and left from the note, then on to the tip
      q.arc(4000, 2330, 1600, 270, 180); // (4000, 730) -> (2400, 2330)
      q.line(2400, 2330, 1200, 3400, { widthPt: 0.25 });
      const len = Math.hypot(1200 - 2400, 3400 - 2330);
      arrowhead(q, 1200, 3400, (1200 - 2400) / len, (3400 - 2330) / len);
    })), opts);
    expect(r.rooms[0].label).toBe('KITCHEN');
  });

  it('takes a filled triangle at the leader\'s end for its arrowhead, and a filled square for none', async () => {
    const tip = [1200, 3400] as const, from = [4000, 730] as const;
    const len = Math.hypot(tip[0] - from[0], tip[1] - from[1]);
    const u = [(tip[0] - from[0]) / len, (tip[1] - from[1]) / len], n = [-u[1], u[0]];
    const back = (d: number, side: number): [number, number] => [tip[0] - d * u[0] + side * n[0], tip[1] - d * u[1] + side * n[1]];
    const label = async (head: [number, number][]) => (await analyzePdf(await sheetPdf((p) => kitchen(p, (q) => {
      q.line(from[0], from[1], tip[0], tip[1], { widthPt: 0.25 });
      q.fill(head, 0);
    })), opts)).rooms[0].label;
    expect(await label([[tip[0], tip[1]], back(180, 50), back(180, -50)])).toBe('KITCHEN');
    expect(await label([back(-50, 50), back(-50, -50), back(50, -50), back(50, 50)])).toBe('CORNER CUPBOARD');
  });

  it('keeps a two-line name whose line beside it ends in no arrowhead (a fitting\'s edge, not a leader)', async () => {
    const r = await analyzePdf(await sheetPdf((p) => kitchen(p, straightLeader(false))), opts);
    expect(r.rooms[0].label).toBe('CORNER CUPBOARD');
  });

  it('leaves the room unnamed when its only text is a callout', async () => {
    const r = await analyzePdf(await sheetPdf((p) => {
      p.rectWalls(0, 0, 6000, 4000, 200);
      p.text(4600, 800, 'RAILING');
      straightLeader(true)(p);
    }), opts);
    expect(r.rooms).toHaveLength(1);
    expect(r.rooms[0].label).toBe('');
  });
});
