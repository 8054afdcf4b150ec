/** Builds one synthetic plan: PDF bytes and its exact ground truth. */
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';
import { PAPER_MM, type Paper, type PlanSpec } from './catalog.js';
import { drawBoundary, drawDimensions, drawFurniture, drawGrid, drawNorthArrow, drawSheet, drawTiles } from './clutter.js';
import { Drawer } from './drawer.js';
import { makeLayout } from './layout.js';
import { buildModel, translateLayout, type PlanModel } from './model.js';
import { type Pt, ringPerimeter } from './poly.js';
import { drawOpening, drawRoomLabel, drawTag, drawWalls } from './render.js';
import { Rng } from './rng.js';
import type { PlanTruth } from './truth.js';

const PT_PER_MM = 72 / 25.4;

function sheetMm(spec: PlanSpec, paper: Paper | 'custom'): [number, number] {
  const [a, b] = paper === 'custom' ? spec.customSizeMm! : PAPER_MM[paper];
  const long = Math.max(a, b);
  const short = Math.min(a, b);
  return spec.portrait ? [short, long] : [long, short];
}

export async function buildPlan(spec: PlanSpec): Promise<{ pdf: Uint8Array; truth: PlanTruth }> {
  // pdf-lib names font resources with Math.random(); a seeded stand-in keeps the bytes reproducible.
  const realRandom = Math.random;
  const fontRng = new Rng(spec.seed ^ 0x5eed);
  Math.random = () => fontRng.next();
  try {
    return await buildPlanUnseeded(spec);
  } finally {
    Math.random = realRandom;
  }
}

async function buildPlanUnseeded(spec: PlanSpec): Promise<{ pdf: Uint8Array; truth: PlanTruth }> {
  const rng = new Rng(spec.seed);
  const [paperW, paperH] = sheetMm(spec, spec.drawnPaper);
  const [pageW, pageH] = sheetMm(spec, spec.printedPaper);
  const N = spec.scale;
  const small = paperW < 300;
  const block = spec.features.titleBlock ? { w: small ? 110 : 170, h: small ? 24 : 40 } : { w: 0, h: 0 };
  // Drawing region on the paper (mm), leaving room for dimension chains, grid bubbles and the title block.
  const left = 42;
  const top = 42;
  const right = paperW - 28;
  const bottom = paperH - 24 - block.h;
  const layout0 = makeLayout(rng, {
    kind: spec.kind,
    maxWidth: (right - left) * N - spec.exteriorThickness,
    maxHeight: (bottom - top) * N - spec.exteriorThickness,
    chamfer: spec.features.chamfer,
    outdoor: spec.features.outdoor,
  });
  const slackX = Math.max(0, (right - left) * N - layout0.width - spec.exteriorThickness);
  const slackY = Math.max(0, (bottom - top) * N - layout0.height - spec.exteriorThickness);
  const ox = Math.round(left * N + spec.exteriorThickness / 2 + rng.range(0, slackX * 0.5));
  const oy = Math.round(top * N + spec.exteriorThickness / 2 + rng.range(0, slackY * 0.5));
  const layout = translateLayout(layout0, ox, oy);
  const model = buildModel(rng, layout, {
    exteriorThickness: spec.exteriorThickness,
    interiorThickness: spec.interiorThickness,
    tagStyle: spec.tagStyle,
    doorMix: spec.doorMix,
    windowChance: 0.7,
  });

  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pageSizePt: [number, number] = [pageW * PT_PER_MM, pageH * PT_PER_MM];
  for (let p = 1; p <= spec.pageCount; p++) {
    if (p !== spec.planPage) {
      otherSheet(doc.addPage(pageSizePt), font, p, spec);
      continue;
    }
    const page = doc.addPage(pageSizePt);
    const printFactor = pageW / paperW;
    if (spec.asXObject) {
      // Draw at the paper size it was made for, then place it on the page as a scaled Form XObject.
      const src = await PDFDocument.create();
      const srcFont = await src.embedFont(StandardFonts.Helvetica);
      const srcPage = src.addPage([paperW * PT_PER_MM, paperH * PT_PER_MM]);
      drawPlan(new Drawer(srcPage, srcFont, N, 1), model, spec, rng, [paperW, paperH]);
      // Saving first embeds the fonts, which embedPage of an unsaved page would leave behind.
      const [embedded] = await doc.embedPdf(await src.save({ useObjectStreams: false }), [0]);
      page.drawPage(embedded, { x: 0, y: 0, xScale: printFactor, yScale: printFactor });
    } else {
      drawPlan(new Drawer(page, font, N, printFactor), model, spec, rng, [paperW, paperH]);
    }
  }
  // Fixed dates keep the bytes identical across runs.
  const epoch = new Date(Date.UTC(2026, 0, 1));
  doc.setCreationDate(epoch);
  doc.setModificationDate(epoch);
  doc.setProducer('plansight synthetic plan generator');
  doc.setCreator('plansight bench');
  const pdf = await doc.save({ useObjectStreams: false });
  return { pdf, truth: toTruth(spec, model, pageSizePt) };
}

function drawPlan(d: Drawer, m: PlanModel, spec: PlanSpec, rng: Rng, paper: [number, number]): void {
  const f = spec.features;
  if (f.tiles) drawTiles(d, m.rooms);
  if (f.grid) drawGrid(d, m);
  drawWalls(d, m, spec.style);
  for (const o of m.openings) drawOpening(d, o);
  if (f.furniture) drawFurniture(d, m, rng, f.furnitureTouchesWalls);
  if (f.dimensions) drawDimensions(d, m);
  const labelSize = d.scale >= 200 ? 2 : 2.5;
  for (const room of m.rooms) {
    const extra: string[] = [];
    if (f.areaText) extra.push(`${(room.area_mm2 / 1e6).toFixed(2)} m²`);
    const isRect = room.polygon.length === 4;
    if (f.sizeText && isRect) {
      const xs = room.polygon.map((p) => p[0]);
      const ys = room.polygon.map((p) => p[1]);
      extra.push(`${Math.round(Math.max(...xs) - Math.min(...xs))} x ${Math.round(Math.max(...ys) - Math.min(...ys))}`);
    }
    drawRoomLabel(d, room, extra, labelSize);
  }
  for (const o of m.openings) drawTag(d, o, 1.8);
  if (f.titleBlock) {
    const small = paper[0] < 300;
    drawSheet(d, {
      paperWidthMm: paper[0], paperHeightMm: paper[1], paperName: spec.drawnPaper === 'custom' ? 'A1' : spec.drawnPaper,
      title: 'GROUND FLOOR PLAN', sheetNo: `A-1${spec.planPage}0`, blockW: small ? 110 : 170, blockH: small ? 24 : 40,
    });
  }
  if (f.northArrow) drawNorthArrow(d, [(paper[0] - 25) * d.scale, 30 * d.scale]);
  if (f.boundary) drawBoundary(d, m, rng);
}

/** Cover sheets and elevations: pages that are not the plan. */
function otherSheet(page: PDFPage, font: PDFFont, n: number, spec: PlanSpec): void {
  const h = page.getHeight();
  page.drawText(n === 1 ? 'COVER SHEET' : 'ELEVATIONS', { x: 60, y: h - 80, size: 24, font });
  page.drawText(`Drawing list: A-100 cover, A-1${spec.planPage}0 ground floor plan`, { x: 60, y: h - 120, size: 12, font });
  if (n !== 1) {
    // A simple elevation: ground line, facade, roof.
    page.drawRectangle({ x: 100, y: 150, width: 400, height: 160, borderWidth: 1.2 });
    page.drawLine({ start: { x: 60, y: 150 }, end: { x: 560, y: 150 }, thickness: 2 });
    page.drawLine({ start: { x: 90, y: 310 }, end: { x: 300, y: 400 }, thickness: 1 });
    page.drawLine({ start: { x: 300, y: 400 }, end: { x: 510, y: 310 }, thickness: 1 });
  }
}

function toTruth(spec: PlanSpec, m: PlanModel, pageSizePt: [number, number]): PlanTruth {
  const round = (p: Pt): [number, number] => [Math.round(p[0] * 10) / 10, Math.round(p[1] * 10) / 10];
  const openings = m.openings.map((o) => ({
    id: o.id, kind: o.kind, subtype: o.subtype, tag: o.tag, tag_text: o.tagText, width: o.width, height: o.height,
    position: round(o.center),
    segment: [round([o.center[0] - (o.u[0] * o.width) / 2, o.center[1] - (o.u[1] * o.width) / 2]), round([o.center[0] + (o.u[0] * o.width) / 2, o.center[1] + (o.u[1] * o.width) / 2])] as [[number, number], [number, number]],
    exterior: o.exterior, room_ids: o.roomIds,
  }));
  const features = Object.entries(spec.features).filter(([, v]) => v).map(([k]) => k);
  if (spec.pageCount > 1) features.push('multi-page');
  if (spec.drawnPaper !== spec.printedPaper) features.push('printed-other-paper');
  if (spec.asXObject) features.push('form-xobject');
  if (spec.drawnPaper === 'custom') features.push('no-paper-option');
  return {
    id: spec.id,
    file: `${spec.id}.pdf`,
    seed: spec.seed,
    options: {
      page: spec.planPage, scale: spec.scale, ceilingHeightMm: spec.ceilingHeightMm,
      ...(spec.drawnPaper === 'custom' ? {} : { paper: spec.drawnPaper }),
    },
    drawn_paper: spec.drawnPaper,
    printed_page: spec.printedPaper,
    page_size_pt: [Math.round(pageSizePt[0] * 100) / 100, Math.round(pageSizePt[1] * 100) / 100],
    page_count: spec.pageCount,
    embedded_as_xobject: spec.asXObject,
    wall_style: spec.style,
    layout: spec.kind,
    tag_style: spec.tagStyle,
    features,
    exterior_thickness_mm: m.exteriorThickness,
    interior_thickness_mm: m.interiorThickness,
    rooms: m.rooms.map((r) => ({
      id: r.id, label: r.label, is_outdoor: r.is_outdoor, polygon: r.polygon as [number, number][], area_mm2: r.area_mm2,
      perimeter_mm: r.perimeter_mm, door_ids: r.door_ids, window_ids: r.window_ids,
    })),
    openings,
    exterior: { polygon: m.exteriorPolygon as [number, number][], total_walls_mm: Math.round(ringPerimeter(m.exteriorPolygon) * 10) / 10 },
    totals: {
      rooms: m.rooms.length,
      doors: openings.filter((o) => o.kind === 'door').length,
      windows: openings.filter((o) => o.kind === 'window').length,
      exterior_doors: openings.filter((o) => o.kind === 'door' && o.exterior).length,
      exterior_windows: openings.filter((o) => o.kind === 'window' && o.exterior).length,
    },
  };
}
