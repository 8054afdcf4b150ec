/**
 * Draws in the site millimetre frame onto a pdf-lib page: site mm -> page points through the drawing scale
 * and the print factor (page size / drawn paper size), y flipped to PDF's bottom-up space. Paths go in as
 * raw operators so that clipping, caps, joins and dash patterns are exactly what CAD exports emit.
 */
import {
  type PDFFont, type PDFPage, PDFOperator, LineCapStyle, LineJoinStyle, appendBezierCurve, clip, closePath, degrees,
  endPath, fill, lineTo, moveTo, popGraphicsState, pushGraphicsState, setDashPattern, setFillingGrayscaleColor,
  setLineCap, setLineJoin, setLineWidth, setStrokingGrayscaleColor, stroke,
} from 'pdf-lib';
import type { PathsD } from 'clipper2-ts';
import type { Pt, Ring } from './poly.js';

const PT_PER_MM = 72 / 25.4;

export interface StrokeStyle {
  /** Line width in millimetres on the drawn paper. */
  widthPaperMm: number;
  gray?: number;
  cap?: 'butt' | 'square' | 'round';
  dash?: number[];
}

export class Drawer {
  /** Page points per site millimetre. */
  readonly ptPerSiteMm: number;
  /** Page points per drawn-paper millimetre. */
  readonly ptPerPaperMm: number;

  constructor(
    readonly page: PDFPage,
    readonly font: PDFFont,
    readonly scale: number,
    /** Page width / drawn paper width (1 when printed at the size it was drawn for). */
    readonly printFactor: number,
  ) {
    this.ptPerPaperMm = PT_PER_MM * printFactor;
    this.ptPerSiteMm = this.ptPerPaperMm / scale;
  }

  private xy(p: Pt): [number, number] {
    return [p[0] * this.ptPerSiteMm, this.page.getHeight() - p[1] * this.ptPerSiteMm];
  }

  private style(s: StrokeStyle): PDFOperator[] {
    const caps = { butt: LineCapStyle.Butt, square: LineCapStyle.Projecting, round: LineCapStyle.Round };
    return [
      setLineWidth(s.widthPaperMm * this.ptPerPaperMm),
      setStrokingGrayscaleColor(s.gray ?? 0),
      setLineCap(caps[s.cap ?? 'butt']),
      setLineJoin(LineJoinStyle.Miter),
      setDashPattern((s.dash ?? []).map((d) => d * this.ptPerPaperMm), 0),
    ];
  }

  private pathOps(pts: Ring, closed: boolean): PDFOperator[] {
    const ops = pts.map((p, i) => (i === 0 ? moveTo(...this.xy(p)) : lineTo(...this.xy(p))));
    if (closed) ops.push(closePath());
    return ops;
  }

  polyline(pts: Ring, s: StrokeStyle, closed = false): void {
    this.page.pushOperators(pushGraphicsState(), ...this.style(s), ...this.pathOps(pts, closed), stroke(), popGraphicsState());
  }

  line(a: Pt, b: Pt, s: StrokeStyle): void {
    this.polyline([a, b], s);
  }

  /** Outline of every ring of a Clipper region. */
  outline(region: PathsD, s: StrokeStyle): void {
    const ops = region.flatMap((path) => this.pathOps(path.map((p) => [p.x, p.y] as Pt), true));
    this.page.pushOperators(pushGraphicsState(), ...this.style(s), ...ops, stroke(), popGraphicsState());
  }

  /** Fills a region with the non-zero rule (Clipper gives holes the opposite orientation). */
  fillRegion(region: PathsD, gray: number, evenOdd = false): void {
    const ops = region.flatMap((path) => this.pathOps(path.map((p) => [p.x, p.y] as Pt), true));
    this.page.pushOperators(pushGraphicsState(), setFillingGrayscaleColor(gray), ...ops, evenOdd ? PDFOperator.of('f*' as never) : fill(), popGraphicsState());
  }

  /** Runs `draw` with the clipping path set to `region`. */
  clipped(region: PathsD, draw: () => void): void {
    const ops = region.flatMap((path) => this.pathOps(path.map((p) => [p.x, p.y] as Pt), true));
    this.page.pushOperators(pushGraphicsState(), ...ops, clip(), endPath());
    draw();
    this.page.pushOperators(popGraphicsState());
  }

  /** Quarter (or any) circular arc as Bézier pieces, from angle a0 to a1 (radians, site frame). */
  arc(center: Pt, radius: number, a0: number, a1: number, s: StrokeStyle): void {
    const pieces = Math.max(1, Math.ceil(Math.abs(a1 - a0) / (Math.PI / 2) - 1e-9));
    const step = (a1 - a0) / pieces;
    const k = (4 / 3) * Math.tan(step / 4);
    const at = (a: number): Pt => [center[0] + radius * Math.cos(a), center[1] + radius * Math.sin(a)];
    const ops: PDFOperator[] = [moveTo(...this.xy(at(a0)))];
    for (let i = 0; i < pieces; i++) {
      const s0 = a0 + i * step;
      const s1 = s0 + step;
      const p0 = at(s0);
      const p3 = at(s1);
      const c1: Pt = [p0[0] - k * radius * Math.sin(s0), p0[1] + k * radius * Math.cos(s0)];
      const c2: Pt = [p3[0] + k * radius * Math.sin(s1), p3[1] - k * radius * Math.cos(s1)];
      ops.push(appendBezierCurve(...this.xy(c1), ...this.xy(c2), ...this.xy(p3)));
    }
    this.page.pushOperators(pushGraphicsState(), ...this.style(s), ...ops, stroke(), popGraphicsState());
  }

  circle(center: Pt, radius: number, s: StrokeStyle): void {
    this.arc(center, radius, 0, 2 * Math.PI, s);
  }

  /** Width of a text in site mm at the given paper height. */
  textWidth(text: string, sizePaperMm: number): number {
    return (this.font.widthOfTextAtSize(text, sizePaperMm * PT_PER_MM) / PT_PER_MM) * this.scale;
  }

  /**
   * Text centred on `center` (site mm); `rotationDeg` counter-clockwise as seen on the sheet.
   * Size is the cap height class in paper mm, as CAD text heights are given.
   */
  text(text: string, center: Pt, sizePaperMm: number, rotationDeg = 0): void {
    const size = sizePaperMm * this.ptPerPaperMm;
    const width = this.font.widthOfTextAtSize(text, size);
    const [cx, cy] = this.xy(center);
    const r = (rotationDeg * Math.PI) / 180;
    const dx = -width / 2;
    const dy = -size * 0.35;
    const x = cx + dx * Math.cos(r) - dy * Math.sin(r);
    const y = cy + dx * Math.sin(r) + dy * Math.cos(r);
    this.page.drawText(text, { x, y, size, font: this.font, rotate: degrees(rotationDeg) });
  }
}
