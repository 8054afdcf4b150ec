import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, shot, signedInUser, storeSession, type Login } from './support/browser.ts';

async function signIn(page: Page, login: Login, path: string) {
  await storeSession(page, login);
  await page.goto(path);
}

describe('billing', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const phone of [false]) {
    it(`buys a plan in test mode and sees it in the history (${phone ? 'phone' : 'laptop'})`, async () => {
      const login = await signedInUser('buyer', { companyName: 'Acme' });
      const { context, page } = await newPage(browser, { phone });
      await storeSession(page, login);
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

  it('upgrade page states, Processing..., purchase failures, history states, and a checkout that is not yours', async () => {
    const login = await signedInUser('buyer', { companyName: 'Acme' });
    const { context, page } = await newPage(browser);
    const dialogs: string[] = [];
    page.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()));
    const alerted = (text: string) => expect.poll(() => dialogs.includes(text)).toBe(true);

    let products: 'slow' | 'fail' | 'empty' | 'pass' = 'fail';
    await page.route('**/api/user-plan/products', async (route) => {
      if (products === 'fail') return route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
      if (products === 'empty') return route.fulfill({ status: 200, contentType: 'application/json', body: '{"products":[]}' });
      if (products === 'slow') await new Promise((r) => setTimeout(r, 1500));
      return route.continue();
    });
    await signIn(page, login, '/upgrade-plans');
    await page.getByText('Failed to load available plans. Please try again.').waitFor({ timeout: 15_000 });
    await shot(page, 'billing-upgrade-error-laptop');
    products = 'empty';
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('No upgrade plans are currently available.').waitFor();
    await page.getByText('Please contact support for more information.').waitFor();
    products = 'slow';
    await page.reload();
    await page.locator('[aria-busy=true]').waitFor();
    await page.getByRole('button', { name: 'Purchase', exact: true }).first().waitFor();

    // History of a new buyer: empty; then a failing service gets the section 8 alert.
    await page.getByRole('button', { name: 'View Purchase History' }).click();
    await page.getByText('No payment history found.').waitFor();
    await page.keyboard.press('Escape');
    await page.route('**/api/user-plan/my-payments', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await page.getByRole('button', { name: 'View Purchase History' }).click();
    await alerted('The payment history service is temporarily unavailable. Please try again later.');
    await page.keyboard.press('Escape');
    await page.unroute('**/api/user-plan/my-payments');

    // Purchase: 'Processing...' while the server answers, then its failures as the spec's alerts.
    let checkout: 'fail' | 'no-url' = 'fail';
    await page.route('**/api/user-plan/create-checkout-session', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      if (checkout === 'fail') return route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Stripe is down"}' });
      return route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
    });
    const purchase = page.getByRole('button', { name: 'Purchase', exact: true }).first();
    await purchase.click();
    await page.getByRole('button', { name: 'Processing...' }).waitFor();
    await alerted('Purchase failed: Stripe is down. Please try again or contact support.');
    checkout = 'no-url';
    await page.getByRole('button', { name: 'Purchase', exact: true }).first().click();
    await alerted('Purchase failed: No checkout URL received from server. Please try again or contact support.');
    await page.unroute('**/api/user-plan/create-checkout-session');

    // Someone else's test checkout credits nobody, and the page says so.
    const other = await signedInUser('buyer', { companyName: 'Acme' });
    const started = await fetch(`${baseUrl()}/api/user-plan/create-checkout-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${other.access_token}` },
      body: JSON.stringify({ price_id: 'price_plans_5' }),
    });
    const { url } = (await started.json()) as { url: string };
    await page.goto(url);
    await page.getByRole('button', { name: 'Pay (test card)' }).click();
    await page.getByText('This checkout was already completed or belongs to another account. No plans were added.').waitFor();
    await shot(page, 'billing-checkout-not-yours-laptop');
    await page.goto('/projects');
    await page.getByTestId('create-project-button').filter({ hasText: 'Create New Project (3 remaining)' }).waitFor();
    await context.close();
  });
});
