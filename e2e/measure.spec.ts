import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText, renderPlanPng, sampleResult, type SampleResult } from './measure-fixtures';
import { launchBrowser, newPage, shot } from './support/browser';
import { DEFAULT_ESTIMATE_SETTINGS } from '@plansight/contracts';

// The measure pages against mocked API routes: a signed-in session, ceiling-scale, detection, result, room edits and the plan PNG.
const CEILING = { scale_ratio: '1:100 A2', scale_number: 100, paper_size: 'A2', ceilling_hight_mm: 2400 };
let planPng: Buffer;

interface Mock { result: SampleResult; ceiling: number | typeof CEILING; resultStatus: number; patches: unknown[]; ceilingPosts: unknown[] }
async function signIn(page: Page, over: Partial<Mock> = {}): Promise<Mock> {
  const mock: Mock = { result: sampleResult(), ceiling: CEILING, resultStatus: 200, patches: [], ceilingPosts: [], ...over };
  await page.goto('/home');
  await page.evaluate(() => {
    localStorage.setItem('access_token', 't');
    localStorage.setItem('token_type', 'bearer');
    localStorage.setItem('user', JSON.stringify({ id: '1', email: 'a@b.c', remain_plan: 3, used_plan: 0, can_create_project: true }));
  });
  await page.route('**/api/user/projects/p1/ceilling-scale', (r) => {
    if (r.request().method() === 'POST') { mock.ceilingPosts.push(r.request().postDataJSON()); mock.ceiling = r.request().postDataJSON(); return r.fulfill({ json: mock.ceiling }); }
    return typeof mock.ceiling === 'number' ? r.fulfill({ status: mock.ceiling, json: { detail: 'Ceiling and scale not set' } }) : r.fulfill({ json: mock.ceiling });
  });
  await page.route('**/api/projects/p1/all-detections**', (r) => r.fulfill({ json: { status: 'done' } }));
  // the ceiling-scale page asks what the page prints about its scale; unanswered, the real server's 401 would sign the mock user out
  await page.route('**/api/user/projects/p1/page-scale', (r) => r.fulfill({ json: { page_width_pt: 1190, page_height_pt: 842, sheet: 'A3', status: 'unavailable', printed_scale: null, scale_bar_scale: null, dimensions: null, lines: [] } }));
  await page.route('**/api/user/projects/p1/result', (r) => (mock.resultStatus === 200 ? r.fulfill({ json: mock.result }) : r.fulfill({ status: mock.resultStatus, json: { detail: 'boom' } })));
  await page.route('**/api/user/projects/p1/page.png', (r) => (r.request().headers().authorization === 'Bearer t' ? r.fulfill({ body: planPng, contentType: 'image/png' }) : r.fulfill({ status: 401 })));
  await page.route('**/api/user/projects/p1/rooms/*', (r) => {
    const roomId = decodeURIComponent(r.request().url().split('/').pop()!);
    const patch = r.request().postDataJSON();
    mock.patches.push({ roomId, ...patch });
    const room = mock.result.rooms.find((x) => x.id === roomId)!;
    Object.assign(room, patch);
    return r.fulfill({ json: room });
  });
  await page.route('**/api/user/projects/p1/estimate', (r) =>
    r.fulfill({ json: { settings: r.request().method() === 'PUT' ? r.request().postDataJSON().settings : DEFAULT_ESTIMATE_SETTINGS, source: 'default', estimate: null } }));
  await page.route('**/api/user/projects/p1', (r) => r.fulfill({ json: { project_id: 'p1', filename: 'Smith House', has_result: true, s3_png_url: '/api/user/projects/p1/page.png' } }));
  return mock;
}
const stat = (page: Page, label: string) => page.locator(`[data-stat="${label}"] p`).last().innerText();
/** Totals follow a click a moment later (state updates are async): wait up to 10 s for `value`, then assert it. */
async function expectStat(page: Page, label: string, value: string) {
  await page
    .waitForFunction(([l, v]) => {
      const ps = document.querySelectorAll<HTMLElement>(`[data-stat="${l}"] p`);
      return ps.length > 0 && ps[ps.length - 1].innerText === v;
    }, [label, value] as const, { timeout: 10_000 })
    .catch(() => undefined); // the assertion below reports what was shown instead
  expect(await stat(page, label)).toBe(value);
}

describe('measure (mocked API)', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); planPng = await renderPlanPng(browser); });
  afterAll(async () => { await browser?.close(); });

  for (const phone of [false, true]) {
    it(`shows the measured rooms and downloads a report with names and totals (${phone ? 'phone' : 'laptop'})`, async () => {
      const { context, page } = await newPage(browser, { phone });
      await signIn(page);
      await page.goto('/projects/p1/results');
      await page.getByText('Project Summary').waitFor();
      expect(await page.locator('[data-testid=plan-overlay] polygon[data-room]').count()).toBe(5);
      await page.locator('[data-testid=plan-overlay] image').waitFor({ state: 'attached' });
      expect(await page.getByTestId('results-warnings').innerText()).toContain('1200 mm was assumed');
      // the space in no room is hatched on the plan, and the legend says what that is
      expect(await page.locator('[data-testid=plan-overlay] [data-testid=unmeasured-area]').count()).toBe(1);
      expect(await page.getByTestId('plan-legend').innerText()).toContain('In no room (not measured)');
      // the banner offers what the warnings ask for: the missing room drawn in (no warning here doubts the scale)
      expect(await page.getByTestId('draw-missing-room').count()).toBe(1);
      expect(await page.getByTestId('warning-change-scale').count()).toBe(0);
      // 5 rooms: skirting 22+18+16+13+15 = 84 m
      await expectStat(page, 'Skirting', '84.0 m');
      await page.getByText('Show spaces table').click();
      await page.getByRole('cell', { name: /KITCHEN/ }).first().waitFor();
      // the area printed on the plan beside the measured one: agrees, or by how much it differs
      expect(await page.locator('[data-room-card="0"] [data-printed-area]').innerText()).toMatch(/Plan prints 30\.00 m²\s*agrees/i);
      expect(await page.locator('[data-room-card="3"] [data-printed-area]').innerText()).toMatch(/Plan prints 11\.00 m²\s*−9 %/);
      expect(await page.locator('[data-room-card="1"] [data-printed-area]').count()).toBe(0);
      expect(await page.locator('[data-room-card="2"] [data-printed-area]').innerText()).toMatch(/Plan prints 3\.99 × 3\.99 m\s*agrees/i);
      await page.locator('[data-room-card="0"]').getByText('Show windows & doors').click();
      await page.locator('[data-room-card="0"]').getByText('W 1200 × H 1200 mm').first().waitFor();
      await page.getByText('Show outside windows (3)').click();
      await page.getByTestId('outside-detection').getByText('4.32 m²').first().waitFor(); // 3 x 1.44 m², 2 decimals
      await shot(page, `measure-results-${phone ? 'phone' : 'laptop'}`);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF (5 rooms)' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^Plansight_Smith_House_\d{4}-\d\d-\d\d\.pdf$/);
      const pages = await pdfText(new Uint8Array(readFileSync((await download.path())!)));
      expect(pages.length).toBe(3);
      expect(pages[2]).toMatch(/Estimate[\s\S]*Walls \(net\)/);
      for (const name of ['LIVING', 'KITCHEN', 'BED 1', 'BATH', 'BED 2']) expect(pages[0]).toContain(name);
      expect(pages[0]).toMatch(/Total\s+84\.0 m\s+90\.0 m²/); // ceiling 30 + 20 + 16 + 10 + 14 m²
      expect(pages[1]).toContain('Floor plan: rooms, windows and doors numbered as in the table');
      expect(pages[1]).toContain('5 rooms,');
      await context.close();
    });
  }

  it('selects rooms by card and checkbox; the download button counts them', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    await page.goto('/projects/p1/results');
    await page.getByRole('button', { name: 'Deselect All' }).click();
    expect(await page.getByRole('button', { name: 'Download PDF (0 rooms)' }).isDisabled()).toBe(true);
    await page.locator('[data-room-card="1"]').click();
    await page.getByRole('checkbox', { name: 'Select BATH' }).check();
    await page.getByRole('button', { name: 'Download PDF (2 rooms)' }).waitFor();
    await expectStat(page, 'Skirting', '31.0 m'); // 18 + 13
    await page.getByRole('button', { name: 'Select All', exact: true }).click();
    await page.getByRole('button', { name: 'Download PDF (5 rooms)' }).waitFor();
    await context.close();
  });

  it('redirects to ceiling-scale when it is not set, then saves and measures', async () => {
    const { context, page } = await newPage(browser);
    const mock = await signIn(page, { ceiling: 404 });
    await page.goto('/projects/p1/results');
    await page.waitForURL('**/projects/p1/ceiling-scale');
    await page.getByRole('button', { name: 'Save & Continue to Results' }).click();
    await page.getByText('Please fill in both ceiling height and scale ratio.').waitFor();
    await shot(page, 'measure-ceiling-scale-laptop');
    await page.getByLabel('Ceiling height (mm)').fill('2700');
    await page.getByRole('textbox', { name: 'Scale and paper size' }).click();
    await page.getByRole('option', { name: '1:50 on A1' }).click();
    await page.getByRole('button', { name: 'Save & Continue to Results' }).click();
    await page.waitForURL('**/projects/p1/results');
    await page.getByText('Project Summary').waitFor();
    expect(mock.ceilingPosts).toEqual([{ scale_ratio: '1:50 A1', scale_number: 50, paper_size: 'A1', ceilling_hight_mm: 2700 }]);
    await context.close();
  });

  it('says plainly when no room was found, and offers to change the scale', async () => {
    const { context, page } = await newPage(browser);
    const empty = { ...sampleResult(), rooms: [], statistics: { total_rooms: 0, total_windows: 0, total_doors: 0, ceiling_height_mm: 2400 } };
    await signIn(page, { result: empty });
    await page.goto('/projects/p1/results');
    await page.getByText('No rooms were found on this page').waitFor();
    expect(await page.getByRole('button', { name: 'Download PDF (0 rooms)' }).isDisabled()).toBe(true);
    await page.getByTestId('results-no-rooms').getByRole('button', { name: 'Change height or scale' }).click();
    await page.waitForURL('**/projects/p1/ceiling-scale');
    await context.close();
  });

  it('offers another scale from the warnings when the doors as drawn doubt the chosen one', async () => {
    const { context, page } = await newPage(browser);
    const doubted = { ...sampleResult(), warnings: [{ code: 'door_scale', message: 'The door swings on this plan measure about 1700 mm at 1:100, where doors are usually 700-1000 mm wide; the drawing may be at about 1:50.' }] };
    await signIn(page, { result: doubted });
    await page.goto('/projects/p1/results');
    await page.getByTestId('results-warnings').getByText('may be at about 1:50').waitFor();
    expect(await page.getByTestId('draw-missing-room').count()).toBe(0);
    await page.getByTestId('warning-change-scale').click();
    await page.waitForURL('**/projects/p1/ceiling-scale');
    await context.close();
  });

  it('shows the error screen after three failed result requests', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, { resultStatus: 500 });
    const started = Date.now();
    await page.goto('/projects/p1/results');
    await page.getByText('Error Loading Results').waitFor({ timeout: 15_000 });
    expect(Date.now() - started).toBeGreaterThan(2900); // 3 tries, 1.5 s apart
    await page.getByText('Result request failed with status 500').waitFor();
    await page.getByRole('button', { name: 'Back to Project' }).waitFor();
    await context.close();
  });

  for (const phone of [false, true]) {
    it(`walls view: zoom, find a room both ways, rename and leave out with totals following (${phone ? 'phone' : 'laptop'})`, async () => {
      const { context, page } = await newPage(browser, { phone });
      const mock = await signIn(page);
      await page.goto('/projects/p1/walls');
      await page.getByTestId('rooms-editor').waitFor();
      await page.locator('[data-testid=plan-overlay] image').waitFor({ state: 'attached' });
      await expectStat(page, 'Rooms counted', '5 of 5');
      // the space in no room is hatched here too
      expect(await page.locator('[data-testid=plan-overlay] [data-testid=unmeasured-area]').count()).toBe(1);
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await page.waitForFunction(() => Number(document.querySelector('[data-testid=plan-viewer]')?.getAttribute('data-zoom')) > 1);
      await page.getByRole('button', { name: 'Fit to screen' }).click();
      await page.locator('[data-testid=plan-viewer][data-zoom="1.00"]').waitFor();
      // Plan -> table
      await page.locator('polygon[data-room="2"]').click({ position: { x: 20, y: 20 } });
      await page.locator('[data-room-row="2"][data-highlighted="true"]').waitFor();
      // Table -> plan
      await page.locator('[data-room-row="1"]').hover();
      await page.locator('polygon[data-room="1"][stroke="#f08c00"]').waitFor();
      await page.getByRole('button', { name: 'Rename BED 1' }).click();
      await page.getByLabel('Room name').fill('Master bedroom');
      const renamed = page.waitForResponse((r) => r.url().endsWith('/rooms/r3') && r.request().method() === 'PATCH');
      await page.getByLabel('Room name').press('Enter');
      await page.locator('[data-room-row="2"]').getByText('Master bedroom').waitFor();
      await renamed;
      const leftOut = page.waitForResponse((r) => r.url().endsWith('/rooms/r4') && r.request().method() === 'PATCH');
      await page.locator('[data-room-row="3"] .mantine-Switch-track').click();
      await leftOut;
      await expectStat(page, 'Rooms counted', '4 of 5');
      await expectStat(page, 'Skirting', '71.0 m'); // 84 - 13
      await shot(page, `measure-walls-${phone ? 'phone' : 'laptop'}`);
      expect(mock.patches).toEqual([{ roomId: 'r3', label: 'Master bedroom' }, { roomId: 'r4', excluded: true }]);
      await page.reload();
      await page.getByTestId('rooms-editor').waitFor();
      await expectStat(page, 'Rooms counted', '4 of 5');
      expect(await page.getByRole('switch', { name: 'Count BATH in totals' }).isChecked()).toBe(false);
      // and in the editor, where the missing room is drawn
      await page.goto('/projects/p1/walls?edit=1');
      await page.getByTestId('plan-editor').waitFor();
      expect(await page.locator('[data-testid=plan-editor] [data-testid=unmeasured-area]').count()).toBe(1);
      await context.close();
    });
  }
});
