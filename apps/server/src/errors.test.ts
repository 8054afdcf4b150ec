import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AppError, parseOr422, registerErrorHandler } from './errors.ts';

/** A bare Fastify app with the shared error handler and one route that throws `err`. */
async function answerFor(err: unknown) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw err;
  });
  const res = await app.inject('/boom');
  await app.close();
  return res;
}

describe('registerErrorHandler', () => {
  it('answers an unexpected error with a generic 500: no message, no stack', async () => {
    const err = new Error('connection to db-internal:5432 refused');
    const res = await answerFor(err);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Internal server error', message: 'Internal server error', code: 'internal' });
    expect(res.body).not.toContain('db-internal');
    expect(res.body).not.toContain(err.stack!.split('\n')[1].trim());
  });

  it('answers an AppError with its status, message and code', async () => {
    const res = await answerFor(new AppError(409, 'email_taken', 'Taken'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Taken', message: 'Taken', code: 'email_taken' });
  });

  it('answers a failed parse with a 422 detail list of {loc, msg, type}', async () => {
    let thrown: unknown;
    try {
      parseOr422(z.object({ email: z.string().min(1, 'Email is required') }), { email: '' });
    } catch (e) {
      thrown = e;
    }
    const res = await answerFor(thrown);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([{ loc: ['body', 'email'], msg: 'Email is required', type: 'too_small' }]);
  });
});
