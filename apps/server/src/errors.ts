import type { FastifyError, FastifyInstance } from 'fastify';
import { z, type ZodType } from 'zod';

/** One error type for the whole server. `status` is the HTTP status; `message` is safe to show. */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    /** A 422 list of {loc, msg, type}; otherwise the message is sent as `detail`. */
    public readonly detailList?: { loc: (string | number)[]; msg: string; type: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Not found') => new AppError(404, 'not_found', what);
export const badRequest = (msg: string, code = 'bad_request') => new AppError(400, code, msg);
export const unauthorized = (msg = 'Not authenticated') => new AppError(401, 'unauthorized', msg);
export const forbidden = (msg = 'Forbidden') => new AppError(403, 'forbidden', msg);
export const conflict = (msg: string, code = 'conflict') => new AppError(409, code, msg);

/** Parses with a zod schema; failures become 422 with a `detail` list the spec's client can show. */
export function parseOr422<T extends ZodType>(schema: T, data: unknown, where: 'body' | 'query' | 'params' = 'body'): z.infer<T> {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const list = r.error.issues.map((i) => ({ loc: [where, ...i.path.map((p) => (typeof p === 'symbol' ? String(p) : p))], msg: i.message, type: i.code }));
  throw new AppError(422, 'validation_error', list.map((d) => `${d.loc.slice(1).join('.')}: ${d.msg}`).join('; '), list);
}

/**
 * Maps every error to the wire shapes the spec's client reads: `{detail, message, code}`, or a 422 `detail`
 * list. Never sends a stack trace; unexpected errors are logged and answered with a generic 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      if (err.detailList) return reply.status(err.status).send({ detail: err.detailList, message: err.message, code: err.code });
      return reply.status(err.status).send({ detail: err.message, message: err.message, code: err.code });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const msg =
        (err as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE' || status === 413
          ? 'The upload is too large.'
          : status === 429
            ? 'Too many requests. Please wait a minute and try again.'
            : err.message;
      return reply.status(status).send({ detail: msg, message: msg, code: (err as FastifyError).code ?? 'bad_request' });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      const msg = 'The service is briefly unavailable. Please try again in a moment.';
      return reply.status(503).header('retry-after', '5').send({ detail: msg, message: msg, code: 'service_unavailable' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error', message: 'Internal server error', code: 'internal' });
  });
}

/** The JSON 404 body for unknown API paths. */
export const NOT_FOUND_BODY = { detail: 'Not found', message: 'Not found', code: 'not_found' } as const;

/** PostgreSQL codes of a server shutting down, starting up or unreachable (classes 08 and 57P). */
const DB_UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
const DB_UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/**
 * True when the error (or one it wraps: drizzle wraps the driver's) says the database cannot be reached
 * right now: the request failed cleanly and the same request will work once it is back (503, not 500).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && DB_UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && DB_UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}
