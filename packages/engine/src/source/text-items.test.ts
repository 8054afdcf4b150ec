import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFOperator, PDFNumber, PDFArray, PDFHexString, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { loadPdf } from './pdf-load.js';
import { OPS } from './pdfjs.js';
import { TextOpsKept, textItemsFromOperators, type RawTextItem, type TextFont } from './text-items.js';
import { extractVectors } from './extract.js';

type Op = [string, ...unknown[]];

/** Raw content-stream operators (numbers, names as '/Name', strings as hex of the font's encoding). */
function push(page: PDFPage, font: PDFFont, key: string, ops: Op[]): void {
  const arg = (a: unknown): ReturnType<typeof PDFNumber.of> | PDFArray | PDFHexString => {
    if (typeof a === 'number') return PDFNumber.of(a);
    if (Array.isArray(a)) {
      const arr = PDFArray.withContext(page.doc.context);
      for (const x of a) arr.push(arg(x));
      return arr;
    }
    return font.encodeText(String(a)) as PDFHexString;
  };
  page.pushOperators(...ops.map(([name, ...args]) => {
    if (name === 'Tf') return PDFOperator.of('Tf' as never, [page.doc.context.obj(key) as never, PDFNumber.of(args[0] as number)]);
    return PDFOperator.of(name as never, args.map(arg) as never);
  }));
}

/** A page whose text is drawn by `draw` with Helvetica (and Courier as a second font), as raw operators. */
async function textPage(draw: (op: (ops: Op[]) => void, op2: (ops: Op[]) => void, page: PDFPage, doc: PDFDocument) => Promise<void> | void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([842, 595]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const font2 = await doc.embedFont(StandardFonts.Courier);
  // (registers the fonts in the page's resources under their keys)
  page.drawText('.', { x: 5, y: 5, size: 4, font });
  page.drawText('.', { x: 9, y: 5, size: 4, font: font2 });
  const key = (f: PDFFont) => `/${page.node.normalizedEntries().Font.entries().find(([, ref]) => ref === f.ref)![0].asString().slice(1)}`;
  await draw((ops) => push(page, font, key(font), ops), (ops) => push(page, font2, key(font2), ops), page, doc);
  return doc.save();
}

/** The items pdf.js's getTextContent gives and the ones built from the operator list, blank ones left out. */
async function bothWays(bytes: Uint8Array): Promise<{ ref: RawTextItem[]; built: RawTextItem[] | null }> {
  const doc = await loadPdf(bytes);
  try {
    const page = await doc.getPage(1);
    const ops = await page.getOperatorList();
    const built = textItemsFromOperators(ops, (n) => (page.commonObjs.has(n) ? (page.commonObjs.get(n) as TextFont) : null), page.view);
    const tc = await page.getTextContent();
    const ref = (tc.items as RawTextItem[]).filter((i) => 'str' in i && i.str.trim());
    return { ref, built: built && built.filter((i) => i.str.trim()) };
  } finally {
    await doc.destroy();
  }
}

/** Same strings, same breaks, and the same place and size (within the float32 rounding pdf.js's operator list applies). */
function expectSame(ref: RawTextItem[], built: RawTextItem[] | null): void {
  expect(built).not.toBeNull();
  const near = (a: number, b: number) => Math.abs(a - b) <= 1e-3 + 1e-5 * Math.abs(a);
  expect(built!.map((i) => i.str)).toEqual(ref.map((i) => i.str));
  ref.forEach((r, i) => {
    const b = built![i];
    expect(near(r.width, b.width) && near(r.height, b.height) && r.transform.every((v, k) => near(v, b.transform[k])), `${r.str}: ${JSON.stringify(r)} / ${JSON.stringify(b)}`).toBe(true);
  });
}

describe('text items built from the operator list', () => {
  it('cuts items and places spaces where pdf.js does: kerning, word gaps, columns, lines', async () => {
    const bytes = await textPage((op, op2) => {
      op([
        ['BT'], ['Tf', 10], ['Td', 100, 500], ['Tj', 'KITCHEN'],
        // a kerning adjustment (no space), a word gap (a space in the item) and a column gap (a new item)
        ['TJ', ['LI', -40, 'VING', -300, 'ROOM', -3000, '12.40 m2']],
        ['TL', 14], ['T*'], ['Tj', 'second line'],
        // character and word spacing, horizontal scaling and a rise
        ['Tc', 0.8], ['Tw', 4], ['Tz', 80], ['T*'], ['Tj', 'spaced out words'],
        // (a zero in a TJ array moves nothing; one before any string is no string of spacing either)
        ['T*'], ['TJ', [0, 'ZERO', 0, 'KERN']],
        ['Tc', 0], ['Tw', 0], ['Tz', 100], ['Ts', 3], ['Tj', 'up'], ['Ts', 0],
        // the quote operators: next line, then show (with spacing set)
        ["'", 'quoted'], ['"', 2, 0.5, 'double quoted'],
        // going back on the same line starts a new item
        ['Td', -60, 0], ['Tj', 'back'],
        ['ET'],
      ]);
      // a second font at another size right after the first: a new item
      op(([['BT'], ['Tf', 10], ['Td', 100, 300], ['Tj', 'AREA']] as Op[]));
      op2([['Tf', 7], ['Tj', 'A: 6.42 m2'], ['ET']]);
    });
    const { ref, built } = await bothWays(bytes);
    expect(ref.length).toBeGreaterThan(8);
    expectSame(ref, built);
  });

  it('follows the graphics state: rotated and scaled text, q/Q, text matrices, forms and the page edge', async () => {
    const bytes = await textPage(async (op, _op2, page, doc) => {
      op([
        ['q'], ['cm', 0.866, 0.5, -0.5, 0.866, 300, 200],
        ['BT'], ['Tf', 9], ['Td', 0, 0], ['TJ', ['BED', -250, 'ROOM', -2000, 'BATH']], ['ET'], ['Q'],
        ['q'], ['cm', 0, 1, -1, 0, 500, 100], ['BT'], ['Tf', 8], ['Tm', 1.5, 0, 0, 1.5, 0, 0], ['Tj', 'turned'], ['ET'], ['Q'],
        ['BT'], ['Tf', 1], ['Tm', 12, 0, 0, 12, 600, 400], ['TJ', ['CAD', -300, 'style']], ['ET'],
        // text that runs off the page is cut where it leaves
        ['BT'], ['Tf', 10], ['Td', 820, 100], ['Tj', 'off the sheet edge'], ['ET'],
        // a restore brings the text matrix back
        ['BT'], ['Tf', 10], ['Td', 100, 450], ['q'], ['Td', 50, 0], ['Tj', 'inner'], ['Q'], ['Tj', 'outer'], ['ET'],
      ]);
      // a form drawing text of its own (an embedded page)
      const other = doc.addPage([200, 100]);
      const font = await doc.embedFont(StandardFonts.Helvetica);
      other.drawText('IN A FORM', { x: 10, y: 50, size: 8, font });
      const form = await doc.embedPage(other, undefined, [1.1, 0, 0, 0.9, 4, 7]);
      page.drawPage(form, { x: 200, y: 50, xScale: 1.3, yScale: 1.3 });
      doc.removePage(1);
    });
    const { ref, built } = await bothWays(bytes);
    expect(ref.map((i) => i.str)).toContain('IN A FORM');
    expectSame(ref, built);
  });

  it('leaves right-to-left text and unknown fonts to pdf.js; drops invisible format marks', () => {
    const glyph = (u: string) => ({ unicode: u, width: 500, originalCharCode: u.charCodeAt(0) });
    const ops = {
      fnArray: [OPS.beginText, OPS.setFont, OPS.showText, OPS.endText],
      argsArray: [null, ['f1', 10], [[glyph('\u05e9'), glyph('\u05dc')]], null],
    };
    const fonts = (n: string) => (n === 'f1' ? { name: 'F', vertical: false, fontMatrix: [0.001, 0, 0, 0.001, 0, 0] } : null);
    expect(textItemsFromOperators(ops, fonts, [0, 0, 842, 595])).toBeNull();
    const latin = { ...ops, argsArray: [null, ['f1', 10], [[glyph('A'), glyph('B')]], null] };
    expect(textItemsFromOperators(latin, fonts, [0, 0, 842, 595])?.map((i) => i.str)).toEqual(['AB']);
    // an invisible format mark (a zero-width space) is no part of the text, and moves nothing
    const marked = { ...ops, argsArray: [null, ['f1', 10], [[glyph('A'), glyph('\u200b'), glyph('B')]], null] };
    expect(textItemsFromOperators(marked, fonts, [0, 0, 842, 595])?.map((i) => [i.str, i.width])).toEqual([['AB', 10]]);
    // an unknown font: pdf.js's own pass
    expect(textItemsFromOperators(latin, () => null, [0, 0, 842, 595])).toBeNull();
  });

  it('are the same when built while the page streams in chunks, its paths left out of the text pass', async () => {
    // text between thousands of stroked lines: pdf.js sends the list in chunks of about a thousand operators,
    // and the walk keeps only the operators that are not paths for the text
    const lines = 2500;
    const bytes = await textPage((op) => {
      for (let i = 0; i < lines; i++) {
        const y = 20 + (i % 500);
        const ops: Op[] = [['m', 20 + (i % 7), y], ['l', 60 + (i % 11), y], ['S']];
        if (i % 250 === 0) ops.push(['BT'], ['Tf', 8 + (i % 3)], ['Td', 100 + (i % 500), y], ['TJ', [`ROOM ${i}`, -400, `${(i / 100).toFixed(2)} m2`]], ['ET']);
        op(ops);
      }
    });
    const doc = await loadPdf(bytes);
    try {
      const page = await doc.getPage(1);
      const vec = await extractVectors(page, 10_000);
      // every chunk walked: each line is a segment (the two dots of the page's fonts are text)
      expect(vec.segs).toHaveLength(lines);
      const tc = await page.getTextContent();
      const ref = (tc.items as RawTextItem[]).filter((i) => 'str' in i && i.str.trim());
      expect(ref.length).toBeGreaterThanOrEqual(10);
      expectSame(ref, vec.textItems?.filter((i) => i.str.trim()) ?? null);
    } finally {
      await doc.destroy();
    }
  });

  it('keeps for the text pass only what it reads: pens and saves round paths left out, the same items come out', async () => {
    // a sheet's paths each set their pen inside a save and restore; text stands between them, some of it inside
    // saves with transforms, a restore puts a moved matrix back, a save with only a transform holds no text
    const bytes = await textPage((op, op2) => {
      for (let i = 0; i < 300; i++) {
        const y = 20 + (i % 500);
        op([['q'], ['RG', (i % 3) / 3, 0, 0], ['w', 0.2 + (i % 4) / 10], ['J', 1], ['j', 1], ['m', 20, y], ['l', 80, y], ['S'], ['Q']]);
        if (i % 60 === 0) op([['q'], ['cm', 1, 0, 0, 1, 5 * (i % 7), 3], ['q'], ['w', 1], ['Q'], ['BT'], ['Tf', 9], ['Td', 200 + i, y], ['Tj', `ROOM ${i}`], ['ET'], ['Q']]);
        if (i % 75 === 0) op([['q'], ['cm', 2, 0, 0, 2, 50, 50], ['Q'], ['BT'], ['Tf', 8], ['Td', 400, y], ['TL', 12], ['q'], ['Td', 30, 0], ['Q'], ['Tj', `after ${i}`], ['T*'], ['Tj', 'next line'], ['ET']]);
        if (i % 100 === 0) op2([['q'], ['BT'], ['Tf', 7], ['Td', 600, y], ['Tc', 0.5], ['Tj', `COURIER ${i}`], ['ET'], ['Q']]);
      }
    });
    const doc = await loadPdf(bytes);
    try {
      const page = await doc.getPage(1);
      const list = await page.getOperatorList();
      const kept = new TextOpsKept();
      for (let i = 0; i < list.fnArray.length; i++) if (list.fnArray[i] !== OPS.constructPath) kept.add(list.fnArray[i], list.argsArray[i]);
      const fonts = (n: string) => (page.commonObjs.has(n) ? (page.commonObjs.get(n) as TextFont) : null);
      const whole = textItemsFromOperators(list, fonts, page.view);
      const fromKept = textItemsFromOperators(kept, fonts, page.view);
      expect(whole).not.toBeNull();
      expect(fromKept).toEqual(whole);
      const tc = await page.getTextContent();
      expectSame((tc.items as RawTextItem[]).filter((i) => 'str' in i && i.str.trim()), fromKept!.filter((i) => i.str.trim()));
      // no pen is kept, and of the 323 saves only those with text inside: five round a transform and a ROOM text,
      // three round a COURIER text, and the two of the page's font dots (each line's save, the inner one with a pen,
      // one with a transform alone and one round a moved text matrix: gone)
      const count = (op: number) => kept.fnArray.filter((f) => f === op).length;
      expect(list.fnArray.filter((f) => f === OPS.save).length).toBe(2 + 300 + 5 * 2 + 4 * 2 + 3);
      expect(count(OPS.setStrokeRGBColor) + count(OPS.setLineWidth) + count(OPS.setLineCap) + count(OPS.setLineJoin)).toBe(0);
      expect(count(OPS.save)).toBe(5 + 3 + 2);
      expect(count(OPS.save)).toBe(count(OPS.restore));
    } finally {
      await doc.destroy();
    }
  });

  it('drops a save and its restore only when nothing read lies between them, at any depth', () => {
    const k = new TextOpsKept();
    const ops: [number, unknown][] = [
      [OPS.save, null], [OPS.setLineWidth, [1]], [OPS.transform, [1, 0, 0, 1, 2, 3]], [OPS.save, null], [OPS.restore, null], [OPS.restore, null],
      [OPS.save, null], [OPS.transform, [2, 0, 0, 2, 0, 0]], [OPS.save, null], [OPS.showText, [[]]], [OPS.restore, null], [OPS.restore, null],
      // an unbalanced restore stays (the pass pops nothing there either)
      [OPS.restore, null], [OPS.beginText, null],
    ];
    for (const [fn, args] of ops) k.add(fn, args);
    expect(k.fnArray).toEqual([OPS.save, OPS.transform, OPS.save, OPS.showText, OPS.restore, OPS.restore, OPS.restore, OPS.beginText]);
    expect(k.argsArray).toHaveLength(k.fnArray.length);
  });
});
