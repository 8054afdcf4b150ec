import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { estimateSettings } from '../../db/schema/estimate.js';
import { measureAnalyses, measureEditVersions, measureRoomEdits, measureSettings } from '../../db/schema/measure.js';
import { projects } from '../../db/schema/projects.js';
import type { ProjectRow } from './projects.repository.js';

/** Renames the owner's project; undefined when it is not theirs (or gone). */
export async function renameProject(db: Db, userId: string, id: string, name: string): Promise<ProjectRow | undefined> {
  const [row] = await db.update(projects).set({ name, updatedAt: sql`now()` })
    .where(and(eq(projects.id, id), eq(projects.userId, userId))).returning();
  return row;
}

/** Deletes the owner's project; its settings, analysis, edits and estimate go with it (ON DELETE CASCADE). */
export async function deleteProject(db: Db, userId: string, id: string): Promise<ProjectRow | undefined> {
  const [row] = await db.delete(projects).where(and(eq(projects.id, id), eq(projects.userId, userId))).returning();
  return row;
}

/**
 * Inserts `copy` (a new project row, already holding copies of the source's files) and copies into it what the
 * user made of the source: ceiling height and scale, a finished result, room edits and the estimate. A run
 * that has not finished is not copied: the copy measures afresh when it is opened. One transaction.
 */
export async function insertProjectCopy(db: Db, sourceId: string, copy: typeof projects.$inferInsert): Promise<ProjectRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(projects).values(copy).returning();
    const id = row.id;
    const [settings] = await tx.select().from(measureSettings).where(eq(measureSettings.projectId, sourceId));
    if (settings) await tx.insert(measureSettings).values({ ...settings, projectId: id, createdAt: undefined, updatedAt: undefined });
    const [analysis] = await tx.select().from(measureAnalyses).where(and(eq(measureAnalyses.projectId, sourceId), eq(measureAnalyses.status, 'done')));
    if (analysis) {
      await tx.insert(measureAnalyses).values({ ...analysis, projectId: id, runId: crypto.randomUUID(), updatedAt: undefined });
      await tx.update(projects).set({ hasResult: true }).where(eq(projects.id, id));
    }
    const edits = await tx.select().from(measureRoomEdits).where(eq(measureRoomEdits.projectId, sourceId));
    if (edits.length) await tx.insert(measureRoomEdits).values(edits.map((e) => ({ ...e, projectId: id })));
    const [version] = await tx.select().from(measureEditVersions).where(eq(measureEditVersions.projectId, sourceId));
    if (version) await tx.insert(measureEditVersions).values({ ...version, projectId: id });
    const [estimate] = await tx.select().from(estimateSettings).where(eq(estimateSettings.projectId, sourceId));
    if (estimate) await tx.insert(estimateSettings).values({ ...estimate, projectId: id });
    const [fresh] = await tx.select().from(projects).where(eq(projects.id, id));
    return fresh;
  });
}
