import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the server reads. Documented in README.md ("Configuration"). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: z.string().default(''),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_MIN: z.coerce.number().int().positive().default(720),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Plansight <no-reply@plansight.local>'),
  SUPPORT_EMAIL: z.string().email().default('support@plansight.local'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** stripe: Stripe Checkout; test: the local test checkout (no card, plans credited on "Pay"); off: no checkout. */
  PAYMENTS: z.enum(['stripe', 'test', 'off']).optional(),
  ALLOW_TEST_PAYMENTS_IN_PRODUCTION: bool.default(false),
  ALLOW_DEMO_IN_PRODUCTION: bool.default(false),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_PREFIX: z.string().default(''),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(50),
  /** all: HTTP + job worker in one process; web: HTTP only; worker: jobs only. */
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  SEED_DEMO: bool.optional(),
  LOGIN_RATE_LIMIT_PER_MIN: z.coerce.number().int().positive().default(10),
  /** Multiplies the per-account and per-address allowances of uploads, checkouts, contact, issue reports and long polls. */
  ABUSE_LIMITS_SCALE: z.coerce.number().positive().max(10000).default(1),
  /** Allowances per 10 minutes (README "Reliability"); ABUSE_LIMITS_SCALE multiplies them. */
  UPLOAD_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(20),
  UPLOAD_LIMIT_PER_IP: z.coerce.number().int().positive().default(60),
  CHECKOUT_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  CHECKOUT_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  CONTACT_LIMIT_PER_IP: z.coerce.number().int().positive().default(5),
  ISSUE_REPORT_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  ISSUE_REPORT_LIMIT_PER_IP: z.coerce.number().int().positive().default(15),
  LONG_POLL_PER_ACCOUNT: z.coerce.number().int().positive().default(4),
  LONG_POLL_TOTAL: z.coerce.number().int().positive().default(200),
  /** Budgets of every PDF the engine opens. */
  PDF_MAX_PAGES: z.coerce.number().int().positive().default(500),
  PDF_MAX_OPERATORS: z.coerce.number().int().positive().default(3_000_000),
  PDF_MAX_IMAGE_PIXELS: z.coerce.number().int().positive().default(150_000_000),
  PDF_MAX_CANVAS_MB: z.coerce.number().positive().default(64),
  ENGINE_UPLOAD_HEAP_MB: z.coerce.number().int().min(32).default(512),
  ENGINE_UPLOAD_MEMORY_MB: z.coerce.number().int().min(64).default(640),
  ENGINE_ANALYSIS_HEAP_MB: z.coerce.number().int().min(64).default(1024),
  ENGINE_ANALYSIS_MEMORY_MB: z.coerce.number().int().min(128).default(1536),
  ENGINE_PROCESS_CEILING_MB: z.coerce.number().int().min(256).default(2048),
  /** Engine host processes the PDF work runs in (0: worker threads inside this process, for development only). */
  ENGINE_HOSTS: z.coerce.number().int().min(0).max(16).default(2),
  ENGINE_HOST_RECYCLE_MB: z.coerce.number().int().min(128).default(512),
  /** Idle engine hosts kept running after 30 s, so the next upload after a quiet spell finds one started. */
  ENGINE_WARM_HOSTS: z.coerce.number().int().min(0).max(16).default(1),
  ENGINE_UPLOAD_TIMEOUT_S: z.coerce.number().positive().default(60),
  ENGINE_ANALYSIS_TIMEOUT_S: z.coerce.number().positive().default(120),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

/** The names of every variable in `envSchema` (the README's configuration table must list each). */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as (keyof Env)[];

export interface Config extends Omit<Env, 'JWT_SECRET' | 'PUBLIC_URL' | 'SEED_DEMO' | 'PAYMENTS' | 'TRUST_PROXY'> {
  JWT_SECRET: string;
  PAYMENTS: 'stripe' | 'test' | 'off';
  /** Fastify's trustProxy: false, a hop count, or the proxy addresses/CIDRs whose X-Forwarded-For is believed. */
  TRUST_PROXY: false | number | string[];
  PUBLIC_URL: string;
  SEED_DEMO: boolean;
  /** Absolute DATA_DIR. */
  dataDir: string;
  /** True when no DATABASE_URL: embedded PGlite under DATA_DIR. */
  embedded: boolean;
  webDistDir: string;
}

export class ConfigError extends Error {}

/**
 * Parses and validates the environment once. Fails fast with every invalid variable listed.
 * In embedded mode a missing JWT_SECRET is generated once and kept in DATA_DIR/jwt-secret.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  const trustProxy = parseTrustProxy(e.TRUST_PROXY, problems);
  const payments = e.PAYMENTS ?? (e.STRIPE_SECRET_KEY ? 'stripe' : e.NODE_ENV === 'production' ? 'off' : 'test');
  const seedDemo = e.SEED_DEMO ?? (e.NODE_ENV === 'development' && !e.DATABASE_URL);
  problems.push(...productionSafetyProblems(e, payments, seedDemo));
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const dataDir = path.resolve(e.DATA_DIR);
  const embedded = !e.DATABASE_URL;
  let jwtSecret = e.JWT_SECRET;
  if (!jwtSecret) {
    if (e.NODE_ENV === 'production' && !embedded) {
      throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required in production with DATABASE_URL');
    }
    mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, 'jwt-secret');
    if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('hex'), { mode: 0o600 });
    jwtSecret = readFileSync(file, 'utf8').trim();
  }
  return {
    ...e,
    JWT_SECRET: jwtSecret,
    PUBLIC_URL: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    SEED_DEMO: seedDemo,
    PAYMENTS: payments,
    TRUST_PROXY: trustProxy,
    dataDir,
    embedded,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    ...overrides,
  };
}

/**
 * TRUST_PROXY: empty/false (the socket address is the client), a hop count (how many proxies in front of
 * the server append to X-Forwarded-For), or a comma-separated list of proxy addresses/CIDRs. `true`
 * (believe every hop) is refused: any client could then name its own address and dodge every per-IP limit.
 */
function parseTrustProxy(raw: string, problems: string[]): false | number | string[] {
  const v = raw.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v === 'true' || v === '1' || v === 'yes') {
    problems.push('TRUST_PROXY: `true` would trust every X-Forwarded-For hop (a client could pick its own address); give the number of proxies in front of the server (e.g. 1) or their addresses');
    return false;
  }
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  const address = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]+)(\/\d{1,3})?$|^(loopback|linklocal|uniquelocal)$/;
  const bad = list.filter((a) => !address.test(a));
  if (bad.length) problems.push(`TRUST_PROXY: not a hop count or proxy address: ${bad.join(', ')}`);
  return list;
}

/**
 * Settings that would give plans away (a checkout that credits without payment, an account whose password
 * is printed in the README) are refused in production unless forced by name, so a forgotten variable
 * cannot open the door.
 */
function productionSafetyProblems(e: Env, payments: 'stripe' | 'test' | 'off', seedDemo: boolean): string[] {
  const problems: string[] = [];
  if (payments === 'stripe' && !e.STRIPE_SECRET_KEY) problems.push('PAYMENTS: `stripe` needs STRIPE_SECRET_KEY');
  if (e.NODE_ENV !== 'production') return problems;
  if (payments === 'test' && !e.ALLOW_TEST_PAYMENTS_IN_PRODUCTION) {
    problems.push(
      'PAYMENTS: `test` in production would credit plans without any payment; use PAYMENTS=stripe (with STRIPE_SECRET_KEY) or off, or set ALLOW_TEST_PAYMENTS_IN_PRODUCTION=true for a demo server',
    );
  }
  if (seedDemo && !e.ALLOW_DEMO_IN_PRODUCTION) {
    problems.push('SEED_DEMO: the demo account\'s password is public; it is refused in production unless ALLOW_DEMO_IN_PRODUCTION=true');
  }
  if (payments === 'stripe' && !e.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_WEBHOOK_SECRET: required in production with PAYMENTS=stripe (paid plans are credited by the webhook)');
  return problems;
}
