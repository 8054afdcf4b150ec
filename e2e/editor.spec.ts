import { readFileSync } from 'node:fs';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bringIntoView, createPlanProject, measure, screenOf, type Pt } from './editor-support';
import { pdfText } from './measure-fixtures';
import { launchBrowser, newPage, shot, signedInUser, storeSession, type Login } from './support/browser';

// The plan editor against the real server and engine: a measured generated plan is corrected in the walls
// view (corner dragged, window added, missing room drawn, scale calibrated), and the edits are checked in
// the figures, after a reload, in the report and after a re-measure with another ceiling height.

interface Opening { id: string; width: number; height: number }
interface Room {
  id: string; label: string; polygon: Pt[]; ceiling_area: number; net_wall_area: number; perimeter_mm: number; total_window_area: number; total_door_area: number;
  windows: Opening[]; doors: Opening[]; edited?: boolean; source?: string;
}
interface Result { rooms: Room[]; totals: { ceiling_area: number; rooms: number; windows: number }; statistics: { ceiling_height_mm: number }; edits_version?: number }

const shoelace = (p: Pt[]) => Math.abs(p.reduce((s, [x, y], i) => s + x * p[(i + 1) % p.length][1] - p[(i + 1) % p.length][0] * y, 0) / 2);
const figure = async (page: Page, name: string) => Number(await page.locator(`[data-testid=room-figures] [data-figure="${name}"]`).getAttribute('data-mm2'));
async function waitFigure(page: Page, name: string, value: number) {
  await page.waitForFunction(([n, v]) => document.querySelector(`[data-testid=room-figures] [data-figure="${n}"]`)?.getAttribute('data-mm2') === String(v), [name, value] as const, { timeout: 10_000 }).catch(() => undefined);
  expect(await figure(page, name)).toBe(value);
}
/** Picks an editing tool from the toolbar. */
const tool = (page: Page, name: string) => page.getByTestId('editor-toolbar').getByText(name, { exact: true }).click();
const waitSaved = (page: Page) => page.locator('[data-testid=save-state][data-state=saved]').waitFor({ timeout: 15_000 });

describe('plan editor (real server and engine)', () => {
  let browser: Browser;
  let login: Login;
  let projectId: string;
  let before: Result;

  beforeAll(async () => {
    browser = await launchBrowser();
    login = await signedInUser('editor');
    projectId = await createPlanProject(login.access_token);
    await measure(login.access_token, projectId, 2400);
    before = (await (await api(`/user/projects/${projectId}/result`, login.access_token)).json()) as Result;
  }, 300_000);
  afterAll(async () => { await browser?.close(); });

  it('corrects the plan: corner, window, drawn room, undo, calibration; kept on reload, in the report and after a re-measure', async () => {
    const { context, page } = await newPage(browser);
    await storeSession(page, login);
    // The page's lines to snap to are read in the background and may arrive at any moment; hold them back
    // until the drag and the drawn room are done, so what those snap to does not depend on timing.
    const held: Route[] = [];
    let holding = true;
    await page.route('**/page-scale', (r) => (holding ? void held.push(r) : r.continue()));
    await page.goto(`/projects/${projectId}/results`);
    await page.getByTestId('correct-plan').click({ timeout: 90_000 });
    await page.waitForURL(`**/projects/${projectId}/walls?edit=1`);
    await page.getByTestId('plan-editor').locator('image').waitFor({ state: 'attached' });

    // 1. Drag a corner 500 mm into the room on both axes: the area changes by exactly the triangle it cuts off.
    const idx = before.rooms.reduce((b, r, i) => (r.ceiling_area > before.rooms[b].ceiling_area ? i : b), 0);
    const room = before.rooms[idx];
    await page.locator(`[data-room-row="${idx}"]`).click();
    await page.getByTestId('room-panel').waitFor();
    expect(await figure(page, 'ceiling')).toBe(room.ceiling_area);
    const k = 0;
    const c = room.polygon[k];
    const [cx, cy] = [room.polygon.reduce((s, p) => s + p[0], 0) / room.polygon.length, room.polygon.reduce((s, p) => s + p[1], 0) / room.polygon.length];
    const to: Pt = [c[0] + 500 * Math.sign(cx - c[0]), c[1] + 500 * Math.sign(cy - c[1])];
    // Choosing the room in the table scrolls the page; bring the whole plan back on screen, clear of the sticky header.
    await bringIntoView(page, 'plan-editor');
    const from = await screenOf(page, c);
    const target = await screenOf(page, to);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + target.x) / 2, (from.y + target.y) / 2, { steps: 4 });
    await page.mouse.move(target.x, target.y, { steps: 4 });
    await page.mouse.up();
    const moved = room.polygon.map((p, i) => (i === k ? to : p)) as Pt[];
    const expectedArea = Math.round(shoelace(moved));
    expect(Math.abs(expectedArea - room.ceiling_area)).toBeGreaterThan(100_000);
    await page.waitForFunction((v) => document.querySelector('[data-testid=room-figures] [data-figure="ceiling"]')?.getAttribute('data-mm2') !== String(v), room.ceiling_area, { timeout: 5_000 }).catch(() => undefined);
    const shown = await page.locator('[data-testid=room-figures] [data-figure="ceiling"]').getAttribute('data-mm2').then(Number);
    // the mouse lands on whole screen pixels: within one pixel's worth of area of the exact figure
    expect(Math.abs(shown - expectedArea) / expectedArea).toBeLessThan(0.01);
    const dragged = shown;

    // 2. Undo goes back to the engine's figure, redo brings the change back.
    await page.keyboard.press('Control+z');
    await waitFigure(page, 'ceiling', room.ceiling_area);
    await page.keyboard.press('Control+Shift+z');
    await waitFigure(page, 'ceiling', dragged);

    // 3. A window on one of its walls: the net wall area drops by its area (1200 × 1200 mm).
    const net = await figure(page, 'net-wall');
    await tool(page, '+ Window');
    const a = room.polygon[1], b = room.polygon[2];
    const mid = await screenOf(page, [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]);
    await page.mouse.click(mid.x, mid.y);
    await waitFigure(page, 'net-wall', net - 1200 * 1200);
    await tool(page, 'Select');

    // 4. Draw a missing room in the margin left of the building: it counts in the totals.
    const vb = await page.locator('[data-testid=plan-editor]').evaluate((svg) => { const v = (svg as SVGSVGElement).viewBox.baseVal; return { x: v.x, y: v.y }; });
    const minX = Math.min(...before.rooms.flatMap((r) => r.polygon.map((p) => p[0])));
    const minY = Math.min(...before.rooms.flatMap((r) => r.polygon.map((p) => p[1])));
    const side = Math.round(Math.min(minX - vb.x, minY - vb.y) * 0.5);
    expect(side).toBeGreaterThan(300);
    const o: Pt = [vb.x + side * 0.3, vb.y + side * 0.3];
    const square: Pt[] = [o, [o[0] + side, o[1]], [o[0] + side, o[1] + side], [o[0], o[1] + side]];
    await tool(page, 'Draw room');
    for (const p of square) { const s = await screenOf(page, p); await page.mouse.click(s.x, s.y); }
    await page.keyboard.press('Enter');
    const n = before.rooms.length + 1;
    await page.locator('[data-stat="Rooms counted"]').getByText(`${n} of ${n}`).waitFor();
    const drawnArea = await figure(page, 'ceiling');
    expect(Math.abs(drawnArea - side * side) / (side * side)).toBeLessThan(0.02);
    holding = false;
    for (const r of held.splice(0)) await r.continue();
    await page.unroute('**/page-scale');
    await waitSaved(page);
    await shot(page, 'editor-laptop');

    // 5. Measure a known length: 3000 mm on the plan at 1:100 A3, typed as 6000 mm, is 1:200 on A3.
    await tool(page, 'Measure length');
    for (const p of [[o[0], o[1]], [o[0] + 3000, o[1]]] as Pt[]) { const s = await screenOf(page, p); await page.mouse.click(s.x, s.y); }
    const measuredMm = Number((await page.getByTestId('measured-length').innerText()).replace(/\D/g, ''));
    expect(Math.abs(measuredMm - 3000)).toBeLessThan(40);
    await page.getByTestId('known-length').fill(`${Math.round(measuredMm * 2)}`);
    expect(await page.getByTestId('calibrated-scale').innerText()).toBe('1:200');
    await page.getByTestId('calibrated-standard').getByText('That is the usual scale 1:200 on A3', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Use 1:200 on A3' }).waitFor();
    // the plan's own reading is offered beside it, with its check against a dimension string
    await page.locator('[data-testid=scale-suggestion][data-source=printed]').getByText('1:100 printed on the plan').waitFor({ timeout: 30_000 });
    await shot(page, 'editor-calibrate-laptop');

    // 6. Reload: everything is still there, marked as edited on the server.
    await page.reload();
    await page.getByTestId('plan-editor').waitFor();
    await page.locator('[data-stat="Rooms counted"]').getByText(`${n} of ${n}`).waitFor();
    const saved = (await (await api(`/user/projects/${projectId}/result`, login.access_token)).json()) as Result;
    const edited = saved.rooms.find((r) => r.id === room.id)!;
    expect(edited).toMatchObject({ edited: true, ceiling_area: dragged, net_wall_area: expect.any(Number) });
    expect(saved.rooms.at(-1)).toMatchObject({ source: 'added', edited: true });
    expect(saved.totals.rooms).toBe(n);

    // 7. The report lists the drawn room and the edited figures.
    await page.goto(`/projects/${projectId}/results`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Download PDF (${n} rooms)` }).click({ timeout: 60_000 })]);
    const text = (await pdfText(new Uint8Array(readFileSync((await download.path())!)))).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain(saved.rooms.at(-1)!.label);
    expect(text).toContain(`${(saved.totals.ceiling_area / 1e6).toFixed(1)} m²`);

    // 8. Re-measured with another ceiling height: the edits stay and follow the new height.
    await measure(login.access_token, projectId, 3000);
    const again = (await (await api(`/user/projects/${projectId}/result`, login.access_token)).json()) as Result;
    expect(again.statistics.ceiling_height_mm).toBe(3000);
    const still = again.rooms.find((r) => r.id === room.id)!;
    expect(still).toMatchObject({ edited: true, ceiling_area: dragged });
    // the user's windows (the added one too) are kept; the wall is measured up to the new height
    const sizes = (r: Room) => r.windows.map((w) => `${w.id} ${w.width}x${w.height}`).sort();
    expect(sizes(still)).toEqual(sizes(edited));
    expect(sizes(still)).toContainEqual(expect.stringMatching(/ 1200x1200$/));
    expect(Math.abs(still.net_wall_area - (still.perimeter_mm * 3000 - still.total_window_area - still.total_door_area))).toBeLessThan(3000);
    expect(again.rooms.length).toBe(n);
    await context.close();
  }, 400_000);

  it('tells a second tab about a save made in the first, and shows the later rooms', async () => {
    const { context, page } = await newPage(browser);
    await storeSession(page, login);
    const other = await context.newPage();
    for (const p of [page, other]) {
      await p.goto(`/projects/${projectId}/walls?edit=1`);
      await p.getByTestId('plan-editor').waitFor({ timeout: 60_000 });
    }
    const count = await page.locator('[data-room-row]').count();
    await page.locator('[data-room-row="0"]').click();
    await page.getByRole('button', { name: 'Delete room' }).click();
    await waitSaved(page);
    await other.evaluate(() => window.dispatchEvent(new Event('focus')));
    await other.getByText('These rooms were changed in another tab or window').waitFor();
    await other.locator('[data-stat="Rooms counted"]').getByText(`${count - 1} of ${count - 1}`).waitFor();
    await page.keyboard.press('Control+z');
    await page.locator('[data-stat="Rooms counted"]').getByText(`${count} of ${count}`).waitFor();
    await waitSaved(page);
    await context.close();
  });

  it('a window on a wall between two rooms belongs to both; a corner dropped beside a neighbour\'s corner lands on it', async () => {
    const token = login.access_token;
    const getResult = async () => (await (await api(`/user/projects/${projectId}/result`, token)).json()) as Result;
    await api(`/user/projects/${projectId}/edits`, token, { method: 'DELETE' });
    const fresh = await getResult();
    // a wall between two rooms: the middle of an edge of room A lies within a wall's thickness of room B's outline
    const toSeg = (p: Pt, a: Pt, b: Pt) => { const dx = b[0] - a[0], dy = b[1] - a[1]; const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy || 1))); return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy); };
    const toOutline = (p: Pt, poly: Pt[]) => Math.min(...poly.map((a, k) => toSeg(p, a, poly[(k + 1) % poly.length])));
    let wall: { a: number; b: number; at: Pt } | null = null;
    fresh.rooms.forEach((A, a) => A.polygon.forEach((p, k) => {
      const q = A.polygon[(k + 1) % A.polygon.length];
      if (wall || Math.hypot(q[0] - p[0], q[1] - p[1]) < 1500) return;
      const at: Pt = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
      const b = fresh.rooms.findIndex((B, j) => j !== a && toOutline(at, B.polygon) > 20 && toOutline(at, B.polygon) < 500);
      if (b >= 0) wall = { a, b, at };
    }));
    expect(wall, 'the plan has a wall between two rooms').not.toBeNull();
    const { a, b, at } = wall!;
    const [roomA, roomB] = [fresh.rooms[a], fresh.rooms[b]];

    const { context, page } = await newPage(browser);
    await storeSession(page, login);
    await page.goto(`/projects/${projectId}/walls?edit=1`);
    await page.getByTestId('plan-editor').locator('image').waitFor({ state: 'attached', timeout: 60_000 });
    await page.locator(`[data-room-row="${a}"]`).click();
    await page.getByTestId('room-panel').waitFor();
    await bringIntoView(page, 'plan-editor');
    await tool(page, '+ Window');
    const s = await screenOf(page, at);
    await page.mouse.click(s.x, s.y);
    await waitSaved(page);
    await tool(page, 'Select');
    const withWindow = await getResult();
    const inA = withWindow.rooms.find((r) => r.id === roomA.id)!, inB = withWindow.rooms.find((r) => r.id === roomB.id)!;
    const added = inA.windows.find((w) => !roomA.windows.some((x) => x.id === w.id))!;
    expect(added).toMatchObject({ width: 1200, height: 1200 });
    expect(inB.windows.map((w) => w.id)).toContain(added.id);
    expect(inB.net_wall_area).toBe(roomB.net_wall_area - 1200 * 1200);
    expect(withWindow.totals.windows).toBe(fresh.totals.windows + 1);
    await shot(page, 'editor-shared-window-laptop');

    // resized in room B, it is resized in room A too
    await page.locator(`[data-room-row="${b}"]`).click();
    await page.locator(`[data-testid=room-panel][data-room-id="${roomB.id}"]`).waitFor();
    await page.locator(`[data-opening-row="${added.id}"] [data-testid=opening-shared]`).waitFor();
    await page.locator(`[data-opening-row="${added.id}"] input[aria-label="Width (mm)"]`).fill('1500');
    await page.keyboard.press('Tab');
    await page.locator('[data-testid=save-state][data-state=pending]').waitFor({ timeout: 5_000 }).catch(() => undefined);
    await waitSaved(page);
    const resized = await getResult();
    for (const id of [roomA.id, roomB.id]) expect(resized.rooms.find((r) => r.id === id)!.windows.find((w) => w.id === added.id)).toMatchObject({ width: 1500 });

    // a corner of B dropped 2 px beside the nearest corner of another room lands exactly on it
    let best: { c: number; to: Pt; d: number } | null = null;
    roomB.polygon.forEach((p, c) => fresh.rooms.forEach((R, j) => { if (j === b) return; for (const q of R.polygon) { const d = Math.hypot(q[0] - p[0], q[1] - p[1]); if (d > 1 && d < 600 && (!best || d < best.d)) best = { c, to: q, d }; } }));
    expect(best, 'room B has a corner near another room\'s corner').not.toBeNull();
    const { c, to } = best!;
    await bringIntoView(page, 'plan-editor');
    const from = await screenOf(page, roomB.polygon[c]);
    const target = await screenOf(page, to);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(target.x + 2, target.y + 2, { steps: 6 });
    await page.getByTestId('snap-marker').and(page.locator('[data-kind=corner]')).waitFor();
    await page.mouse.up();
    await waitSaved(page);
    const snapped = (await getResult()).rooms.find((r) => r.id === roomB.id)!;
    expect(snapped.polygon[c][0]).toBeCloseTo(to[0], 3);
    expect(snapped.polygon[c][1]).toBeCloseTo(to[1], 3);
    await context.close();
  }, 240_000);

  it('zooms with two fingers and drags a corner with one on a touch screen', async () => {
    const { context, page } = await newPage(browser, { phone: true, touch: true });
    await storeSession(page, login);
    await page.goto(`/projects/${projectId}/walls?edit=1`);
    await page.getByTestId('plan-editor').locator('image').waitFor({ state: 'attached', timeout: 60_000 });
    await bringIntoView(page, 'plan-viewer');
    const box = (await page.getByTestId('plan-viewer').boundingBox())!;
    const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: [number, number][]) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
    await touch('touchStart', [[cx - 20, cy], [cx + 20, cy]]);
    for (let i = 1; i <= 8; i++) await touch('touchMove', [[cx - 20 - 10 * i, cy], [cx + 20 + 10 * i, cy]]);
    await touch('touchEnd', []);
    await expect.poll(async () => Number(await page.getByTestId('plan-viewer').getAttribute('data-zoom'))).toBeGreaterThan(2);

    // one finger drags the selected room's corner: its area changes
    const current = (await (await api(`/user/projects/${projectId}/result`, login.access_token)).json()) as Result;
    await page.getByLabel('Fit to screen').click();
    const idx = current.rooms.reduce((m, r, i) => (r.ceiling_area > current.rooms[m].ceiling_area ? i : m), 0);
    await page.locator(`[data-room-row="${idx}"]`).click();
    await page.getByTestId('room-panel').waitFor();
    const area = await figure(page, 'ceiling');
    await bringIntoView(page, 'plan-viewer');
    const poly = current.rooms[idx].polygon;
    const [mx, my] = [poly.reduce((t, p) => t + p[0], 0) / poly.length, poly.reduce((t, p) => t + p[1], 0) / poly.length];
    const from = await screenOf(page, poly[0]);
    const to = await screenOf(page, [(poly[0][0] + mx) / 2, (poly[0][1] + my) / 2]);
    await touch('touchStart', [[from.x, from.y]]);
    for (let i = 1; i <= 6; i++) await touch('touchMove', [[from.x + ((to.x - from.x) * i) / 6, from.y + ((to.y - from.y) * i) / 6]]);
    await touch('touchEnd', []);
    await expect.poll(() => figure(page, 'ceiling')).toBeLessThan(area * 0.95);
    await shot(page, 'editor-touch-phone');
    await context.close();
  }, 180_000);

  it('is usable at phone width', async () => {
    const { context, page } = await newPage(browser, { phone: true });
    await storeSession(page, login);
    await page.goto(`/projects/${projectId}/walls?edit=1`);
    await page.getByTestId('plan-editor').locator('image').waitFor({ state: 'attached', timeout: 60_000 });
    await page.locator('[data-room-row="0"]').click();
    await page.getByTestId('room-panel').waitFor();
    await shot(page, 'editor-phone');
    await context.close();
  });
});
