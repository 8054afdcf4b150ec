import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../packages/engine/bench/catalog';
import { buildPlan } from '../packages/engine/bench/plan-pdf';
import { pdfText } from './measure-fixtures';
import { baseUrl, launchBrowser, newPage, SCREENSHOT_DIR, shot, storeSession, signedInUser } from './support/browser';

// Projects managed from the list (rename, duplicate without spending a plan, delete with confirmation), the
// list as cards on a phone, the plan view's printed scale pre-selected, the quote-ready report and the
// results overlay's numbers on a phone, against the real server, engine and worker.

const api = (p: string, token: string, init: RequestInit = {}) =>
  fetch(`${baseUrl()}/api${p}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.body && typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}) } });

async function create(token: string, pdf: Uint8Array, name: string, pageNo = 1): Promise<string> {
  const form = new FormData();
  form.append('filename', name);
  form.append('pageno', String(pageNo));
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `${name}.pdf`);
  const r = await fetch(`${baseUrl()}/api/user/projects`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(r.status).toBe(201);
  return ((await r.json()) as { project_id: string }).project_id;
}

/** An A4 sheet with a site plan at 1:500 printed first and the ground floor plan at 1:100. */
async function sheetWithTwoViews(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([842, 595]);
  page.drawText('SITE PLAN 1:500', { x: 40, y: 560, size: 10, font });
  page.drawRectangle({ x: 40, y: 470, width: 80, height: 70, borderWidth: 1, borderColor: rgb(0, 0, 0) });
  page.drawRectangle({ x: 200, y: 100, width: 560, height: 380, borderWidth: 6, borderColor: rgb(0, 0, 0) });
  page.drawLine({ start: { x: 480, y: 100 }, end: { x: 480, y: 480 }, thickness: 6 });
  page.drawText('GROUND FLOOR PLAN 1:100', { x: 200, y: 60, size: 14, font });
  return doc.save();
}

const remaining = async (token: string) => ((await (await api('/user/projects/plan-status', token)).json()) as { remaining: number }).remaining;

describe('projects managed from the list; pre-selected scale; the report to quote from', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('renames, duplicates without spending a plan and deletes with confirmation; a phone shows cards', async () => {
    const login = await signedInUser('manage');
    const sheet = await sheetWithTwoViews();
    await create(login.access_token, sheet, 'Harbour St');
    const gone = await create(login.access_token, sheet, 'Old quote');
    const { context, page } = await newPage(browser);
    await storeSession(page, login);
    await page.goto('/projects');
    const row = (name: string) => page.getByTestId('project-row').filter({ hasText: name });

    await row('Harbour St').getByTestId('project-actions').click();
    await shot(page, 'projects-actions-menu-laptop');
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByLabel('Project name').fill('12 Harbour St — kitchen');
    await page.getByRole('button', { name: 'Save name' }).click();
    await row('12 Harbour St — kitchen').waitFor();

    const plansBefore = await remaining(login.access_token);
    await row('12 Harbour St — kitchen').getByTestId('project-actions').click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await page.getByText('no plan is used').waitFor();
    await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
    await row('12 Harbour St — kitchen (copy)').waitFor();
    expect(await remaining(login.access_token)).toBe(plansBefore);

    await row('Old quote').getByTestId('project-actions').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByText('deleted for good').waitFor();
    await shot(page, 'projects-delete-confirm-laptop');
    await page.getByRole('button', { name: 'Delete project' }).click();
    await row('Old quote').waitFor({ state: 'detached' });
    expect((await api(`/user/projects/${gone}`, login.access_token)).status).toBe(404);
    await shot(page, 'projects-managed-laptop');
    await context.close();

    const phone = await newPage(browser, { phone: true });
    await storeSession(phone.page, login);
    await phone.page.goto('/projects');
    await phone.page.getByTestId('project-card').first().waitFor();
    expect(await phone.page.getByTestId('project-card').count()).toBe(2);
    // nothing pushed off the screen: no sideways scrolling, every card's status button inside the viewport
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const box of await phone.page.getByTestId('project-card').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right))) expect(box).toBeLessThanOrEqual(390);
    await shot(phone.page, 'projects-cards-phone');
    await phone.page.getByTestId('project-card').first().getByTestId('project-actions').click();
    await phone.page.getByRole('menuitem', { name: 'Rename' }).waitFor();
    await shot(phone.page, 'projects-cards-menu-phone');
    await phone.context.close();
  }, 180_000);

  it('pre-selects the scale printed for the floor plan, not the site plan printed first', async () => {
    const login = await signedInUser('manage');
    const id = await create(login.access_token, await sheetWithTwoViews(), 'Two views');
    const { context, page } = await newPage(browser);
    await storeSession(page, login);
    await page.goto(`/projects/${id}/ceiling-scale`);
    await page.getByTestId('scale-preselected').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('scale-preselected').textContent()).toContain('1:100');
    expect(await page.getByRole('textbox', { name: 'Drawing scale' }).inputValue()).toBe('1:100');
    expect(await page.getByRole('textbox', { name: 'Paper size', exact: true }).inputValue()).toMatch(/^A4/);
    await shot(page, 'scale-preselected-laptop');
    await context.close();
  }, 120_000);

  it('downloads a report with numbered rooms and openings, and shows readable numbers on a phone', async () => {
    const login = await signedInUser('manage');
    const spec = catalog(64).find((s) => s.id === 'plan-045-double-line-small')!;
    const { pdf, truth } = await buildPlan(spec);
    const projectId = await create(login.access_token, pdf, 'Report house', truth.options.page);
    await api(`/user/projects/${projectId}/ceilling-scale`, login.access_token, {
      method: 'POST', body: JSON.stringify({ scale_ratio: `1:${truth.options.scale} ${truth.options.paper}`, scale_number: truth.options.scale, paper_size: truth.options.paper, ceilling_hight_mm: 2400 }),
    });
    const { context, page } = await newPage(browser);
    await storeSession(page, login);
    await page.goto(`/projects/${projectId}/results`);
    await page.getByText('Project Summary').waitFor({ timeout: 120_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Download PDF/ }).click()]);
    const file = (await download.path())!;
    const pages = await pdfText(new Uint8Array(readFileSync(file)));
    expect(pages[0]).toContain('Ceiling height');
    expect(pages[0]).toMatch(/Room 1/);
    expect(pages.join(' ')).toMatch(/Floor plan: rooms, windows and doors numbered as in the table/);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    copyFileSync(file, path.join(SCREENSHOT_DIR, 'report.pdf'));
    try { execFileSync('pdftoppm', ['-png', '-r', '60', file, path.join(SCREENSHOT_DIR, 'report-page')]); } catch { /* pdftoppm is optional */ }
    await context.close();

    const phone = await newPage(browser, { phone: true });
    await storeSession(phone.page, login);
    await phone.page.goto(`/projects/${projectId}/results`);
    await phone.page.getByText('Project Summary').waitFor({ timeout: 120_000 });
    const tag = phone.page.locator('[data-room-number] text').first();
    await tag.waitFor({ state: 'attached' });
    await tag.scrollIntoViewIfNeeded();
    // a room number at least 11 px high on a 390 px screen
    expect((await tag.boundingBox())!.height).toBeGreaterThanOrEqual(11);
    await phone.page.getByTestId('plan-overlay').screenshot({ path: path.join(SCREENSHOT_DIR, 'overlay-numbers-phone.png') });
    await phone.context.close();
  }, 300_000);
});
