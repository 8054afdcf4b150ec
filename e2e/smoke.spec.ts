import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, shot } from './support/browser.ts';

// The built app served by the real server: the shell boots without console errors, the API answers JSON
// on the same origin and unknown API paths never fall through to the single-page app.
describe('smoke', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('serves the health check and JSON 404s under /api', async () => {
    const health = await fetch(`${baseUrl()}/healthz`);
    expect(health.status).toBe(200);
    const missing = await fetch(`${baseUrl()}/api/no-such-endpoint`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
  });

  it('boots the web app on / without console errors', async () => {
    const { context, page } = await newPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(await page.title()).toMatch(/plansight/i);
    expect(await page.locator('#root').innerHTML()).not.toBe('');
    await shot(page, 'smoke-home');
    expect(errors).toEqual([]);
    await context.close();
  });
});
