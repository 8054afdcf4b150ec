import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createPlanProject, screenOf, type Pt } from './editor-support';
import { launchBrowser, newPage, shot, signedInUser, storeSession, type Login } from './support/browser';

// The ceiling-scale page before the first measurement: the plan's printed scale offered with its check against a
// dimension string, and "Measure a known length" on the page image (snapping to line ends) giving a custom 1:N
// that is saved as it is. The plan (plan-027) is drawn at 1:100 on an A3 page with a title block and dimensions.

const PT_MM = 25.4 / 72;
interface PageScale { status: string; page_width_pt: number; page_height_pt: number; lines: [number, number, number, number][]; dimensions: { checks: { printed_mm: number; length_pt: number }[] } | null }

describe('scale calibration on the ceiling-scale page (real server and engine)', () => {
  let browser: Browser;
  let login: Login;
  let projectId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    login = await signedInUser('calibrate');
    projectId = await createPlanProject(login.access_token, 'plan-027-hatched-rect', 'Calibrated house');
  }, 120_000);
  afterAll(async () => { await browser?.close(); });

  it('offers the printed scale with its dimension check, and a measured known length sets a custom 1:N that is saved', async () => {
    const { context, page } = await newPage(browser);
    await storeSession(page, login);
    await page.goto(`/projects/${projectId}/ceiling-scale`);

    // 1. The engine's reading: "1:100 printed on the plan", checked against a dimension string at 1:100.
    const printed = page.locator('[data-testid=scale-suggestion][data-source=printed]');
    await printed.getByText('1:100 printed on the plan').waitFor({ timeout: 60_000 });
    const check = await printed.getByTestId('scale-suggestion-check').innerText();
    const m = /(\d+) printed, (\d+) measured at 1:100/.exec(check);
    expect(m, check).not.toBeNull();
    expect(Math.abs(Number(m![2]) / Number(m![1]) - 1)).toBeLessThan(0.01);
    await printed.getByRole('button', { name: 'Use 1:100 on A3' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Scale and paper size' }).inputValue()).toBe('1:100 on A3');
    await shot(page, 'ceiling-scale-suggestion-laptop');

    // 2. Measure a line of the plan, clicking beside both ends: the points snap onto its ends.
    const reading = (await (await api(`/user/projects/${projectId}/page-scale`, login.access_token)).json()) as PageScale;
    expect(reading.status).toBe('ready');
    // a line clear of the zoom buttons (top right) and of the sheet's edge
    const inside = (x: number, y: number) => !(x > reading.page_width_pt * 0.7 && y < reading.page_height_pt * 0.2) && y > 40 && y < reading.page_height_pt - 40;
    const ends = reading.lines.flatMap(([a, b, c, d]) => [[a, b], [c, d]]);
    const alone = (x: number, y: number) => ends.every(([u, v]) => { const d = Math.hypot(u - x, v - y); return d < 0.5 || d > 15; });
    const [x1, y1, x2, y2] = reading.lines.find(([a, b, c, d]) => inside(a, b) && inside(c, d) && alone(a, b) && alone(c, d))!;
    const lengthPt = Math.hypot(x2 - x1, y2 - y1);
    await page.getByTestId('measure-known-length').click();
    await page.getByTestId('calibrate-plan').locator('image').waitFor({ state: 'attached', timeout: 30_000 });
    await page.getByTestId('calibrate-plan').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const ux = (x2 - x1) / lengthPt, uy = (y2 - y1) / lengthPt;
    const a = await screenOf(page, [x1, y1] as Pt, 'calibrate-plan');
    const b = await screenOf(page, [x2, y2] as Pt, 'calibrate-plan');
    // 3 px beside and 3 px beyond each end (unsnapped, the line would come out 2 % longer: 1:167)
    const off = (p: { x: number; y: number }, out: number) => ({ x: p.x - 3 * uy + 3 * out * ux, y: p.y + 3 * ux + 3 * out * uy });
    await page.mouse.move(off(a, -1).x, off(a, -1).y);
    await page.getByTestId('snap-marker').waitFor();
    await page.mouse.click(off(a, -1).x, off(a, -1).y);
    await page.mouse.click(off(b, 1).x, off(b, 1).y);

    // 3. Typed as the length it has at 1:163 on A3 (no usual scale): the scale is 1:163, applied as it is.
    const realMm = Math.round(lengthPt * PT_MM * 163);
    await page.getByTestId('known-length').fill(String(realMm));
    expect(await page.getByTestId('calibrated-scale').innerText()).toBe('1:163');
    await page.getByText('applied as a custom scale 1:163').waitFor();
    await shot(page, 'ceiling-scale-calibrate-laptop');
    await page.getByTestId('apply-calibration').click();
    await page.getByText('Scale set to 1:163 on A3 from your measurement').waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Custom scale 1:N' }).inputValue()).toBe('163');

    // 4. Saved as it is: the ceiling-scale record is 1:163 on A3.
    await page.getByRole('textbox', { name: 'Ceiling height (mm)' }).fill('2400');
    await page.getByRole('button', { name: 'Save & Continue to Results' }).click();
    await page.waitForURL(`**/projects/${projectId}/results`);
    const saved = (await (await api(`/user/projects/${projectId}/ceilling-scale`, login.access_token)).json()) as { scale_number: number; paper_size: string; scale_ratio: string };
    expect(saved).toMatchObject({ scale_number: 163, paper_size: 'A3', scale_ratio: '1:163 A3' });
    await context.close();
  }, 240_000);

  it('is usable at phone width', async () => {
    const { context, page } = await newPage(browser, { phone: true, touch: true });
    await storeSession(page, login);
    await page.goto(`/projects/${projectId}/ceiling-scale`);
    await page.locator('[data-testid=scale-suggestion][data-source=printed]').waitFor({ timeout: 60_000 });
    await page.getByTestId('measure-known-length').click();
    await page.getByTestId('calibrate-plan').locator('image').waitFor({ state: 'attached', timeout: 30_000 });
    await page.getByTestId('calibrate-plan').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const box = (await page.getByTestId('calibrate-plan').boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    // two taps measure a length, as clicks do
    await page.touchscreen.tap(box.x + box.width * 0.3, box.y + box.height * 0.5);
    await page.touchscreen.tap(box.x + box.width * 0.7, box.y + box.height * 0.5);
    await page.getByTestId('known-length').waitFor();
    await shot(page, 'ceiling-scale-calibrate-phone');
    await context.close();
  }, 120_000);
});
