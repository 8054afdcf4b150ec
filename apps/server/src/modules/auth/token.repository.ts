import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailTokens } from '../../db/schema/index.js';

export type EmailTokenKind = 'verify' | 'reset';

export async function insertEmailToken(db: Db, v: { userId: string; kind: EmailTokenKind; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(emailTokens).values(v);
}

/** Retires every still-open token of that kind, so only the newest link works. */
export async function retireOpenTokens(db: Db, userId: string, kind: EmailTokenKind): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)));
}

/**
 * Marks a token used and returns its user id, in one statement so that two concurrent clicks cannot both
 * succeed. Undefined when unknown, already used or expired.
 */
export async function consumeEmailToken(db: Db, tokenHash: string, kind: EmailTokenKind): Promise<string | undefined> {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`)),
    )
    .returning({ userId: emailTokens.userId });
  return rows[0]?.userId;
}
