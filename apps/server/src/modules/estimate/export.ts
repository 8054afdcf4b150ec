import ExcelJS from 'exceljs';
import {
  computeEstimate, describeDeduction, isDeducted, openingAreaMm2, openingSizeMm, outsideWallsMm2,
  type EstimateSettings, type OpeningDto, type ResultDto, type RoomDto,
} from '@plansight/contracts';

/** Formats of the cells: the unit is part of the number format, so the cell stays a number Excel can add up. */
const FMT = { m: '0.00" m"', m2: '0.00" m²"', l: '0.0" L"', mm: '0" mm"', pct: '0" %"', int: '0', rate: '0.0" m²/L"' } as const;
const money = (currency: string) => `#,##0.00" ${currency}"`;
const r3 = (v: number) => Math.round(v * 1000) / 1000;

/** 'Plansight - <title> - <date>.<ext>', safe as a header value and a file name. */
export function exportFileName(title: string, ext: string): string {
  const safe = title.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim().slice(0, 80) || 'Project';
  return `Plansight - ${safe} - ${new Date().toISOString().slice(0, 10)}.${ext}`;
}

/** The rooms an export covers: not left out, and the chosen ones when a choice was given; numbered as shown. */
function chosenRooms(result: ResultDto, ids?: string[]): { room: RoomDto; no: number }[] {
  return result.rooms
    .map((room, i) => ({ room, no: (room as { number?: number }).number ?? i + 1 }))
    .filter(({ room }) => !room.excluded && (!ids || ids.includes(room.id)));
}

const roomName = (no: number, label: string) => (label ? `Room ${no} — ${label}` : `Room ${no}`);

function header(ws: ExcelJS.Worksheet, cols: { header: string; width: number; fmt?: string }[]) {
  ws.columns = cols.map((c) => ({ header: c.header, width: c.width, style: c.fmt ? { numFmt: c.fmt } : {} }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
}

/** A totals row: SUM formulas (with their results cached, so viewers without a calculation engine show them). */
function totalsRow(ws: ExcelJS.Worksheet, first: number, last: number, label: string, sumCols: string[], labelCol = 'B') {
  const row = ws.addRow([]);
  row.getCell(labelCol).value = label;
  for (const c of sumCols) {
    let result = 0;
    for (let r = first; r <= last; r++) {
      const v = ws.getCell(`${c}${r}`).value as number | { result?: number } | null;
      result += typeof v === 'number' ? v : (v?.result ?? 0);
    }
    row.getCell(c).value = { formula: last >= first ? `SUM(${c}${first}:${c}${last})` : '0', result: r3(result) };
  }
  row.font = { bold: true };
  return row;
}

/**
 * The workbook a painter carries into their pricing: rooms (every measured value and the room's openings),
 * openings, outside walls and the estimate, with totals as formulas so a changed figure updates them.
 */
export async function resultWorkbook(result: ResultDto, settings: EstimateSettings, ids?: string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Plansight';
  wb.created = new Date();
  const d = settings.deduction;
  const rooms = chosenRooms(result, ids);
  const heightM = result.statistics.ceiling_height_mm / 1000;

  const ws = wb.addWorksheet('Rooms');
  header(ws, [
    { header: 'No.', width: 6, fmt: FMT.int }, { header: 'Room', width: 28 }, { header: 'Skirting', width: 12, fmt: FMT.m },
    { header: 'Ceiling area', width: 14, fmt: FMT.m2 }, { header: 'Wall area (gross)', width: 17, fmt: FMT.m2 },
    { header: 'Deducted openings', width: 18, fmt: FMT.m2 }, { header: 'Net wall area', width: 15, fmt: FMT.m2 },
    { header: 'Windows', width: 9, fmt: FMT.int }, { header: 'Doors', width: 8, fmt: FMT.int }, { header: 'Openings', width: 60 },
  ]);
  for (const { room, no } of rooms) {
    const openings = [...room.windows, ...room.doors];
    const deducted = r3(openings.filter((o) => isDeducted(o, d)).reduce((a, o) => a + openingAreaMm2(o), 0) / 1e6);
    const gross = r3(room.total_wall_surface_area / 1e6);
    const row = ws.addRow([no, room.label || `Room ${no}`, r3(room.perimeter_mm / 1000), r3(room.ceiling_area / 1e6), gross, deducted, null,
      room.windows.length, room.doors.length, openings.map(describeOpening).join('; ')]);
    row.getCell('G').value = { formula: `E${row.number}-F${row.number}`, result: r3(gross - deducted) };
  }
  totalsRow(ws, 2, rooms.length + 1, 'Total', ['C', 'D', 'E', 'F', 'G', 'H', 'I']);
  ws.addRow([]);
  ws.addRow(['', `Ceiling height ${result.statistics.ceiling_height_mm} mm; scale ${result.metadata.scale_ratio}. ${describeDeduction(d)}.`]);

  const wo = wb.addWorksheet('Openings');
  header(wo, [
    { header: 'Opening', width: 12 }, { header: 'Kind', width: 9 }, { header: 'Tag', width: 8 }, { header: 'Rooms', width: 30 },
    { header: 'Width', width: 10, fmt: FMT.mm }, { header: 'Height', width: 10, fmt: FMT.mm }, { header: 'Area', width: 11, fmt: FMT.m2 },
    { header: 'Deducted', width: 10 }, { header: 'Outside', width: 9 },
  ]);
  const seen = new Set<string>();
  const outsideIds = new Set([...result.outside_detection.outside_windows, ...result.outside_detection.outside_doors].map((o) => o.id));
  for (const { room, no } of rooms)
    for (const o of [...room.windows, ...room.doors]) {
      if (seen.has(o.id)) continue;
      seen.add(o.id);
      const inRooms = rooms.filter((x) => [...x.room.windows, ...x.room.doors].some((p) => p.id === o.id)).map((x) => roomName(x.no, x.room.label));
      const z = openingSizeMm(o);
      const row = wo.addRow([o.id, o.keyword, o.tag || '', inRooms.join(', ') || roomName(no, room.label), z.widthMm, z.heightMm, null,
        isDeducted(o, d) ? 'Yes' : 'No', outsideIds.has(o.id) ? 'Yes' : 'No']);
      row.getCell('G').value = { formula: `E${row.number}*F${row.number}/1000000`, result: r3((z.widthMm * z.heightMm) / 1e6) };
    }
  totalsRow(wo, 2, seen.size + 1, 'Total', ['G'], 'A');

  const wx = wb.addWorksheet('Outside walls');
  wx.columns = [{ width: 28 }, { width: 16 }];
  if (result.outside_detection.detection_available) {
    const out = outsideWallsMm2(result, d);
    wx.addRow(['Wall length', r3(out.lengthMm / 1000)]).getCell(2).numFmt = FMT.m;
    wx.addRow(['Ceiling height', r3(heightM)]).getCell(2).numFmt = FMT.m;
    wx.addRow(['Wall area (gross)', { formula: 'B1*B2', result: r3(out.grossMm2 / 1e6) }]).getCell(2).numFmt = FMT.m2;
    wx.addRow(['Deducted openings', r3(out.deductedMm2 / 1e6)]).getCell(2).numFmt = FMT.m2;
    wx.addRow(['Net wall area', { formula: 'B3-B4', result: r3((out.grossMm2 - out.deductedMm2) / 1e6) }]).getCell(2).numFmt = FMT.m2;
    wx.getColumn(1).font = { bold: true };
    wx.addRow([]);
    wx.addRow(['Outside openings', 'Size']).font = { bold: true };
    for (const o of [...result.outside_detection.outside_windows, ...result.outside_detection.outside_doors]) wx.addRow([`${o.keyword} ${o.id}`, describeSize(o)]);
  } else {
    wx.addRow(['No outside walls were detected on this plan.']);
  }

  addEstimateSheet(wb, result, settings, ids);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function describeSize(o: OpeningDto): string {
  const z = openingSizeMm(o);
  return `${Math.round(z.widthMm)} × ${Math.round(z.heightMm)} mm`;
}
const describeOpening = (o: OpeningDto) => `${o.keyword} ${o.tag || o.id} ${describeSize(o)}`;

/** Surfaces with their quantities; litres, costs and totals as formulas over the editable cells. */
function addEstimateSheet(wb: ExcelJS.Workbook, result: ResultDto, settings: EstimateSettings, ids?: string[]) {
  const e = computeEstimate(result, settings, ids);
  const cur = money(settings.currency);
  const ws = wb.addWorksheet('Estimate');
  header(ws, [
    { header: 'Surface', width: 22 }, { header: 'Unit', width: 6 }, { header: 'Quantity', width: 12, fmt: '0.00' },
    { header: 'Paint band (m)', width: 14, fmt: '0.000' }, { header: 'Coats', width: 7, fmt: FMT.int }, { header: 'Spreading rate', width: 15, fmt: FMT.rate },
    { header: 'Waste', width: 8, fmt: FMT.pct }, { header: 'Litres', width: 10, fmt: FMT.l }, { header: 'Tins', width: 18 },
    { header: 'Price per litre', width: 15, fmt: cur }, { header: 'Paint cost', width: 13, fmt: cur }, { header: 'Labour rate', width: 13, fmt: cur },
    { header: 'Labour cost', width: 13, fmt: cur }, { header: 'Subtotal', width: 13, fmt: cur },
  ]);
  const lines = e.lines.filter((l) => l.enabled);
  for (const l of lines) {
    const band = l.unit === 'm' ? (l.surface === 'skirting' ? settings.skirting_height_mm : settings.frame_width_mm) / 1000 : 1;
    const row = ws.addRow([l.label, l.unit, l.quantity, band, l.coats, l.spread_m2_per_l, l.waste_pct, null,
      l.tins.map((t) => `${t.count} × ${t.size_l} L`).join(' + ') || '—', l.price_per_l ?? 0, null, l.labour_rate ?? 0, null, null]);
    const n = row.number;
    const litres = ((l.quantity * band * l.coats) / l.spread_m2_per_l) * (1 + l.waste_pct / 100);
    row.getCell('H').value = { formula: `C${n}*D${n}*E${n}/F${n}*(1+G${n}/100)`, result: r3(litres) };
    row.getCell('K').value = { formula: `H${n}*J${n}`, result: r3(litres * (l.price_per_l ?? 0)) };
    row.getCell('M').value = { formula: `C${n}*L${n}`, result: r3(l.quantity * (l.labour_rate ?? 0)) };
    row.getCell('N').value = { formula: `K${n}+M${n}`, result: r3(litres * (l.price_per_l ?? 0) + l.quantity * (l.labour_rate ?? 0)) };
  }
  const last = lines.length + 1;
  const tot = totalsRow(ws, 2, last, 'Total', ['H', 'K', 'M', 'N'], 'A');
  const sub = tot.getCell('N');
  const subResult = (sub.value as { result: number }).result;
  const gstRow = ws.addRow(['GST', '', settings.gst_pct]);
  gstRow.getCell('C').numFmt = FMT.pct;
  gstRow.getCell('N').value = { formula: `N${tot.number}*C${gstRow.number}/100`, result: r3((subResult * settings.gst_pct) / 100) };
  const totalRow = ws.addRow(['Total incl. GST']);
  totalRow.getCell('N').value = { formula: `N${tot.number}+N${gstRow.number}`, result: r3(subResult * (1 + settings.gst_pct / 100)) };
  totalRow.font = { bold: true };
  ws.addRow([]);
  ws.addRow([`${e.deduction_text}. Paint cost is litres needed (with waste) × price per litre; labour is quantity × rate. Tins cover the litres with the least left over.`]);
  const off = e.lines.filter((l) => !l.enabled).map((l) => l.label);
  if (off.length) ws.addRow([`Not included: ${off.join(', ')}.`]);
}

const csvCell = (v: string | number) => {
  const s = String(v);
  return /[",\n\r;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The rooms table for any other tool: one line a room, metres and square metres to 2 decimals. */
export function roomsCsv(result: ResultDto, ids?: string[]): string {
  const head = ['No.', 'Room', 'Skirting (m)', 'Ceiling area (m²)', 'Wall area (m²)', 'Net wall area (m²)', 'Windows', 'Doors', 'Window area (m²)', 'Door area (m²)'];
  const lines = chosenRooms(result, ids).map(({ room, no }) => [
    no, room.label || `Room ${no}`, (room.perimeter_mm / 1000).toFixed(2), (room.ceiling_area / 1e6).toFixed(2), (room.total_wall_surface_area / 1e6).toFixed(2),
    (room.net_wall_area / 1e6).toFixed(2), room.windows.length, room.doors.length, (room.total_window_area / 1e6).toFixed(2), (room.total_door_area / 1e6).toFixed(2),
  ]);
  // a byte-order mark so spreadsheet programs read the m² as UTF-8
  return `\uFEFF${[head, ...lines].map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
