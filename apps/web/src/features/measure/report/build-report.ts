import { jsPDF } from 'jspdf';
import type { ResultDto } from '../api/measure-api';
import { areaFormatter, fmtM as m, roomTitle } from '../utils/format';
import { outsideQuantities, totalsOf } from '../utils/quantities';
import type { Estimate } from '@plansight/contracts';
import { addPlanPage, type PlanImageInput } from './plan-page';
import { addEstimatePage, estimateText } from './estimate-page';
import { numberOpenings, openingsLine, type ReportOpening } from './report-openings';

export interface ReportInput {
  result: ResultDto; roomIndexes: number[]; projectTitle: string; scaleRatio?: string; date?: Date; productName?: string;
  /** The plan page is added when rooms have outlines or an image is given. */
  planImage?: PlanImageInput;
  /** The painter's estimate for these rooms: adds an estimate page (and its lines to the text report). */
  estimate?: Estimate;
}

/** Spec section 9: file name with the product name, the project title and the date. */
export function reportFileName(productName: string, title: string, date: Date): string {
  const safe = title.replace(/[^\w-]+/g, '_').replace(/^_+|_+$/g, '') || 'Project';
  return `${productName}_${safe}_${date.toISOString().slice(0, 10)}.pdf`;
}

const MARGIN_MM = 14;
/** Lowest baseline of body text: the page number sits below it. */
const BOTTOM_MM = 20;
const COLS = ['Space', 'Skirting', 'Ceiling area', 'Net wall area', 'Windows', 'Doors'];
const WIDTHS = [152, 48, 48, 52, 45, 47];
const TABLE_W = WIDTHS.reduce((a, b) => a + b);
const longDate = (d: Date) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** What both the PDF and the text report say, computed once so they cannot drift apart. */
function contentOf(input: ReportInput) {
  const { result } = input;
  const rooms = input.roomIndexes.map((i) => ({ room: result.rooms[i], index: i })).filter((r) => r.room);
  const m2 = areaFormatter(result.metadata.units);
  const m2x2 = areaFormatter(result.metadata.units, 2);
  const numbers = numberOpenings(result, input.roomIndexes);
  const heightMm = result.statistics.ceiling_height_mm;
  const t = totalsOf(rooms.map((r) => r.room));
  const scale = input.scaleRatio ?? (result.metadata as { scale_ratio?: string }).scale_ratio ?? '-';
  const outside = outsideQuantities(result);
  const od = result.outside_detection;
  return {
    rooms, m2, numbers, t, scale, heightMm,
    facts: [['Project', input.projectTitle], ['Scale', scale], ['Ceiling height', `${heightMm} mm`], ['Date', longDate(input.date ?? new Date())]] as [string, string][],
    cards: [
      ['Spaces', String(rooms.length)], ['Skirting', m(t.skirtingMm)], ['Ceiling area', m2(t.ceilingAreaMm2)], ['Net wall area', m2(t.netWallAreaMm2)],
      ['Windows', String(t.windows)], ['Doors', String(t.doors)], ['Ceiling height', `${heightMm} mm`], ['Scale', scale],
    ] as [string, string][],
    warnings: (result.warnings ?? []).map((w) => w.message),
    rows: rooms.map(({ room: r, index }) => ({
      cells: [`${roomTitle(r, index)}${r.view ? ` · ${r.view}` : ''}${r.edited ? ' (edited)' : ''}`, m(r.perimeter_mm), m2(r.ceiling_area), m2(r.net_wall_area), String(r.windows.length), String(r.doors.length)],
      openings: openingsLine(r.windows, r.doors, numbers, m2x2),
    })),
    total: ['Total', m(t.skirtingMm), m2(t.ceilingAreaMm2), m2(t.netWallAreaMm2), String(t.windows), String(t.doors)],
    outside: outside && od ? {
      figures: [
        `Wall length ${m(outside.wallLengthMm)}`, `Wall area ${m2(outside.wallAreaMm2)} (length × ${heightMm} mm)`,
        `Windows ${od.outside_windows.length} (${m2x2(outside.windowsAreaMm2)})`, `Doors ${od.outside_doors.length} (${m2x2(outside.doorsAreaMm2)})`,
        `Net wall area ${m2(outside.netWallAreaMm2)}`,
      ],
      openings: openingsLine(od.outside_windows, od.outside_doors, numbers, m2x2),
    } : null,
    notes: [
      `Skirting is the room perimeter; ceiling area is the floor area; net wall area is the perimeter times the ceiling height (${heightMm} mm), less the windows and doors. ${(result.metadata as { deduction_rule?: string }).deduction_rule ?? 'Every window and door deducted from the wall area'}.`,
      'A door between two rooms is listed in both rooms (both faces are painted) and counted once in the total. Windows (W) and doors (D) are numbered as on the plan page; sizes are width × height.',
    ],
  };
}
type Content = ReturnType<typeof contentOf>;

/** Builds the A3 landscape report: summary and warnings, the spaces table with each room's openings, the outside walls, the plan, the estimate. Pure: no DOM. */
export function buildReport(input: ReportInput): jsPDF {
  const c = contentOf(input);
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a3' });
  const W = doc.internal.pageSize.getWidth();
  const H = doc.internal.pageSize.getHeight();
  const header = () => {
    doc.setFillColor(24, 100, 171).rect(0, 0, W, 22, 'F');
    doc.setFont('helvetica', 'bold').setTextColor(255).setFontSize(16).text(`${input.productName ?? 'Plansight'} measurement report`, MARGIN_MM, 14);
    doc.setFont('helvetica', 'normal').setFontSize(11).text(`${input.projectTitle}  ·  ${longDate(input.date ?? new Date())}`, W - MARGIN_MM, 14, { align: 'right' });
    doc.setTextColor(33);
  };
  header();
  drawTable(doc, c, drawSummary(doc, c, W), H, header);
  if (input.planImage || c.rooms.some((r) => r.room.polygon && r.room.polygon.length > 2)) {
    addPlanPage(doc, input.result, input.roomIndexes, input.planImage, header, c.numbers as Map<string, ReportOpening>);
  }
  if (input.estimate) addEstimatePage(doc, input.estimate, header);
  const pages = doc.getNumberOfPages();
  for (let p = 1; p <= pages; p++) {
    doc.setPage(p);
    doc.setFont('helvetica', 'normal').setFontSize(9).setTextColor(120).text(`Page ${p} of ${pages}`, W - MARGIN_MM, H - 8, { align: 'right' });
  }
  return doc;
}

/** Project facts, the stat cards and, when the engine had doubts, a 'Please check' box: all on the first page. */
function drawSummary(doc: jsPDF, c: Content, W: number): number {
  let x = MARGIN_MM;
  for (const [k, v] of c.facts) {
    doc.setFont('helvetica', 'normal').setFontSize(10).setTextColor(110).text(`${k}:`, x, 31);
    const kw = doc.getTextWidth(`${k}: `);
    doc.setFont('helvetica', 'bold').setTextColor(33).text(v, x + kw, 31);
    x += kw + doc.getTextWidth(v) + 12;
  }
  const cw = (W - 2 * MARGIN_MM - 7 * 4) / 8;
  c.cards.forEach(([k, v], i) => {
    const cx = MARGIN_MM + i * (cw + 4);
    doc.setDrawColor(222).setFillColor(248, 249, 250).roundedRect(cx, 36, cw, 22, 2, 2, 'FD');
    doc.setFont('helvetica', 'normal').setFontSize(9).setTextColor(110).text(k, cx + 4, 43);
    doc.setFontSize(14).setTextColor(33).text(v, cx + 4, 53);
  });
  let y = 66;
  if (c.warnings.length) {
    doc.setFont('helvetica', 'normal').setFontSize(9.5);
    const lines = c.warnings.flatMap((w) => doc.splitTextToSize(`•  ${w}`, W - 2 * MARGIN_MM - 12) as string[]);
    const h = 10 + lines.length * 4.6;
    doc.setFillColor(255, 249, 219).setDrawColor(250, 176, 5).setLineWidth(0.4).roundedRect(MARGIN_MM, y, W - 2 * MARGIN_MM, h, 2, 2, 'FD');
    doc.setFont('helvetica', 'bold').setFontSize(10).setTextColor(120, 80, 0).text('Please check before quoting', MARGIN_MM + 6, y + 6.5);
    doc.setFont('helvetica', 'normal').setFontSize(9.5).setTextColor(80, 60, 0).text(lines, MARGIN_MM + 6, y + 12);
    y += h + 8;
  }
  return y;
}

/** One table row; `draw` false only measures it. Long names are cut at two lines (spec section 9). */
function tableRow(doc: jsPDF, cells: string[], y: number, bold: boolean, draw: boolean): number {
  doc.setFont('helvetica', bold ? 'bold' : 'normal').setFontSize(10).setTextColor(33);
  let x = MARGIN_MM;
  let lines = 1;
  cells.forEach((cell, i) => {
    const wrapped = (doc.splitTextToSize(cell, WIDTHS[i] - 4) as string[]).slice(0, 2);
    lines = Math.max(lines, wrapped.length);
    // figures line up on the right, like in a quote
    if (draw) doc.text(wrapped, i === 0 ? x + 2 : x + WIDTHS[i] - 3, y + 5, i === 0 ? undefined : { align: 'right' });
    x += WIDTHS[i];
  });
  return 4 + lines * 4.5;
}

/** A room's row and, under it in small grey type, its windows and doors with sizes and areas. */
function roomBlock(doc: jsPDF, row: Content['rows'][number], y: number, draw: boolean): number {
  let h = tableRow(doc, row.cells, y, false, draw);
  if (row.openings) {
    doc.setFont('helvetica', 'normal').setFontSize(8.5).setTextColor(100);
    const lines = doc.splitTextToSize(row.openings, TABLE_W - 10) as string[];
    if (draw) doc.text(lines, MARGIN_MM + 6, y + h + 1.5);
    h += lines.length * 3.8 + 1.5;
  }
  if (draw) doc.setDrawColor(222).setLineWidth(0.2).line(MARGIN_MM, y + h, MARGIN_MM + TABLE_W, y + h);
  return h;
}

/** The totals row, the outside walls and the notes: kept on a page with at least the last room. */
function tail(doc: jsPDF, c: Content, y0: number, draw: boolean): number {
  let y = y0;
  y += tableRow(doc, c.total, y, true, draw);
  if (draw) doc.setDrawColor(150).setLineWidth(0.4).line(MARGIN_MM, y, MARGIN_MM + TABLE_W, y);
  y += 9;
  if (c.outside) {
    if (draw) doc.setFont('helvetica', 'bold').setFontSize(12).setTextColor(33).text('Outside walls', MARGIN_MM, y);
    y += 6;
    doc.setFont('helvetica', 'normal').setFontSize(10).setTextColor(33);
    if (draw) doc.text(c.outside.figures.join('     '), MARGIN_MM, y);
    y += 5;
    if (c.outside.openings) {
      doc.setFontSize(8.5).setTextColor(100);
      const lines = doc.splitTextToSize(c.outside.openings, TABLE_W) as string[];
      if (draw) doc.text(lines, MARGIN_MM, y);
      y += lines.length * 3.8;
    }
    y += 6;
  }
  if (draw) doc.setFont('helvetica', 'bold').setFontSize(10).setTextColor(33).text('How the figures are made', MARGIN_MM, y);
  doc.setFont('helvetica', 'normal').setFontSize(9).setTextColor(90);
  for (const n of c.notes) {
    const lines = doc.splitTextToSize(`- ${n}`, TABLE_W) as string[];
    y += 4.8;
    if (draw) doc.text(lines, MARGIN_MM, y);
    y += (lines.length - 1) * 4;
  }
  return y - y0;
}

function drawTable(doc: jsPDF, c: Content, y0: number, H: number, header: () => void): number {
  const head = (y: number) => {
    doc.setFillColor(233, 236, 239).rect(MARGIN_MM, y, TABLE_W, 8, 'F');
    return y + tableRow(doc, COLS, y, true, true);
  };
  let y = head(y0);
  const limit = H - BOTTOM_MM;
  const tailH = tail(doc, c, 0, false);
  c.rows.forEach((row, i) => {
    const h = roomBlock(doc, row, y, false);
    // The last room carries the totals, outside walls and notes with it: no page holds only those.
    const need = h + (i === c.rows.length - 1 ? tailH : 0);
    if (y + need > limit && i > 0) { doc.addPage(); header(); y = head(30); }
    y += roomBlock(doc, row, y, true);
  });
  if (c.rows.length === 0 && y + tailH > limit) { doc.addPage(); header(); y = head(30); }
  return y + tail(doc, c, y, true);
}

/** Plain-text fallback (spec section 4, Export) with the same content as the PDF. */
export function buildTextReport(input: ReportInput): string {
  const c = contentOf(input);
  return [
    `${input.productName ?? 'Plansight'} report: ${input.projectTitle}`,
    c.facts.slice(1).map(([k, v]) => `${k}: ${v}`).join('\t'), '',
    ...(c.warnings.length ? ['Please check before quoting', ...c.warnings.map((w) => `- ${w}`), ''] : []),
    ...c.rows.flatMap((r) => [`${r.cells[0]}\tSkirting ${r.cells[1]}\tCeiling ${r.cells[2]}\tNet wall ${r.cells[3]}\tWindows ${r.cells[4]}\tDoors ${r.cells[5]}`, ...(r.openings ? [`  ${r.openings}`] : [])]),
    `Total\tSkirting ${c.total[1]}\tCeiling ${c.total[2]}\tNet wall ${c.total[3]}\tWindows ${c.total[4]}\tDoors ${c.total[5]}`,
    ...(c.outside ? ['', 'Outside walls', c.outside.figures.join('\t'), ...(c.outside.openings ? [`  ${c.outside.openings}`] : [])] : []),
    '', ...c.notes, ...(input.estimate ? estimateText(input.estimate) : []),
  ].join('\n');
}
