import { jsPDF } from 'jspdf';
import type { ResultDto } from '../api/measure-api';
import { areaFormatter, fmtM as m } from '../utils/format';
import { totalsOf } from '../utils/quantities';
import type { Estimate } from '@plansight/contracts';
import { addPlanPage, type PlanImageInput } from './plan-page';
import { addEstimatePage, estimateText } from './estimate-page';

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

/** Builds the A3 landscape report (header, stat cards, six-column spaces table with totals, page numbers). Pure: no DOM. */
export function buildReport(input: ReportInput): jsPDF {
  const { result, roomIndexes, projectTitle } = input;
  const m2 = areaFormatter(result.metadata.units);
  const product = input.productName ?? 'Plansight';
  const date = input.date ?? new Date();
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a3' });
  const W = doc.internal.pageSize.getWidth();
  const H = doc.internal.pageSize.getHeight();
  const rooms = chosenRooms(input);
  const header = () => {
    doc.setFillColor(24, 100, 171).rect(0, 0, W, 22, 'F');
    doc.setFont('helvetica', 'bold').setTextColor(255).setFontSize(16).text(`${product} measurement report`, 14, 14);
    doc.setFont('helvetica', 'normal').setFontSize(11).text(`${projectTitle}  ·  ${date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })}`, W - 14, 14, { align: 'right' });
    doc.setTextColor(33);
  };
  header();
  const t = totalsOf(rooms);
  const cards: [string, string][] = [
    ['Spaces', String(rooms.length)], ['Skirting', m(t.skirtingMm)], ['Ceiling area', m2(t.ceilingAreaMm2)],
    ['Net wall area', m2(t.netWallAreaMm2)], ['Windows', String(t.windows)], ['Doors', String(t.doors)],
    ['Ceiling height', `${result.statistics.ceiling_height_mm} mm`], ['Scale', input.scaleRatio ?? '-'],
  ];
  const cw = (W - 28 - 7 * 4) / 8;
  cards.forEach(([k, v], i) => {
    const x = 14 + i * (cw + 4);
    doc.setDrawColor(222).setFillColor(248, 249, 250).roundedRect(x, 30, cw, 22, 2, 2, 'FD');
    doc.setFontSize(9).setTextColor(110).text(k, x + 4, 37);
    doc.setFontSize(14).setTextColor(33).text(v, x + 4, 47);
  });
  const cols = ['Space', 'Skirting', 'Ceiling area', 'Net wall area', 'Windows', 'Doors'];
  const widths = [150, 50, 50, 50, 45, 45];
  const drawRow = (cells: string[], y: number, bold: boolean) => {
    doc.setFont('helvetica', bold ? 'bold' : 'normal').setFontSize(10).setTextColor(33);
    let x = 14;
    let lines = 1;
    cells.forEach((c, i) => {
      // Long cells are cut at two lines (spec section 9).
      const wrapped = (doc.splitTextToSize(c, widths[i] - 4) as string[]).slice(0, 2);
      lines = Math.max(lines, wrapped.length);
      // Figures line up on the right, like in a quote.
      if (i === 0) doc.text(wrapped, x + 2, y + 5);
      else doc.text(wrapped, x + widths[i] - 3, y + 5, { align: 'right' });
      x += widths[i];
    });
    const h = 4 + lines * 4.5;
    doc.setDrawColor(222).line(14, y + h, 14 + widths.reduce((a, b) => a + b), y + h);
    return h;
  };
  let y = 62;
  doc.setFillColor(233, 236, 239).rect(14, y, widths.reduce((a, b) => a + b), 8, 'F');
  y += drawRow(cols, y, true);
  for (const r of rooms) {
    if (y > H - 30) {
      doc.addPage();
      header();
      y = 30;
    }
    y += drawRow([r.label, m(r.perimeter_mm), m2(r.ceiling_area), m2(r.net_wall_area), String(r.windows.length), String(r.doors.length)], y, false);
  }
  y += drawRow(['Total', m(t.skirtingMm), m2(t.ceilingAreaMm2), m2(t.netWallAreaMm2), String(t.windows), String(t.doors)], y, true);
  drawNotes(doc, notesOf(input), y + 8, W, H, header);
  if (input.planImage || rooms.some((r) => r.polygon && r.polygon.length > 2)) addPlanPage(doc, result, roomIndexes, input.planImage, header);
  if (input.estimate) addEstimatePage(doc, input.estimate, header);
  const pages = doc.getNumberOfPages();
  for (let p = 1; p <= pages; p++) {
    doc.setPage(p);
    doc.setFont('helvetica', 'normal').setFontSize(9).setTextColor(120).text(`Page ${p} of ${pages}`, W - 14, H - 8, { align: 'right' });
  }
  return doc;
}

/** How the figures were made, and the engine's warnings (assumed sizes, scale doubts): what a client may ask about. */
function notesOf(input: ReportInput): string[] {
  const h = input.result.statistics.ceiling_height_mm;
  return [
    `Skirting is the room perimeter; ceiling area is the floor area; net wall area is the perimeter times the ceiling height (${h} mm), less the windows and doors. ${(input.result.metadata as { deduction_rule?: string }).deduction_rule ?? 'Every window and door deducted from the wall area'}.`,
    'A door between two rooms is listed in both rooms (both faces are painted) and counted once in the total.',
    ...(input.result.warnings ?? []).map((w) => w.message),
  ];
}

function drawNotes(doc: jsPDF, notes: string[], y0: number, W: number, H: number, header: () => void): void {
  let y = y0;
  if (y > H - 40) { doc.addPage(); header(); y = 32; }
  doc.setFont('helvetica', 'bold').setFontSize(10).setTextColor(33).text('Notes', 14, y);
  doc.setFont('helvetica', 'normal').setFontSize(9).setTextColor(90);
  for (const n of notes) {
    const lines = doc.splitTextToSize(`- ${n}`, W - 28) as string[];
    y += 5;
    if (y > H - 16) { doc.addPage(); header(); y = 32; doc.setFont('helvetica', 'normal').setFontSize(9).setTextColor(90); }
    doc.text(lines, 14, y);
    y += (lines.length - 1) * 4;
  }
}

/**
 * The rooms the user chose for the report, in their order. They are totalled as they are: a room left out in
 * the walls view still counts here when it is chosen.
 */
function chosenRooms(input: ReportInput) {
  return input.roomIndexes.map((i) => input.result.rooms[i]).filter(Boolean);
}

/** Plain-text fallback (spec section 4, Export). */
export function buildTextReport(input: ReportInput): string {
  const rooms = chosenRooms(input);
  const m2 = areaFormatter(input.result.metadata.units);
  const t = totalsOf(rooms);
  return [`${input.productName ?? 'Plansight'} report: ${input.projectTitle}`, '',
    ...rooms.map((r) => `${r.label}\tSkirting ${m(r.perimeter_mm)}\tCeiling ${m2(r.ceiling_area)}\tNet wall ${m2(r.net_wall_area)}\tWindows ${r.windows.length}\tDoors ${r.doors.length}`),
    `Total\tSkirting ${m(t.skirtingMm)}\tCeiling ${m2(t.ceilingAreaMm2)}\tNet wall ${m2(t.netWallAreaMm2)}\tWindows ${t.windows}\tDoors ${t.doors}`,
    '', ...notesOf(input), ...(input.estimate ? estimateText(input.estimate) : [])].join('\n');
}
