// The painter's estimate: settings (saved per project, defaults per account) and the rules that turn a
// measured result into paint quantities, tins and prices. Pure: the server and the web app run the same code.
import { z } from 'zod';

/** The surfaces a painter prices, each switchable. Areas in m², lengths in m. */
export const SURFACES = ['walls', 'ceilings', 'skirting', 'doors', 'door_frames', 'reveals', 'outside_walls'] as const;
export type Surface = (typeof SURFACES)[number];

export const SURFACE_INFO: Record<Surface, { label: string; unit: 'm²' | 'm'; note: string }> = {
  walls: { label: 'Walls (net)', unit: 'm²', note: 'Wall surface at the ceiling height, less the openings the deduction rule deducts.' },
  ceilings: { label: 'Ceilings', unit: 'm²', note: 'Ceiling area of the rooms.' },
  skirting: { label: 'Skirting', unit: 'm', note: 'Room perimeters; paint covers the skirting height.' },
  doors: { label: 'Doors (per side)', unit: 'm²', note: 'Leaf area, one side for each room a door opens into.' },
  door_frames: { label: 'Door frames', unit: 'm', note: 'Two jambs and the head, per door side; paint covers the frame width.' },
  reveals: { label: 'Window reveals', unit: 'm²', note: 'Wall thickness × perimeter of each window, where the thickness is known.' },
  outside_walls: { label: 'Outside walls (net)', unit: 'm²', note: 'Outside wall length × ceiling height, less deducted outside openings.' },
};

export const DEDUCTION_RULES = ['all', 'threshold', 'none'] as const;
export type DeductionRule = (typeof DEDUCTION_RULES)[number];

/** VOB/C DIN 18363 (German painting works): openings up to 2.5 m² are not deducted. */
export const DIN_18363_THRESHOLD_M2 = 2.5;
export const DEFAULT_THRESHOLD_M2 = 0.5;

/** The deduction presets offered to the user; 'threshold' with any other value is a custom rule. */
export const DEDUCTION_PRESETS = [
  { id: 'all', label: 'Deduct every opening', deduction: { rule: 'all', threshold_m2: DEFAULT_THRESHOLD_M2 } },
  { id: 'over_0_5', label: 'Deduct openings over 0.5 m²', deduction: { rule: 'threshold', threshold_m2: DEFAULT_THRESHOLD_M2 } },
  { id: 'din_18363', label: 'VOB/C DIN 18363: deduct openings over 2.5 m²', deduction: { rule: 'threshold', threshold_m2: DIN_18363_THRESHOLD_M2 } },
  { id: 'none', label: 'Deduct nothing', deduction: { rule: 'none', threshold_m2: DEFAULT_THRESHOLD_M2 } },
] as const;

const money = z.number().min(0, 'Prices cannot be negative.').max(1_000_000).nullable();

export const surfaceSettingsSchema = z.object({
  enabled: z.boolean(),
  coats: z.number().int('Coats must be a whole number.').min(0, 'Coats cannot be negative.').max(10, 'At most 10 coats.'),
  spread_m2_per_l: z.number().positive('Spreading rate must be above 0 m²/L.').max(100, 'Spreading rate must be at most 100 m²/L.'),
  waste_pct: z.number().min(0, 'Waste cannot be negative.').max(100, 'Waste must be at most 100 %.'),
  /** Price of the paint per litre; null = not priced. */
  price_per_l: money,
  /** Labour per m² (per m for skirting and frames); null = not priced. */
  labour_rate: money,
});
export type SurfaceSettings = z.infer<typeof surfaceSettingsSchema>;

export const deductionSchema = z.object({
  rule: z.enum(DEDUCTION_RULES),
  threshold_m2: z.number().min(0, 'The threshold cannot be negative.').max(100, 'The threshold must be at most 100 m².'),
});
export type Deduction = z.infer<typeof deductionSchema>;

export const estimateSettingsSchema = z.object({
  deduction: deductionSchema,
  surfaces: z.object(Object.fromEntries(SURFACES.map((s) => [s, surfaceSettingsSchema])) as Record<Surface, typeof surfaceSettingsSchema>),
  tin_sizes_l: z.array(z.number().positive('Tin sizes must be above 0 L.').max(1000)).min(1, 'Give at least one tin size.').max(8, 'At most 8 tin sizes.'),
  gst_pct: z.number().min(0, 'GST cannot be negative.').max(100, 'GST must be at most 100 %.'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'Currency is a three-letter code such as AUD.'),
  /** Painted height of a skirting board and width of a door frame, to turn metres into paint. */
  skirting_height_mm: z.number().positive().max(1000),
  frame_width_mm: z.number().positive().max(1000),
});
export type EstimateSettings = z.infer<typeof estimateSettingsSchema>;

/** PUT /user/projects/{id}/estimate: the project's settings; `save_as_default` also makes them the account's default. */
export const estimateSettingsRequestSchema = z.object({ settings: estimateSettingsSchema, save_as_default: z.boolean().optional() });
export type EstimateSettingsRequest = z.infer<typeof estimateSettingsRequestSchema>;

const surface = (spread: number, over: Partial<SurfaceSettings> = {}): SurfaceSettings => ({
  enabled: true, coats: 2, spread_m2_per_l: spread, waste_pct: 10, price_per_l: null, labour_rate: null, ...over,
});

/** Defaults: two coats, 12 m²/L on walls and ceilings, 14 m²/L on doors and trim, 10 % waste, 10/4/1 L tins, GST 10 % in AUD. */
export const DEFAULT_ESTIMATE_SETTINGS: EstimateSettings = {
  deduction: { rule: 'all', threshold_m2: DEFAULT_THRESHOLD_M2 },
  surfaces: {
    walls: surface(12), ceilings: surface(12), skirting: surface(14), doors: surface(14), door_frames: surface(14), reveals: surface(12),
    outside_walls: surface(12),
  },
  tin_sizes_l: [10, 4, 1],
  gst_pct: 10,
  currency: 'AUD',
  skirting_height_mm: 100,
  frame_width_mm: 70,
};

/** The slice of an opening the estimate reads (a result's window or door). */
export interface EstimateOpening { id: string; width: number; height: number; dimensions?: string; wall_thickness?: number; room_ids?: string[] }
/** The slice of a room the estimate reads. */
export interface EstimateRoom {
  id: string; label: string; number?: number; excluded?: boolean; perimeter_mm: number; ceiling_area: number; total_wall_surface_area: number;
  windows: EstimateOpening[]; doors: EstimateOpening[];
}
export interface EstimateInput {
  rooms: EstimateRoom[];
  statistics: { ceiling_height_mm: number };
  outside_detection: { detection_available: boolean; total_walls_mm: number; outside_windows: EstimateOpening[]; outside_doors: EstimateOpening[] };
}

/** Below this a width or height is not a plausible size in mm, so the dimensions text is read instead (spec section 9). */
const MIN_PLAUSIBLE_SIZE_MM = 100;

/** Width and height of a window or door in mm, from width/height or from 'H<number> x W<number>'. */
export function openingSizeMm(o: { width?: number; height?: number; dimensions?: string; dimensions_string?: string }): { widthMm: number; heightMm: number } {
  let widthMm = o.width || 0;
  let heightMm = o.height || 0;
  if (widthMm < MIN_PLAUSIBLE_SIZE_MM || heightMm < MIN_PLAUSIBLE_SIZE_MM) {
    const text = o.dimensions ?? o.dimensions_string ?? '';
    const h = /H\s*(\d+(?:\.\d+)?)/i.exec(text);
    const w = /W\s*(\d+(?:\.\d+)?)/i.exec(text);
    if (h) heightMm = Number(h[1]);
    if (w) widthMm = Number(w[1]);
  }
  return { widthMm, heightMm };
}
export const openingAreaMm2 = (o: EstimateOpening) => { const s = openingSizeMm(o); return s.widthMm * s.heightMm; };

/** Whether the rule deducts this opening from the wall area ('threshold': only openings larger than it). */
export function isDeducted(o: EstimateOpening, d: Deduction): boolean {
  if (d.rule === 'none') return false;
  if (d.rule === 'all') return true;
  return openingAreaMm2(o) > d.threshold_m2 * 1e6;
}

/** The rule in words, for the results page, the report and the spreadsheet. */
export function describeDeduction(d: Deduction): string {
  if (d.rule === 'all') return 'Every window and door deducted from the wall area';
  if (d.rule === 'none') return 'No openings deducted from the wall area';
  const din = Math.abs(d.threshold_m2 - DIN_18363_THRESHOLD_M2) < 1e-9 ? ' (VOB/C DIN 18363)' : '';
  return `Openings over ${d.threshold_m2} m² deducted from the wall area${din}`;
}

/** A room's net wall area (mm²) under the rule: wall surface less the deducted windows and doors. */
export function netWallAreaMm2(room: EstimateRoom, d: Deduction): number {
  const deducted = [...room.windows, ...room.doors].filter((o) => isDeducted(o, d)).reduce((a, o) => a + openingAreaMm2(o), 0);
  return Math.max(0, room.total_wall_surface_area - deducted);
}

/** Outside walls (mm, mm²): length × height, less the deducted outside openings. */
export function outsideWallsMm2(input: EstimateInput, d: Deduction) {
  const od = input.outside_detection;
  const grossMm2 = (od.total_walls_mm || 0) * (input.statistics.ceiling_height_mm || 0);
  const deductedMm2 = [...od.outside_windows, ...od.outside_doors].filter((o) => isDeducted(o, d)).reduce((a, o) => a + openingAreaMm2(o), 0);
  return { lengthMm: od.total_walls_mm || 0, grossMm2, deductedMm2, netMm2: Math.max(0, grossMm2 - deductedMm2) };
}

/** A result with every room's net wall area (and the totals a caller derives from it) following the rule. */
export function applyDeduction<R extends EstimateRoom & { net_wall_area: number }>(rooms: R[], d: Deduction): R[] {
  return rooms.map((r) => ({ ...r, net_wall_area: Math.round(netWallAreaMm2(r, d)) }));
}

export interface TinCount { size_l: number; count: number }

/**
 * The tins that cover `litres` with the least paint left over (then the fewest tins). Sizes are handled in
 * decilitres, so 0.5 L tins work; a need of 0 buys nothing.
 */
export function bestTins(litres: number, sizesL: number[]): TinCount[] {
  const sizes = [...new Set(sizesL.map((s) => Math.round(s * 10)).filter((s) => s > 0))].sort((a, b) => b - a);
  const need = Math.ceil(litres * 10 - 1e-9);
  if (need <= 0 || !sizes.length) return [];
  const limit = need + sizes[0];
  const tins = new Array<number>(limit + 1).fill(Infinity);
  const from = new Array<number>(limit + 1).fill(0);
  tins[0] = 0;
  for (let v = 1; v <= limit; v++)
    for (const s of sizes)
      if (s <= v && tins[v - s] + 1 < tins[v]) {
        tins[v] = tins[v - s] + 1;
        from[v] = s;
      }
  let v = need;
  while (v <= limit && !Number.isFinite(tins[v])) v++;
  const count = new Map<number, number>();
  for (let x = v; x > 0; x -= from[x]) count.set(from[x], (count.get(from[x]) ?? 0) + 1);
  return sizes.filter((s) => count.has(s)).map((s) => ({ size_l: s / 10, count: count.get(s)! }));
}

export interface EstimateRoomRow {
  room_id: string; label: string; walls_m2: number; ceilings_m2: number; skirting_m: number; doors_m2: number; door_frames_m: number; reveals_m2: number;
}
export interface EstimateLine {
  surface: Surface; label: string; unit: 'm²' | 'm'; enabled: boolean;
  /** m² or m of the surface. */
  quantity: number;
  /** Area the paint covers per coat (m²): the quantity, or metres × band height. */
  paint_area_m2: number;
  coats: number; spread_m2_per_l: number; waste_pct: number;
  litres: number; tins: TinCount[]; litres_bought: number;
  price_per_l: number | null; labour_rate: number | null;
  paint_cost: number | null; labour_cost: number | null; subtotal: number | null;
}
export interface Estimate {
  deduction: Deduction; deduction_text: string; currency: string; gst_pct: number;
  rooms: EstimateRoomRow[]; lines: EstimateLine[]; outside_walls: ReturnType<typeof outsideWallsMm2> | null;
  totals: { litres: number; paint_cost: number; labour_cost: number; subtotal: number; gst: number; total: number; priced: boolean };
}

const r2 = (v: number) => Math.round(v * 100) / 100;

/**
 * Turns the measured rooms (the ones that count: not excluded, and in `roomIds` when given) into surfaces,
 * litres, tins and prices. Paint cost is litres needed (with waste) × price per litre; labour is the
 * quantity × rate. Quantities are rounded to 2 decimals before pricing, as the sheet shows them.
 */
export function computeEstimate(input: EstimateInput, s: EstimateSettings, roomIds?: readonly string[]): Estimate {
  const rooms = input.rooms.filter((r) => !r.excluded && (!roomIds || roomIds.includes(r.id)));
  const d = s.deduction;
  const doorSides = (r: EstimateRoom) => r.doors.map(openingSizeMm);
  const rows: EstimateRoomRow[] = rooms.map((r) => ({
    room_id: r.id,
    label: r.label,
    walls_m2: r2(netWallAreaMm2(r, d) / 1e6),
    ceilings_m2: r2(r.ceiling_area / 1e6),
    skirting_m: r2(r.perimeter_mm / 1000),
    doors_m2: r2(doorSides(r).reduce((a, o) => a + o.widthMm * o.heightMm, 0) / 1e6),
    door_frames_m: r2(doorSides(r).reduce((a, o) => a + 2 * o.heightMm + o.widthMm, 0) / 1000),
    // a window between two rooms shares its depth between them
    reveals_m2: r2(r.windows.reduce((a, o) => {
      if (!o.wall_thickness) return a;
      const z = openingSizeMm(o);
      return a + (o.wall_thickness * 2 * (z.widthMm + z.heightMm)) / Math.max(1, o.room_ids?.length ?? 1);
    }, 0) / 1e6),
  }));
  const outside = input.outside_detection?.detection_available ? outsideWallsMm2(input, d) : null;
  const sum = (f: (x: EstimateRoomRow) => number) => r2(rows.reduce((a, x) => a + f(x), 0));
  const quantity: Record<Surface, number> = {
    walls: sum((x) => x.walls_m2), ceilings: sum((x) => x.ceilings_m2), skirting: sum((x) => x.skirting_m), doors: sum((x) => x.doors_m2),
    door_frames: sum((x) => x.door_frames_m), reveals: sum((x) => x.reveals_m2), outside_walls: outside ? r2(outside.netMm2 / 1e6) : 0,
  };
  const band: Partial<Record<Surface, number>> = { skirting: s.skirting_height_mm / 1000, door_frames: s.frame_width_mm / 1000 };
  // prices come from unrounded litres, so they match the spreadsheet's formulas to the cent
  const exact = SURFACES.map((k) => {
    const c = s.surfaces[k];
    const paintArea = quantity[k] * (band[k] ?? 1);
    const litres = c.enabled ? ((paintArea * c.coats) / c.spread_m2_per_l) * (1 + c.waste_pct / 100) : 0;
    const paint = c.enabled && c.price_per_l !== null ? litres * c.price_per_l : null;
    const labour = c.enabled && c.labour_rate !== null ? quantity[k] * c.labour_rate : null;
    return { k, c, paintArea, litres, paint, labour };
  });
  const lines: EstimateLine[] = exact.map(({ k, c, paintArea, litres, paint, labour }) => {
    const tins = bestTins(litres, s.tin_sizes_l);
    return {
      surface: k, label: SURFACE_INFO[k].label, unit: SURFACE_INFO[k].unit, enabled: c.enabled, quantity: quantity[k], paint_area_m2: r2(paintArea),
      coats: c.coats, spread_m2_per_l: c.spread_m2_per_l, waste_pct: c.waste_pct, litres: r2(litres), tins,
      litres_bought: r2(tins.reduce((a, t) => a + t.size_l * t.count, 0)), price_per_l: c.price_per_l, labour_rate: c.labour_rate,
      paint_cost: paint === null ? null : r2(paint), labour_cost: labour === null ? null : r2(labour),
      subtotal: paint === null && labour === null ? null : r2((paint ?? 0) + (labour ?? 0)),
    };
  });
  const on = exact.filter((x) => x.c.enabled);
  const paint = on.reduce((a, x) => a + (x.paint ?? 0), 0);
  const labour = on.reduce((a, x) => a + (x.labour ?? 0), 0);
  const subtotal = paint + labour;
  const gst = (subtotal * s.gst_pct) / 100;
  return {
    deduction: d, deduction_text: describeDeduction(d), currency: s.currency, gst_pct: s.gst_pct, rooms: rows, lines, outside_walls: outside,
    totals: {
      litres: r2(on.reduce((a, x) => a + x.litres, 0)), paint_cost: r2(paint), labour_cost: r2(labour), subtotal: r2(subtotal), gst: r2(gst), total: r2(subtotal + gst),
      priced: on.some((x) => x.paint !== null || x.labour !== null),
    },
  };
}
