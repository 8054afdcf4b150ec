import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, shot, storeSession, signedInUser, type Login } from './support/browser.ts';

const post = (path: string, body: unknown, token?: string) =>
  fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

/** Buys the 50-plan product through the test-mode checkout. */
async function buyPlans(token: string): Promise<void> {
  const session = (await (await post('/user-plan/create-checkout-session', { price_id: 'price_plans_50' }, token)).json()) as { url?: string; checkout_url?: string };
  const id = new URL(session.url ?? session.checkout_url!, baseUrl()).pathname.split('/').pop()!;
  expect((await post(`/user-plan/checkout/test/${id}/confirm`, {}, token)).status).toBe(200);
}

/** Three pages: a cover sheet, the floor plan (page 2, heavy walls) and a notes page. */
async function threePagePlan(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const cover = doc.addPage([842, 595]);
  cover.drawText('12 HARBOUR ST — RENOVATION', { x: 60, y: 480, size: 28, font });
  cover.drawText('Sheet index: 1 cover, 2 floor plan, 3 notes', { x: 60, y: 440, size: 14, font });
  const plan = doc.addPage([842, 595]);
  const wall = { borderColor: rgb(0, 0, 0), borderWidth: 8 };
  plan.drawRectangle({ x: 80, y: 80, width: 680, height: 420, ...wall });
  plan.drawLine({ start: { x: 380, y: 80 }, end: { x: 380, y: 500 }, thickness: 8 });
  plan.drawLine({ start: { x: 380, y: 300 }, end: { x: 760, y: 300 }, thickness: 8 });
  plan.drawRectangle({ x: 90, y: 90, width: 280, height: 400, color: rgb(0.85, 0.85, 0.85) });
  for (const [label, x, y] of [['LIVING', 200, 290], ['BED 1', 540, 400], ['KITCHEN', 540, 190]] as const) plan.drawText(label, { x, y, size: 16, font });
  plan.drawText('GROUND FLOOR PLAN 1:100', { x: 80, y: 40, size: 14, font });
  const notes = doc.addPage([842, 595]);
  notes.drawText('General notes', { x: 60, y: 520, size: 18, font });
  return Buffer.from(await doc.save());
}

async function tinyPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]).drawRectangle({ x: 20, y: 20, width: 200, height: 120, borderWidth: 4, borderColor: rgb(0, 0, 0) });
  return Buffer.from(await doc.save());
}

async function apiCreate(token: string, pdf: Buffer, name: string, pageno = 1): Promise<Response> {
  const form = new FormData();
  form.append('filename', name);
  form.append('pageno', String(pageno));
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `${name}.pdf`);
  return fetch(`${baseUrl()}/api/user/projects`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
}

async function signIn(page: Page, login: Login, path: string) {
  await storeSession(page, login);
  await page.goto(path);
}

/** Share of dark pixels on a preview once it has finished drawing `pageNo`: a floor plan page is much darker than a cover sheet. */
async function darkShare(page: Page, testId: string, pageNo: number): Promise<number> {
  const canvas = page.getByTestId(testId).locator(`canvas[data-page="${pageNo}"][data-rendered="true"]`);
  await canvas.waitFor();
  return canvas.evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let dark = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] < 100) dark++;
    return dark / (d.length / 4);
  });
}

const rowNames = (page: Page) => page.getByTestId('project-row').locator('td:first-child a').allInnerTexts();

describe('projects', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => browser?.close());

  it('creates a project from page 2 of a three-page plan, then finds, searches, sorts and pages the list', async () => {
    const login = await signedInUser('proj');
    await buyPlans(login.access_token);
    const tiny = await tinyPdf();
    // 24 projects straight through the API, a few at a time, so the browser-created one is the 25th.
    for (let i = 0; i < 24; i += 4) {
      const batch = await Promise.all([0, 1, 2, 3].map((k) => apiCreate(login.access_token, tiny, `Site ${String(i + k + 1).padStart(2, '0')}`)));
      for (const r of batch) expect(r.status, await r.clone().text()).toBe(201);
    }

    const { context, page } = await newPage(browser);
    await signIn(page, login, '/projects/create');
    await page.getByRole('heading', { name: 'Create Project' }).waitFor();
    await page.locator('input[type=file]').setInputFiles({ name: 'Harbour St plans.pdf', mimeType: 'application/pdf', buffer: await threePagePlan() });
    expect(await page.getByLabel('Project name').inputValue()).toBe('Harbour St plans');
    await page.getByTestId('form-preview-count').filter({ hasText: 'Page 1 of 3' }).waitFor();
    const coverDark = await darkShare(page, 'form-preview', 1);
    await page.getByTestId('page-number').fill('5');
    await page.getByText('Page 5 does not exist. This PDF has 3 pages.').waitFor();
    await page.getByTestId('page-number').fill('2');
    await page.getByTestId('form-preview-count').filter({ hasText: 'Page 2 of 3' }).waitFor();
    const planDark = await darkShare(page, 'form-preview', 2);
    expect(planDark).toBeGreaterThan(coverDark * 2);
    expect(await page.getByTestId('form-preview').locator('canvas').evaluate((c) => c.getBoundingClientRect().width)).toBeLessThanOrEqual(400);
    await shot(page, 'projects-create-laptop');

    await page.getByRole('button', { name: 'Create Project', exact: true }).click();
    await page.getByTestId('confirm-details').getByText('Harbour St plans.pdf').waitFor();
    await page.getByTestId('confirm-preview-count').filter({ hasText: 'Page 2 of 3' }).waitFor();
    expect(await page.getByTestId('confirm-preview').locator('canvas').evaluate((c) => c.getBoundingClientRect().width)).toBeLessThanOrEqual(300);
    await shot(page, 'projects-create-confirm-laptop');
    await page.getByTestId('confirm-create').click();
    await page.getByText('Project Created Successfully!').waitFor({ timeout: 60_000 });
    await shot(page, 'projects-create-success-laptop');
    await page.getByRole('button', { name: 'View Project Results' }).click();
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}\/(results|ceiling-scale)/);

    await page.goto('/projects');
    await page.getByTestId('projects-footer').filter({ hasText: 'Page 1 of 3 (25 total projects)' }).waitFor();
    expect((await rowNames(page))[0]).toBe('Harbour St plans');
    // 3 free plans + 50 bought - 25 projects created.
    await expect(page.getByTestId('create-project-button').innerText()).resolves.toBe(`Create New Project (${3 + 50 - 25} remaining)`);
    await shot(page, 'projects-list-laptop');

    await page.getByPlaceholder('Search projects').fill('harbour');
    await page.getByTestId('projects-footer').filter({ hasText: 'Showing all 1 projects' }).waitFor();
    expect(await rowNames(page)).toEqual(['Harbour St plans']);
    await page.getByPlaceholder('Search projects').fill('no such thing');
    await page.getByText('No projects found matching your search.').waitFor();
    await page.getByPlaceholder('Search projects').fill('');
    await page.getByTestId('projects-footer').filter({ hasText: '25 total projects' }).waitFor();

    // Name: first click sorts desc, second asc.
    await page.getByTestId('sort-filename').click();
    await page.waitForURL(/sort_by=filename&sort_order=desc/);
    await page.waitForFunction(() => document.querySelector('[data-testid=project-row] a')?.textContent === 'Site 24');
    await page.getByTestId('sort-filename').click();
    await page.waitForURL(/sort_order=asc/);
    await page.waitForFunction(() => document.querySelector('[data-testid=project-row] a')?.textContent === 'Harbour St plans');
    expect((await rowNames(page)).slice(0, 3)).toEqual(['Harbour St plans', 'Site 01', 'Site 02']);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('projects-footer').filter({ hasText: 'Page 2 of 3' }).waitFor();
    await page.getByRole('button', { name: '3', exact: true }).click();
    await page.getByTestId('projects-footer').filter({ hasText: 'Page 3 of 3' }).waitFor();
    expect(await rowNames(page)).toHaveLength(5);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    // Made through the API without a ceiling height and scale: 'Set scale' (the list's own state for them).
    await page.getByTestId('project-row').first().getByRole('button', { name: 'Set scale' }).hover();
    await page.getByText('Set the ceiling height and scale to measure this plan').waitFor();
    await page.getByTestId('project-row').first().locator('a').hover();
    await page.getByText('Click to view walls analysis').waitFor();
    await shot(page, 'projects-list-page3-laptop');

    // Another column starts at desc and any sort change goes back to page 1; a second click toggles.
    await page.getByTestId('sort-created_at').click();
    await page.getByTestId('projects-footer').filter({ hasText: 'Page 1 of 3' }).waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid=project-row] a')?.textContent === 'Harbour St plans');
    await page.getByTestId('sort-created_at').click();
    await page.waitForURL(/sort_by=created_at&sort_order=asc/);
    await page.waitForFunction(() => /^Site 0[1-4]$/.test(document.querySelector('[data-testid=project-row] a')?.textContent ?? ''));
    await context.close();

    const phone = await newPage(browser, { phone: true });
    await signIn(phone.page, login, '/projects');
    await phone.page.getByTestId('projects-footer').filter({ hasText: '25 total projects' }).waitFor();
    await shot(phone.page, 'projects-list-phone');
    await phone.page.goto('/projects/create');
    await phone.page.locator('input[type=file]').setInputFiles({ name: 'Harbour St plans.pdf', mimeType: 'application/pdf', buffer: await threePagePlan() });
    await phone.page.getByTestId('page-number').fill('2');
    await phone.page.getByTestId('form-preview-count').filter({ hasText: 'Page 2 of 3' }).waitFor();
    await shot(phone.page, 'projects-create-phone');
    await phone.context.close();
  }, 300_000); // 25 real uploads, each rendered in a worker: minutes on a busy two-core machine

  it('refuses a non-PDF and a renamed file on the create page; the list shows loading, then an error with Try Again', async () => {
    const login = await signedInUser('states');
    const { context, page } = await newPage(browser);
    // pdf.js and its worker come from this server, never from a CDN.
    const elsewhere: string[] = [];
    const workers: string[] = [];
    page.on('request', (r) => { if (new URL(r.url()).origin !== baseUrl() && !r.url().startsWith('blob:') && !r.url().startsWith('data:')) elsewhere.push(r.url()); });
    page.on('worker', (w) => workers.push(w.url()));
    await signIn(page, login, '/projects/create');
    await page.getByRole('heading', { name: 'Create Project' }).waitFor();
    await page.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a plan') });
    await page.getByTestId('file-error').filter({ hasText: 'Please select a valid PDF file.' }).waitFor();
    expect(await page.getByTestId('page-number').count()).toBe(0);
    // A PNG renamed to .pdf passes the type check; the preview finds out.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await page.locator('input[type=file]').setInputFiles({ name: 'photo.pdf', mimeType: 'application/pdf', buffer: png });
    await page.getByTestId('form-preview-error').filter({ hasText: 'Invalid PDF file. Please select a valid PDF document.' }).waitFor();
    expect(workers.some((u) => u.startsWith(`${baseUrl()}/assets/pdf.worker`)), workers.join(', ')).toBe(true);
    expect(elsewhere).toEqual([]);
    expect(await page.getByLabel('Project name').inputValue()).toBe('photo');
    await page.getByTestId('page-number').fill('0');
    await page.getByRole('button', { name: 'Create Project', exact: true }).click();
    await page.getByText('Page number must be a positive number.').waitFor();
    await shot(page, 'projects-create-invalid-laptop');

    // While creating: the overlay, inputs disabled; a server refusal then shows its text and the form is editable again.
    await page.route('**/api/user/projects', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await new Promise((r) => setTimeout(r, 1500));
      return route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ detail: [{ msg: 'pageno is odd' }, { msg: 'name is odd' }] }) });
    });
    await page.locator('input[type=file]').setInputFiles({ name: 'tiny.pdf', mimeType: 'application/pdf', buffer: await tinyPdf() });
    await page.getByTestId('page-number').fill('1');
    await page.getByRole('button', { name: 'Create Project', exact: true }).click();
    await page.getByTestId('confirm-create').click();
    await page.getByText('Creating project…').waitFor();
    expect(await page.getByTestId('page-number').isDisabled()).toBe(true);
    expect(await page.getByLabel('Project name').isDisabled()).toBe(true);
    await shot(page, 'projects-create-busy-laptop');
    await page.getByTestId('create-error').filter({ hasText: 'Validation error: pageno is odd, name is odd' }).waitFor();
    expect(await page.getByTestId('create-error').getByRole('link', { name: 'Upgrade Plan' }).count()).toBe(0);
    expect(await page.getByTestId('page-number').isDisabled()).toBe(false);
    await page.unroute('**/api/user/projects');

    // The list: slow, then failing, then back.
    const isList = (url: URL) => url.pathname === '/api/user/projects';
    let mode: 'slow' | 'fail' | 'pass' = 'slow';
    await page.route(isList, async (route) => {
      if (mode === 'fail') return route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' });
      if (mode === 'slow') await new Promise((r) => setTimeout(r, 1500));
      return route.continue();
    });
    await page.goto('/projects');
    await page.getByText('Loading projects...').waitFor();
    await page.getByText('No projects yet. Create your first project!').waitFor();
    mode = 'fail';
    await page.reload();
    await page.getByText('Failed to load projects. Please try again.').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('project-row').count()).toBe(0);
    await shot(page, 'projects-list-error-laptop');
    mode = 'pass';
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByText('No projects yet. Create your first project!').waitFor();
    expect(await page.getByText('Failed to load projects. Please try again.').count()).toBe(0);
    await context.close();
  });

  it('shows the empty list, then stops creation cleanly when no plans are left', async () => {
    const login = await signedInUser('noplans');
    const { context, page } = await newPage(browser);
    await signIn(page, login, '/projects');
    await page.getByText('No projects yet. Create your first project!').waitFor();
    await expect(page.getByTestId('create-project-button').innerText()).resolves.toBe('Create New Project (3 remaining)');
    await shot(page, 'projects-empty-laptop');

    const tiny = await tinyPdf();
    for (const r of await Promise.all([1, 2, 3].map((i) => apiCreate(login.access_token, tiny, `Job ${i}`)))) expect(r.status).toBe(201);
    const refused = await apiCreate(login.access_token, tiny, 'One too many');
    expect(refused.status).toBe(403);

    await page.reload();
    await page.getByTestId('projects-footer').filter({ hasText: 'Showing all 3 projects' }).waitFor();
    const button = page.getByTestId('create-project-button');
    await page.getByText('No Plans Remaining (0 left)').waitFor();
    expect(await button.isDisabled()).toBe(true);
    await page.getByTestId('create-project-tooltip-target').hover();
    await page.getByText('No remaining plans (0 left). Please upgrade your plan.').waitFor();
    await shot(page, 'projects-no-plans-laptop');

    // A stale page that still offers creation gets the server's plan error, styled as a plan error.
    await page.goto('/projects/create');
    await page.locator('input[type=file]').setInputFiles({ name: 'late.pdf', mimeType: 'application/pdf', buffer: tiny });
    await page.getByRole('button', { name: 'Create Project', exact: true }).click();
    await page.getByTestId('confirm-create').click();
    await page.getByTestId('create-error').filter({ hasText: 'No remaining plans (0 left). Please upgrade your plan.' }).waitFor();
    expect(await page.getByTestId('create-error').getByRole('link', { name: 'Upgrade Plan' }).count()).toBe(1);
    await shot(page, 'projects-create-plan-error-laptop');

    const phone = await newPage(browser, { phone: true });
    await signIn(phone.page, login, '/projects');
    await phone.page.getByText('No Plans Remaining (0 left)').waitFor();
    await shot(phone.page, 'projects-no-plans-phone');
    await phone.context.close();
    await context.close();
  });
});
