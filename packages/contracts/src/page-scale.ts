// GET /api/user/projects/{id}/page-scale: what the plan's page says about its scale, for the ceiling-scale
// page and the walls view's "Measure a known length". Lengths on the page are PDF points (1/72 in), origin
// top-left, y down; a scale 1:N read here holds on the page as printed (paper 'PAGE').
import { z } from 'zod';
import { PAPER_SIZES } from './scales.js';

export const PAGE_SCALE_STATUSES = ['ready', 'reading', 'unavailable'] as const;

/** A dimension string and the length of its dimension line on the page. */
export const dimensionCheckSchema = z.object({
  printed_mm: z.number(),
  length_pt: z.number(),
  at_pt: z.tuple([z.number(), z.number()]),
});
export type DimensionCheck = z.infer<typeof dimensionCheckSchema>;

export const pageScaleSchema = z.object({
  page_width_pt: z.number(),
  page_height_pt: z.number(),
  /** The standard sheet the page is, when it is one (a scale read here holds on it). */
  sheet: z.enum(PAPER_SIZES).nullable(),
  /** 'reading' while the page is still being read (ask again shortly); 'unavailable' when it could not be. */
  status: z.enum(PAGE_SCALE_STATUSES),
  /** 1:N printed in the title block or beside the plan. */
  printed_scale: z.number().nullable(),
  /** 1:N from a drawn scale bar. */
  scale_bar_scale: z.number().nullable(),
  /** 1:N that the plan's dimension strings agree on, with the strings it was read from. */
  dimensions: z.object({ scale_number: z.number(), checks: z.array(dimensionCheckSchema), disagreeing: z.number() }).nullable(),
  /** Drawn lines to snap to: [x1, y1, x2, y2] in points, longest first. */
  lines: z.array(z.tuple([z.number(), z.number(), z.number(), z.number()])),
});
export type PageScale = z.infer<typeof pageScaleSchema>;
