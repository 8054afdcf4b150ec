// Request and response schemas of the measure module (shared by web and server).
// Wire names follow product-spec sections 3 and 7 exactly, including `ceilling-scale` and `ceilling_hight_mm`.
import { z } from 'zod';
import { deductionSchema, type Estimate } from './estimate.js';

export const PAPER_SIZES = ['A0', 'A1', 'A2', 'A3', 'A4'] as const;
export type PaperSizeName = (typeof PAPER_SIZES)[number];

/** Spec section 9: the scale 1:N and the papers it is offered on. */
const SCALE_PAPERS: [number, PaperSizeName[]][] = [
  [1, ['A3', 'A4']], [5, ['A3']], [10, ['A3']], [20, ['A3', 'A2']], [50, ['A2', 'A1']], [100, ['A3', 'A2', 'A1']],
  [200, ['A3', 'A2']], [500, ['A3', 'A2', 'A1']], [1000, ['A1', 'A0']], [2000, ['A1', 'A0']],
];

export interface ScaleOption { scale_ratio: string; scale_number: number; paper_size: PaperSizeName }

/** Every scale and paper combination of spec section 9; `scale_ratio` reads like '1:100 A2'. */
export const SCALE_OPTIONS: ScaleOption[] = SCALE_PAPERS.flatMap(([n, papers]) =>
  papers.map((p) => ({ scale_ratio: `1:${n} ${p}`, scale_number: n, paper_size: p })));

/** Spec section 5: an unknown scale falls back to 1:100 on A2. */
export const FALLBACK_SCALE: ScaleOption = { scale_ratio: '1:100 A2', scale_number: 100, paper_size: 'A2' };

/**
 * The option a request means: the scale_number + paper_size pair when it is offered, else the scale_ratio
 * text ('1:100 A2', '1:100 on A2'), else the fallback 1:100 on A2.
 */
export function resolveScaleOption(input: { scale_ratio?: string | null; scale_number?: number | null; paper_size?: string | null }): ScaleOption {
  const paper = input.paper_size?.trim().toUpperCase();
  const byPair = SCALE_OPTIONS.find((o) => o.scale_number === input.scale_number && o.paper_size === paper);
  if (byPair) return byPair;
  const m = /^\s*1\s*:\s*(\d+)\s*(?:on\s+)?(A[0-4])?\s*$/i.exec(input.scale_ratio ?? '');
  if (m) {
    const n = Number(m[1]);
    const p = (m[2] ?? paper)?.toUpperCase();
    const byText = SCALE_OPTIONS.find((o) => o.scale_number === n && o.paper_size === p);
    if (byText) return byText;
  }
  return FALLBACK_SCALE;
}

export const CEILING_SCALE_REQUIRED_MESSAGE = 'Please fill in both ceiling height and scale ratio.';
/** The engine refuses taller ceilings; no room is painted above this. */
export const MAX_CEILING_HEIGHT_MM = 20000;

/** POST /user/projects/{id}/ceilling-scale body. Height in mm; a scale the product does not offer falls back to 1:100 A2. */
export const ceilingScaleRequestSchema = z
  .object({
    scale_ratio: z.string().trim().max(40).optional().nullable(),
    scale_number: z.coerce.number().positive().optional().nullable(),
    paper_size: z.string().trim().max(10).optional().nullable(),
    ceilling_hight_mm: z.coerce
      .number({ error: CEILING_SCALE_REQUIRED_MESSAGE })
      .gt(0, 'Ceiling height must be above 0 mm.')
      .max(MAX_CEILING_HEIGHT_MM, `Ceiling height must be at most ${MAX_CEILING_HEIGHT_MM} mm.`),
  })
  .refine((b) => !!b.scale_ratio || !!b.scale_number, { message: CEILING_SCALE_REQUIRED_MESSAGE, path: ['scale_ratio'] });
export type CeilingScaleRequest = z.infer<typeof ceilingScaleRequestSchema>;

/** The ceiling-scale record (spec section 3). */
export const ceilingScaleSchema = z.object({
  scale_ratio: z.string(),
  scale_number: z.number(),
  paper_size: z.enum(PAPER_SIZES),
  ceilling_hight_mm: z.number(),
});
export type CeilingScale = z.infer<typeof ceilingScaleSchema>;

const boolParam = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');

/**
 * GET /projects/{id}/all-detections query (spec section 7). confidence, overlap and overlay are accepted for the
 * spec's client but do not change a vector analysis; min_room_width/height (mm) set the engine's sliver filter.
 */
export const allDetectionsQuerySchema = z.object({
  confidence: z.coerce.number().min(0).max(1).default(0.1),
  overlap: z.coerce.number().min(0).max(1).default(0.9),
  overlay: boolParam.default(false),
  min_room_width: z.coerce.number().min(0).max(10000).default(200),
  min_room_height: z.coerce.number().min(0).max(10000).default(200),
});
export type AllDetectionsQuery = z.infer<typeof allDetectionsQuerySchema>;

export const ANALYSIS_STATUSES = ['queued', 'processing', 'done', 'failed'] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

/** 200 when the analysis is done, 202 when still running after the bounded wait. Failures answer an error body with `detail`. */
export const allDetectionsResponseSchema = z.object({
  project_id: z.string(),
  status: z.enum(ANALYSIS_STATUSES),
  has_result: z.boolean(),
  rooms_count: z.number().int().optional(),
  detail: z.string(),
});
export type AllDetectionsResponse = z.infer<typeof allDetectionsResponseSchema>;

const pointMm = z.tuple([z.number(), z.number()]);

/** A window or door (spec section 3) with its place on the plan (mm, origin top-left, y down). */
export const openingSchema = z.object({
  id: z.string(),
  keyword: z.string(),
  tag: z.string(),
  dimensions: z.string(),
  dimensions_string: z.string(),
  width: z.number(),
  height: z.number(),
  height_assumed: z.boolean().optional(),
  subtype: z.string().optional(),
  position: pointMm.optional(),
  segment: z.tuple([pointMm, pointMm]).optional(),
  exterior: z.boolean().optional(),
  room_ids: z.array(z.string()).optional(),
  /** Thickness of the wall the opening is in (mm), when the engine knows it: the depth of a window's reveals. */
  wall_thickness: z.number().optional(),
});
export type OpeningDto = z.infer<typeof openingSchema>;

/** A room (space). Lengths mm, areas mm². `label` is the user's name when renamed; `original_label` is what the plan says. */
export const roomSchema = z.object({
  id: z.string(),
  label: z.string(),
  original_label: z.string(),
  excluded: z.boolean(),
  is_outdoor: z.boolean().optional(),
  polygon: z.array(pointMm),
  perimeter_mm: z.number(),
  ceiling_area: z.number(),
  net_wall_area: z.number(),
  total_wall_surface_area: z.number(),
  total_window_area: z.number(),
  total_door_area: z.number(),
  windows: z.array(openingSchema),
  doors: z.array(openingSchema),
});
export type RoomDto = z.infer<typeof roomSchema>;

/** Sums over the rooms not left out (mm, mm²). */
export const resultTotalsSchema = z.object({
  rooms: z.number().int(),
  perimeter_mm: z.number(),
  ceiling_area: z.number(),
  total_wall_surface_area: z.number(),
  total_window_area: z.number(),
  total_door_area: z.number(),
  net_wall_area: z.number(),
  windows: z.number().int(),
  doors: z.number().int(),
});
export type ResultTotals = z.infer<typeof resultTotalsSchema>;

/** GET /user/projects/{id}/result: the result object of spec section 3 plus the geometry the walls view draws. */
export const resultSchema = z.object({
  project_id: z.string(),
  rooms: z.array(roomSchema),
  statistics: z.object({
    total_rooms: z.number().int(),
    total_windows: z.number().int(),
    total_doors: z.number().int(),
    ceiling_height_mm: z.number(),
  }),
  totals: resultTotalsSchema,
  metadata: z.object({
    units: z.string(),
    page: z.number().int(),
    scale_number: z.number(),
    paper_size: z.string(),
    scale_ratio: z.string(),
    page_width_mm: z.number(),
    page_height_mm: z.number(),
    engine_version: z.string().optional(),
    analysed_at: z.string().nullable(),
    /** The project's opening deduction rule; every net wall area in the result follows it. */
    deduction: deductionSchema.optional(),
    deduction_rule: z.string().optional(),
  }),
  outside_detection: z.object({
    detection_available: z.boolean(),
    exterior_polygon: z.array(pointMm),
    total_walls_mm: z.number(),
    total_wall_area_mm2: z.number().optional(),
    outside_windows: z.array(openingSchema),
    outside_doors: z.array(openingSchema),
    outside_windows_count: z.number().int(),
    outside_doors_count: z.number().int(),
  }),
  warnings: z.array(z.object({ code: z.string(), message: z.string(), room_id: z.string().optional() })),
  /** The painter's estimate under the project's settings (all rooms not left out). */
  estimate: z.custom<Estimate>().optional(),
  project_data: z.object({ s3_png_url: z.string().nullable(), name: z.string(), project_name: z.string(), filename: z.string() }),
  filename: z.string(),
  name: z.string(),
  title: z.string(),
  project_name: z.string(),
  original_filename: z.string(),
});
export type ResultDto = z.infer<typeof resultSchema>;

export const ROOM_LABEL_MAX = 80;

/** PATCH /user/projects/{id}/rooms/{roomId}: rename a room and/or leave it out of the totals. */
export const roomPatchSchema = z
  .object({
    label: z.string().trim().min(1, 'Please enter a room name.').max(ROOM_LABEL_MAX, `Room names are at most ${ROOM_LABEL_MAX} characters.`).optional(),
    excluded: z.boolean().optional(),
  })
  .refine((b) => b.label !== undefined || b.excluded !== undefined, { message: 'Nothing to change: send label or excluded.' });
export type RoomPatch = z.infer<typeof roomPatchSchema>;

export const roomParamsSchema = z.object({ id: z.string().uuid(), roomId: z.string().min(1).max(100) });
