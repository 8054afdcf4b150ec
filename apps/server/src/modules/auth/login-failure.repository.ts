import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';

/**
 * Takes one login attempt for the account atomically, BEFORE the password is checked: the attempt counts as
 * a failure until `clearLoginFailures` says otherwise. Answers false when the account is locked. One
 * conditional upsert, so a parallel burst of guesses gets at most `maxFailures` password checks per window,
 * however many arrive at once (reading the lock first and writing it after the check let them all through).
 */
export async function takeLoginAttempt(db: Db, email: string, opts: { maxFailures: number; windowMinutes: number; lockMinutes: number }): Promise<boolean> {
  // A window that is over, or a lock that has run out, starts afresh.
  const fresh = sql`(${loginFailures.windowStartedAt} < now() - make_interval(mins => ${opts.windowMinutes}) OR ${loginFailures.lockedUntil} <= now())`;
  const next = sql`CASE WHEN ${fresh} THEN 1 ELSE ${loginFailures.failures} + 1 END`;
  const rows = await db
    .insert(loginFailures)
    .values({ email, failures: 1 })
    .onConflictDoUpdate({
      target: loginFailures.email,
      set: {
        failures: next,
        windowStartedAt: sql`CASE WHEN ${fresh} THEN now() ELSE ${loginFailures.windowStartedAt} END`,
        lockedUntil: sql`CASE WHEN ${next} >= ${opts.maxFailures} THEN now() + make_interval(mins => ${opts.lockMinutes}) WHEN ${fresh} THEN NULL ELSE ${loginFailures.lockedUntil} END`,
      },
      // A locked account (or one whose window has used its attempts) takes no further attempt.
      setWhere: sql`(${loginFailures.lockedUntil} IS NULL OR ${loginFailures.lockedUntil} <= now()) AND (${fresh} OR ${loginFailures.failures} < ${opts.maxFailures})`,
    })
    .returning({ failures: loginFailures.failures });
  return rows.length > 0;
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
