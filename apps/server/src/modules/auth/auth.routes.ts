import {
  AUTH_ERROR_CODES,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  resendVerificationRequestSchema,
  resetPasswordRequestSchema,
  verifyEmailRequestSchema,
} from '@plansight/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError, parseOr422 } from '../../errors.js';
import * as auth from './auth.service.js';

/** Routes of the auth module: sign-up, verification, login, password reset and the profile. */
export async function authRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  // Per IP (the per-account guard lives in the service). Mail-sending calls get a looser limit.
  // The builder's result is thrown, so the shared error handler gives it the usual body with a code the web can read.
  const errorResponseBuilder = () => new AppError(429, AUTH_ERROR_CODES.tooManyAttempts, 'Too many attempts. Please wait a minute and try again.');
  const loginLimit = { rateLimit: { max: ctx.config.LOGIN_RATE_LIMIT_PER_MIN, timeWindow: '1 minute', errorResponseBuilder } };
  const mailLimit = { rateLimit: { max: ctx.config.LOGIN_RATE_LIMIT_PER_MIN * 3, timeWindow: '1 minute', errorResponseBuilder } };

  api.post('/auth/register', { config: mailLimit }, async (req, reply) => {
    const body = parseOr422(registerRequestSchema, req.body);
    return reply.status(201).send(await auth.register(ctx, body, (m) => req.log.info(m)));
  });

  api.post('/auth/verify-email', { config: mailLimit }, async (req) => {
    const { token } = parseOr422(verifyEmailRequestSchema, req.body);
    return auth.verifyEmail(ctx, token);
  });

  api.post('/auth/resend-verification', { config: mailLimit }, async (req) => {
    const { email } = parseOr422(resendVerificationRequestSchema, req.body);
    return auth.resendVerification(ctx, email, (m) => req.log.info(m));
  });

  api.post('/auth/login', { config: loginLimit }, async (req) => {
    const { email, password } = parseOr422(loginRequestSchema, req.body);
    return auth.login(ctx, email, password);
  });

  api.post('/auth/forgot-password', { config: mailLimit }, async (req) => {
    const { email } = parseOr422(forgotPasswordRequestSchema, req.body);
    return auth.forgotPassword(ctx, email, (m) => req.log.info(m));
  });

  api.post('/auth/reset-password', { config: loginLimit }, async (req) => {
    const body = parseOr422(resetPasswordRequestSchema, req.body);
    return auth.resetPassword(ctx, body);
  });

  // The spec lists the dashboard's test call as `/api/user/profile` relative to its {host} ('/api');
  // both spellings answer so either reading of the spec works.
  const profile = { preHandler: api.authenticate };
  const handler = async (req: { userId: string }) => auth.profile(ctx, req.userId);
  api.get('/user/profile', profile, handler);
  api.get('/api/user/profile', profile, handler);
}
