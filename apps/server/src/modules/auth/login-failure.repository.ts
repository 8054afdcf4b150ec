import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';

/** When the account's login is locked, the lock's end; otherwise undefined. */
export async function lockedUntil(db: Db, email: string): Promise<Date | undefined> {
  const rows = await db.select().from(loginFailures).where(eq(loginFailures.email, email)).limit(1);
  const until = rows[0]?.lockedUntil;
  return until && until.getTime() > Date.now() ? until : undefined;
}

/**
 * Counts one failure inside a rolling window; the failure that reaches `maxFailures` locks the account
 * for `lockMinutes`. A fresh window starts once the previous one is over.
 */
export async function recordLoginFailure(db: Db, email: string, opts: { maxFailures: number; windowMinutes: number; lockMinutes: number }): Promise<void> {
  const windowOver = sql`${loginFailures.windowStartedAt} < now() - make_interval(mins => ${opts.windowMinutes})`;
  const next = sql`CASE WHEN ${windowOver} THEN 1 ELSE ${loginFailures.failures} + 1 END`;
  await db
    .insert(loginFailures)
    .values({ email, failures: 1 })
    .onConflictDoUpdate({
      target: loginFailures.email,
      set: {
        failures: next,
        windowStartedAt: sql`CASE WHEN ${windowOver} THEN now() ELSE ${loginFailures.windowStartedAt} END`,
        lockedUntil: sql`CASE WHEN ${next} >= ${opts.maxFailures} THEN now() + make_interval(mins => ${opts.lockMinutes}) ELSE ${loginFailures.lockedUntil} END`,
      },
    });
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
