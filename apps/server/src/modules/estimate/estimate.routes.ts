import type { FastifyInstance } from 'fastify';
import { estimateSettingsRequestSchema, estimateSettingsSchema, projectIdParamsSchema } from '@plansight/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { notFound, parseOr422 } from '../../errors.js';
import { getResult, ownProject } from '../measure/measure.service.js';
import { accountDefaults, projectSettings, saveAccountDefaults, saveProjectSettings } from './estimate.service.js';
import { exportFileName, roomsCsv, resultWorkbook } from './export.js';

function projectId(params: unknown): string {
  const p = projectIdParamsSchema.safeParse(params);
  if (!p.success) throw notFound('Project not found');
  return p.data.id;
}

/** `rooms=a,b,c` limits an export to those rooms (the ones selected on the results page). */
const exportQuerySchema = z.object({ rooms: z.string().max(20_000).optional() });
const roomIds = (q: unknown) => {
  const { rooms } = parseOr422(exportQuerySchema, q ?? {}, 'query');
  return rooms ? rooms.split(',').map((s) => s.trim()).filter(Boolean) : undefined;
};

/** The estimate's settings (per project, defaults per account) and the spreadsheet and CSV exports. Owner-only. */
export async function estimateRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const auth = { preHandler: api.authenticate };

  /** Settings and, once the plan is measured, the estimate (the result endpoint carries it too). */
  const estimateOf = async (userId: string, id: string) => {
    const { settings, source } = await projectSettings(ctx, userId, id);
    const result = await getResult(ctx, userId, id).catch(() => null);
    return { settings, source, estimate: result?.estimate ?? null };
  };

  api.get('/user/projects/:id/estimate', auth, async (req) => {
    const id = projectId(req.params);
    await ownProject(ctx, req.userId, id);
    return estimateOf(req.userId, id);
  });

  api.put('/user/projects/:id/estimate', auth, async (req) => {
    const id = projectId(req.params);
    const body = parseOr422(estimateSettingsRequestSchema, req.body ?? {});
    await ownProject(ctx, req.userId, id);
    await saveProjectSettings(ctx, req.userId, id, body.settings, body.save_as_default ?? false);
    return estimateOf(req.userId, id);
  });

  api.get('/user/estimate-defaults', auth, async (req) => accountDefaults(ctx, req.userId));

  api.put('/user/estimate-defaults', auth, async (req) => {
    const settings = parseOr422(z.object({ settings: estimateSettingsSchema }), req.body ?? {}).settings;
    await saveAccountDefaults(ctx, req.userId, settings);
    return accountDefaults(ctx, req.userId);
  });

  api.get('/user/projects/:id/export.xlsx', auth, async (req, reply) => {
    const id = projectId(req.params);
    const ids = roomIds(req.query);
    const result = await getResult(ctx, req.userId, id);
    const { settings } = await projectSettings(ctx, req.userId, id);
    const buf = await resultWorkbook(result, settings, ids);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${exportFileName(result.title, 'xlsx')}"`)
      .send(buf);
  });

  api.get('/user/projects/:id/export.csv', auth, async (req, reply) => {
    const id = projectId(req.params);
    const ids = roomIds(req.query);
    const result = await getResult(ctx, req.userId, id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(result.title, 'csv')}"`)
      .send(roomsCsv(result, ids));
  });
}
