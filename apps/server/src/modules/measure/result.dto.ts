import type { ResultDto, ResultTotals, RoomDto } from '@plansight/contracts';
import type { AnalysisResult } from '@plansight/engine';
import type { ProjectRow } from '../projects/projects.repository.js';
import type { AnalysisRow, RoomEditRow } from './measure.repository.js';
import type { EditVersion } from './room-edits.repository.js';
import { applyEdits, matchEdits } from './room-edits.js';

/** Sums over the rooms the user did not leave out. A door between two counted rooms is one door. */
export function totalsOf(rooms: RoomDto[]): ResultTotals {
  const counted = rooms.filter((r) => !r.excluded);
  const sum = (f: (r: RoomDto) => number) => counted.reduce((a, r) => a + f(r), 0);
  const windows = new Set(counted.flatMap((r) => r.windows.map((o) => o.id)));
  const doors = new Set(counted.flatMap((r) => r.doors.map((o) => o.id)));
  return {
    rooms: counted.length, perimeter_mm: sum((r) => r.perimeter_mm), ceiling_area: sum((r) => r.ceiling_area),
    total_wall_surface_area: sum((r) => r.total_wall_surface_area), total_window_area: sum((r) => r.total_window_area),
    total_door_area: sum((r) => r.total_door_area), net_wall_area: sum((r) => r.net_wall_area), windows: windows.size, doors: doors.size,
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
