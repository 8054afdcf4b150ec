/**
 * Public types of the floor-plan engine. The result object follows product-spec section 3 (snake_case wire
 * names) plus geometry for drawing. All coordinates are real-world millimetres on site, origin at the page's
 * top-left corner, x to the right, y down (see engine-notes "Frame").
 */

/** A point in the site millimetre frame. */
export type PointMm = [x: number, y: number];

/** ISO A, ANSI and ARCH sheets (sizes in scale.ts PAPER_MM). */
export type PaperSize = 'A0' | 'A1' | 'A2' | 'A3' | 'A4'
  | 'ANSI A' | 'ANSI B' | 'ANSI C' | 'ANSI D' | 'ANSI E'
  | 'ARCH A' | 'ARCH B' | 'ARCH C' | 'ARCH D' | 'ARCH E' | 'ARCH E1';

export interface AnalyzeOptions {
  /** 1-based page number. */
  page: number;
  /** N of the drawing scale 1:N. */
  scale: number;
  /** Paper the drawing was made for; omitted or 'PAGE' means the page's own size is the paper. */
  paper?: PaperSize | 'PAGE';
  /** Ceiling height in millimetres. */
  ceilingHeightMm: number;
  /** Sliver filter: rooms narrower or shorter than this (mm) are dropped. Default 200. */
  minRoomWidthMm?: number;
  minRoomHeightMm?: number;
  /** Time allowed for the analysis once pdf.js has parsed the page (ms); stages past it are cut short. Default 15000. */
  timeBudgetMs?: number;
  /** Scans without text: read room names by OCR (bundled offline models). Default true. */
  ocr?: boolean;
  /** Filled in place with the engine's intermediate findings, for drawing them over the plan (development). */
  debug?: EngineDebug;
}

/** Intermediate findings in the mm frame: wall polygons, wall bands, opening closures, door swings. */
export interface EngineDebug {
  walls?: PointMm[][];
  bands?: PointMm[][];
  /** Thin-line bands and pale fills that may be fittings (dropped where the room stays one room). */
  fittings?: PointMm[][];
  closures?: { quad: PointMm[]; subtype: string }[];
  arcs?: { hinge: PointMm; ends: [PointMm, PointMm]; radius: number }[];
  /** The sealed wall union whose holes are the rooms (outer rings and holes). */
  sealed?: PointMm[][];
  /** mm per PDF point of the frame these findings are in (the scale bar's frame when it overrides). */
  mmPerPt?: number;
}

export interface Opening {
  id: string;
  kind: 'window' | 'door';
  /** e.g. 'swing', 'double', 'sliding', 'opening', 'window' */
  subtype: string;
  /** Tag printed on the plan, e.g. 'W01', or '' when none. */
  tag: string;
  /** 'window' | 'door' (the spec's keyword field). */
  keyword: string;
  /** 'H<height> x W<width>' in mm. */
  dimensions: string;
  dimensions_string: string;
  width: number;
  height: number;
  /** True when the height is a default, not read from the plan. */
  height_assumed: boolean;
  /** Centre of the opening. */
  position: PointMm;
  /** The closing segment across the wall opening. */
  segment: [PointMm, PointMm];
  /** Thickness of the wall the opening is in (mm), when known. */
  wall_thickness?: number;
  exterior: boolean;
  room_ids: string[];
}

/** The quantities of one room (product-spec "Room"); lengths mm, areas mm², rounded to whole units. */
export interface RoomQuantities {
  /** Skirting length. */
  perimeter_mm: number;
  /** Floor area, which is the ceiling area to paint. */
  ceiling_area: number;
  /** perimeter × ceiling height */
  total_wall_surface_area: number;
  total_window_area: number;
  total_door_area: number;
  /** wall surface − window − door areas, never below zero */
  net_wall_area: number;
}

export interface Room extends RoomQuantities {
  id: string;
  label: string;
  is_outdoor: boolean;
  /** Outer ring, mm, closed implicitly. */
  polygon: PointMm[];
  /** The floor area printed in the room's stamp (mm², real world), when the plan prints one. */
  printed_area_mm2?: number;
  /** The room's size printed in its stamp instead of an area, width by length (mm, real world): '11' 3" x 15' 3"'. */
  printed_size_mm?: [number, number];
  /** The floor-plan view the room is drawn in (its title on the sheet), when the sheet shows more than one. */
  view?: string;
  windows: Opening[];
  doors: Opening[];
}

export interface Warning {
  code: string;
  message: string;
  room_id?: string;
  /** The places on the plan the warning is about (mm, like room polygons): the unmeasured spaces of `unmeasured_space`. */
  areas_mm?: PointMm[][];
}

export interface OutsideDetection {
  detection_available: boolean;
  /** Exterior outline of the building, mm. */
  exterior_polygon: PointMm[];
  total_walls_mm: number;
  total_wall_area_mm2: number;
  outside_windows: Opening[];
  outside_doors: Opening[];
  outside_windows_count: number;
  outside_doors_count: number;
}

export interface AnalysisResult {
  rooms: Room[];
  statistics: {
    total_rooms: number;
    total_windows: number;
    total_doors: number;
    ceiling_height_mm: number;
  };
  metadata: {
    units: 'mm';
    page: number;
    scale_number: number;
    paper_size: string;
    /** Page size in the site mm frame. */
    page_width_mm: number;
    page_height_mm: number;
    /** Factor mm per PDF point. */
    mm_per_pt: number;
    engine_version: string;
    duration_ms: number;
    wall_style?: string;
  };
  outside_detection: OutsideDetection;
  warnings: Warning[];
}

/** Thrown for bad input; `code` is stable, `message` is for people. */
export class EngineInputError extends Error {
  constructor(
    public readonly code: 'not_pdf' | 'encrypted' | 'page_out_of_range' | 'no_vector_drawing' | 'unreadable_scan' | 'bad_options' | 'corrupt' | 'too_complex',
    message: string,
  ) {
    super(message);
    this.name = 'EngineInputError';
  }
}
