import type { jsPDF } from 'jspdf';
import type { ResultDto } from '../api/measure-api';
import { roomNumber } from '../utils/format';
import { centroidMm, planFrameMm, tagPlaceMm, unmeasuredAreas } from '../utils/geometry';
import { layoutTags } from '../utils/tag-layout';
import { openingOf, shortLabel, type ReportOpening } from './report-openings';

/** The plan PNG as a data URL with its pixel size (the report embeds it; the library is bundled, no CDN). */
export interface PlanImageInput { dataUrl: string; widthPx: number; heightPx: number }

const RGB = { room: [28, 126, 214], window: [12, 166, 120], door: [224, 49, 49], exterior: [112, 72, 232], unmeasured: [214, 51, 108] } as const;
/** Room number discs and opening tags on paper (mm): readable when the A3 page is printed. */
const ROOM_TAG_R_MM = 3.4;
const ROOM_TAG_PT = 10;
const OPENING_TAG_PT = 6.5;
/** How far an opening's tag sits from the wall, on the side away from its room (mm on paper). */
const OPENING_TAG_OFFSET_MM = 4;

/**
 * Adds a page with the plan image and the selected rooms outlined and labelled. The image covers the page frame
 * in mm (metadata page size); the overlay maps that frame onto the largest box that fits under the header.
 */
export function addPlanPage(
  doc: jsPDF, result: ResultDto, roomIndexes: number[], image: PlanImageInput | undefined, header: () => void, numbers: Map<string, ReportOpening> = new Map(),
): void {
  doc.addPage();
  header();
  const W = doc.internal.pageSize.getWidth();
  const H = doc.internal.pageSize.getHeight();
  doc.setFont('helvetica', 'bold').setFontSize(14).setTextColor(33).text('Floor plan: rooms, windows and doors numbered as in the table', 14, 32);
  const box = { x: 14, y: 38, w: W - 28, h: H - 38 - 22 };
  const frame = planFrameMm(result);
  const s = Math.min(box.w / frame.w, box.h / frame.h);
  const ox = box.x + (box.w - frame.w * s) / 2 - frame.x * s;
  const oy = box.y + (box.h - frame.h * s) / 2 - frame.y * s;
  const X = (xMm: number) => ox + xMm * s;
  const Y = (yMm: number) => oy + yMm * s;
  // Everything on the plan stays inside the frame: the image is the whole sheet, the frame only the building.
  doc.saveGraphicsState();
  doc.rect(X(frame.x), Y(frame.y), frame.w * s, frame.h * s, null);
  doc.clip();
  doc.discardPath();
  if (image) {
    const pw = result.metadata.page_width_mm ?? frame.w;
    const ph = result.metadata.page_height_mm ?? frame.h;
    doc.addImage(image.dataUrl, 'PNG', X(0), Y(0), pw * s, ph * s, 'plan', 'FAST');
  }
  const outline = (poly: [number, number][], rgb: readonly number[], width: number, fillOpacity: number) => {
    const deltas = poly.slice(1).map((p, i) => [(p[0] - poly[i][0]) * s, (p[1] - poly[i][1]) * s]);
    doc.setDrawColor(rgb[0], rgb[1], rgb[2]).setLineWidth(width);
    if (fillOpacity > 0) {
      doc.saveGraphicsState();
      doc.setGState(doc.GState({ opacity: fillOpacity }));
      doc.setFillColor(rgb[0], rgb[1], rgb[2]).lines(deltas, X(poly[0][0]), Y(poly[0][1]), [1, 1], 'F', true);
      doc.restoreGraphicsState();
    }
    doc.lines(deltas, X(poly[0][0]), Y(poly[0][1]), [1, 1], 'S', true);
  };
  const ext = result.outside_detection?.exterior_polygon;
  if (ext && ext.length > 2) { doc.setLineDashPattern([3, 2], 0); outline(ext, RGB.exterior, 0.6, 0); doc.setLineDashPattern([], 0); }
  // the space in no room (warning unmeasured_space): what the quote does not cover, outlined and tinted
  const unmeasured = unmeasuredAreas(result.warnings, result.rooms);
  if (unmeasured.length) { doc.setLineDashPattern([1.5, 1], 0); for (const a of unmeasured) outline(a, RGB.unmeasured, 0.5, 0.12); doc.setLineDashPattern([], 0); }
  const selected = roomIndexes.map((i) => result.rooms[i]).filter((r) => r?.polygon && r.polygon.length > 2);
  for (const r of selected) outline(r.polygon!, RGB.room, 0.7, 0.15);
  // Each opening once: the chosen rooms' and the outside walls'; its tag goes off the wall, away from its room.
  const od = result.outside_detection?.detection_available ? result.outside_detection : undefined;
  const center = ext && ext.length > 2 ? centroidMm(ext) : null;
  const openings = new Map<string, { o: (typeof selected)[number]['windows'][number]; kind: 'Window' | 'Door'; away: [number, number] | null }>();
  const collect = (list: (typeof selected)[number]['windows'], kind: 'Window' | 'Door', away: [number, number] | null) => {
    for (const o of list) {
      const n = openingOf(numbers, o, kind);
      if (o.segment && !openings.has(n?.key ?? o.id)) openings.set(n?.key ?? o.id, { o, kind, away });
    }
  };
  for (const r of selected) { const c = centroidMm(r.polygon!); collect(r.windows, 'Window', c); collect(r.doors, 'Door', c); }
  collect(od?.outside_windows ?? [], 'Window', center);
  collect(od?.outside_doors ?? [], 'Door', center);
  for (const { o, kind } of openings.values()) {
    const rgb = kind === 'Window' ? RGB.window : RGB.door;
    doc.setDrawColor(rgb[0], rgb[1], rgb[2]).setLineWidth(1.2).line(X(o.segment![0][0]), Y(o.segment![0][1]), X(o.segment![1][0]), Y(o.segment![1][1]));
  }
  // Room numbers first (they keep their spot), then the openings' numbers; tags that would touch move apart on a leader line.
  const numbered = roomIndexes.filter((i) => (result.rooms[i]?.polygon?.length ?? 0) > 2);
  const roomAnchors = numbered.map((i) => { const [cx, cy] = tagPlaceMm(result.rooms[i].polygon!, 7 / s); return [X(cx), Y(cy)] as [number, number]; });
  const openingTags = [...openings.values()].flatMap(({ o, kind, away }) => {
    const n = openingOf(numbers, o, kind);
    if (!n) return [];
    const [[x0, y0], [x1, y1]] = o.segment!;
    const mx = X((x0 + x1) / 2), my = Y((y0 + y1) / 2);
    let nx = -(Y(y1) - Y(y0)), ny = X(x1) - X(x0);
    const len = Math.hypot(nx, ny) || 1;
    nx /= len; ny /= len;
    // the normal that points away from the room (or the building's middle)
    if (away && (X(away[0]) - mx) * nx + (Y(away[1]) - my) * ny > 0) { nx = -nx; ny = -ny; }
    return [{ text: shortLabel(n), kind, anchor: [mx + nx * OPENING_TAG_OFFSET_MM, my + ny * OPENING_TAG_OFFSET_MM] as [number, number] }];
  });
  const places = layoutTags([...roomAnchors, ...openingTags.map((t) => t.anchor)], ROOM_TAG_R_MM);
  places.slice(roomAnchors.length).forEach((tag, k) => {
    const t = openingTags[k];
    const rgb = t.kind === 'Window' ? RGB.window : RGB.door;
    doc.setFont('helvetica', 'bold').setFontSize(OPENING_TAG_PT);
    const w = doc.getTextWidth(t.text) + 1.8;
    if (tag.moved) doc.setDrawColor(rgb[0], rgb[1], rgb[2]).setLineWidth(0.2).line(tag.anchor[0], tag.anchor[1], tag.x, tag.y);
    doc.setFillColor(255, 255, 255).setDrawColor(rgb[0], rgb[1], rgb[2]).setLineWidth(0.3).roundedRect(tag.x - w / 2, tag.y - 1.9, w, 3.8, 0.8, 0.8, 'FD');
    doc.setTextColor(rgb[0] * 0.6, rgb[1] * 0.6, rgb[2] * 0.6).text(t.text, tag.x, tag.y, { align: 'center', baseline: 'middle' });
  });
  doc.setFont('helvetica', 'bold').setFontSize(ROOM_TAG_PT);
  places.slice(0, roomAnchors.length).forEach((tag, k) => {
    const n = String(roomNumber(result.rooms[numbered[k]], numbered[k]));
    const w = Math.max(ROOM_TAG_R_MM * 2, doc.getTextWidth(n) + 2.8);
    if (tag.moved) {
      doc.setDrawColor(28, 126, 214).setLineWidth(0.3).line(tag.anchor[0], tag.anchor[1], tag.x, tag.y);
      doc.setFillColor(28, 126, 214).circle(tag.anchor[0], tag.anchor[1], 0.6, 'F');
    }
    doc.setFillColor(28, 126, 214).setDrawColor(255, 255, 255).setLineWidth(0.4).roundedRect(tag.x - w / 2, tag.y - ROOM_TAG_R_MM, w, ROOM_TAG_R_MM * 2, ROOM_TAG_R_MM, ROOM_TAG_R_MM, 'FD');
    doc.setTextColor(255, 255, 255).text(n, tag.x, tag.y, { align: 'center', baseline: 'middle' });
  });
  doc.restoreGraphicsState();
  doc.setDrawColor(206, 212, 218).setLineWidth(0.3).rect(X(frame.x), Y(frame.y), frame.w * s, frame.h * s);
  // Legend
  const legend: [string, readonly number[]][] = [['Room (number as in the table)', RGB.room], ['Window (W)', RGB.window], ['Door (D)', RGB.door], ['Outside wall line', RGB.exterior],
    ...(unmeasured.length ? [['In no room (not measured)', RGB.unmeasured] as [string, readonly number[]]] : [])];
  let lx = 14;
  doc.setFont('helvetica', 'normal').setFontSize(9).setTextColor(90);
  for (const [label, rgb] of legend) {
    doc.setDrawColor(rgb[0], rgb[1], rgb[2]).setLineWidth(1.2).line(lx, H - 15, lx + 8, H - 15);
    doc.text(label, lx + 10, H - 14);
    lx += 14 + doc.getTextWidth(label) + 8;
  }
  doc.text(`${selected.length} room${selected.length === 1 ? '' : 's'}, ${openings.size} window${openings.size === 1 ? '' : 's'} and door${openings.size === 1 ? '' : 's'} shown`, lx, H - 14);
}
