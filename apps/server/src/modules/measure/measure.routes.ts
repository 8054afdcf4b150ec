import type { FastifyInstance } from 'fastify';
import {
  allDetectionsQuerySchema, ceilingScaleRequestSchema, projectIdParamsSchema, roomCreateSchema, roomEditSchema, roomParamsSchema, roomsReplaceSchema,
} from '@plansight/contracts';
import type { AppContext } from '../../context.js';
import { notFound, parseOr422 } from '../../errors.js';
import { createConcurrencyCap } from '../../lib/abuse-limits.js';
import { getCeilingScale, getResult, runAllDetections, saveCeilingScale } from './measure.service.js';
import { getPageScale } from './page-scale.service.js';
import { addRoom, deleteRoom, patchRoom, replaceRooms, resetRooms } from './room-edits.service.js';

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

  // what the page says about its scale, and its lines to snap a measured length to
  api.get('/user/projects/:id/page-scale', auth, async (req) => getPageScale(ctx, req.userId, projectId(req.params), (err) => req.log.warn({ err }, 'could not read the page scale')));

  api.get('/user/projects/:id/result', auth, async (req) => getResult(ctx, req.userId, projectId(req.params)));

  const room = (params: unknown) => {
    const p = roomParamsSchema.safeParse(params);
    if (!p.success) throw notFound('Room not found');
    return p.data;
  };
  const editRoom = async (req: { params: unknown; body: unknown; userId: string }) => {
    const p = room(req.params);
    return patchRoom(ctx, req.userId, p.id, p.roomId, parseOr422(roomEditSchema, req.body ?? {}));
  };
  api.patch('/user/projects/:id/rooms/:roomId', auth, editRoom);
  api.post('/user/projects/:id/rooms/:roomId', auth, editRoom);

  api.post('/user/projects/:id/rooms', auth, async (req, reply) => {
    const id = projectId(req.params);
    return reply.status(201).send(await addRoom(ctx, req.userId, id, parseOr422(roomCreateSchema, req.body ?? {})));
  });
  api.put('/user/projects/:id/rooms', auth, async (req) => {
    const id = projectId(req.params);
    return replaceRooms(ctx, req.userId, id, parseOr422(roomsReplaceSchema, req.body ?? {}));
  });
  api.delete('/user/projects/:id/rooms/:roomId', auth, async (req, reply) => {
    const p = room(req.params);
    await deleteRoom(ctx, req.userId, p.id, p.roomId);
    return reply.status(204).send();
  });
  // "Reset to detected": one room's edits, or all of the plan's
  api.delete('/user/projects/:id/rooms/:roomId/edits', auth, async (req) => {
    const p = room(req.params);
    return resetRooms(ctx, req.userId, p.id, p.roomId);
  });
  api.delete('/user/projects/:id/edits', auth, async (req) => resetRooms(ctx, req.userId, projectId(req.params)));
}
