import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { seedProjects, userWithToken } from './projects-factories.js';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/users.js';

describe('projects API (read side)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('lists with paging, sort and case-insensitive search; only own projects', async () => {
    const a = await userWithToken(t);
    const b = await userWithToken(t);
    await seedProjects(t, a.id, 25);
    const get = (url: string, h = a.auth) => t.app.inject({ method: 'GET', url, headers: h });

    const p1 = (await get('/api/user/projects')).json();
    expect(p1).toMatchObject({ total_count: 25, total_pages: 3, has_next: true, has_prev: false, page: 1, remaining_plan: 3 });
    expect(p1.projects).toHaveLength(10);
    expect(p1.projects[0]).toMatchObject({ filename: 'Plan 24', original_filename: 'plan-24.pdf' });
    const p3 = (await get('/api/user/projects?page=3')).json();
    expect(p3.projects).toHaveLength(5);
    expect(p3.has_next).toBe(false);
    // A page past the end has no row to carry the total and the plans left; they are still right.
    expect((await get('/api/user/projects?page=9')).json()).toMatchObject({ projects: [], total_count: 25, total_pages: 3, has_prev: true, has_next: false, remaining_plan: 3 });
    expect((await get('/api/user/projects', b.auth)).json()).toMatchObject({ projects: [], total_count: 0, remaining_plan: 3 });
    const asc = (await get('/api/user/projects?sort_by=filename&sort_order=asc')).json();
    expect(asc.projects.map((p: { filename: string }) => p.filename).slice(0, 2)).toEqual(['Plan 00', 'Plan 01']);
    const desc = (await get('/api/user/projects?sort_by=filename&sort_order=desc&page=3')).json();
    expect(desc.projects.at(-1).filename).toBe('Plan 00');
    const s = (await get('/api/user/projects?search=PLAN-1')).json();
    expect(s.total_count).toBe(10);

    const p2 = (await get('/api/user/projects?page=2')).json();
    expect(p2).toMatchObject({ page: 2, has_prev: true, has_next: true, total_pages: 3 });
    expect(p2.projects.map((p: { filename: string }) => p.filename)).toEqual(Array.from({ length: 10 }, (_, i) => `Plan ${String(14 - i).padStart(2, '0')}`));
    const oldest = (await get('/api/user/projects?sort_by=created_at&sort_order=asc')).json();
    expect(oldest.projects.map((p: { filename: string }) => p.filename).slice(0, 3)).toEqual(['Plan 00', 'Plan 01', 'Plan 02']);
    // The display name, in any case; the search pages like the full list and counts only matches.
    const byName = (await get('/api/user/projects?search=pLaN%202&sort_by=filename&sort_order=asc&limit=3')).json();
    expect(byName).toMatchObject({ total_count: 5, total_pages: 2, has_next: true });
    expect(byName.projects.map((p: { filename: string }) => p.filename)).toEqual(['Plan 20', 'Plan 21', 'Plan 22']);
    expect((await get('/api/user/projects?search=plan%202&sort_by=filename&sort_order=asc&limit=3&page=2')).json().projects
      .map((p: { filename: string }) => p.filename)).toEqual(['Plan 23', 'Plan 24']);
    // LIKE wildcards are plain characters.
    expect((await get('/api/user/projects?search=%25')).json().total_count).toBe(0);
    expect((await get('/api/user/projects?search=plan_0')).json().total_count).toBe(0);

    const other = (await get('/api/user/projects', b.auth)).json();
    expect(other.total_count).toBe(0);
    const id = p1.projects[0].project_id;
    expect((await get(`/api/user/projects/${id}`)).statusCode).toBe(200);
    expect((await get(`/api/user/projects/${id}`, b.auth)).statusCode).toBe(404);
  });

  it('answers plan status and requires a token', async () => {
    const u = await userWithToken(t, 0);
    const r = await t.app.inject({ method: 'GET', url: '/api/user/projects/plan-status', headers: u.auth });
    expect(r.json()).toEqual({ remaining: 0, used: 0, total: 3, can_create_project: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/projects' })).statusCode).toBe(401);
  });

  it('lists only for a live session: a token issued before a password change, or of a deleted account, is refused', async () => {
    const list = (auth: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/user/projects?page=1&limit=10', headers: auth });
    const withProjects = await userWithToken(t);
    await seedProjects(t, withProjects.id, 2);
    const empty = await userWithToken(t);
    for (const u of [withProjects, empty]) expect((await list(u.auth)).statusCode).toBe(200);
    // A password change revokes every token issued before it (whole seconds, like iat).
    const later = new Date(Math.ceil(Date.now() / 1000) * 1000 + 2000);
    for (const u of [withProjects, empty]) {
      await t.ctx.db.update(users).set({ sessionsRevokedAt: later }).where(eq(users.id, u.id));
      const res = await list(u.auth);
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe('Session expired. Please log in again.');
      expect(res.body).not.toContain('Plan 0');
    }
    const gone = await userWithToken(t);
    expect((await list(gone.auth)).statusCode).toBe(200);
    await t.ctx.db.delete(users).where(eq(users.id, gone.id));
    expect((await list(gone.auth)).statusCode).toBe(401);
  });
});
