import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, drawObject, popGraphicsState, pushGraphicsState, rgb, setGraphicsState } from 'pdf-lib';
import { extractVectors } from './extract.js';
import { loadPdf } from './pdf-load.js';
import { analyzePdf } from '../analyze.js';
import { PT_PER_MM_100 } from '../test-pdfs.js';

const X = (mm: number) => 60 + mm * PT_PER_MM_100, Y = (mm: number) => 535 - mm * PT_PER_MM_100;

async function fillsOf(bytes: Uint8Array) {
  const doc = await loadPdf(bytes);
  try {
    const v = await extractVectors(await doc.getPage(1), 10_000);
    return v.fills;
  } finally {
    void doc.destroy();
  }
}

/**
 * A kitchen 5000 x 3500 cut with dark filled walls, a counter 600 deep along its top wall filled in the walls'
 * own dark colour at `opacity` (drawn inside a transparency group when `group`, as layout programs export it):
 * on the paper a pale tint.
 */
async function kitchen(opacity: number, group = false): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([842, 595]);
  const dark = rgb(0.13, 0.22, 0.44);
  const fill = (x0: number, y0: number, x1: number, y1: number) =>
    page.drawRectangle({ x: X(x0), y: Y(y1), width: (x1 - x0) * PT_PER_MM_100, height: (y1 - y0) * PT_PER_MM_100, color: dark });
  fill(-250, -250, 5250, 0); fill(-250, 3500, 5250, 3750); fill(-250, 0, 0, 3500); fill(5000, 0, 5250, 3500);
  const counter = { x: X(500), y: Y(600), width: 3000 * PT_PER_MM_100, height: 600 * PT_PER_MM_100 };
  if (!group) page.drawRectangle({ ...counter, color: dark, opacity });
  else {
    // the group's content sets itself opaque (as InDesign writes it); the group is laid on the page at the
    // opacity in force where it is painted
    const ops = `/Opaque gs 0.13 0.22 0.44 rg ${counter.x} ${counter.y} ${counter.width} ${counter.height} re f`;
    const form = doc.context.register(doc.context.stream(ops, {
      Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 842, 595], Group: { S: 'Transparency' },
      Resources: { ExtGState: { Opaque: { Type: 'ExtGState', ca: 1, CA: 1 } } },
    }));
    const gs = doc.context.obj({ Type: 'ExtGState', ca: opacity, CA: opacity });
    page.node.setXObject(PDFName.of('Counter'), form);
    page.node.setExtGState(PDFName.of('Faint'), gs);
    page.pushOperators(pushGraphicsState(), setGraphicsState('Faint'), drawObject('Counter'), popGraphicsState());
  }
  return doc.save();
}

describe('translucent fills', () => {
  it('reads a dark fill drawn at 10 % opacity as the pale tint the paper shows', async () => {
    const counter = (await fillsOf(await kitchen(0.1))).find((f) => f.pts.length === 4 && Math.abs(f.pts[0][0] - X(500)) < 0.5);
    expect(counter).toBeDefined();
    expect(counter!.gray).toBeGreaterThan(0.9);
  });

  it('lays a transparency group on the page at the opacity in force where it is painted', async () => {
    const fills = await fillsOf(await kitchen(0.1, true));
    const counter = fills.find((f) => Math.abs(f.pts[0][0] - X(500)) < 0.5 || Math.abs(f.pts[0][0] - X(3500)) < 0.5);
    expect(counter).toBeDefined();
    expect(counter!.gray).toBeGreaterThan(0.9);
  });

  it('measures a kitchen to its walls, the counter drawn in a faint tint inside it', async () => {
    for (const group of [false, true]) {
      const r = await analyzePdf(await kitchen(0.1, group), { page: 1, scale: 100, ceilingHeightMm: 2500 });
      expect(r.rooms).toHaveLength(1);
      expect(r.rooms[0].ceiling_area / 1e6).toBeCloseTo(17.5, 1);
    }
  });

  it('keeps an opaque fill of the walls colour as wall', async () => {
    const r = await analyzePdf(await kitchen(1), { page: 1, scale: 100, ceilingHeightMm: 2500 });
    expect(r.rooms).toHaveLength(1);
    expect(r.rooms[0].ceiling_area / 1e6).toBeCloseTo(17.5 - 3 * 0.6, 1);
  });
});
