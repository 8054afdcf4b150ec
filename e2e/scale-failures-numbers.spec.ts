import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../packages/engine/bench/catalog';
import { buildPlan } from '../packages/engine/bench/plan-pdf';
import type { PlanTruth } from '../packages/engine/bench/truth';
import { pdfText } from './measure-fixtures';
import { baseUrl, launchBrowser, newPage, shot, storeSession, signedInUser } from './support/browser';

// Issue "any scale, honest failures, numbered rooms" against the real server, engine and worker: an American
// 1/4" = 1'-0" plan on an 11 x 17 sheet measured at its own scale; a blank page refused before a plan is spent;
// a failed analysis shown with its reason and tried again; rooms numbered alike on the page and in the report.

interface Room { number: number; label: string; ceiling_area: number; polygon: [number, number][] }

async function createThroughUi(page: Page, name: string, pdf: Uint8Array): Promise<void> {
  await page.goto('/projects/create');
  await page.locator('input[type=file]').setInputFiles({ name: `${name}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(pdf) });
  await page.getByTestId('form-preview').locator('canvas[data-rendered="true"]').waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Create Project', exact: true }).click();
  await page.getByTestId('confirm-create').click();
}

const remaining = async (token: string) =>
  ((await (await fetch(`${baseUrl()}/api/user/projects/plan-status`, { headers: { authorization: `Bearer ${token}` } })).json()) as { remaining: number }).remaining;

describe('any scale, honest failures, numbered rooms (real server and engine)', () => {
  let browser: Browser;
  let us: { pdf: Uint8Array; truth: PlanTruth };
  beforeAll(async () => {
    browser = await launchBrowser();
    const spec = catalog(64).find((s) => s.id === 'plan-027-hatched-rect');
    if (!spec) throw new Error('plan-027 is no longer in the bench catalogue');
    // The same house drawn at 1/4" = 1'-0" (1:48) on an 11 x 17 in (ANSI B) sheet, landscape.
    us = await buildPlan({ ...spec, scale: 48, drawnPaper: 'custom', printedPaper: 'custom', customSizeMm: [431.8, 279.4], portrait: false });
  });
  afterAll(async () => { await browser?.close(); });

  it('measures a 1/4" = 1\'-0" plan on 11 x 17 at its own scale, numbering rooms alike on the page and in the report', async () => {
    const login = await signedInUser('scale', { companyName: 'Main Street Painters', phone: '0112025550100' });
    const { context, page } = await newPage(browser);
    await storeSession(page, login);
    await createThroughUi(page, 'Maple Ave duplex', us.pdf);
    await page.getByText('Project Created Successfully!').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'View Project Results' }).click();
    await page.waitForURL(/\/ceiling-scale$/);
    const projectId = page.url().split('/').at(-2)!;

    // Metres typed into the millimetre field are refused with the field named and the likely value offered.
    await page.getByLabel('Ceiling height (mm)').fill('2.4');
    await page.getByRole('textbox', { name: 'Scale and paper size' }).click();
    await page.getByRole('option', { name: /^Other scale or sheet/ }).click();
    await page.getByRole('textbox', { name: 'Drawing scale' }).click();
    await page.getByRole('option', { name: '1/4" = 1\'-0" (1:48)' }).click();
    await page.getByRole('textbox', { name: 'Paper size', exact: true }).click();
    await page.getByRole('option', { name: /^ANSI B/ }).click();
    await page.getByRole('button', { name: 'Save & Continue to Results' }).click();
    await page.getByText(/Ceiling height of 2.4 mm is too low for a room\. Did you mean 2400 mm\?/).waitFor();
    await shot(page, 'scale-imperial-height-refused-laptop');
    await page.getByRole('button', { name: 'Use 2400 mm' }).click();
    expect(await page.getByLabel('Ceiling height (mm)').inputValue()).toBe('2400 mm');
    await page.getByRole('button', { name: 'Save & Continue to Results' }).click();

    await page.waitForURL(`**/projects/${projectId}/results`);
    await page.getByText('Project Summary').waitFor({ timeout: 90_000 });
    await page.locator('[data-testid=plan-overlay] image').waitFor({ state: 'attached' });
    const auth = { authorization: `Bearer ${login.access_token}` };
    const result = (await (await fetch(`${baseUrl()}/api/user/projects/${projectId}/result`, { headers: auth })).json()) as
      { rooms: Room[]; metadata: { scale_ratio: string }; warnings: { code: string }[] };
    expect(result.metadata.scale_ratio).toBe('1:48 ANSI B');
    expect(result.warnings.map((w) => w.code)).not.toContain('scale_mismatch');
    // Every true room measured within 3 % of its drawn area at 1:48 (1:50 on A2 made them ~2x too large).
    for (const t of us.truth.rooms) {
      const found = result.rooms.find((r) => r.label === t.label);
      expect(found, t.label).toBeTruthy();
      expect(Math.abs(found!.ceiling_area / t.area_mm2 - 1), t.label).toBeLessThan(0.03);
    }
    expect(result.rooms.map((r) => r.number)).toEqual(result.rooms.map((_, i) => i + 1));

    // The same number on the overlay disc, the room card and (below) the report.
    const seven = result.rooms[Math.min(6, result.rooms.length - 1)];
    const title = `Room ${seven.number} — ${seven.label}`;
    await page.locator(`[data-room-number="${seven.number}"]`).waitFor({ state: 'attached' });
    await page.locator(`[data-room-card="${seven.number - 1}"]`).getByText(title, { exact: true }).waitFor();
    await shot(page, 'scale-imperial-results-laptop');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Download PDF/ }).click()]);
    const pages = await pdfText(new Uint8Array(readFileSync((await download.path())!)));
    expect(pages[0]).toContain(title);
    await context.close();

    const phone = await newPage(browser, { phone: true });
    await storeSession(phone.page, login);
    await phone.page.goto(`/projects/${projectId}/results`);
    await phone.page.getByText('Project Summary').waitFor({ timeout: 90_000 });
    await phone.page.locator(`[data-room-card="${seven.number - 1}"]`).getByText(title, { exact: true }).waitFor();
    await shot(phone.page, 'scale-imperial-results-phone');
    await phone.context.close();
  }, 300_000); // upload, measure, report and a second viewport: longer than one step

  it('refuses a blank page at upload with the reason, and no plan is spent', async () => {
    const login = await signedInUser('scale', { companyName: 'Main Street Painters', phone: '0112025550100' });
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([1224, 792]).drawText('This page intentionally left blank', { x: 400, y: 400, size: 18, font });
    const before = await remaining(login.access_token);
    const { context, page } = await newPage(browser);
    await storeSession(page, login);
    await createThroughUi(page, 'Blank sheet', await doc.save());
    await page.getByText(/Page 1 is blank: it has no drawing to measure\..*Nothing was charged\./).waitFor({ timeout: 60_000 });
    expect(await page.getByText('Plan limit reached').count()).toBe(0); // a refused page is not a plan-limit error
    await shot(page, 'blank-page-refused-laptop');
    expect(await remaining(login.access_token)).toBe(before);
    await page.goto('/projects');
    await page.getByText('No projects yet. Create your first project!').waitFor();
    await context.close();
  });

  it('shows a failed analysis with its reason, Failed in the list with Try again, and measures on the retry', async () => {
    const login = await signedInUser('scale', { companyName: 'Main Street Painters', phone: '0112025550100' });
    const { context, page } = await newPage(browser);
    await storeSession(page, login);
    await createThroughUi(page, 'Flaky plan', us.pdf);
    await page.getByText('Project Created Successfully!').waitFor({ timeout: 60_000 });
    const projectId = ((await (await fetch(`${baseUrl()}/api/user/projects`, { headers: { authorization: `Bearer ${login.access_token}` } })).json()) as
      { projects: { project_id: string }[] }).projects[0].project_id;
    await fetch(`${baseUrl()}/api/user/projects/${projectId}/ceilling-scale`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${login.access_token}` },
      body: JSON.stringify({ scale_ratio: '1:48 ANSI B', scale_number: 48, paper_size: 'ANSI B', ceilling_hight_mm: 2400 }),
    });
    // The server's failure answer, as it sends it when a run fails on our side (the real run stays untouched).
    const reason = 'Something went wrong on our side while measuring this plan. Please try again; if it keeps failing, report the issue.';
    const failing = async (route: import('playwright-core').Route) => route.fulfill({ status: 422, json: { detail: reason, message: reason, code: 'analysis_failed' } });
    await page.route(`**/api/projects/${projectId}/all-detections**`, failing);
    await page.route(`**/api/user/projects/${projectId}/result`, failing);
    await page.route('**/api/user/projects?**', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      for (const p of body.projects) if (p.project_id === projectId) Object.assign(p, { has_result: false, status: 'failed', status_detail: reason });
      await route.fulfill({ response: res, json: body });
    });
    await page.goto('/projects');
    await page.getByTestId('project-failed').getByRole('button', { name: 'Failed' }).waitFor();
    await shot(page, 'project-failed-list-laptop');
    await page.getByTestId('project-failed').getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL(`**/projects/${projectId}/results`);
    await page.getByTestId('results-error').getByText(reason).waitFor({ timeout: 30_000 });
    await shot(page, 'results-failed-reason-laptop');

    await page.unroute(`**/api/projects/${projectId}/all-detections**`);
    await page.unroute(`**/api/user/projects/${projectId}/result`);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Project Summary').waitFor({ timeout: 90_000 });
    await page.locator('[data-room-card="0"]').getByText(/^Room 1( — .+)?$/).waitFor();
    await context.close();
  });
});
