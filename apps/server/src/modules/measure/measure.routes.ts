import type { FastifyInstance } from 'fastify';
import { allDetectionsQuerySchema, ceilingScaleRequestSchema, projectIdParamsSchema, roomParamsSchema, roomPatchSchema } from '@plansight/contracts';
import type { AppContext } from '../../context.js';
import { notFound, parseOr422 } from '../../errors.js';
import { createConcurrencyCap } from '../../lib/abuse-limits.js';
import { getCeilingScale, getResult, patchRoom, runAllDetections, saveCeilingScale } from './measure.service.js';

/** A malformed id is a project nobody owns: 404, like someone else's. */
function projectId(params: unknown): string {
  const p = projectIdParamsSchema.safeParse(params);
  if (!p.success) throw notFound('Project not found');
  return p.data.id;
}

/** Routes of the measure module: ceiling and scale, the analysis job, the result and room edits. All owner-only. */
export async function measureRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const auth = { preHandler: api.authenticate };

  api.get('/user/projects/:id/ceilling-scale', auth, async (req) => getCeilingScale(ctx, req.userId, projectId(req.params)));

  api.post('/user/projects/:id/ceilling-scale', auth, async (req) => {
    const id = projectId(req.params);
    const body = parseOr422(ceilingScaleRequestSchema, req.body ?? {});
    return saveCeilingScale(ctx, req.userId, id, body, (err) => req.log.error({ err }, 'could not start the analysis'));
  });

  // Each waiting call holds a request and polls the database: capped per account and per process. Over the
  // cap a call still starts or joins the run, but answers at once (202 "still running") instead of waiting.
  const longPolls = createConcurrencyCap(ctx.limits.longPoll.perAccount, ctx.limits.longPoll.total);
  api.get('/projects/:id/all-detections', auth, async (req, reply) => {
    const id = projectId(req.params);
    const q = parseOr422(allDetectionsQuerySchema, req.query, 'query');
    const leave = longPolls.tryEnter(req.userId);
    try {
      const { status, body } = await runAllDetections(ctx, req.userId, id, q, leave ? undefined : 0);
      return reply.status(status).send(body);
    } finally {
      leave?.();
    }
  });

  api.get('/user/projects/:id/result', auth, async (req) => getResult(ctx, req.userId, projectId(req.params)));

  const editRoom = async (req: { params: unknown; body: unknown; userId: string }) => {
    const p = roomParamsSchema.safeParse(req.params);
    if (!p.success) throw notFound('Room not found');
    return patchRoom(ctx, req.userId, p.data.id, p.data.roomId, parseOr422(roomPatchSchema, req.body ?? {}));
  };
  api.patch('/user/projects/:id/rooms/:roomId', auth, editRoom);
  api.post('/user/projects/:id/rooms/:roomId', auth, editRoom);
}
