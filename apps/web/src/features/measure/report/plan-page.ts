import type { jsPDF } from 'jspdf';
import type { ResultDto } from '../api/measure-api';
import { roomNumber } from '../utils/format';
import { planFrameMm, tagPlaceMm } from '../utils/geometry';
import { layoutTags } from '../utils/tag-layout';

/** The plan PNG as a data URL with its pixel size (the report embeds it; the library is bundled, no CDN). */
export interface PlanImageInput { dataUrl: string; widthPx: number; heightPx: number }

const RGB = { room: [28, 126, 214], window: [12, 166, 120], door: [224, 49, 49], exterior: [112, 72, 232] } as const;

/**
 * Adds a page with the plan image and the selected rooms outlined and labelled. The image covers the page frame
 * in mm (metadata page size); the overlay maps that frame onto the largest box that fits under the header.
 */
export function addPlanPage(doc: jsPDF, result: ResultDto, roomIndexes: number[], image: PlanImageInput | undefined, header: () => void): void {
  doc.addPage();
  header();
  const W = doc.internal.pageSize.getWidth();
  const H = doc.internal.pageSize.getHeight();
  doc.setFont('helvetica', 'bold').setFontSize(14).setTextColor(33).text('Plan: selected rooms outlined', 14, 32);
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
  const selected = roomIndexes.map((i) => result.rooms[i]).filter((r) => r?.polygon && r.polygon.length > 2);
  for (const r of selected) outline(r.polygon!, RGB.room, 0.7, 0.15);
  for (const r of selected) {
    for (const [o, rgb] of [...r.windows.map((o) => [o, RGB.window] as const), ...r.doors.map((o) => [o, RGB.door] as const)]) {
      if (!o.segment) continue;
      doc.setDrawColor(rgb[0], rgb[1], rgb[2]).setLineWidth(1.2).line(X(o.segment[0][0]), Y(o.segment[0][1]), X(o.segment[1][0]), Y(o.segment[1][1]));
    }
  }
  // Room numbers on white discs (the table names them); tags that would touch move apart on a leader line.
  doc.setFont('helvetica', 'bold').setFontSize(8);
  const numbered = roomIndexes.filter((i) => (result.rooms[i]?.polygon?.length ?? 0) > 2);
  const anchors = numbered.map((i) => { const [cx, cy] = tagPlaceMm(result.rooms[i].polygon!, 6 / s); return [X(cx), Y(cy)] as [number, number]; });
  const tagR = 2.6;
  layoutTags(anchors, tagR).forEach((tag, k) => {
    const n = String(roomNumber(result.rooms[numbered[k]], numbered[k]));
    const w = Math.max(tagR * 2, doc.getTextWidth(n) + 2.4);
    if (tag.moved) {
      doc.setDrawColor(28, 126, 214).setLineWidth(0.25).line(tag.anchor[0], tag.anchor[1], tag.x, tag.y);
      doc.setFillColor(28, 126, 214).circle(tag.anchor[0], tag.anchor[1], 0.5, 'F');
    }
    doc.setFillColor(255, 255, 255).setDrawColor(28, 126, 214).setLineWidth(0.3).roundedRect(tag.x - w / 2, tag.y - tagR, w, tagR * 2, tagR, tagR, 'FD');
    doc.setTextColor(11, 61, 107).text(n, tag.x, tag.y, { align: 'center', baseline: 'middle' });
  });
  doc.restoreGraphicsState();
  doc.setDrawColor(206, 212, 218).setLineWidth(0.3).rect(X(frame.x), Y(frame.y), frame.w * s, frame.h * s);
  // Legend
  const legend: [string, readonly number[]][] = [['Selected room', RGB.room], ['Window', RGB.window], ['Door', RGB.door], ['Exterior outline', RGB.exterior]];
  let lx = 14;
  doc.setFont('helvetica', 'normal').setFontSize(9).setTextColor(90);
  for (const [label, rgb] of legend) {
    doc.setDrawColor(rgb[0], rgb[1], rgb[2]).setLineWidth(1.2).line(lx, H - 15, lx + 8, H - 15);
    doc.text(label, lx + 10, H - 14);
    lx += 14 + doc.getTextWidth(label) + 8;
  }
  doc.text(`${selected.length} room${selected.length === 1 ? '' : 's'} outlined`, lx, H - 14);
}
