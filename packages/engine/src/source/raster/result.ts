/** The scanned page's findings as the engine's result object (same shape and frame as vector plans). */
import { bbox, distToPoly, pointInPoly, polyArea, polyPerimeter } from '../../core/geometry.js';
import { isLabelText, findPrintedScale, type TextItem } from '../text.js';
import type { AnalyzeOptions, AnalysisResult, Opening, PointMm, Room, Warning } from '../../types.js';
import type { Gap } from './gaps.js';
import type { Regions } from './regions.js';
import { NAME_HEIGHT_SHARE } from './room-names.js';
import { buildingOutline } from '../../core/outline.js';
import { measureOutsideWalls } from '../../measure/index.js';

const DEFAULT_DOOR_H = 2040;
const DEFAULT_WINDOW_H = 1200;
/** An opening touches a room within half its wall plus this margin (mm). */
const REACH_MARGIN_MM = 150;
const OUTDOOR = /ALFRESCO|PORCH|DECK|PATIO|BALCON|TERRACE|VERANDA|GARDEN|YARD|OUTDOOR|TERRASSE|BALKON/i;

export interface RasterFindings {
  options: AnalyzeOptions;
  k: number;
  t0: number;
  pageWidthMm: number;
  pageHeightMm: number;
  /** Deskewed pixel → page mm. */
  toMm: (p: [number, number]) => PointMm;
  mmPerPx: number;
  regions: Regions;
  gaps: Gap[];
  text: TextItem[];
  scanNote: { dpi: number; nativeDpi: number; skewDeg: number };
  engineVersion: string;
}

export function buildRasterResult(f: RasterFindings): AnalysisResult {
  const H = f.options.ceilingHeightMm;
  const labelled = f.text.filter((t) => isLabelText(t.str));
  const rooms: Room[] = f.regions.rooms.map((r) => {
    const poly = r.ring.map(f.toMm);
    const inside = labelled.filter((t) => pointInPoly(t.at[0], t.at[1], poly)).sort((a, b) => a.at[1] - b.at[1] || a.at[0] - b.at[0]);
    // the name is the room's largest writing: smaller lines in it are door tags, dimensions, areas
    const tallest = Math.max(0, ...inside.map((t) => t.heightMm));
    const names = tallest > 0 ? inside.filter((t) => t.heightMm >= NAME_HEIGHT_SHARE * tallest) : inside;
    const label = names.slice(0, 3).map((t) => t.str).join(' ').replace(/\s+/g, ' ').trim();
    const perimeter = polyPerimeter(poly);
    return {
      id: '', label, is_outdoor: OUTDOOR.test(label), polygon: poly, perimeter_mm: Math.round(perimeter),
      ceiling_area: Math.round(Math.abs(polyArea(poly))), total_wall_surface_area: Math.round(perimeter * H),
      total_window_area: 0, total_door_area: 0, net_wall_area: 0, windows: [], doors: [],
    };
  });
  rooms.sort((a, b) => bbox(a.polygon).y0 - bbox(b.polygon).y0 || bbox(a.polygon).x0 - bbox(b.polygon).x0);
  rooms.forEach((r, i) => {
    r.id = `room-${i + 1}`;
    // no readable name on the page: a numbered label, so every room can be told apart in lists and reports
    if (!r.label) r.label = `Room ${i + 1}`;
  });
  const exterior = f.regions.exterior.map(f.toMm);
  // the building's outline for its outside walls, as on a vector page (core/outline.ts); which openings lead outside is
  // decided on the ring
  const outline = buildingOutline(exterior, rooms.map((r) => r.polygon[0]));

  const found: Opening[] = [];
  for (const g of f.gaps) {
    if (g.kind === 'seal') continue;
    const cx = (g.x0 + g.x1 + 1) / 2, cy = (g.y0 + g.y1 + 1) / 2;
    const a: [number, number] = g.horizontal ? [g.x0, cy] : [cx, g.y0];
    const b: [number, number] = g.horizontal ? [g.x1 + 1, cy] : [cx, g.y1 + 1];
    const width = Math.round((g.horizontal ? g.x1 - g.x0 + 1 : g.y1 - g.y0 + 1) * f.mmPerPx);
    const thickness = Math.round((g.horizontal ? g.y1 - g.y0 + 1 : g.x1 - g.x0 + 1) * f.mmPerPx);
    const height = g.kind === 'window' ? DEFAULT_WINDOW_H : DEFAULT_DOOR_H;
    const dims = `H${height} x W${width}`;
    const pos = f.toMm([cx, cy]);
    const o: Opening = {
      id: '', kind: g.kind, subtype: g.subtype, tag: '', keyword: g.kind, dimensions: dims, dimensions_string: dims, width, height,
      height_assumed: true, position: pos, segment: [f.toMm(a), f.toMm(b)], wall_thickness: thickness, exterior: false, room_ids: [],
    };
    const reach = thickness / 2 + REACH_MARGIN_MM;
    for (const r of rooms) if (distToPoly(pos[0], pos[1], r.polygon) < reach) o.room_ids.push(r.id);
    o.exterior = exterior.length > 0 && distToPoly(pos[0], pos[1], exterior) < reach;
    found.push(o);
  }
  // a gap that neither joins two rooms nor leads outside is space between furniture and a wall, not a way through;
  // a window is glazing in the outer wall: on a scan its glass is read from lines alone, and lines across a gap
  // in an inner wall are a wardrobe's, a counter's or a sliding door's far more often than an inner window's
  // (the gap stays sealed, the rooms apart)
  const openings = found.filter((o) => (o.exterior && o.room_ids.length >= 1) || (o.kind === 'door' && o.room_ids.length >= 2));
  const byId = new Map(rooms.map((r) => [r.id, r]));
  let nDoor = 0, nWin = 0;
  for (const o of openings) {
    o.id = o.kind === 'door' ? `door-${++nDoor}` : `window-${++nWin}`;
    for (const id of o.room_ids) (o.kind === 'door' ? byId.get(id)!.doors : byId.get(id)!.windows).push(o);
  }
  for (const r of rooms) {
    r.total_window_area = Math.round(r.windows.reduce((s, o) => s + o.width * o.height, 0));
    r.total_door_area = Math.round(r.doors.reduce((s, o) => s + o.width * o.height, 0));
    r.net_wall_area = Math.max(0, r.total_wall_surface_area - r.total_window_area - r.total_door_area);
  }

  const n = f.scanNote;
  const warnings: Warning[] = [{
    code: 'scanned_plan',
    message: `Measured from a scanned image (${n.nativeDpi} dpi at the plan's scale, analysed at ${n.dpi} dpi${n.skewDeg ? `, straightened by ${Math.abs(n.skewDeg).toFixed(1)}°` : ''}); check the rooms on the overlay.`,
  }];
  if (nDoor) warnings.push({ code: 'door_height_assumed', message: `Door heights not printed on the plan; ${DEFAULT_DOOR_H} mm assumed.` });
  if (nWin) warnings.push({ code: 'window_height_assumed', message: `Window heights not printed on the plan; ${DEFAULT_WINDOW_H} mm assumed.` });
  const printed = findPrintedScale(f.text);
  if (printed && printed !== f.options.scale) warnings.push({ code: 'scale_mismatch', message: `The plan says 1:${printed} but 1:${f.options.scale} was chosen; check the scale.` });
  if (rooms.length === 0) warnings.push({ code: 'no_rooms', message: 'No closed rooms were found on this page; check the page, the scale and that it is a floor plan.' });
  if (rooms.some((r) => r.ceiling_area > 200e6 && !r.is_outdoor)) warnings.push({ code: 'scale_doubt', message: 'Some rooms are larger than 200 m²; the scale or paper size may be wrong.' });

  const ext = openings.filter((o) => o.exterior);
  return {
    rooms,
    statistics: { total_rooms: rooms.length, total_windows: nWin, total_doors: nDoor, ceiling_height_mm: H },
    metadata: {
      units: 'mm', page: f.options.page, scale_number: f.options.scale, paper_size: f.options.paper ?? 'page',
      page_width_mm: f.pageWidthMm, page_height_mm: f.pageHeightMm, mm_per_pt: f.k, engine_version: f.engineVersion,
      duration_ms: Date.now() - f.t0, wall_style: 'scan',
    },
    outside_detection: {
      detection_available: outline.length > 0, exterior_polygon: outline, ...measureOutsideWalls(outline, H),
      outside_windows: ext.filter((o) => o.kind === 'window'), outside_doors: ext.filter((o) => o.kind === 'door'),
      outside_windows_count: ext.filter((o) => o.kind === 'window').length, outside_doors_count: ext.filter((o) => o.kind === 'door').length,
    },
    warnings,
  };
}
