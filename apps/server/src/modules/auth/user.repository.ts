import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

/** E-mails are stored as typed but matched case-insensitively (the unique index is on lower(email)). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return rows[0];
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** Inserts a user; undefined when the e-mail is already taken (race-safe through the unique index). */
export async function insertUser(
  db: Db,
  values: { email: string; passwordHash: string; companyName: string; phone: string; emailVerifiedAt?: Date },
): Promise<UserRow | undefined> {
  const rows = await db.insert(users).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export async function markEmailVerified(db: Db, id: string): Promise<void> {
  await db.update(users).set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` }).where(eq(users.id, id));
}

export async function updatePasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  // A new password ends every existing session: tokens issued before now stop working.
  await db.update(users).set({ passwordHash, sessionsRevokedAt: wholeSecondNow() }).where(eq(users.id, id));
}

export async function touchLastLogin(db: Db, id: string): Promise<UserRow | undefined> {
  const rows = await db.update(users).set({ lastLogin: sql`now()` }).where(eq(users.id, id)).returning();
  return rows[0];
}

/** Token issue times have whole seconds; a token issued later in this same second stays valid. */
function wholeSecondNow(): Date {
  return new Date(Math.floor(Date.now() / 1000) * 1000);
}

/**
 * Checks a session on every authenticated request: null for a deleted account, else the moment before which
 * its tokens are revoked. Prepared once per database (it runs more often than any other query).
 */
export function sessionsValidSinceQuery(db: Db): (id: string) => Promise<{ since: Date | null } | null> {
  const query = db.select({ since: users.sessionsRevokedAt }).from(users).where(eq(users.id, sql.placeholder('id'))).limit(1).prepare('sessions_valid_since');
  return async (id) => {
    const rows = await query.execute({ id });
    return rows[0] ? { since: rows[0].since } : null;
  };
}
