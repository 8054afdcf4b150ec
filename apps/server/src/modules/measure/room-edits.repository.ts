import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { measureEditVersions, measureRoomEdits } from '../../db/schema/measure.js';

export type RoomEditRow = typeof measureRoomEdits.$inferSelect;
export type NewRoomEdit = Omit<typeof measureRoomEdits.$inferInsert, 'createdAt' | 'updatedAt'>;
export interface EditVersion { version: number; updatedAt: Date | null }

export async function getRoomEdits(db: Db, projectId: string): Promise<RoomEditRow[]> {
  return db.select().from(measureRoomEdits).where(eq(measureRoomEdits.projectId, projectId));
}

const fullRow = (r: NewRoomEdit) => ({
  label: r.label ?? null, excluded: r.excluded ?? false, source: r.source ?? 'detected', deleted: r.deleted ?? false,
  polygonPt: r.polygonPt ?? null, anchorPt: r.anchorPt ?? null, windows: r.windows ?? null, doors: r.doors ?? null,
});

/**
 * Stores one room's edit whole (every column), under its room's current id; `oldRoomId` is the id the edit
 * was stored under before a re-measure gave its room a new one. Raises the project's edit version.
 */
export async function saveRoomEdit(db: Db, row: NewRoomEdit, oldRoomId?: string): Promise<EditVersion> {
  return db.transaction(async (tx) => {
    if (oldRoomId && oldRoomId !== row.roomId) {
      await tx.delete(measureRoomEdits).where(and(eq(measureRoomEdits.projectId, row.projectId), eq(measureRoomEdits.roomId, oldRoomId)));
    }
    await tx.insert(measureRoomEdits).values({ projectId: row.projectId, roomId: row.roomId, ...fullRow(row) })
      .onConflictDoUpdate({ target: [measureRoomEdits.projectId, measureRoomEdits.roomId], set: { ...fullRow(row), updatedAt: sql`now()` } });
    return bump(tx, row.projectId);
  });
}

/** Forgets one room's edit (back to what the engine found; a drawn room is gone). */
export async function deleteRoomEdit(db: Db, projectId: string, roomId: string): Promise<EditVersion> {
  return db.transaction(async (tx) => {
    await tx.delete(measureRoomEdits).where(and(eq(measureRoomEdits.projectId, projectId), eq(measureRoomEdits.roomId, roomId)));
    return bump(tx, projectId);
  });
}

/** Replaces all of a project's edits at once (the editor's save, and "Reset to detected" for the plan). */
export async function replaceRoomEdits(db: Db, projectId: string, rows: NewRoomEdit[]): Promise<EditVersion> {
  return db.transaction(async (tx) => {
    await tx.delete(measureRoomEdits).where(eq(measureRoomEdits.projectId, projectId));
    if (rows.length) await tx.insert(measureRoomEdits).values(rows.map((r) => ({ projectId, roomId: r.roomId, ...fullRow(r) })));
    return bump(tx, projectId);
  });
}

export async function getEditVersion(db: Db, projectId: string): Promise<EditVersion> {
  const [row] = await db.select().from(measureEditVersions).where(eq(measureEditVersions.projectId, projectId));
  return { version: row?.version ?? 0, updatedAt: row?.updatedAt ?? null };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function bump(tx: Tx, projectId: string): Promise<EditVersion> {
  const [row] = await tx.insert(measureEditVersions).values({ projectId, version: 1 })
    .onConflictDoUpdate({ target: measureEditVersions.projectId, set: { version: sql`${measureEditVersions.version} + 1`, updatedAt: sql`now()` } })
    .returning();
  return { version: row.version, updatedAt: row.updatedAt };
}
