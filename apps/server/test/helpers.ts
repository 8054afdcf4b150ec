import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import type { Mailer } from '../src/lib/mailer.js';
import { DEFAULT_ABUSE_LIMITS, type AbuseLimit, type AbuseLimits } from '../src/lib/abuse-limits.js';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>['app'];
  ctx: Awaited<ReturnType<typeof buildApp>>['ctx'];
  config: Config;
  dataDir: string;
  /** Every e-mail written to the outbox so far, as raw text. */
  outbox: () => string[];
  /** Waits (at most 5 s, else throws) until every mail sent in the background so far is in the outbox. */
  mailSettled: () => Promise<void>;
  close: () => Promise<void>;
}

/** Which database the integration tier runs against in this process. */
export const testDbKind = (): 'postgres' | 'pglite' => (inject('pgUrl') ? 'postgres' : 'pglite');

/**
 * A fresh app on a fresh database: an in-memory PGlite, or a new database on the harness's PostgreSQL
 * server. Each call is isolated, so test files can run in parallel.
 */
/** The real allowances times 100, for tests about something else that upload or post a lot from one address. */
export const roomyAbuseLimits = (): AbuseLimits => {
  const x100 = (l: AbuseLimit): AbuseLimit => ({ ...l, perIp: l.perIp * 100, perAccount: l.perAccount === undefined ? undefined : l.perAccount * 100 });
  const d = DEFAULT_ABUSE_LIMITS;
  return { upload: x100(d.upload), checkout: x100(d.checkout), contact: x100(d.contact), issueReport: x100(d.issueReport), longPoll: { perAccount: 100, total: 1000 } };
};

export async function createTestApp(env: Record<string, string> = {}, opts: { mailer?: Mailer; abuseLimits?: AbuseLimits } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plansight-test-'));
  const pgUrl = inject('pgUrl');
  let dbUrl: string | undefined;
  if (pgUrl) {
    const name = `t_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    dbUrl = pgUrl.replace(/\/postgres$/, `/${name}`);
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-000',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
    ...env,
  });
  const database = await openDatabase(dbUrl ? { url: dbUrl } : { inMemory: true });
  const { app, ctx } = await buildApp(config, { database, logger: false, mailer: opts.mailer, mailRetryDelaysMs: [20, 50], abuseLimits: opts.abuseLimits ?? roomyAbuseLimits() });
  await app.ready();
  const outboxDir = path.join(dataDir, 'outbox');
  return {
    app,
    ctx,
    config,
    dataDir,
    outbox: () => {
      try {
        return readdirSync(outboxDir).sort().map((f) => readFileSync(path.join(outboxDir, f), 'utf8'));
      } catch {
        return [];
      }
    },
    mailSettled: async () => {
      if (!(await ctx.backgroundMail.drain(5000))) throw new Error('background mail still being sent after 5 s');
    },
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
