import { and, asc, count, desc, eq, gt, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { measureAnalyses } from '../../db/schema/measure.js';
import { projects } from '../../db/schema/projects.js';
import { users } from '../../db/schema/users.js';
import type { ProjectListQuery } from '@plansight/contracts';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProjectRow = typeof projects.$inferInsert;

/** Owner-scoped list; search and sort run in the database so thousands of rows stay fast. */
export async function listProjects(db: Db, userId: string, q: ProjectListQuery): Promise<{ rows: ProjectRow[]; total: number }> {
  const term = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = term
    ? and(eq(projects.userId, userId), or(ilike(projects.name, term), ilike(projects.originalFilename, term)))
    : eq(projects.userId, userId);
  const dir = q.sort_order === 'asc' ? asc : desc;
  // 'filename' on the wire is the project's display name (what the client sent as `filename`).
  const col = q.sort_by === 'filename' ? sql`lower(${projects.name})` : projects.createdAt;
  const rows = await db.select().from(projects).where(where)
    .orderBy(dir(col), dir(projects.id)).limit(q.limit).offset((q.page - 1) * q.limit);
  const [{ n }] = await db.select({ n: count() }).from(projects).where(where);
  return { rows, total: Number(n) };
}

export async function findOwnProject(db: Db, userId: string, id: string): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(and(eq(projects.id, id), eq(projects.userId, userId)));
  return row;
}

/** Only for capability-checked access (a signed PNG URL); everything else goes through findOwnProject. */
export async function findProjectById(db: Db, id: string): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row;
}

export async function findPlan(db: Db, userId: string) {
  const [row] = await db.select({ remain: users.remainPlan, used: users.usedPlan, total: users.totalPlan })
    .from(users).where(eq(users.id, userId));
  return row;
}

/**
 * Takes one plan if any is left, in one conditional UPDATE: parallel callers cannot overspend because the
 * row lock serialises them and each re-checks remain_plan > 0. Returns false when none was left.
 */
export async function reservePlan(db: Db, userId: string): Promise<boolean> {
  const spent = await db.update(users)
    .set({ remainPlan: sql`${users.remainPlan} - 1`, usedPlan: sql`${users.usedPlan} + 1` })
    .where(and(eq(users.id, userId), gt(users.remainPlan, 0))).returning({ id: users.id });
  return spent.length > 0;
}

/** Gives back a plan reserved for an upload that then failed. */
export async function refundPlan(db: Db, userId: string): Promise<void> {
  await db.update(users)
    .set({ remainPlan: sql`${users.remainPlan} + 1`, usedPlan: sql`greatest(${users.usedPlan} - 1, 0)` })
    .where(eq(users.id, userId));
}

export async function insertProject(db: Db, values: NewProjectRow): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  return row;
}

/** The analysis state of each listed project (absent: never measured). One query for the whole page. */
export async function analysisStates(db: Db, projectIds: string[]): Promise<Map<string, { status: string; errorCode: string | null }>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db.select({ id: measureAnalyses.projectId, status: measureAnalyses.status, errorCode: measureAnalyses.errorCode })
    .from(measureAnalyses).where(inArray(measureAnalyses.projectId, projectIds));
  return new Map(rows.map((r) => [r.id, { status: r.status, errorCode: r.errorCode }]));
}
