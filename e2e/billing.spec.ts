import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, linkFromMail, newPage, shot, uniqueEmail } from './support/browser.ts';

const api = (path: string, body: unknown) =>
  fetch(`${baseUrl()}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Signs up, verifies and logs in through the real API; returns the login answer. */
async function signedInUser() {
  const email = uniqueEmail('buyer');
  const password = 'correct-horse-9';
  await api('/auth/register', { email, password, confirmPassword: password, companyName: 'Acme', phone: '061412345678' });
  const link = linkFromMail(email, '/auth/verify');
  await api('/auth/verify-email', { token: new URL(link!).searchParams.get('token') });
  return (await (await api('/auth/login', { email, password })).json()) as { access_token: string; token_type: string; user: unknown };
}

describe('billing and contact', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const phone of [false]) {
    it(`buys a plan in test mode and sees it in the history (${phone ? 'phone' : 'laptop'})`, async () => {
      const login = await signedInUser();
      const { context, page } = await newPage(browser, { phone });
      await page.goto('/home');
      await page.evaluate((l) => {
        localStorage.setItem('access_token', l.access_token);
        localStorage.setItem('token_type', l.token_type);
        localStorage.setItem('user', JSON.stringify(l.user));
      }, login);
      const dialogs: string[] = [];
      page.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()));
      await page.goto('/upgrade-plans');
      await page.getByTestId('upgrade-remaining').filter({ hasText: /^3$/ }).waitFor();
      await page.getByRole('button', { name: 'Purchase', exact: true }).first().click();
      await page.waitForURL(/\/checkout\/test\//).catch(async () => {
        await shot(page, 'billing-debug');
        throw new Error(`no checkout; url=${page.url()} dialogs=${dialogs.join('|')} login=${JSON.stringify(login).slice(0, 80)}`);
      });
      await page.getByText('Test mode: no real payment').waitFor();
      await shot(page, `billing-checkout-${phone ? 'phone' : 'laptop'}`);
      await page.getByRole('button', { name: 'Pay (test card)' }).click();
      await page.waitForURL(/\/upgrade-plans/);
      // The cheapest product is 5 plans: 3 free + 5.
      await page.getByTestId('upgrade-remaining').filter({ hasText: /^8$/ }).waitFor();
      await page.getByTestId('plans-remaining').filter({ hasText: '8 plans remaining' }).waitFor();
      await shot(page, `billing-upgrade-${phone ? 'phone' : 'laptop'}`);
      await page.getByRole('button', { name: 'View Purchase History' }).click();
      await page.getByRole('cell', { name: 'Starter' }).waitFor();
      expect(await page.getByRole('cell', { name: 'paid' }).count()).toBe(1);
      expect(await page.getByRole('cell', { name: '$25.00 AUD' }).count()).toBe(1);
      await shot(page, `billing-history-${phone ? 'phone' : 'laptop'}`);
      await page.keyboard.press('Escape');

      // The projects page reads the allowance from the server, not from the stored user.
      await page.goto('/projects');
      await page.getByTestId('create-project-button').filter({ hasText: 'Create New Project (8 remaining)' }).waitFor();
      await context.close();
    });
  }
});
