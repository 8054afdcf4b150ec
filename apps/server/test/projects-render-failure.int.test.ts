import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { pdfBytes, storedFiles, uploader, userWithToken } from './projects-factories.js';

// The engine crashes on the upload's checks (say, its worker dies of something other than a budget).
vi.mock('@plansight/engine/server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@plansight/engine/server')>()),
  previewPdfInWorker: async () => {
    throw new Error(`render worker crashed reading /srv/data/files/tmp.pdf`);
  },
}));

describe('projects API (render failure)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('an engine crash on the upload answers a clear 4xx (never a 500 or a path), spends no plan and leaves nothing behind', async () => {
    const a = await userWithToken(t, 2);
    const r = await uploader(t)(a.auth, await pdfBytes(2), 'plan.pdf', { filename: 'Crash', pageno: '2' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'corrupt_pdf', detail: 'Error reading PDF file. The file might be corrupted.' });
    expect(r.body).not.toContain('/srv/data');
    const plan = (await t.app.inject({ method: 'GET', url: '/api/user/projects/plan-status', headers: a.auth })).json();
    expect(plan).toMatchObject({ remaining: 2, used: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/projects', headers: a.auth })).json().total_count).toBe(0);
    expect(storedFiles(t, true)).toEqual([]);
  });
});
