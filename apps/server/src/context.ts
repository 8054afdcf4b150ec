import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { AbuseLimits } from './lib/abuse-limits.js';
import type { BackgroundMailer, Mailer } from './lib/mailer.js';
import type { Storage } from './lib/storage.js';
import type { TokenService } from './plugins/auth.js';

/** What every module's routes and services get: built once in buildApp, no globals. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  /** `mailer` off the request path (fire-and-forget, failures logged); drained on app close. */
  backgroundMail: BackgroundMailer;
  storage: Storage;
  tokens: TokenService;
  /** Allowances of uploads, checkouts, contact messages and issue reports, and the long-poll caps. */
  limits: AbuseLimits;
  /** Cleanups run on app close, last registered first. */
  onClose: (fn: () => Promise<void> | void) => void;
}
