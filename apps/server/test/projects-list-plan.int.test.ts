import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from './helpers.js';
import { userWithToken } from './projects-factories.js';

/** The plan's node types, depth first. */
function nodeTypes(plan: { 'Node Type': string; Plans?: unknown[] }): string[] {
  return [plan['Node Type'], ...((plan.Plans ?? []) as (typeof plan)[]).flatMap(nodeTypes)];
}

// The same ORDER BY as listProjects in projects.repository.ts, in both directions.
const ORDERS = [
  'created_at DESC, id DESC',
  'created_at ASC, id ASC',
  'lower(name) ASC, id ASC',
  'lower(name) DESC, id DESC',
];

describe(`projects list with thousands of projects on ${testDbKind()}`, () => {
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp();
    userId = (await userWithToken(t)).id;
    const others = [(await userWithToken(t)).id, (await userWithToken(t)).id];
    for (const id of [userId, ...others]) {
      await t.ctx.database.executeSql(
        `INSERT INTO projects (user_id, name, original_filename, page_no, page_count, pdf_key, created_at)
         SELECT $1, 'Plan ' || g, 'plan-' || g || '.pdf', 1, 1, 'k' || g, now() - g * interval '1 minute'
         FROM generate_series(1, 3000) g`,
        [id],
      );
    }
    await t.ctx.database.executeSql('ANALYZE projects');
  });
  afterAll(async () => t?.close());

  it.each(ORDERS)('reads a page ordered by %s straight from an index, with no sort step', async (order) => {
    const { rows } = await t.ctx.database.executeSql(
      `EXPLAIN (FORMAT JSON) SELECT * FROM projects WHERE user_id = $1 ORDER BY ${order} LIMIT 10 OFFSET 20`,
      [userId],
    );
    const plan = (typeof rows[0]['QUERY PLAN'] === 'string' ? JSON.parse(rows[0]['QUERY PLAN']) : rows[0]['QUERY PLAN'])[0].Plan;
    const types = nodeTypes(plan);
    expect(types.some((n) => n.includes('Sort')), types.join(' > ')).toBe(false);
    expect(types.some((n) => n.startsWith('Index')), types.join(' > ')).toBe(true);
  });
});
