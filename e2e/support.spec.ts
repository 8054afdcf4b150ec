import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, mailsTo, newPage, shot, storeSession, uniqueEmail, waitForLink } from './support/browser.ts';

/** The e2e server runs with the default SUPPORT_EMAIL. */
const SUPPORT_EMAIL = 'support@plansight.local';

const api = (path: string, body: unknown) =>
  fetch(`${baseUrl()}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function signedInPage(browser: Browser, path: string): Promise<{ page: Page; close: () => Promise<void>; dialogs: string[] }> {
  const email = uniqueEmail('support');
  const password = 'correct-horse-9';
  await api('/auth/register', { email, password, confirmPassword: password, companyName: 'Acme', phone: '061412345678' });
  await api('/auth/verify-email', { token: new URL((await waitForLink(email, '/auth/verify'))!).searchParams.get('token') });
  const login = (await (await api('/auth/login', { email, password })).json()) as { access_token: string; token_type: string; user: unknown };
  const { context, page } = await newPage(browser);
  const dialogs: string[] = [];
  page.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()));
  await storeSession(page, login);
  await page.goto(path);
  return { page, close: () => context.close(), dialogs };
}

/** Waits until an alert (dismissed by the page's handler) said `text`. */
async function alerted(dialogs: string[], text: string | RegExp): Promise<void> {
  await expect.poll(() => dialogs.some((m) => (typeof text === 'string' ? m === text : text.test(m)))).toBe(true);
}

const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const png = (name: string, buffer = PNG_1PX) => ({ name, mimeType: 'image/png', buffer });

describe('contact and issue reports', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => browser?.close());

  it('contact form: validations, failure text, then success that clears the form and reaches support', async () => {
    const { page, close, dialogs } = await signedInPage(browser, '/contact');
    await page.getByRole('heading', { name: 'Contact Us' }).waitFor();
    await page.getByText('Monday to Friday, 9:00 AM to 6:00 PM').waitFor();
    const send = page.getByRole('button', { name: 'Send message' });
    const name = page.getByLabel('Name');
    const email = page.getByLabel('Email');
    const subject = page.getByLabel('Subject');
    const message = page.getByLabel('Message');

    // the form comes filled in with the signed-in user's name and e-mail; emptied, it says what is missing
    await name.fill('');
    await email.fill('');
    await send.click();
    await page.getByText('Name is required').waitFor();
    await page.getByText('Email is required').waitFor();
    await name.fill('Jo Painter');
    await email.fill('not-an-email');
    await send.click();
    await page.getByText('Please enter a valid email address').waitFor();
    await email.fill('jo@example.com');
    await subject.fill(' Hey ');
    await message.fill('How many plans come with the business pack?');
    await send.click();
    await alerted(dialogs, 'Subject must be at least 5 characters long.');
    const subjectText = `Business pack ${Date.now()}`;
    await subject.fill(subjectText);
    await message.fill('  too short  ');
    await send.click();
    await alerted(dialogs, 'Message must be at least 10 characters long.');
    expect(mailsTo(SUPPORT_EMAIL).some((m) => m.includes(subjectText))).toBe(false);
    await shot(page, 'contact-validation-laptop');

    // A failing server: the spec's failure text, and the form keeps what was typed.
    await message.fill('How many plans come with the business pack?');
    await page.route('**/api/auth/contact-us', (r) => r.fulfill({ status: 500, body: '{}' }));
    await send.click();
    await page.getByText('Sorry, there was an error sending your message. Please try again or contact us directly.').waitFor();
    expect(await subject.inputValue()).toBe(subjectText);
    await page.unroute('**/api/auth/contact-us');

    await send.click();
    await page.getByText("Thank you! Your message has been sent successfully. We'll get back to you soon.").waitFor();
    for (const f of [name, email, subject, message]) expect(await f.inputValue()).toBe('');
    await shot(page, 'contact-success-laptop');
    const mail = mailsTo(SUPPORT_EMAIL).find((m) => m.includes(subjectText));
    expect(mail).toContain('How many plans come with the business pack?');
    await close();
  });

  it('report dialog: validations, attachment limits, screen capture fallback, success and the 2-second close', async () => {
    const { page, close, dialogs } = await signedInPage(browser, '/projects');
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    // This browser "cannot" capture the screen: the dialog must fall back to the spec's alert.
    await page.evaluate(() => Object.defineProperty(navigator.mediaDevices, 'getDisplayMedia', { value: undefined, configurable: true }));
    await page.getByRole('button', { name: 'Report Issue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report an Issue' });
    await dialog.waitFor();
    const submit = dialog.getByRole('button', { name: 'Submit Report' });
    expect(await submit.isDisabled()).toBe(true);

    const description = dialog.getByLabel('Description');
    await description.fill('123456789');
    await dialog.getByText('9/1000 characters').waitFor();
    await submit.click();
    await dialog.getByText('Description must be at least 10 characters long.').waitFor();

    const input = dialog.locator('input[type=file]');
    await input.setInputFiles({ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ\x90\x00') });
    await dialog.getByText('File setup.exe is not a supported format. Please use: JPG, PNG, GIF, WebP, PDF, or TXT.').waitFor();
    await input.setInputFiles(png('huge.png', Buffer.concat([PNG_1PX, Buffer.alloc(11 * 1024 * 1024)])));
    await dialog.getByText('File huge.png is too large. Maximum size is 10MB.').waitFor();
    await input.setInputFiles(Array.from({ length: 6 }, (_, i) => png(`shot-${i + 1}.png`)));
    await dialog.getByText('Maximum 5 files allowed. Please remove some files first.').waitFor();
    await input.setInputFiles([png('results-page.png'), { name: 'steps.txt', mimeType: 'text/plain', buffer: Buffer.from('1. open results\n2. no windows\n') }]);
    await dialog.getByText('results-page.png').waitFor();
    await dialog.getByText('steps.txt').waitFor();
    await dialog.getByText('(2/5)').waitFor();

    await dialog.getByRole('button', { name: 'Capture screen' }).click();
    await alerted(dialogs, /use file upload instead/);
    await dialog.getByText('(2/5)').waitFor();

    const text = `The results page shows no windows (${Date.now()}).`;
    await description.fill(text);
    await dialog.getByText(`${text.length}/1000 characters`).waitFor();
    await shot(page, 'report-dialog-filled-laptop');
    await submit.click();
    await dialog.getByText('Thank you! Your issue report has been submitted successfully. Our team will review it shortly.').waitFor();
    const shownAt = Date.now();
    await shot(page, 'report-dialog-success-laptop');
    await dialog.waitFor({ state: 'hidden', timeout: 5000 });
    const shownMs = Date.now() - shownAt;
    expect(shownMs).toBeGreaterThan(1500);
    expect(shownMs).toBeLessThan(4000);

    const mail = mailsTo(SUPPORT_EMAIL).find((m) => m.includes(text));
    expect(mail).toMatch(/results-page\.png \(image\/png/);
    expect(mail).toMatch(/steps\.txt \(text\/plain/);
    await close();
  });

  it('report dialog: a screen capture is attached as a PNG', async () => {
    const { page, close } = await signedInPage(browser, '/contact');
    await page.getByRole('heading', { name: 'Contact Us' }).waitFor();
    // Stands in for the browser's screen picker: a stream of a painted canvas.
    await page.evaluate(() => {
      Object.defineProperty(navigator.mediaDevices, 'getDisplayMedia', {
        configurable: true,
        value: async () => {
          const c = document.createElement('canvas');
          c.width = 320;
          c.height = 200;
          const g = c.getContext('2d')!;
          const paint = () => { g.fillStyle = '#2a6'; g.fillRect(0, 0, 320, 200); };
          paint();
          const stream = c.captureStream(10);
          const timer = setInterval(paint, 50);
          stream.getVideoTracks()[0]!.addEventListener('ended', () => clearInterval(timer));
          return stream;
        },
      });
    });
    await page.getByRole('button', { name: 'Report Issue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report an Issue' });
    await dialog.getByRole('button', { name: 'Capture screen' }).click();
    await dialog.getByText(/^screenshot-.*\.png$/).waitFor();
    await dialog.getByText('(1/5)').waitFor();
    const text = `Captured screen ${Date.now()} attached.`;
    await dialog.getByLabel('Description').fill(text);
    // A failing server first: the spec's failure text, and the report stays as typed.
    await page.route('**/api/auth/report-issue', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await dialog.getByText('Sorry, there was an error submitting your report. Please try again.').waitFor();
    expect(await dialog.getByLabel('Description').inputValue()).toBe(text);
    await page.unroute('**/api/auth/report-issue');
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await dialog.getByText('Thank you! Your issue report has been submitted successfully. Our team will review it shortly.').waitFor();
    expect(mailsTo(SUPPORT_EMAIL).find((m) => m.includes(text))).toMatch(/screenshot-[\d-]+\.png \(image\/png/);
    await close();
  });
});
