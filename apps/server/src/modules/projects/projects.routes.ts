import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { projectIdParamsSchema, projectListQuerySchema, renameProjectRequestSchema, type PlanStatus, type Project, type ProjectListResponse, type ProjectStatus } from '@plansight/contracts';
import type { AppContext } from '../../context.js';
import { notFound, parseOr422, unauthorized } from '../../errors.js';
import { SESSION_EXPIRED, sessionStillValid } from '../../plugins/auth.js';
import { abuseLimit } from '../../lib/abuse-limits.js';
import { createProject } from './project-create.service.js';
import { deleteOwnProject, duplicateOwnProject, renameOwnProject } from './project-manage.service.js';
import { readUpload } from './upload-reader.js';
import { uploadErrors } from './project-errors.js';
import { signedPngUrl, verifyPngSignature } from './png-url.js';
import { failureReason } from '../measure/analysis-failure.js';
import { findOwnProject, findPlan, findProjectById, listProjects, type ProjectRow } from './projects.repository.js';

/** Wire shape of one project; `filename` is the display name the client sent; the PNG URL is signed. */
function toDto(r: ProjectRow, secret: string, state?: { status: string; errorCode: string | null } | null): Project {
  const status = (r.hasResult ? 'done' : state ? state.status : 'not_measured') as ProjectStatus;
  return {
    project_id: r.id, project_name: r.name, name: r.name, title: r.name,
    filename: r.name, original_filename: r.originalFilename, has_result: r.hasResult,
    s3_png_url: r.pngKey ? signedPngUrl(secret, r.id) : null,
    page_no: r.pageNo, page_count: r.pageCount, created_at: r.createdAt ? r.createdAt.toISOString() : null,
    ...(state !== undefined ? { status, status_detail: status === 'failed' ? failureReason(state?.errorCode, r.planState === 'refunded').message : null } : {}),
  };
}

function parsePageNo(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') throw uploadErrors.pageRequired();
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw uploadErrors.pageNotPositive();
  return n;
}

/** Routes of the projects module: list, plan status, upload, get one and its page PNG (owner only). */
export async function projectRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  api.get('/user/projects/plan-status', { preHandler: api.authenticate }, async (req): Promise<PlanStatus> => {
    const plan = await findPlan(ctx.db, req.userId!);
    if (!plan) throw notFound('User not found');
    return { remaining: plan.remain, used: plan.used, total: plan.total, can_create_project: plan.remain > 0 };
  });

  // The most frequent request (the dashboard polls it): its query checks the session too (verifyTokenOnly).
  api.get('/user/projects', { preHandler: api.verifyTokenOnly }, async (req): Promise<ProjectListResponse> => {
    const q = parseOr422(projectListQuerySchema, req.query, 'query');
    const { rows, total, states, remainPlan, account } = await listProjects(ctx.db, req.userId, q);
    if (!sessionStillValid(req.tokenIssuedAtSec, account)) throw unauthorized(SESSION_EXPIRED);
    const totalPages = Math.ceil(total / q.limit);
    return {
      projects: rows.map((r) => toDto(r, ctx.config.JWT_SECRET, states.get(r.id) ?? null)), total_count: total, total_pages: totalPages,
      has_next: q.page < totalPages, has_prev: q.page > 1, remaining_plan: remainPlan ?? 0, page: q.page,
    };
  });

  api.post('/user/projects', { preHandler: [api.authenticate, abuseLimit(ctx.limits.upload)] }, async (req, reply) => {
    // Checks that need no body come first: an account without plans is answered before its upload is read.
    const plan = await findPlan(ctx.db, req.userId);
    if (!plan || plan.remain <= 0) throw uploadErrors.planLimit();
    const form = await readUpload(req, path.join(ctx.config.dataDir, 'tmp'), ctx.config.MAX_UPLOAD_MB);
    try {
      if (!form.file) throw uploadErrors.fileRequired();
      const pageNo = parsePageNo(form.fields.pageno);
      const name = (form.fields.filename ?? '').trim() || form.file.originalFilename.replace(/\.pdf$/i, '').trim();
      if (!name) throw uploadErrors.nameRequired();
      const row = await createProject(ctx, {
        userId: req.userId!, file: form.file, filename: name.slice(0, 200), originalFilename: form.file.originalFilename.slice(0, 255), pageNo, log: req.log,
      });
      return reply.code(201).send(toDto(row, ctx.config.JWT_SECRET));
    } finally {
      await form.remove();
    }
  });

  // Loadable by an <img> through the signed URL, or with the owner's bearer token.
  api.get('/user/projects/:id/page.png', async (req, reply) => {
    const parsed = projectIdParamsSchema.safeParse(req.params);
    if (!parsed.success) throw notFound('Project not found');
    const { exp, sig } = req.query as Record<string, unknown>;
    let row: ProjectRow | undefined;
    if (verifyPngSignature(ctx.config.JWT_SECRET, parsed.data.id, exp, sig)) row = await findProjectById(ctx.db, parsed.data.id);
    else {
      await api.authenticate(req);
      row = await findOwnProject(ctx.db, req.userId, parsed.data.id);
    }
    if (!row?.pngKey) throw notFound('Project not found');
    return reply.type('image/png').header('cache-control', 'private, max-age=300').send(await ctx.storage.get(row.pngKey));
  });

  // Rename, duplicate and delete answer 404 for another user's project, exactly as for a missing one.
  const idOf = (req: FastifyRequest) => {
    const parsed = projectIdParamsSchema.safeParse(req.params);
    if (!parsed.success) throw notFound('Project not found');
    return parsed.data.id;
  };
  api.patch('/user/projects/:id', { preHandler: api.authenticate }, async (req) => {
    const id = idOf(req);
    const { name } = parseOr422(renameProjectRequestSchema, req.body);
    return toDto(await renameOwnProject(ctx, req.userId!, id, name), ctx.config.JWT_SECRET);
  });
  api.post('/user/projects/:id/duplicate', { preHandler: api.authenticate }, async (req, reply) => {
    const row = await duplicateOwnProject(ctx, req.userId!, idOf(req));
    return reply.code(201).send(toDto(row, ctx.config.JWT_SECRET));
  });
  api.delete('/user/projects/:id', { preHandler: api.authenticate }, async (req, reply) => {
    await deleteOwnProject(ctx, req.userId!, idOf(req), req.log);
    return reply.code(204).send();
  });

  api.get('/user/projects/:id', { preHandler: api.authenticate }, async (req) => {
    const parsed = projectIdParamsSchema.safeParse(req.params);
    if (!parsed.success) throw notFound('Project not found');
    const row = await findOwnProject(ctx.db, req.userId!, parsed.data.id);
    if (!row) throw notFound('Project not found');
    return toDto(row, ctx.config.JWT_SECRET);
  });
}
