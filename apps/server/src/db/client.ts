import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one drizzle type the repositories use, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Runs raw SQL; used by the migrator and by pg-boss (its `db.executeSql` adapter). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: any[] }>;

export interface Database {
  db: Db;
  executeSql: ExecuteSql;
  /** Runs a multi-statement SQL script (migrations). */
  execScript: (sql: string) => Promise<void>;
  kind: 'pglite' | 'postgres';
  /** For pg-boss on PostgreSQL: its own pool from the URL. */
  connectionString?: string;
  close: () => Promise<void>;
}

/** Connections of one process's pool (pg-boss has its own few). */
const POOL_SIZE = 10;

/**
 * Opens `n` connections at once and hands them back to the pool. Best effort: a database not reachable yet
 * fails here quietly, and the migrations right after say why.
 */
async function warmPool(pool: pg.Pool, n: number): Promise<void> {
  const clients = await Promise.allSettled(Array.from({ length: n }, () => pool.connect()));
  for (const c of clients) if (c.status === 'fulfilled') c.value.release();
}

/** PostgreSQL when a URL is given, otherwise embedded PGlite stored under `dataDir/db` (or in memory). */
export async function openDatabase(opts: { url?: string; dataDir?: string; inMemory?: boolean }): Promise<Database> {
  if (opts.url) {
    // A connection attempt gives up after 5 s, so a request during a database outage fails (503) instead of
    // hanging.
    // The pool keeps its connections open (min = max) and opens them at start-up: a connection is opened
    // and authenticated by a new PostgreSQL backend, and every prepared statement is parsed again on it, so
    // a pool that opened on demand and closed idle connections after 10 s (pg's defaults) made the first
    // requests of every burst of traffic wait for that (the list's p99 on a quiet machine was that alone).
    const pool = new pg.Pool({ connectionString: opts.url, max: POOL_SIZE, min: POOL_SIZE, connectionTimeoutMillis: 5_000 });
    // An idle connection the server closed (a restart) is an 'error' event: without a listener it would
    // take the whole process down. The pool drops that connection and opens a new one when next needed.
    pool.on('error', () => undefined);
    await warmPool(pool, POOL_SIZE);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      connectionString: opts.url,
      executeSql: async (text, values) => pool.query(text, values as any[]),
      execScript: async (sql) => {
        await pool.query(sql);
      },
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  if (!opts.inMemory) {
    dir = path.join(opts.dataDir ?? './data', 'db');
    mkdirSync(dir, { recursive: true });
  }
  // Loaded only here: a server on PostgreSQL never holds the embedded database's code (tens of MB resident).
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const client = new PGlite(dir);
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    executeSql: async (text, values) => {
      const res = await client.query(text, values as any[]);
      return { rows: res.rows as any[] };
    },
    execScript: async (sql) => {
      await client.exec(sql);
    },
    close: () => client.close(),
  };
}
