import { existsSync } from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase, type Database } from './db/client.js';
import { migrate } from './db/migrate.js';
import { NOT_FOUND_BODY, registerErrorHandler } from './errors.js';
import { abuseLimitsFromSettings, type AbuseLimits } from './lib/abuse-limits.js';
import { configureEngineFromConfig } from './engine-config.js';
import { createBackgroundMailer, createMailer, type Mailer } from './lib/mailer.js';
import { createLocalStorage, type Storage } from './lib/storage.js';
import { createS3StorageIfConfigured } from './lib/s3-storage.js';
import { registerModules } from './modules/index.js';
import { seedDemoAccount } from './modules/auth/demo-seed.js';
import { createTokenService, registerAuth } from './plugins/auth.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { sessionsValidSinceQuery } from './modules/auth/user.repository.js';

export interface BuildOptions {
  /** Use this database instead of opening one from config (tests). */
  database?: Database;
  mailer?: Mailer;
  storage?: Storage;
  logger?: boolean;
  /** Replaces the abuse allowances (tests that are not about them use roomy ones). */
  abuseLimits?: AbuseLimits;
  /** Waits between tries of a failed background mail (tests use short ones). */
  mailRetryDelaysMs?: readonly number[];
}

/** Builds the HTTP app: plugins, the API under /api, and the built front end. Never listens. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const database = opts.database ?? (await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir }));
  await migrate(database);
  const closers: (() => Promise<void> | void)[] = [];
  configureEngineFromConfig(config);
  // A hop count trusts that many addresses nearest to the server (Fastify itself refuses bare hop counts).
  // Fastify's overloads pick HTTP/2 typings for a union-typed trustProxy, hence the cast.
  const hops = config.TRUST_PROXY;
  const trustProxy = (typeof hops === 'number' ? (_addr: string, i: number) => i < hops : hops) as boolean;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.LOG_LEVEL },
    bodyLimit: 1024 * 1024,
    // Only the configured proxy hops may name the client in X-Forwarded-For (else per-IP limits could be dodged).
    trustProxy,
  });
  const mailer =
    opts.mailer ??
    createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: path.join(config.dataDir, 'outbox'), log: (m) => app.log.info(m) });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mailer,
    backgroundMail: createBackgroundMailer(
      mailer,
      (err, mail, willRetry) => app.log[willRetry ? 'warn' : 'error']({ err, subject: mail.subject }, `background mail to ${mail.to} failed${willRetry ? '; will retry' : ', gave up'}`),
      opts.mailRetryDelaysMs,
    ),
    storage: opts.storage ?? createS3StorageIfConfigured(config) ?? createLocalStorage(path.join(config.dataDir, 'files')),
    tokens: createTokenService(config.JWT_SECRET, config.ACCESS_TOKEN_TTL_MIN),
    limits: opts.abuseLimits ?? abuseLimitsFromSettings(config),
    onClose: (fn) => closers.push(fn),
  };
  // Registered first, so it runs last: mails still being sent get a few seconds to finish.
  ctx.onClose(async () => {
    if (!(await ctx.backgroundMail.drain(5000))) app.log.warn('closing with background mail still being sent');
  });
  app.addHook('onClose', async () => {
    for (const fn of closers.reverse()) await fn();
    if (!opts.database) await database.close();
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'blob:', 'data:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const origins = config.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean);
  if (origins.length) await app.register(cors, { origin: origins, credentials: true });
  await app.register(multipart, { limits: { fileSize: config.MAX_UPLOAD_MB * 1024 * 1024, files: 10, fields: 20 } });
  await app.register(rateLimit, { global: false });
  registerErrorHandler(app);
  registerAuth(app, ctx.tokens, sessionsValidSinceQuery(ctx.db));

  await app.register(async (api) => registerModules(api, ctx), { prefix: '/api' });
  app.get('/healthz', async () => ({ ok: true }));
  registerWebApp(app, config.webDistDir);
  if (config.SEED_DEMO) await seedDemoAccount(ctx, (m) => app.log.info(m));
  return { app, ctx };
}

/** Serves the built SPA: files as they are, index.html for any other GET outside /api. */
function registerWebApp(app: FastifyInstance, distDir: string): void {
  const built = existsSync(path.join(distDir, 'index.html'));
  if (built) app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
  else app.log.warn(`front end not built (${distDir}); run npm run build`);
  app.setNotFoundHandler((req, reply) => {
    if (built && req.method === 'GET' && !req.url.startsWith('/api/') && !path.extname(req.url.split('?')[0])) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(NOT_FOUND_BODY);
  });
}
