import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const baseUrl = () => inject('baseUrl');
export const SCREENSHOT_DIR = path.resolve('e2e/screenshots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS });
}

/** A fresh context (empty storage); `phone` gives a 390 px wide mobile viewport, `touch` a touch screen (fingers, not a mouse). */
export async function newPage(browser: Browser, opts: { phone?: boolean; touch?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: opts.phone ? { width: 390, height: 844 } : { width: 1366, height: 860 },
    ...(opts.touch ? { hasTouch: true, isMobile: true } : {}),
    deviceScaleFactor: 1,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  return { context, page };
}

/** Saves a full-page screenshot to e2e/screenshots/<name>.png, to be looked at. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // Finished transitions, so a drawer or modal that just opened is shown in place, not half slid in.
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** The raw .eml messages the server wrote to its outbox for `to`, newest last. */
export function mailsTo(to: string): string[] {
  const dir = path.join(inject('dataDir'), 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((f) => readFileSync(path.join(dir, f), 'utf8')).filter((m) => m.toLowerCase().includes(`to: ${to.toLowerCase()}`));
}

/** First link in the newest mail to `to` whose URL contains `fragment`. Quoted-printable soft breaks are undone. */
export function linkFromMail(to: string, fragment: string): string | null {
  const mails = mailsTo(to);
  for (const raw of mails.reverse()) {
    const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const m = text.match(new RegExp(`https?://[^\\s"<>]*${fragment}[^\\s"<>]*`));
    if (m) return m[0];
  }
  return null;
}

/** Reads again every 100 ms until `done` holds or `timeoutMs` has passed, and returns the last reading. */
async function pollUntil<T>(read: () => T, done: (v: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = read();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Waits (bounded) until at least `count` mails to `to` are in the outbox, and returns them. Forgot password and
 * resend verification answer before their mail is written (it is sent in the background), so poll for it.
 */
export const waitForMails = (to: string, count: number, timeoutMs = 10_000): Promise<string[]> =>
  pollUntil(() => mailsTo(to), (mails) => mails.length >= count, timeoutMs);

/** Like linkFromMail, but waits (bounded) for a mail to `to` holding such a link to arrive. */
export const waitForLink = (to: string, fragment: string, timeoutMs = 10_000): Promise<string | null> =>
  pollUntil(() => linkFromMail(to, fragment), (link) => link !== null, timeoutMs);

/** Signs the browser in with a login answer: opens the app and stores the session as the login page does. */
export async function storeSession(page: Page, login: Login): Promise<void> {
  await page.goto('/home');
  await page.evaluate((l) => {
    localStorage.setItem('access_token', l.access_token);
    localStorage.setItem('token_type', l.token_type);
    localStorage.setItem('user', JSON.stringify(l.user));
  }, login);
}

let counter = 0;
/** A unique e-mail for a test user. */
export const uniqueEmail = (tag = 'user') => `${tag}-${Date.now().toString(36)}-${counter++}@example.com`;

/** A login answer of the API. */
export interface Login { access_token: string; token_type: string; user: unknown }

/**
 * Signs a new account up, verifies it and logs it in through the real API (3 free plans). Throws, with the
 * answer, when a step is refused: a test that goes on without a session fails later and far from the cause.
 */
export async function signedInUser(tag = 'user', profile: { companyName?: string; phone?: string } = {}): Promise<Login> {
  const email = uniqueEmail(tag);
  const password = 'correct-horse-9';
  const post = async (p: string, body: unknown) => {
    const res = await fetch(`${baseUrl()}/api${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${p} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return res;
  };
  await post('/auth/register', { email, password, confirmPassword: password, companyName: profile.companyName ?? 'Harbour Painting Co', phone: profile.phone ?? '061412345678' });
  const link = await waitForLink(email, '/auth/verify');
  if (!link) throw new Error(`no verification mail reached ${email}`);
  await post('/auth/verify-email', { token: new URL(link).searchParams.get('token') });
  return (await (await post('/auth/login', { email, password })).json()) as Login;
}
