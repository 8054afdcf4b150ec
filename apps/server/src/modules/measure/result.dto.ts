import type { OpeningDto, ResultDto, ResultTotals, RoomDto } from '@plansight/contracts';
import { openingsArea } from '@plansight/engine/measure';
import type { AnalysisResult } from '@plansight/engine';
import type { ProjectRow } from '../projects/projects.repository.js';
import type { AnalysisRow, RoomEditRow } from './measure.repository.js';
import type { EditVersion } from './room-edits.repository.js';
import { applyEdits, matchEdits } from './room-edits.js';

/** Each opening once (a window between two rooms is listed in both), by id. */
function distinct(lists: OpeningDto[][]): OpeningDto[] {
  const byId = new Map<string, OpeningDto>();
  for (const o of lists.flat()) if (!byId.has(o.id)) byId.set(o.id, o);
  return [...byId.values()];
}

/**
 * Sums over the rooms the user did not leave out. A door between two counted rooms is one door, counted and
 * its area added once; each room's net wall area still loses it (both faces of the wall are painted).
 */
export function totalsOf(rooms: RoomDto[]): ResultTotals {
  const counted = rooms.filter((r) => !r.excluded);
  const sum = (f: (r: RoomDto) => number) => counted.reduce((a, r) => a + f(r), 0);
  const windows = distinct(counted.map((r) => r.windows));
  const doors = distinct(counted.map((r) => r.doors));
  return {
    rooms: counted.length, perimeter_mm: sum((r) => r.perimeter_mm), ceiling_area: sum((r) => r.ceiling_area),
    total_wall_surface_area: sum((r) => r.total_wall_surface_area), total_window_area: Math.round(openingsArea(windows)),
    total_door_area: Math.round(openingsArea(doors)), net_wall_area: sum((r) => r.net_wall_area), windows: windows.length, doors: doors.length,
  };
}

/** The result object of spec section 3 with the walls view's geometry, the user's edits applied. */
export function toResultDto(project: ProjectRow, analysis: AnalysisRow & { result: AnalysisResult }, edits: RoomEditRow[], version?: EditVersion): ResultDto {
  const r = analysis.result;
  // `number` (1..n in the result's order) is what the plan, the room list and the report call a room ('Room 7');
  // it is separate from `id`, which follows the geometry
  const rooms = applyEdits(r, matchEdits(r, edits)).map((room, i) => ({ ...room, number: i + 1 }));
  const totals = totalsOf(rooms);
  const pngUrl = project.pngKey ? `/api/user/projects/${project.id}/page.png` : null;
  return {
    project_id: project.id,
    rooms,
    statistics: { total_rooms: totals.rooms, total_windows: totals.windows, total_doors: totals.doors, ceiling_height_mm: r.statistics.ceiling_height_mm },
    totals,
    metadata: {
      units: r.metadata.units, page: r.metadata.page, scale_number: r.metadata.scale_number, paper_size: r.metadata.paper_size,
      scale_ratio: analysis.params.scaleRatio, page_width_mm: r.metadata.page_width_mm, page_height_mm: r.metadata.page_height_mm,
      engine_version: r.metadata.engine_version, analysed_at: analysis.finishedAt ? analysis.finishedAt.toISOString() : null,
    },
    outside_detection: r.outside_detection,
    warnings: r.warnings,
    project_data: { s3_png_url: pngUrl, name: project.name, project_name: project.name, filename: project.originalFilename },
    filename: project.originalFilename, name: project.name, title: project.name, project_name: project.name,
    original_filename: project.originalFilename,
    edits_version: version?.version ?? 0,
    edits_updated_at: version?.updatedAt ? version.updatedAt.toISOString() : null,
  };
}
