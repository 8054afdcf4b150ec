import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../packages/engine/bench/catalog';
import { buildPlan } from '../packages/engine/bench/plan-pdf';
import type { PlanTruth } from '../packages/engine/bench/truth';
import { pdfText } from './measure-fixtures';
import { baseUrl, launchBrowser, newPage, SCREENSHOT_DIR, shot, storeSession, signedInUser } from './support/browser';

// The whole measure flow against the real server, engine and worker: create a project from a generated plan,
// set ceiling and scale, wait for the measurement, download the report and read it; then rename and leave out
// rooms in the walls view and check that the next report follows. Its laptop frames are also the tutorial
// video's source (scripts/make-tutorial-video.mjs).

interface Room { id: string; label: string; excluded: boolean; perimeter_mm: number; ceiling_area: number; net_wall_area: number; windows: unknown[]; doors: unknown[] }

const FRAMES_DIR = path.join(SCREENSHOT_DIR, 'tutorial');

/** A viewport-sized frame for the tutorial video (the full-page screenshots are for reviewing layouts). */
async function frame(page: Page, name: string): Promise<void> {
  mkdirSync(FRAMES_DIR, { recursive: true });
  await page.mouse.move(1, 1); // no stray hover highlight or tooltip in the frame
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(FRAMES_DIR, `${name}.png`), animations: 'disabled' });
}

const m = (mm: number) => `${(mm / 1000).toFixed(1)} m`;
const m2 = (mm2: number) => `${(mm2 / 1e6).toFixed(1)} m²`;
const sum = (rooms: Room[], f: (r: Room) => number) => rooms.reduce((a, r) => a + f(r), 0);

async function downloadReport(page: Page, rooms: number, keepAs: string): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Download PDF (${rooms} rooms)` }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Plansight_Harbour_St_renovation_\d{4}-\d\d-\d\d\.pdf$/);
  const file = (await download.path())!;
  copyFileSync(file, path.join(SCREENSHOT_DIR, keepAs)); // kept to be rendered and looked at
  return pdfText(new Uint8Array(readFileSync(file)));
}

describe('measure flow (real server and engine)', () => {
  let browser: Browser;
  let plan: { pdf: Uint8Array; truth: PlanTruth };
  beforeAll(async () => {
    browser = await launchBrowser();
    const spec = catalog(64).find((s) => s.id === 'plan-027-hatched-rect');
    if (!spec) throw new Error('plan-027 is no longer in the bench catalogue');
    plan = await buildPlan(spec);
  });
  afterAll(async () => { await browser?.close(); });

  it('creates a project, sets ceiling and scale, measures, and downloads a report that matches the plan', async () => {
    const { truth } = plan;
    expect(truth.options).toMatchObject({ page: 1, scale: 100, paper: 'A3' });
    const login = await signedInUser('flow');
    const { context, page } = await newPage(browser);
    await storeSession(page, login);
    await page.getByRole('heading', { name: 'See how Plansight works' }).scrollIntoViewIfNeeded();
    await page.goto('/projects');
    await page.getByText('No projects yet. Create your first project!').waitFor();
    await frame(page, '01-projects-empty');

    // 1. Create the project from the plan's page.
    await page.getByTestId('create-project-button').click();
    await page.getByRole('heading', { name: 'Create Project' }).waitFor();
    await page.locator('input[type=file]').setInputFiles({ name: 'Harbour St renovation.pdf', mimeType: 'application/pdf', buffer: Buffer.from(plan.pdf) });
    expect(await page.getByLabel('Project name').inputValue()).toBe('Harbour St renovation');
    await page.getByTestId('form-preview').locator('canvas[data-rendered="true"]').waitFor({ timeout: 30_000 });
    await frame(page, '02-create-upload');
    await page.getByRole('button', { name: 'Create Project', exact: true }).click();
    await page.getByTestId('confirm-preview').locator('canvas[data-rendered="true"]').waitFor({ timeout: 30_000 });
    await frame(page, '03-create-confirm');
    await page.getByTestId('confirm-create').click();
    await page.getByText('Project Created Successfully!').waitFor({ timeout: 60_000 });
    await frame(page, '04-create-success');
    await page.getByRole('button', { name: 'View Project Results' }).click();

    // 2. No ceiling and scale yet: the results page sends the user to set them.
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}\/ceiling-scale$/);
    const projectId = page.url().split('/').at(-2)!;
    await page.getByLabel('Ceiling height (mm)').fill(String(truth.options.ceilingHeightMm));
    // the scale the plan prints is pre-selected once the page is read; picking that same scale again keeps it
    await page.getByTestId('scale-preselected').waitFor({ timeout: 30_000 });
    await page.getByRole('textbox', { name: 'Scale and paper size' }).click();
    await page.getByRole('option', { name: `1:${truth.options.scale} on ${truth.options.paper}` }).click();
    await frame(page, '05-ceiling-scale');
    await page.getByRole('button', { name: 'Save & Continue to Results' }).click();

    // 3. The loading screen, then the measured rooms.
    await page.waitForURL(`**/projects/${projectId}/results`);
    await page.getByTestId('results-steps').waitFor().then(() => frame(page, '06-results-loading')).catch(() => undefined);
    await page.getByText('Project Summary').waitFor({ timeout: 90_000 });
    await page.locator('[data-testid=plan-overlay] image').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: `Download PDF (${truth.rooms.length} rooms)` }).waitFor();
    await frame(page, '07-results');
    await shot(page, 'measure-flow-results-laptop');
    expect(await page.locator('[data-testid=plan-overlay] polygon[data-room]').count()).toBe(truth.rooms.length);

    const auth = { authorization: `Bearer ${login.access_token}` };
    const result = (await (await fetch(`${baseUrl()}/api/user/projects/${projectId}/result`, { headers: auth })).json()) as { rooms: Room[] };
    expect(result.rooms.map((r) => r.label).sort()).toEqual(truth.rooms.map((r) => r.label).sort());

    const first = await downloadReport(page, truth.rooms.length, 'measure-flow-report.pdf');
    expect(first.length).toBe(3); // rooms table, plan page, estimate
    for (const r of truth.rooms) expect(first[0]).toContain(r.label);
    const totals = `Total ${m(sum(result.rooms, (r) => r.perimeter_mm))} ${m2(sum(result.rooms, (r) => r.ceiling_area))} ${m2(sum(result.rooms, (r) => r.net_wall_area))}`;
    expect(first[0].replace(/\s+/g, ' ')).toContain(totals);
    expect(first[1]).toContain('Floor plan: rooms, windows and doors numbered as in the table');
    expect(first[1]).toContain(`${truth.rooms.length} rooms,`);
    expect(first[2]).toContain('Estimate');

    // 4. The walls view from the project list: rename one room, leave another out.
    await page.goto('/projects');
    await page.getByRole('link', { name: 'Harbour St renovation' }).click();
    await page.waitForURL(`**/projects/${projectId}/walls`);
    await page.getByTestId('rooms-editor').waitFor();
    await page.locator('[data-testid=plan-overlay] image').waitFor({ state: 'attached' });
    const rows = result.rooms;
    const renameIdx = rows.findIndex((r) => r.label === 'MASTER BEDROOM');
    const dropIdx = rows.findIndex((r) => r.label === 'BALCONY');
    await page.locator(`polygon[data-room="${renameIdx}"]`).click({ position: { x: 12, y: 12 } });
    await page.locator(`[data-room-row="${renameIdx}"][data-highlighted="true"]`).waitFor();
    await page.getByRole('button', { name: 'Rename MASTER BEDROOM' }).click();
    await page.getByLabel('Room name').fill('Main bedroom (north)');
    await frame(page, '08-walls-rename');
    const renamed = page.waitForResponse((r) => r.url().includes('/rooms/') && r.request().method() === 'PATCH');
    await page.getByLabel('Room name').press('Enter');
    expect((await renamed).status()).toBe(200);
    const dropped = page.waitForResponse((r) => r.url().includes('/rooms/') && r.request().method() === 'PATCH');
    await page.locator(`[data-room-row="${dropIdx}"] .mantine-Switch-track`).click();
    expect((await dropped).status()).toBe(200);
    const kept = rows.filter((_, i) => i !== dropIdx);
    await page.locator('[data-stat="Rooms counted"]').getByText(`${kept.length} of ${rows.length}`).waitFor();
    await page.locator('[data-stat="Skirting"]').getByText(m(sum(kept, (r) => r.perimeter_mm))).waitFor();
    await frame(page, '09-walls-totals');
    await shot(page, 'measure-flow-walls-laptop');

    // 5. Back to the results: the edits are kept and the next report follows them.
    await page.getByRole('button', { name: 'Results & report' }).click();
    await page.getByRole('button', { name: `Download PDF (${kept.length} rooms)` }).waitFor({ timeout: 60_000 });
    await frame(page, '10-results-after-edits');
    const second = await downloadReport(page, kept.length, 'measure-flow-report-edited.pdf');
    expect(second[0]).toContain('Main bedroom (north)');
    expect(second[0]).not.toContain('MASTER BEDROOM');
    expect(second[0]).not.toContain('BALCONY');
    expect(second[0].replace(/\s+/g, ' ')).toContain(`Total ${m(sum(kept, (r) => r.perimeter_mm))} ${m2(sum(kept, (r) => r.ceiling_area))}`);

    // 6. A new ceiling height later: measured again with it, the edits kept, no plan spent.
    const remaining = async () => ((await (await fetch(`${baseUrl()}/api/user/projects`, { headers: auth })).json()) as { remaining_plan: number }).remaining_plan;
    const plansBefore = await remaining();
    await page.getByRole('button', { name: 'Change height or scale' }).click();
    await page.waitForURL(`**/projects/${projectId}/ceiling-scale`);
    await page.waitForFunction(() => (document.querySelector('input[placeholder="2400"]') as HTMLInputElement | null)?.value.startsWith('2400'));
    expect(await page.getByRole('textbox', { name: 'Scale and paper size' }).inputValue()).toBe(`1:${truth.options.scale} on ${truth.options.paper}`);
    await page.getByLabel('Ceiling height (mm)').fill('2700');
    await page.getByRole('button', { name: 'Save & Continue to Results' }).click();
    await page.waitForURL(`**/projects/${projectId}/results`);
    await page.getByText('2700 mm', { exact: true }).first().waitFor({ timeout: 90_000 });
    await page.getByRole('button', { name: `Download PDF (${kept.length} rooms)` }).waitFor();
    const remeasured = (await (await fetch(`${baseUrl()}/api/user/projects/${projectId}/result`, { headers: auth })).json()) as { rooms: Room[]; statistics: { ceiling_height_mm: number } };
    expect(remeasured.statistics.ceiling_height_mm).toBe(2700);
    const bed = remeasured.rooms.find((r) => r.label === 'Main bedroom (north)')!;
    const bedBefore = rows[renameIdx];
    expect(bed.perimeter_mm).toBeCloseTo(bedBefore.perimeter_mm, 0);
    expect(bed.net_wall_area).toBeGreaterThan(bedBefore.net_wall_area + bed.perimeter_mm * 299); // 300 mm more wall all round
    expect(remeasured.rooms.find((r) => r.label === 'BALCONY')?.excluded).toBe(true);
    expect(await remaining()).toBe(plansBefore);
    await context.close();
  });

  it('the landing page tutorial video is served by the app, has captions and plays', async () => {
    const base = '/tutorial/plansight-tutorial';
    for (const [ext, type] of [['.webm', 'video/webm'], ['.mp4', 'video/mp4'], ['.en.vtt', 'text/vtt'], ['-poster.jpg', 'image/jpeg']] as const) {
      const res = await fetch(`${baseUrl()}${base}${ext}`);
      expect(res.status, ext).toBe(200);
      expect(res.headers.get('content-type'), ext).toContain(type);
      expect((await res.arrayBuffer()).byteLength, ext).toBeLessThan(3 * 1024 * 1024); // small enough for a landing page
    }
    const ranged = await fetch(`${baseUrl()}${base}.mp4`, { headers: { range: 'bytes=0-1023' } });
    expect(ranged.status).toBe(206); // seeking works

    const { context, page } = await newPage(browser);
    await page.goto('/home');
    const video = page.getByTestId('tutorial-video');
    await video.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => ((document.querySelector('[data-testid=tutorial-video]') as HTMLVideoElement | null)?.readyState ?? 0) >= 1, null, { timeout: 20_000 });
    const info = await video.evaluate(async (v: HTMLVideoElement) => {
      const track = v.textTracks[0];
      track.mode = 'showing';
      for (let i = 0; i < 50 && !(track.cues?.length); i++) await new Promise((r) => setTimeout(r, 100));
      v.muted = true;
      await v.play();
      await new Promise((r) => setTimeout(r, 2500));
      v.pause();
      return { duration: v.duration, time: v.currentTime, src: v.currentSrc, kind: track.kind, cues: track.cues?.length ?? 0, first: (track.cues?.[0] as VTTCue | undefined)?.text, w: v.videoWidth, h: v.videoHeight };
    });
    expect(info.duration).toBeGreaterThan(20);
    expect(info.duration).toBeLessThan(90);
    expect(info.time).toBeGreaterThan(1); // it really played
    expect([info.w, info.h]).toEqual([1280, 806]);
    expect(info.kind).toBe('captions');
    expect(info.cues).toBeGreaterThanOrEqual(8);
    expect(info.first).toContain('Create New Project');
    await shot(page, 'measure-tutorial-video-laptop');
    await context.close();
  });
});
