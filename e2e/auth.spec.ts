import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, mailsTo, newPage, shot, uniqueEmail, waitForLink, waitForMails } from './support/browser.ts';

// Accounts in the browser against the real built server: sign up, verify from the outbox, log in, the
// guards and their redirect memory, logout, forgot and reset, and the validation messages.

interface Account {
  email: string;
  password: string;
}

const newAccount = (tag: string): Account => ({ email: uniqueEmail(tag), password: 'correct-horse-9' });
const byLabel = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const text = (page: Page, t: string) => page.getByText(t, { exact: true }).first().waitFor();
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('access_token'));
/**
 * After a client-side move the URL changes before the lazily loaded page replaces the old one (both have an
 * 'Email' field), so wait for the new page's own heading before typing.
 */
async function arrivedAt(page: Page, url: RegExp, heading: string) {
  await page.waitForURL(url);
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
}
const LOGIN_HEADING = 'Log in to Plansight';

async function signUp(page: Page, a: Account, tag: string) {
  await page.goto('/auth/signup');
  await byLabel(page, 'Company name').fill('Acme Painting');
  await byLabel(page, 'Email').fill(a.email);
  expect(await page.getByRole('textbox', { name: 'Country code' }).inputValue()).toBe('+61 Australia');
  await byLabel(page, 'Phone').fill('412 345 678');
  await byLabel(page, 'Password').fill(a.password);
  await byLabel(page, 'Confirm password').fill(a.password);
  await shot(page, `auth-signup-${tag}`);
  await page.getByRole('button', { name: 'Sign up', exact: true }).last().click();
  await text(page, 'Verify your email');
  await shot(page, `auth-signup-done-${tag}`);
  await page.getByRole('button', { name: 'Got it' }).click();
  await arrivedAt(page, /\/auth\/login$/, LOGIN_HEADING);
}

async function fillLogin(page: Page, a: Account) {
  await byLabel(page, 'Email').fill(a.email);
  await byLabel(page, 'Password').fill(a.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
}

async function verifyFromOutbox(page: Page, a: Account, tag: string) {
  const link = await waitForLink(a.email, '/auth/verify');
  expect(link).toMatch(/\/auth\/verify\?token=/);
  await page.goto(link!);
  await text(page, 'Your email address has been verified. You can now log in.');
  await shot(page, `auth-verified-${tag}`);
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await arrivedAt(page, /\/auth\/login$/, LOGIN_HEADING);
}

/** Logs in and leaves the Welcome Back! dialog; returns the dialog's plans text. */
async function logIn(page: Page, a: Account, shotName?: string): Promise<string> {
  await fillLogin(page, a);
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Welcome Back!').waitFor();
  const plans = await dialog.getByTestId('welcome-plans').innerText();
  if (shotName) await shot(page, shotName);
  await dialog.getByRole('button', { name: 'Go to Projects' }).click();
  return plans;
}

/** A verified account made through the API (for tests about what comes after signing up). */
async function verifiedAccount(tag: string): Promise<Account> {
  const a = newAccount(tag);
  const post = (path: string, body: object) =>
    fetch(`${baseUrl()}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const reg = await post('/auth/register', { companyName: 'Acme Painting', email: a.email, phone: '061412345678', password: a.password, confirmPassword: a.password });
  expect(reg.status).toBe(201);
  const token = new URL((await waitForLink(a.email, '/auth/verify'))!).searchParams.get('token');
  expect((await post('/auth/verify-email', { token })).status).toBe(200);
  return a;
}

describe('accounts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs up, verifies, logs in, is guarded, logs out and resets the password (laptop)', async () => {
    const { context, page } = await newPage(browser);
    const a = newAccount('journey');
    await page.goto('/');
    await page.waitForURL(/\/home$/);
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    await shot(page, 'auth-home-laptop');
    await page.getByRole('banner').getByRole('button', { name: 'Pricing' }).click();
    await page.getByRole('dialog').getByText('Get Started Free!').waitFor();
    await shot(page, 'auth-pricing-laptop');
    await page.keyboard.press('Escape');

    await signUp(page, a, 'laptop');
    expect(mailsTo(a.email)).toHaveLength(1);

    // Not verified yet: refused, saying so, with a way to get a new link.
    await fillLogin(page, a);
    await text(page, 'Please verify your email');
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await text(page, 'If an unverified account exists for this email, a new verification link has been sent.');
    await shot(page, 'auth-login-unverified-laptop');
    // The new link is mailed in the background, after the answer.
    expect(await waitForMails(a.email, 2)).toHaveLength(2);
    expect(await storedToken(page)).toBeNull();

    await verifyFromOutbox(page, a, 'laptop');
    expect(await logIn(page, a, 'auth-welcome-laptop')).toBe('You have 3 plans remaining.');
    await page.waitForURL(/\/projects$/);
    const header = page.getByRole('banner');
    expect(await header.getByTestId('plans-remaining').innerText()).toBe('3 plans remaining');
    await header.getByRole('button', { name: 'Logout' }).waitFor();
    // The list itself, not its loading spinner: a new account has no projects yet.
    await text(page, 'No projects yet. Create your first project!');
    await shot(page, 'auth-projects-laptop');

    // Signed in: the auth pages bounce to /projects.
    for (const path of ['/auth/login', '/auth/signup', '/auth/forgot-password']) {
      await page.goto(path);
      await page.waitForURL(/\/projects$/);
    }

    await page.goto('/dashboard');
    await text(page, 'Welcome Back!');
    await page.getByRole('button', { name: 'Test API Call' }).click();
    await text(page, 'API call succeeded. The result is in the browser console.');
    await shot(page, 'auth-dashboard-laptop');

    await header.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/home$/);
    expect(await storedToken(page)).toBeNull();
    await header.getByRole('link', { name: 'Log in' }).waitFor();

    // Signed out: a signed-in route goes to login, and login returns there.
    await page.goto('/upgrade-plans');
    await arrivedAt(page, /\/auth\/login$/, LOGIN_HEADING);
    await logIn(page, a);
    await page.waitForURL(/\/upgrade-plans$/);
    await header.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/home$/);

    // Forgot and reset through the mailed link, then only the new password works.
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await arrivedAt(page, /\/auth\/forgot-password$/, 'Forgot your password?');
    await byLabel(page, 'Email').fill(a.email);
    await shot(page, 'auth-forgot-laptop');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await text(page, 'Reset link sent');
    await shot(page, 'auth-forgot-sent-laptop');
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await arrivedAt(page, /\/auth\/login$/, LOGIN_HEADING);
    const reset = await waitForLink(a.email, '/auth/reset-password');
    expect(reset).toMatch(/\/auth\/reset-password\?token=/);
    await page.goto(reset!);
    const renewed = { ...a, password: 'battery-staple-7' };
    await byLabel(page, 'New password').fill(renewed.password);
    await byLabel(page, 'Confirm new password').fill(renewed.password);
    await shot(page, 'auth-reset-laptop');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await text(page, 'Your password has been reset. You can now log in with your new password.');
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await arrivedAt(page, /\/auth\/login$/, LOGIN_HEADING);
    await fillLogin(page, a);
    await text(page, 'Invalid email or password');
    await logIn(page, renewed);
    await page.waitForURL(/\/projects$/);
    await context.close();
  });

  it('signs up, verifies, logs in and out with the phone menu (phone)', async () => {
    const { context, page } = await newPage(browser, { phone: true });
    const a = newAccount('phone');
    await page.goto('/home');
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    await shot(page, 'auth-home-phone');
    await signUp(page, a, 'phone');
    await shot(page, 'auth-login-phone');
    await verifyFromOutbox(page, a, 'phone');
    expect(await logIn(page, a, 'auth-welcome-phone')).toBe('You have 3 plans remaining.');
    await page.waitForURL(/\/projects$/);
    await text(page, 'No projects yet. Create your first project!');
    await shot(page, 'auth-projects-phone');
    await page.goto('/dashboard');
    await text(page, 'Welcome Back!');
    await shot(page, 'auth-dashboard-phone');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    expect(await drawer.getByTestId('plans-remaining').innerText()).toBe('3 plans remaining');
    await shot(page, 'auth-menu-phone');
    await drawer.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/home$/);
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });

  it('shows every validation message of login, signup and forgot password (laptop)', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
    await text(page, 'Email is required');
    await text(page, 'Password is required');
    await byLabel(page, 'Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
    await text(page, 'Please enter a valid email address');
    await shot(page, 'auth-login-errors-laptop');
    await fillLogin(page, { email: uniqueEmail('nobody'), password: 'whatever-1' });
    await text(page, 'Invalid email or password');

    await page.goto('/auth/signup');
    const submit = page.getByRole('button', { name: 'Sign up', exact: true }).last();
    await submit.click();
    for (const msg of ['Company name is required', 'Email is required', 'Phone is required', 'Password is required', 'Please confirm your password']) {
      await text(page, msg);
    }
    await byLabel(page, 'Email').fill('bad@');
    await byLabel(page, 'Phone').fill('12ab');
    await byLabel(page, 'Password').fill('short');
    await byLabel(page, 'Confirm password').fill('shorter');
    await submit.click();
    for (const msg of ['Please enter a valid email address', 'Please enter a valid phone number', 'Password must be at least 8 characters long', 'Passwords do not match']) {
      await text(page, msg);
    }
    await shot(page, 'auth-signup-errors-laptop');

    // A registered e-mail is answered like a new one (no account enumeration); that inbox is told instead.
    const taken = newAccount('taken');
    const fill = async (a: Account) => {
      await byLabel(page, 'Company name').fill('Acme Painting');
      await byLabel(page, 'Email').fill(a.email);
      await byLabel(page, 'Phone').fill('412345678');
      await byLabel(page, 'Password').fill(a.password);
      await byLabel(page, 'Confirm password').fill(a.password);
      await submit.click();
    };
    await signUp(page, taken, 'dup');
    await page.goto('/auth/signup');
    await fill(taken);
    await text(page, 'Verify your email');
    await page.getByRole('button', { name: 'Got it' }).click();
    expect((await waitForMails(taken.email, 2)).at(-1)).toContain('You already have a Plansight account');
    await page.goto('/auth/signup');

    // The server's 422 list is shown under 'Validation errors:' with each location and message.
    await page.route('**/api/auth/register', (r) =>
      r.fulfill({ status: 422, json: { detail: [{ loc: ['body', 'phone'], msg: 'Please enter a valid phone number', type: 'invalid_format' }] } }),
    );
    await fill(newAccount('invalid'));
    await text(page, 'Validation errors:');
    await text(page, 'phone: Please enter a valid phone number');
    await shot(page, 'auth-signup-422-laptop');
    await page.unroute('**/api/auth/register');

    await page.goto('/auth/forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await text(page, 'Email is required');
    await byLabel(page, 'Email').fill('nope');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await text(page, 'Please enter a valid email address');
    await shot(page, 'auth-forgot-errors-laptop');

    // A bad or used link says so and offers a new one.
    await page.goto('/auth/verify?token=not-a-real-token');
    await text(page, 'This verification link is invalid or has expired. Please request a new one.');
    await shot(page, 'auth-verify-bad-laptop');

    // Section 5: a login answer without access_token or user is refused with the spec's text; section 8:
    // a failure without a server message shows the status.
    await page.goto('/auth/login');
    await page.route('**/api/auth/login', (r) => r.fulfill({ status: 200, json: { token_type: 'bearer' } }));
    await fillLogin(page, newAccount('format'));
    await text(page, 'Invalid response format: missing access_token or user data');
    expect(await storedToken(page)).toBeNull();
    await page.unroute('**/api/auth/login');
    await page.route('**/api/auth/login', (r) => r.fulfill({ status: 500, body: '' }));
    await fillLogin(page, newAccount('status'));
    await text(page, 'Login failed: 500');
    await page.unroute('**/api/auth/login');
    await context.close();
  });

  it('a 401 on an authenticated call clears the session and reloads; login then returns to the page (laptop)', async () => {
    const a = await verifiedAccount('expired');
    const { context, page } = await newPage(browser);
    await page.goto('/home');
    // A session whose token the server no longer accepts (expired, revoked or forged).
    await page.evaluate(() => {
      localStorage.setItem('access_token', 'not-a-valid-token');
      localStorage.setItem('token_type', 'bearer');
      const now = new Date().toISOString();
      localStorage.setItem('user', JSON.stringify({ id: 'x', email: 'x@example.com', remain_plan: 3, used_plan: 0, can_create_project: true, created_at: now, last_login: now }));
    });
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome Back!' }).waitFor();
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Test API Call' }).click();
    await reloaded;
    await arrivedAt(page, /\/auth\/login$/, LOGIN_HEADING);
    expect(await storedToken(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await logIn(page, a);
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Test API Call' }).waitFor();

    // Signed in, the landing page offers 'Go to Projects' instead of Sign up / Sign In.
    await page.goto('/home');
    await page.getByRole('main').getByRole('link', { name: 'Go to Projects' }).first().click();
    await page.waitForURL(/\/projects$/);
    await context.close();
  });

  it('the pricing modal says when plans cannot be loaded or there are none (laptop)', async () => {
    const cases = [
      { answer: { status: 500, json: { detail: 'boom' } }, message: 'Failed to load pricing plans. Please try again later.', name: 'error' },
      { answer: { status: 200, json: { products: [] } }, message: 'No pricing plans available at the moment.', name: 'empty' },
    ];
    for (const c of cases) {
      const { context, page } = await newPage(browser);
      await page.route('**/api/user-plan/products', (r) => r.fulfill(c.answer));
      await page.goto('/home');
      await page.getByRole('banner').getByRole('button', { name: 'Pricing' }).click();
      await page.getByRole('dialog', { name: 'Price' }).getByText(c.message, { exact: true }).waitFor();
      await shot(page, `auth-pricing-${c.name}-laptop`);
      await context.close();
    }
  });

  it('shows the pricing modal and the auth pages at phone width, with their messages', async () => {
    const { context, page } = await newPage(browser, { phone: true });
    const res = await fetch(`${baseUrl()}/api/user-plan/products`);
    const { products } = (await res.json()) as { products: { name: string; price?: { amount: number } }[] };
    expect(products.length).toBe(3);
    const cheapestFirst = [...products].sort((x, y) => (x.price?.amount ?? Infinity) - (y.price?.amount ?? Infinity)).map((p) => p.name);

    await page.goto('/home');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pricing' }).click();
    const pricing = page.getByRole('dialog', { name: 'Price' });
    await pricing.getByText('Get Started Free!').waitFor();
    await pricing.getByText(cheapestFirst[0], { exact: true }).waitFor();
    const shown = await pricing.getByText(new RegExp(`^(${cheapestFirst.join('|')})$`)).allInnerTexts();
    expect(shown).toEqual(cheapestFirst);
    await pricing.getByText('Already have an account?').waitFor();
    await shot(page, 'auth-pricing-phone');
    await pricing.getByRole('link', { name: 'Sign Up Free' }).click();
    await arrivedAt(page, /\/auth\/signup$/, 'Create your account');

    await page.getByRole('button', { name: 'Sign up', exact: true }).last().click();
    await text(page, 'Company name is required');
    await shot(page, 'auth-signup-errors-phone');

    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
    await text(page, 'Password is required');
    await shot(page, 'auth-login-errors-phone');

    await page.goto('/auth/forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await text(page, 'Email is required');
    await byLabel(page, 'Email').fill(uniqueEmail('nobody'));
    await shot(page, 'auth-forgot-phone');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await text(page, 'Reset link sent');
    await shot(page, 'auth-forgot-sent-phone');

    await page.goto('/auth/reset-password?token=not-a-real-token');
    await byLabel(page, 'New password').fill('battery-staple-7');
    await byLabel(page, 'Confirm new password').fill('battery-staple-8');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await text(page, 'Passwords do not match');
    await byLabel(page, 'Confirm new password').fill('battery-staple-7');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await text(page, 'This password reset link is invalid or has expired. Please request a new one.');
    await shot(page, 'auth-reset-bad-phone');

    await page.goto('/auth/verify?token=not-a-real-token');
    await text(page, 'This verification link is invalid or has expired. Please request a new one.');
    await shot(page, 'auth-verify-bad-phone');

    await page.goto('/no-such-page');
    await text(page, 'Page not found');
    await shot(page, 'auth-not-found-phone');
    await context.close();
  });
});
