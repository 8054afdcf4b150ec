/** Small PDFs built with pdf-lib for the unit tests: walls as double lines at 1:100 on a page in points. */
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { STANDARD_FONTS_DIR } from './source/pdfjs.js';

/**
 * Font families for writing drawn on test scans: the fonts pdfjs-dist ships, so a fixture has the same pixels on
 * every machine (the machine's own sans-serif and serif differ from one to another, and so would the letters'
 * sizes in pixels the tests count on).
 */
export const TEST_FONTS = (() => {
  GlobalFonts.registerFromPath(`${STANDARD_FONTS_DIR}LiberationSans-Regular.ttf`, 'Test Sans');
  GlobalFonts.registerFromPath(`${STANDARD_FONTS_DIR}FoxitSerif.pfb`, 'Test Serif');
  return { sans: '"Test Sans"', serif: '"Test Serif"' };
})();

/** 1 mm on site at 1:100 in points. */
export const PT_PER_MM_100 = 72 / 25.4 / 100;

export interface RectRoom { x: number; y: number; w: number; h: number }
/** A text run at (x, y) mm of the drawing (1:100), its baseline start; size in points. */
export interface PlanText { x: number; y: number; str: string; size?: number }

/**
 * Draws each room (site mm, origin top-left, y down) with walls of `wallMm` drawn as two parallel lines
 * (inner face = room boundary). Optional door arcs on a wall: a gap of `doorMm` with a quarter arc.
 * `outlined`: every line and arc drawn as its filled outline (0.5 pt wide), as layout programs export strokes.
 * `drawnText`: writing converted to outlines (filled shapes, no text), as layout programs export it too.
 * `floor`: a picture (PNG) laid under the drawing on a box (site mm), as sales plans lay a floor's texture.
 */
export async function roomsPdf(rooms: RectRoom[], opts: { wallMm?: number; door?: { x: number; y: number; widthMm: number } ; window?: { x: number; y: number; widthMm: number }; image?: Uint8Array; text?: PlanText[]; drawnText?: PlanText[]; outlined?: boolean; floor?: RectRoom & { png: Uint8Array } } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([842, 595]); // A4 landscape
  const k = PT_PER_MM_100;
  const H = 595;
  const wall = opts.wallMm ?? 200;
  // a floor's texture under the drawing (an image laid on the box, site mm)
  if (opts.floor) {
    const img = await doc.embedPng(opts.floor.png);
    page.drawImage(img, { x: 40 + opts.floor.x * k, y: H - 40 - (opts.floor.y + opts.floor.h) * k, width: opts.floor.w * k, height: opts.floor.h * k });
  }
  const line = (x1: number, y1: number, x2: number, y2: number) => {
    const a = { x: 40 + x1 * k, y: H - 40 - y1 * k }, b = { x: 40 + x2 * k, y: H - 40 - y2 * k };
    if (!opts.outlined) return page.drawLine({ start: a, end: b, thickness: 0.5, color: rgb(0, 0, 0) });
    const l = Math.hypot(b.x - a.x, b.y - a.y) || 1, nx = (-(b.y - a.y) / l) * 0.25, ny = ((b.x - a.x) / l) * 0.25;
    const pts = [[a.x + nx, a.y + ny], [b.x + nx, b.y + ny], [b.x - nx, b.y - ny], [a.x - nx, a.y - ny]];
    page.drawSvgPath(`M ${pts.map(([x, y]) => `${x} ${-y}`).join(' L ')} Z`, { x: 0, y: 0, color: rgb(0, 0, 0) });
  };
  const hLine = (x1: number, x2: number, y: number, gaps: [number, number][]) => {
    let cur = x1;
    for (const [a, b] of gaps.filter(([a]) => a > x1 && a < x2).sort((p, q) => p[0] - q[0])) { line(cur, y, a, y); cur = b; }
    line(cur, y, x2, y);
  };
  for (const r of rooms) {
    const gapsTop: [number, number][] = [];
    if (opts.door && Math.abs(opts.door.y - r.y) < 1) gapsTop.push([opts.door.x, opts.door.x + opts.door.widthMm]);
    if (opts.window && Math.abs(opts.window.y - r.y) < 1) gapsTop.push([opts.window.x, opts.window.x + opts.window.widthMm]);
    hLine(r.x, r.x + r.w, r.y, gapsTop);
    hLine(r.x - wall, r.x + r.w + wall, r.y - wall, gapsTop);
    for (const [a, b] of gapsTop) { line(a, r.y, a, r.y - wall); line(b, r.y, b, r.y - wall); }
    line(r.x, r.y + r.h, r.x + r.w, r.y + r.h);
    line(r.x - wall, r.y + r.h + wall, r.x + r.w + wall, r.y + r.h + wall);
    line(r.x, r.y, r.x, r.y + r.h);
    line(r.x - wall, r.y - wall, r.x - wall, r.y + r.h + wall);
    line(r.x + r.w, r.y, r.x + r.w, r.y + r.h);
    line(r.x + r.w + wall, r.y - wall, r.x + r.w + wall, r.y + r.h + wall);
  }
  if (opts.door) {
    const { x, y, widthMm: d } = opts.door;
    // leaf along the inside from the hinge at (x, y) going down, arc from leaf tip to the far jamb
    line(x, y, x, y + d);
    const cx = 40 + x * k, cy = H - 40 - y * k, r = d * k;
    const arc = (r: number, c = 0.5523 * r) => `${cx} ${-(cy - r)} C ${cx + c} ${-(cy - r)} ${cx + r} ${-(cy - c)} ${cx + r} ${-cy}`;
    const back = (r: number, c = 0.5523 * r) => `${cx + r} ${-cy} C ${cx + r} ${-(cy - c)} ${cx + c} ${-(cy - r)} ${cx} ${-(cy - r)}`;
    if (opts.outlined) page.drawSvgPath(`M ${arc(r + 0.15)} L ${back(r - 0.15)} Z`, { x: 0, y: 0, color: rgb(0, 0, 0) });
    else page.drawSvgPath(`M ${arc(r)}`, { x: 0, y: 0, borderWidth: 0.3, borderColor: rgb(0, 0, 0) });
  }
  if (opts.window) {
    const { x, y, widthMm: w } = opts.window;
    line(x, y - wall / 2 - 20, x + w, y - wall / 2 - 20);
    line(x, y - wall / 2 + 20, x + w, y - wall / 2 + 20);
  }
  if (opts.text?.length) {
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (const t of opts.text) page.drawText(t.str, { x: 40 + t.x * k, y: H - 40 - t.y * k, size: t.size ?? 6, font, color: rgb(0, 0, 0) });
  }
  // writing converted to outlines: each run of dark pixels of the text drawn in Test Sans is a filled rectangle
  for (const t of opts.drawnText ?? []) page.drawSvgPath(outlinedText(t.str, t.size ?? 6, 40 + t.x * k, H - 40 - t.y * k), { x: 0, y: 0, color: rgb(0, 0, 0) });
  if (opts.image) {
    const img = await doc.embedPng(opts.image);
    page.drawImage(img, { x: 0, y: 0, width: 842, height: 595 });
  }
  return doc.save();
}

/**
 * `str` at `size` points with its baseline starting at (x, y) page points, as an SVG path (pdf-lib's frame: y
 * negated) of one rectangle per run of dark pixels of the text drawn at 20 pixels per point: the letters as
 * shapes, no text.
 */
function outlinedText(str: string, size: number, x: number, y: number): string {
  const px = 20, w = Math.ceil(str.length * size * px), h = Math.ceil(size * 1.5 * px), base = Math.round(size * 1.1 * px);
  const canvas = createCanvas(w, h), ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = '#000';
  ctx.font = `${size * px}px ${TEST_FONTS.sans}`;
  ctx.fillText(str, 0, base);
  const data = ctx.getImageData(0, 0, w, h).data;
  const parts: string[] = [];
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; ) {
      if (data[4 * (j * w + i)] >= 128) { i++; continue; }
      let e = i;
      while (e < w && data[4 * (j * w + e)] < 128) e++;
      const x0 = x + i / px, x1 = x + e / px, y0 = y + (base - j) / px, y1 = y + (base - j - 1) / px;
      parts.push(`M ${x0} ${-y0} L ${x1} ${-y0} L ${x1} ${-y1} L ${x0} ${-y1} Z`);
      i = e;
    }
  }
  return parts.join(' ');
}

/** A pen for hand-made test sheets: site millimetres at 1:100 (origin top-left, y down), on an A4 landscape page. */
export interface SheetPen {
  line(x1: number, y1: number, x2: number, y2: number, o?: { widthPt?: number; rgb?: [number, number, number]; dash?: number[] }): void;
  /** A quarter arc centred on (cx, cy) from angle a0 to a1 (degrees, y down), as one Bézier. */
  arc(cx: number, cy: number, r: number, a0: number, a1: number): void;
  /** A closed outline of double lines at wallMm around a rectangle (inner faces = the rectangle). */
  rectWalls(x: number, y: number, w: number, h: number, wallMm: number): void;
  /** A filled polygon. */
  fill(pts: [number, number][], gray: number): void;
  /** Text centred on x with its baseline at y (Helvetica, sizePt points). */
  text(x: number, y: number, str: string, sizePt?: number): void;
}

export async function sheetPdf(draw: (pen: SheetPen) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([842, 595]);
  const k = PT_PER_MM_100;
  const H = 595;
  const X = (x: number) => 40 + x * k, Y = (y: number) => H - 40 - y * k;
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pen: SheetPen = {
    text(x, y, str, sizePt = 6) {
      page.drawText(str, { x: X(x) - font.widthOfTextAtSize(str, sizePt) / 2, y: Y(y), size: sizePt, font, color: rgb(0, 0, 0) });
    },
    line(x1, y1, x2, y2, o = {}) {
      const c = o.rgb ?? [0, 0, 0];
      page.drawLine({ start: { x: X(x1), y: Y(y1) }, end: { x: X(x2), y: Y(y2) }, thickness: o.widthPt ?? 0.5, color: rgb(c[0], c[1], c[2]), dashArray: o.dash });
    },
    arc(cx, cy, r, a0, a1) {
      const rad = (d: number) => (d * Math.PI) / 180;
      const p = (a: number) => [X(cx + r * Math.cos(rad(a))), Y(cy + r * Math.sin(rad(a)))];
      const t = (4 / 3) * Math.tan(rad(a1 - a0) / 4);
      const [x0, y0] = p(a0), [x3, y3] = p(a1);
      const c1 = [X(cx + r * (Math.cos(rad(a0)) - t * Math.sin(rad(a0)))), Y(cy + r * (Math.sin(rad(a0)) + t * Math.cos(rad(a0))))];
      const c2 = [X(cx + r * (Math.cos(rad(a1)) + t * Math.sin(rad(a1)))), Y(cy + r * (Math.sin(rad(a1)) - t * Math.cos(rad(a1))))];
      // drawSvgPath flips y: SVG coordinates are given with y negated
      page.drawSvgPath(`M ${x0} ${-y0} C ${c1[0]} ${-c1[1]} ${c2[0]} ${-c2[1]} ${x3} ${-y3}`, { x: 0, y: 0, borderWidth: 0.3, borderColor: rgb(0, 0, 0) });
    },
    rectWalls(x, y, w, h, t) {
      const l = (a: number, b: number, c: number, d: number) => pen.line(a, b, c, d);
      l(x, y, x + w, y); l(x + w, y, x + w, y + h); l(x + w, y + h, x, y + h); l(x, y + h, x, y);
      l(x - t, y - t, x + w + t, y - t); l(x + w + t, y - t, x + w + t, y + h + t); l(x + w + t, y + h + t, x - t, y + h + t); l(x - t, y + h + t, x - t, y - t);
    },
    fill(pts, gray) {
      const d = pts.map(([x, y], i) => `${i ? 'L' : 'M'} ${X(x)} ${-Y(y)}`).join(' ') + ' Z';
      page.drawSvgPath(d, { x: 0, y: 0, color: rgb(gray, gray, gray) });
    },
  };
  draw(pen);
  return doc.save();
}

/**
 * A w x h px picture: black left half, grey (128) right half; `markCorner`: its first pixel white, so its top-left
 * can be told. PNG, or JPEG at quality 100 (halves meeting on an 8-px block edge stay flat).
 */
export function halvesPicture(w: number, h: number, type: 'png' | 'jpeg', markCorner = false): Buffer {
  const c = createCanvas(w, h);
  const ctx = c.getContext('2d');
  ctx.fillStyle = 'rgb(128,128,128)';
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = 'rgb(0,0,0)';
  ctx.fillRect(0, 0, w / 2, h);
  if (markCorner) {
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 1, 1);
  }
  return type === 'png' ? c.toBuffer('image/png') : c.toBuffer('image/jpeg', 100);
}

/** A 400 x 300 pt page with `picture` drawn at (100, 100) pt from the bottom-left, 200 x 100 pt. */
export async function picturePagePdf(picture: Buffer, type: 'png' | 'jpeg'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 300]);
  const image = type === 'png' ? await doc.embedPng(picture) : await doc.embedJpg(picture);
  page.drawImage(image, { x: 100, y: 100, width: 200, height: 100 });
  return doc.save();
}
