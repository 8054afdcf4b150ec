// Helpers of the plan editor's and calibration's browser tests: a measured generated plan, and the screen position
// of a point of an svg drawn in plan units (accounts come from support/browser.ts).
import type { Page } from 'playwright-core';
import { catalog } from '../packages/engine/bench/catalog';
import { buildPlan } from '../packages/engine/bench/plan-pdf';
import { baseUrl } from './support/browser';

export type Pt = [number, number];

export const api = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${baseUrl()}/api${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.body && typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}), ...init.headers } });

/** Uploads a plan of the bench catalogue (drawn at 1:100 on A3 for plan-027, with a title block and dimension chains). */
export async function createPlanProject(token: string, planId = 'plan-027-hatched-rect', name = 'Harbour St renovation'): Promise<string> {
  const spec = catalog(64).find((s) => s.id === planId);
  if (!spec) throw new Error(`${planId} is no longer in the bench catalogue`);
  const plan = await buildPlan(spec);
  const form = new FormData();
  form.set('filename', name);
  form.set('pageno', String(plan.truth.options.page));
  form.set('file', new Blob([Buffer.from(plan.pdf)], { type: 'application/pdf' }), 'harbour.pdf');
  const created = await api('/user/projects', token, { method: 'POST', body: form });
  return ((await created.json()) as { project_id: string }).project_id;
}

/** Sets ceiling and scale and waits until the engine has measured the plan. */
export async function measure(token: string, projectId: string, heightMm: number): Promise<void> {
  await api(`/user/projects/${projectId}/ceilling-scale`, token, { method: 'POST', body: JSON.stringify({ scale_ratio: '1:100 A3', scale_number: 100, paper_size: 'A3', ceilling_hight_mm: heightMm }) });
  for (let i = 0; i < 10; i++) {
    const r = await api(`/projects/${projectId}/all-detections?confidence=0.1&overlap=0.9&overlay=false&min_room_width=200&min_room_height=200`, token);
    if (r.status === 200) return;
    if (r.status !== 202) throw new Error(`measuring failed: ${r.status} ${await r.text()}`);
  }
  throw new Error('measuring did not finish');
}

/** Screen position of a point of the svg `testId` (its own units), through its transform (zoom and pan included). */
/**
 * Scrolls the element to the middle of the screen and waits until it stays put (a scroll the app started, a late
 * layout change): screen points taken before that would send the mouse elsewhere.
 */
export async function bringIntoView(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).evaluate(async (el) => {
    el.scrollIntoView({ block: 'center' });
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    let last = '', same = 0;
    for (let i = 0; i < 180 && same < 3; i++) {
      await frame();
      const r = el.getBoundingClientRect();
      const now = `${r.x},${r.y},${r.width},${r.height},${window.scrollX},${window.scrollY}`;
      same = now === last ? same + 1 : 0;
      last = now;
    }
  });
}

export async function screenOf(page: Page, p: Pt, testId = 'plan-editor'): Promise<{ x: number; y: number }> {
  return page.locator(`[data-testid=${testId}]`).evaluate((svg, [x, y]) => {
    const m = (svg as SVGSVGElement).getScreenCTM()!;
    const q = new DOMPoint(x, y).matrixTransform(m);
    return { x: q.x, y: q.y };
  }, p);
}
