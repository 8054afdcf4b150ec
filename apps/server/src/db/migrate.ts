import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './client.js';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
/** Arbitrary constant: serialises migrators of several processes on one PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_314_159;

/**
 * Applies the numbered SQL files in db/migrations once each, in order, on PGlite and PostgreSQL alike.
 * Plain SQL (not drizzle-kit's journal) so that parallel branches add files without colliding; see
 * docs/decisions/002-sql-migrations.md.
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  if (database.kind === 'postgres') await database.executeSql('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  try {
    await database.execScript(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await database.executeSql('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      const escaped = file.replace(/'/g, "''");
      await database.execScript(`BEGIN;\n${sql}\nINSERT INTO schema_migrations (name) VALUES ('${escaped}');\nCOMMIT;`);
      applied.push(file);
    }
  } finally {
    if (database.kind === 'postgres') await database.executeSql('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  }
  return applied;
}
