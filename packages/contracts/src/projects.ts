// Request and response schemas of the projects module (shared by web and server).
import { z } from 'zod';

export const PROJECTS_PAGE_SIZE = 10;

export const projectListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PROJECTS_PAGE_SIZE),
  sort_by: z.enum(['filename', 'created_at']).default('created_at'),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
  search: z.string().trim().max(200).optional(),
});
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;

/**
 * Where a project stands, so no project reads "Processing" when nothing runs: not measured yet (no ceiling
 * and scale), queued or processing, done, or failed (then `status_detail` says why in words).
 */
export const PROJECT_STATUSES = ['not_measured', 'queued', 'processing', 'done', 'failed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const projectSchema = z.object({
  project_id: z.string(),
  project_name: z.string(),
  name: z.string(),
  title: z.string(),
  filename: z.string(),
  original_filename: z.string(),
  has_result: z.boolean(),
  s3_png_url: z.string().nullable(),
  page_no: z.number().int(),
  page_count: z.number().int(),
  created_at: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES).optional(),
  status_detail: z.string().nullable().optional(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectListResponseSchema = z.object({
  projects: z.array(projectSchema),
  total_count: z.number().int(),
  total_pages: z.number().int(),
  has_next: z.boolean(),
  has_prev: z.boolean(),
  remaining_plan: z.number().int(),
  page: z.number().int(),
});
export type ProjectListResponse = z.infer<typeof projectListResponseSchema>;

export const planStatusSchema = z.object({
  remaining: z.number().int(),
  used: z.number().int(),
  total: z.number().int(),
  can_create_project: z.boolean(),
});
export type PlanStatus = z.infer<typeof planStatusSchema>;

export const projectIdParamsSchema = z.object({ id: z.string().uuid() });

/** Texts of product-spec section 5 (Create project); the server answers with the same where they apply. */
export const CREATE_PROJECT_MESSAGES = {
  notPdf: 'Please select a valid PDF file.',
  nameRequired: 'Please enter a filename.',
  fileRequired: 'Please select a PDF file.',
  pageRequired: 'Please enter a page number.',
  pageNotPositive: 'Page number must be a positive number.',
} as const;

/**
 * The text fields of POST /user/projects (multipart: file, filename, pageno). `filename` is the project's
 * display name; `pageno` arrives as text and must be a whole number above 0.
 */
export const createProjectFieldsSchema = z.object({
  filename: z.string().trim().min(1, CREATE_PROJECT_MESSAGES.nameRequired).max(200),
  pageno: z
    .string()
    .trim()
    .min(1, CREATE_PROJECT_MESSAGES.pageRequired)
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1, CREATE_PROJECT_MESSAGES.pageNotPositive),
});
export type CreateProjectFields = z.infer<typeof createProjectFieldsSchema>;

/** Answer of POST /user/projects (product-spec section 3, Project creation response). */
export const createProjectResponseSchema = projectSchema;
export type CreateProjectResponse = Project;

/** Body of PATCH /user/projects/{id}: the project's new display name. */
export const renameProjectRequestSchema = z.object({
  name: z.string({ error: 'Project name: please enter a name.' }).trim().min(1, 'Project name: please enter a name.').max(200, 'Project name: at most 200 characters.'),
});
export type RenameProjectRequest = z.infer<typeof renameProjectRequestSchema>;
