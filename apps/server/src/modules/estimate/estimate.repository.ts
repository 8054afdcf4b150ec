import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { estimateDefaults, estimateSettings } from '../../db/schema/estimate.js';

/** Stored JSON, validated by the service before use (a row from an older version may lack fields). */
export async function getProjectEstimateSettings(db: Db, projectId: string): Promise<unknown> {
  const [row] = await db.select().from(estimateSettings).where(eq(estimateSettings.projectId, projectId));
  return row?.settings;
}

export async function upsertProjectEstimateSettings(db: Db, projectId: string, settings: unknown): Promise<void> {
  await db.insert(estimateSettings).values({ projectId, settings }).onConflictDoUpdate({
    target: estimateSettings.projectId, set: { settings, updatedAt: sql`now()` },
  });
}

export async function getAccountEstimateDefaults(db: Db, userId: string): Promise<unknown> {
  const [row] = await db.select().from(estimateDefaults).where(eq(estimateDefaults.userId, userId));
  return row?.settings;
}

export async function upsertAccountEstimateDefaults(db: Db, userId: string, settings: unknown): Promise<void> {
  await db.insert(estimateDefaults).values({ userId, settings }).onConflictDoUpdate({
    target: estimateDefaults.userId, set: { settings, updatedAt: sql`now()` },
  });
}
