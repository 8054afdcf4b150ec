import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../packages/engine/bench/catalog';
import { buildPlan } from '../packages/engine/bench/plan-pdf';
import { baseUrl, launchBrowser, newPage, shot, storeSession, signedInUser, type Login } from './support/browser';

// The estimate panel against the real server and engine: change the deduction rule and the coats, see the
// litres follow, then download the spreadsheet and the CSV and read them back.

const api = (p: string, init: RequestInit = {}, token?: string) =>
  fetch(`${baseUrl()}/api${p}`, { ...init, headers: { ...(init.body instanceof FormData ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers } });

/** A measured project made through the API (the create and measure flows have their own tests). */
async function measuredProject(token: string): Promise<string> {
  const spec = catalog(64).find((s) => s.id === 'plan-027-hatched-rect');
  if (!spec) throw new Error('plan-027 is no longer in the bench catalogue');
  const { pdf, truth } = await buildPlan(spec);
  const form = new FormData();
  form.set('filename', 'Estimate house');
  form.set('pageno', String(truth.options.page));
  form.set('file', new Blob([Buffer.from(pdf)], { type: 'application/pdf' }), 'house.pdf');
  const created = await api('/user/projects', { method: 'POST', body: form }, token);
  expect(created.status).toBe(201);
  const id = ((await created.json()) as { project_id: string }).project_id;
  const o = truth.options;
  await api(`/user/projects/${id}/ceilling-scale`, { method: 'POST', body: JSON.stringify({ scale_ratio: `1:${o.scale} ${o.paper}`, scale_number: o.scale, paper_size: o.paper, ceilling_hight_mm: 2400 }) }, token);
  for (let i = 0; i < 60; i++) {
    const r = await api(`/projects/${id}/all-detections?confidence=0.1&overlap=0.9&overlay=false&min_room_width=200&min_room_height=200`, {}, token);
    if (r.status === 200) return id;
    await new Promise((res) => setTimeout(res, 1000));
  }
  throw new Error('the plan was not measured in time');
}

const litres = async (page: Page, surface: string) => Number((await page.getByTestId(`litres-${surface}`).innerText()).replace(' L', ''));
const statM2 = async (page: Page, label: string) => Number((await page.locator(`[data-stat="${label}"] p`).last().innerText()).replace(' m²', ''));
/** Waits until the panel's settings have been saved (the exports are made from the saved settings). */
const saved = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/estimate') && r.request().method() === 'PUT' && r.status() === 200);

/** Evaluates the formulas the workbook uses (cell references, + - * /, brackets, SUM of a range) over its cells. */
function evaluate(ws: ExcelJS.Worksheet, address: string, seen = new Set<string>()): number {
  if (seen.has(address)) throw new Error(`circular reference at ${address}`);
  const v = ws.getCell(address).value as number | string | { formula?: string } | null;
  if (v === null || v === undefined || v === '') return 0;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return Number(v) || 0;
  if (!v.formula) throw new Error(`unexpected value at ${address}`);
  const next = new Set(seen).add(address);
  const expr = v.formula
    .replace(/SUM\(([A-Z]+)(\d+):([A-Z]+)(\d+)\)/g, (_m, c1: string, r1: string, _c2: string, r2: string) => {
      let s = 0;
      for (let r = Number(r1); r <= Number(r2); r++) s += evaluate(ws, `${c1}${r}`, next);
      return `(${s})`;
    })
    .replace(/\b([A-Z]+\d+)\b/g, (a) => `(${evaluate(ws, a, next)})`);
  if (!/^[\d\s.+\-*/()e]+$/.test(expr)) throw new Error(`cannot evaluate ${v.formula}`);
  return Function(`return (${expr});`)() as number;
}
const money = (s: string) => Number(s.replace(/[^\d.]/g, ''));

describe('estimate (real server and engine)', () => {
  let browser: Browser;
  let login: Login;
  let projectId: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    login = await signedInUser('estimate');
    projectId = await measuredProject(login.access_token);
  }, 180_000);
  afterAll(async () => { await browser?.close(); });

  it('changes the rule and the coats, sees the litres follow, and downloads a workbook whose formulas give the shown totals', async () => {
    const { context, page } = await newPage(browser);
    await storeSession(page, login);
    await page.goto(`/projects/${projectId}/results`);
    await page.getByTestId('estimate-panel').waitFor({ timeout: 90_000 });
    await page.getByTestId('estimate-panel').scrollIntoViewIfNeeded();

    // two coats by default; three coats is half as much paint again
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=litres-walls]')?.textContent?.replace(' L', '')) > 0, undefined, { timeout: 30_000 })
      .catch(() => shot(page, 'estimate-no-litres'));
    const two = await litres(page, 'walls');
    expect(two).toBeGreaterThan(0);
    let save = saved(page);
    await page.getByLabel('Walls (net) coats', { exact: true }).fill('3');
    await page.waitForFunction((l) => Number(document.querySelector('[data-testid=litres-walls]')!.textContent!.replace(' L', '')) !== l, two);
    expect(await litres(page, 'walls')).toBeCloseTo(two * 1.5, 0);
    await save;

    // deducting nothing paints the whole wall: the net wall area and the wall litres go up
    const netBefore = await statM2(page, 'Net wall area');
    const threeCoats = await litres(page, 'walls');
    save = saved(page);
    await page.getByTestId('deduction-rule').click();
    await page.getByRole('option', { name: 'Deduct nothing' }).click();
    await page.getByTestId('deduction-text').getByText('No openings deducted').waitFor();
    await save;
    expect(await statM2(page, 'Net wall area')).toBeGreaterThan(netBefore);
    expect(await litres(page, 'walls')).toBeGreaterThan(threeCoats);

    // a price and a labour rate: the panel shows a total with GST
    save = saved(page);
    await page.getByLabel('Walls (net) price per litre', { exact: true }).fill('20');
    await page.getByLabel('Ceilings labour rate', { exact: true }).fill('8.5');
    await page.waitForFunction(() => !document.querySelector('[data-testid=estimate-total]')!.textContent!.startsWith('$0.00'));
    await save;
    await page.waitForTimeout(300);
    const shownTotal = money(await page.getByTestId('estimate-total').innerText());
    expect(shownTotal).toBeGreaterThan(0);
    // the surfaces per room add up to the wall quantity above
    await page.getByTestId('estimate-per-room-toggle').click();
    const perRoomWalls = await page.getByTestId('estimate-per-room').locator('tbody tr').evaluateAll((rows) =>
      rows.slice(0, -1).reduce((a, r) => a + Number(r.querySelectorAll('td')[1].textContent), 0));
    const wallsQty = Number((await page.getByTestId('estimate-row-walls').locator('td').nth(1).innerText()).replace(/[^\d.]/g, ''));
    expect(Math.abs(perRoomWalls - wallsQty)).toBeLessThan(0.1 * (await page.getByTestId('estimate-per-room').locator('tbody tr').count()));
    await shot(page, 'estimate-laptop');

    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download spreadsheet' }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/^Plansight - Estimate house - \d{4}-\d\d-\d\d\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await xlsx.path())!) as unknown as ArrayBuffer);
    const est = wb.getWorksheet('Estimate')!;
    let totalRow = 0;
    est.eachRow((row, n) => { if (row.getCell('A').value === 'Total incl. GST') totalRow = n; });
    expect(totalRow).toBeGreaterThan(0);
    // the formulas, evaluated over the sheet's own cells, give the total the page shows (to the cent)
    expect(evaluate(est, `N${totalRow}`)).toBeCloseTo(shownTotal, 1);
    const rooms = wb.getWorksheet('Rooms')!;
    let roomsTotal = 0;
    rooms.eachRow((row, n) => { if (row.getCell('B').value === 'Total') roomsTotal = n; });
    expect(evaluate(rooms, `G${roomsTotal}`)).toBeCloseTo(await statM2(page, 'Net wall area'), 0);
    let wallsRow = 0;
    est.eachRow((row, n) => { if (row.getCell('A').value === 'Walls (net)') wallsRow = n; });
    expect(est.getCell(`E${wallsRow}`).value).toBe(3);
    expect(evaluate(est, `H${wallsRow}`)).toBeCloseTo(await litres(page, 'walls'), 0);

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const lines = readFileSync((await csv.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toContain('Net wall area (m²)');
    const selectedRooms = Number(/\((\d+) rooms\)/.exec(await page.getByRole('button', { name: /Download PDF/ }).innerText())![1]);
    expect(lines.length - 1).toBe(selectedRooms);
    await context.close();
  }, 180_000);

  it('keeps the settings on reload and is usable at phone width', async () => {
    const { context, page } = await newPage(browser, { phone: true });
    await storeSession(page, login);
    await page.goto(`/projects/${projectId}/results`);
    await page.getByTestId('estimate-panel').waitFor({ timeout: 90_000 });
    await page.getByTestId('deduction-text').getByText('No openings deducted').waitFor();
    expect(await page.getByLabel('Walls (net) coats', { exact: true }).inputValue()).toBe('3');
    await page.getByTestId('estimate-panel').scrollIntoViewIfNeeded();
    await shot(page, 'estimate-phone');
    await context.close();
  }, 120_000);
});
