import type { jsPDF } from 'jspdf';
import type { Estimate } from '@plansight/contracts';

const money = (v: number | null, currency: string) => (v === null ? '-' : `$${v.toFixed(2)} ${currency}`);
const tins = (e: Estimate['lines'][number]) => (e.tins.length ? e.tins.map((t) => `${t.count} x ${t.size_l} L`).join(' + ') : '-');

const COLS = ['Surface', 'Quantity', 'Coats', 'm²/L', 'Waste', 'Litres', 'Tins', 'Paint', 'Labour', 'Subtotal'];
const WIDTHS = [70, 32, 18, 20, 20, 26, 60, 38, 38, 40];

/** The cells of each surface row, for the PDF page and the text fallback alike. */
function rows(e: Estimate): string[][] {
  return e.lines.filter((l) => l.enabled).map((l) => [
    l.label, `${l.quantity.toFixed(1)} ${l.unit}`, String(l.coats), String(l.spread_m2_per_l), `${l.waste_pct} %`, `${l.litres.toFixed(1)} L`, tins(l),
    money(l.paint_cost, e.currency), money(l.labour_cost, e.currency), money(l.subtotal, e.currency),
  ]);
}

function totals(e: Estimate): [string, string][] {
  return [
    [`Paint (${e.totals.litres.toFixed(1)} L)`, money(e.totals.paint_cost, e.currency)], ['Labour', money(e.totals.labour_cost, e.currency)],
    ['Subtotal', money(e.totals.subtotal, e.currency)], [`GST (${e.gst_pct} %)`, money(e.totals.gst, e.currency)], ['Total', money(e.totals.total, e.currency)],
  ];
}

/** The estimate page of the A3 report: the rule used, a row per surface, the tins and the totals with GST. */
export function addEstimatePage(doc: jsPDF, e: Estimate, header: () => void): void {
  doc.addPage();
  header();
  const W = doc.internal.pageSize.getWidth();
  doc.setFont('helvetica', 'bold').setFontSize(14).setTextColor(33).text('Estimate', 14, 34);
  doc.setFont('helvetica', 'normal').setFontSize(10).setTextColor(90).text(`${e.deduction_text}. Paint is litres needed (with waste) x price per litre; labour is quantity x rate.`, 14, 41);
  let y = 48;
  const total = WIDTHS.reduce((a, b) => a + b);
  const row = (cells: string[], bold: boolean) => {
    doc.setFont('helvetica', bold ? 'bold' : 'normal').setFontSize(10).setTextColor(33);
    let x = 14;
    cells.forEach((c, i) => {
      const t = (doc.splitTextToSize(c, WIDTHS[i] - 4) as string[]).slice(0, 2);
      if (i === 0 || i === 6) doc.text(t, x + 2, y + 5);
      else doc.text(t, x + WIDTHS[i] - 3, y + 5, { align: 'right' });
      x += WIDTHS[i];
    });
    y += 9;
    doc.setDrawColor(222).line(14, y, 14 + total, y);
  };
  doc.setFillColor(233, 236, 239).rect(14, y, total, 9, 'F');
  row(COLS, true);
  for (const r of rows(e)) row(r, false);
  y += 8;
  for (const [k, v] of totals(e)) {
    doc.setFont('helvetica', k === 'Total' ? 'bold' : 'normal').setFontSize(11).setTextColor(33);
    doc.text(k, W - 120, y);
    doc.text(v, W - 14 - (W - 14 - (14 + total)), y, { align: 'right' });
    y += 6.5;
  }
  const off = e.lines.filter((l) => !l.enabled).map((l) => l.label);
  if (off.length) doc.setFont('helvetica', 'normal').setFontSize(9).setTextColor(110).text(`Not included: ${off.join(', ')}.`, 14, y + 4);
}

/** The same estimate as lines of the plain-text report. */
export function estimateText(e: Estimate): string[] {
  return ['', 'Estimate', `${e.deduction_text}.`, COLS.join('\t'), ...rows(e).map((r) => r.join('\t')), ...totals(e).map(([k, v]) => `${k}\t${v}`)];
}
