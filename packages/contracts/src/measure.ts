// Request and response schemas of the measure module (shared by web and server).
// Wire names follow product-spec sections 3 and 7 exactly, including `ceilling-scale` and `ceilling_hight_mm`.
import { z } from 'zod';
import { PAPER_SIZES } from './scales.js';
import { deductionSchema, type Estimate } from './estimate.js';

export * from './scales.js';

export const CEILING_SCALE_REQUIRED_MESSAGE = 'Please fill in both ceiling height and scale ratio.';
/** The engine refuses taller ceilings; no room is painted above this. */
export const MAX_CEILING_HEIGHT_MM = 20000;
/** Below this a height is not a room's (2.4 typed in a millimetre field): refused, with the likely value offered. */
export const MIN_CEILING_HEIGHT_MM = 1000;
/** Heights outside this band are usual enough to allow but are questioned first ("Did you mean 2400 mm?"). */
export const USUAL_CEILING_HEIGHT_MM = { min: 1500, max: 10000 } as const;
const TYPICAL_CEILING_HEIGHT_MM = 2400;

/**
 * The height a user most likely meant: the value times or divided by 10, 100 or 1000 that lands in the usual
 * band (2.4 m typed as 2.4 → 2400; 240000 → 2400), else a standard 2400 mm.
 */
export function suggestCeilingHeightMm(valueMm: number): number {
  const { min, max } = USUAL_CEILING_HEIGHT_MM;
  if (Number.isFinite(valueMm) && valueMm > 0) {
    for (const f of [10, 100, 1000]) {
      const v = valueMm < min ? valueMm * f : valueMm / f;
      if (v >= min && v <= max) return Math.round(v * 10) / 10;
    }
  }
  return TYPICAL_CEILING_HEIGHT_MM;
}

/** Why a height is refused (null when it is allowed); every message names the field. */
export function ceilingHeightProblem(valueMm: number): string | null {
  if (!Number.isFinite(valueMm)) return 'Ceiling height must be a number of millimetres, e.g. 2400.';
  if (valueMm <= 0) return 'Ceiling height must be above 0 mm: walls are measured as skirting length times this height.';
  if (valueMm < MIN_CEILING_HEIGHT_MM) return `Ceiling height of ${valueMm} mm is too low for a room. Did you mean ${suggestCeilingHeightMm(valueMm)} mm? Heights are in millimetres.`;
  if (valueMm > MAX_CEILING_HEIGHT_MM) return `Ceiling height of ${valueMm} mm is above the ${MAX_CEILING_HEIGHT_MM} mm limit. Did you mean ${suggestCeilingHeightMm(valueMm)} mm?`;
  return null;
}

/** POST /user/projects/{id}/ceilling-scale body. Height in mm; a scale the product does not offer falls back to 1:100 A2. */
export const ceilingScaleRequestSchema = z
  .object({
    scale_ratio: z.string().trim().max(40).optional().nullable(),
    scale_number: z.coerce.number().positive('Scale must be 1:N with N above 0.').optional().nullable(),
    paper_size: z.string().trim().max(20).optional().nullable(),
    ceilling_hight_mm: z.coerce
      .number({ error: CEILING_SCALE_REQUIRED_MESSAGE })
      .superRefine((v, ctx) => { const problem = ceilingHeightProblem(v); if (problem) ctx.addIssue({ code: 'custom', message: problem }); }),
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
  /** 1..n in display order: 'Room 7' on the plan, in the room list, the report and here. */
  number: z.number().int().positive(),
  label: z.string(),
  original_label: z.string(),
  excluded: z.boolean(),
  is_outdoor: z.boolean().optional(),
  polygon: z.array(pointMm),
  /** The floor area printed in the room's stamp on the plan (mm²), when it prints one. */
  printed_area_mm2: z.number().optional(),
  /** The room's size printed in its stamp instead of an area, width by length (mm): '11' 3" x 15' 3"'. */
  printed_size_mm: z.tuple([z.number(), z.number()]).optional(),
  /** The floor-plan view the room is drawn in ('GROUND FLOOR PLAN'), when the sheet shows more than one. */
  view: z.string().optional(),
  perimeter_mm: z.number(),
  ceiling_area: z.number(),
  net_wall_area: z.number(),
  total_wall_surface_area: z.number(),
  total_window_area: z.number(),
  total_door_area: z.number(),
  windows: z.array(openingSchema),
  doors: z.array(openingSchema),
  /** True when the user changed the room's outline or openings, or drew it. */
  edited: z.boolean().optional(),
  /** 'added' for a room the user drew, 'detected' for one the engine found. */
  source: z.enum(['detected', 'added']).optional(),
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
  warnings: z.array(z.object({
    code: z.string(), message: z.string(), room_id: z.string().optional(),
    /** The places on the plan the warning is about (mm, like room polygons): the spaces in no room of `unmeasured_space`. */
    areas_mm: z.array(z.array(pointMm)).optional(),
  })),
  /** The painter's estimate under the project's settings (all rooms not left out). */
  estimate: z.custom<Estimate>().optional(),
  project_data: z.object({ s3_png_url: z.string().nullable(), name: z.string(), project_name: z.string(), filename: z.string() }),
  filename: z.string(),
  name: z.string(),
  title: z.string(),
  project_name: z.string(),
  original_filename: z.string(),
  /** Counts every saved change of the rooms; a client that sees another number knows another tab saved. */
  edits_version: z.number().int().optional(),
  edits_updated_at: z.string().nullable().optional(),
});
export type ResultDto = z.infer<typeof resultSchema>;

export const ROOM_LABEL_MAX = 80;

/** The original PATCH body (rename and/or leave out of the totals); roomEditSchema is its superset. */
export const roomPatchSchema = z
  .object({
    label: z.string().trim().min(1, 'Please enter a room name.').max(ROOM_LABEL_MAX, `Room names are at most ${ROOM_LABEL_MAX} characters.`).optional(),
    excluded: z.boolean().optional(),
  })
  .refine((b) => b.label !== undefined || b.excluded !== undefined, { message: 'Nothing to change: send label or excluded.' });
export type RoomPatch = z.infer<typeof roomPatchSchema>;

/** At most this many windows (and as many doors) per room in an edit. */
export const MAX_ROOM_OPENINGS = 200;

/** A window or door set by the user: size (mm) and, optionally, its centre on the plan (mm frame). */
export const openingEditSchema = z.object({
  id: z.string().trim().min(1).max(64).optional(),
  width: z.number({ error: 'Width must be a number of millimetres.' }).positive('Width must be above 0 mm.').max(20_000, 'Width must be at most 20000 mm.'),
  height: z.number({ error: 'Height must be a number of millimetres.' }).positive('Height must be above 0 mm.').max(20_000, 'Height must be at most 20000 mm.'),
  position: pointMm.optional(),
  tag: z.string().max(40).optional(),
});
export type OpeningEdit = z.infer<typeof openingEditSchema>;

/** A room outline in the engine's millimetre frame; the server checks it is closed, simple and on the page. */
const polygonInput = z.array(z.tuple([z.number().finite(), z.number().finite()]), { error: 'The polygon must be a list of [x, y] points in millimetres.' })
  .max(5000, 'A room can have at most 2000 corners.');
const openingsInput = z.array(openingEditSchema).max(MAX_ROOM_OPENINGS, `At most ${MAX_ROOM_OPENINGS} per room.`);
const labelInput = z.string().trim().min(1, 'Please enter a room name.').max(ROOM_LABEL_MAX, `Room names are at most ${ROOM_LABEL_MAX} characters.`);

/**
 * PATCH /user/projects/{id}/rooms/{roomId}: rename, leave out of the totals, redraw the outline (mm) and/or
 * replace its windows and doors.
 */
export const roomEditSchema = z
  .object({
    label: labelInput.optional(),
    excluded: z.boolean().optional(),
    polygon: polygonInput.optional(),
    windows: openingsInput.optional(),
    doors: openingsInput.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change: send label, excluded, polygon, windows or doors.' });
export type RoomEdit = z.infer<typeof roomEditSchema>;

/** POST /user/projects/{id}/rooms: a room the engine missed, drawn by the user. */
export const roomCreateSchema = z.object({
  label: labelInput,
  polygon: polygonInput,
  excluded: z.boolean().optional(),
  windows: openingsInput.optional(),
  doors: openingsInput.optional(),
});
export type RoomCreate = z.infer<typeof roomCreateSchema>;

/**
 * PUT /user/projects/{id}/rooms: the whole set of rooms as the editor holds it. Rooms with a detected id keep
 * their id; rooms without one (or with an unknown one) are added; detected rooms left out are deleted.
 */
export const roomsReplaceSchema = z.object({
  rooms: z.array(z.object({
    id: z.string().min(1).max(100).optional(),
    label: labelInput,
    excluded: z.boolean().optional(),
    polygon: polygonInput,
    windows: openingsInput,
    doors: openingsInput,
  })).max(1000, 'At most 1000 rooms.'),
});
export type RoomsReplace = z.infer<typeof roomsReplaceSchema>;

export const roomParamsSchema = z.object({ id: z.string().uuid(), roomId: z.string().min(1).max(100) });
