import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Mailer } from './lib/mailer.js';
import type { Storage } from './lib/storage.js';
import type { TokenService } from './plugins/auth.js';

/** What every module's routes and services get: built once in buildApp, no globals. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  storage: Storage;
  tokens: TokenService;
  /** Cleanups run on app close, last registered first. */
  onClose: (fn: () => Promise<void> | void) => void;
}
