/** Ground truth written beside each generated plan (`<id>.truth.json`). All lengths mm, areas mm². */
import type { AnalyzeOptions } from '../src/types.js';

export type Point = [number, number];

export interface TruthOpening {
  id: string;
  kind: 'door' | 'window';
  subtype: string;
  /** Printed tag code ('W01') or ''. */
  tag: string;
  /** Full tag text as printed, '' when none. */
  tag_text: string;
  width: number;
  /** Height printed on the plan, or null when the plan does not state one. */
  height: number | null;
  position: Point;
  segment: [Point, Point];
  exterior: boolean;
  room_ids: string[];
}

export interface TruthRoomJson {
  id: string;
  label: string;
  is_outdoor: boolean;
  polygon: Point[];
  area_mm2: number;
  perimeter_mm: number;
  door_ids: string[];
  window_ids: string[];
}

export interface PlanTruth {
  id: string;
  file: string;
  seed: number;
  /** Exactly what to pass to analyzePdf. */
  options: AnalyzeOptions;
  drawn_paper: string;
  printed_page: string;
  page_size_pt: [number, number];
  page_count: number;
  embedded_as_xobject: boolean;
  wall_style: string;
  layout: string;
  tag_style: string;
  features: string[];
  exterior_thickness_mm: number;
  interior_thickness_mm: number;
  rooms: TruthRoomJson[];
  openings: TruthOpening[];
  exterior: { polygon: Point[]; total_walls_mm: number };
  totals: { rooms: number; doors: number; windows: number; exterior_doors: number; exterior_windows: number };
}
