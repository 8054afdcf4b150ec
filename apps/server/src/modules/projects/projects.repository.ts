import { and, asc, count, desc, eq, getTableColumns, gt, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { measureAnalyses } from '../../db/schema/measure.js';
import { projects } from '../../db/schema/projects.js';
import { users } from '../../db/schema/users.js';
import type { ProjectListQuery } from '@plansight/contracts';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProjectRow = typeof projects.$inferInsert;

/** One page of the owner's list, with the total, each project's analysis state and the plans left. */
export interface ProjectPage {
  rows: ProjectRow[];
  total: number;
  states: Map<string, { status: string; errorCode: string | null }>;
  /** Plans left on the account; null when the account is gone. */
  remainPlan: number | null;
  /** The account's session row for `sessionStillValid` (null when the account is gone), read in the same query. */
  account: { since: Date | null } | null;
}

type ListVariant = { search: boolean; byName: boolean; ascending: boolean };

/**
 * The list query of one variant (search or not, sort column, direction), its values as placeholders. Built
 * and prepared once per database: building a query of this size costs more CPU than PostgreSQL takes to
 * run it, and the list is the most frequent request there is.
 */
function buildListQuery(db: Db, v: ListVariant) {
  const userId = sql.placeholder('userId');
  const term = sql.placeholder('term');
  const where = v.search
    ? and(eq(projects.userId, userId), or(ilike(projects.name, term), ilike(projects.originalFilename, term)))
    : eq(projects.userId, userId);
  const dir = v.ascending ? asc : desc;
  // 'filename' on the wire is the project's display name (what the client sent as `filename`).
  const col = v.byName ? sql`lower(${projects.name})` : projects.createdAt;
  const remainPlan = sql<number | null>`(select ${users.remainPlan} from ${users} where ${users.id} = ${userId})`;
  // The session check of the request, in the same round trip (the route uses verifyTokenOnly).
  const sessionsSince = sql<string | null>`(select ${users.sessionsRevokedAt} from ${users} where ${users.id} = ${userId})`;
  // The page first (its rows straight from an index), then the join for those rows only.
  const page = db.select({ ...getTableColumns(projects), total: sql<string>`count(*) over ()`.as('total') }).from(projects).where(where)
    .orderBy(dir(col), dir(projects.id)).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).as('page');
  const pageCol = v.byName ? sql`lower(${page.name})` : page.createdAt;
  const project = Object.fromEntries(Object.keys(getTableColumns(projects)).map((k) => [k, page[k as keyof typeof page]])) as unknown as ReturnType<typeof getTableColumns<typeof projects>>;
  const name = `projects_list_${Number(v.search)}${Number(v.byName)}${Number(v.ascending)}`;
  return {
    page: db.select({ project, total: page.total, remainPlan, sessionsSince, status: measureAnalyses.status, errorCode: measureAnalyses.errorCode })
      .from(page).leftJoin(measureAnalyses, eq(measureAnalyses.projectId, page.id)).orderBy(dir(pageCol), dir(page.id)).prepare(name),
    count: db.select({ n: count(), remain: remainPlan, sessionsSince }).from(projects).where(where).prepare(`${name}_count`),
  };
}

const listQueries = new WeakMap<Db, Map<string, ReturnType<typeof buildListQuery>>>();

/**
 * Owner-scoped list; search and sort run in the database so thousands of rows stay fast. One round trip in
 * the usual case: the page's rows carry the total (a window count), their analysis state (a join on the
 * analyses' primary key) and the account's plans left. Only a page past the end, which has no row to carry
 * them, needs a second query.
 */
export async function listProjects(db: Db, userId: string, q: ProjectListQuery): Promise<ProjectPage> {
  const v: ListVariant = { search: !!q.search, byName: q.sort_by === 'filename', ascending: q.sort_order === 'asc' };
  const key = JSON.stringify(v);
  let perDb = listQueries.get(db);
  if (!perDb) listQueries.set(db, (perDb = new Map()));
  let query = perDb.get(key);
  if (!query) perDb.set(key, (query = buildListQuery(db, v)));
  const values = {
    userId, limit: q.limit, offset: (q.page - 1) * q.limit,
    term: q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '',
  };
  const found = await query.page.execute(values);
  const states = new Map<string, { status: string; errorCode: string | null }>();
  for (const r of found) if (r.status) states.set(r.project.id, { status: r.status, errorCode: r.errorCode });
  // A gone account has no plans row: remain is null then (the column itself is never null).
  const account = (remain: number | null, since: string | Date | null) => (remain === null ? null : { since: since === null ? null : new Date(since) });
  if (found.length > 0) {
    const first = found[0]!;
    return { rows: found.map((r) => r.project), total: Number(first.total), states, remainPlan: first.remainPlan, account: account(first.remainPlan, first.sessionsSince) };
  }
  const [{ n, remain, sessionsSince }] = await query.count.execute(values);
  return { rows: [], total: Number(n), states, remainPlan: remain, account: account(remain, sessionsSince) };
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

