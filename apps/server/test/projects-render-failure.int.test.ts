import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { pdfBytes, storedFiles, uploader, userWithToken } from './projects-factories.js';

// The page render crashes (say, the worker dies); reading the PDF's page count still works.
vi.mock('@plansight/engine', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@plansight/engine')>()),
  renderPageToPngInWorker: async () => {
    throw new Error('render worker crashed');
  },
}));

describe('projects API (render failure)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('a render failure answers 500, spends no plan and leaves nothing behind', async () => {
    const a = await userWithToken(t, 2);
    const r = await uploader(t)(a.auth, await pdfBytes(2), 'plan.pdf', { filename: 'Crash', pageno: '2' });
    expect(r.statusCode).toBe(500);
    const plan = (await t.app.inject({ method: 'GET', url: '/api/user/projects/plan-status', headers: a.auth })).json();
    expect(plan).toMatchObject({ remaining: 2, used: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/projects', headers: a.auth })).json().total_count).toBe(0);
    expect(storedFiles(t, true)).toEqual([]);
  });
});
