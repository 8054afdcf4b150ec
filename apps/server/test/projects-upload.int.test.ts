import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { blankPagePdf, encryptedPdfBytes, pdfBytes, PNG_1PX, scannedPagePdf, storedFiles, uploader, userWithToken } from './projects-factories.js';
import { eq } from 'drizzle-orm';
import { projects } from '../src/db/schema/projects.js';

describe('projects API (upload)', () => {
  let t: TestApp;
  // A 0.05 MB limit keeps the over-the-limit case small; every real test PDF here is a few KB.
  beforeAll(async () => { t = await createTestApp({ MAX_UPLOAD_MB: '0.05' }); });
  afterAll(async () => { await t.close(); });
  const upload = (...a: Parameters<ReturnType<typeof uploader>>) => uploader(t)(...a);
  /** Upload bodies stream to DATA_DIR/tmp first; every request must leave it empty. */
  const tmpFiles = () => { try { return readdirSync(path.join(t.dataDir, 'tmp')); } catch { return []; } };
  const planOf = async (auth: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/user/projects/plan-status', headers: auth })).json();

  it('creates from page 2 of a real PDF, stores the original and the PNG, spends one plan, PNG is owner-only', async () => {
    const a = await userWithToken(t, 2);
    const b = await userWithToken(t);
    const pdf = await pdfBytes(3);
    const r = await upload(a.auth, pdf, 'house.pdf', { filename: '  House  ', pageno: '2' });
    expect(r.statusCode, r.body).toBe(201);
    const p = r.json();
    expect(p).toMatchObject({ project_name: 'House', filename: 'House', name: 'House', title: 'House', original_filename: 'house.pdf', has_result: false, page_no: 2, page_count: 3 });
    expect(await planOf(a.auth)).toMatchObject({ remaining: 1, used: 1, can_create_project: true });
    const files = storedFiles(t).filter((f) => f.includes(p.project_id)).sort();
    expect(files).toEqual([`files/projects/${p.project_id}/original.pdf`, `files/projects/${p.project_id}/page-2.png`]);
    expect(Buffer.compare(await t.ctx.storage.get(`projects/${p.project_id}/original.pdf`), pdf)).toBe(0);

    // The signed URL loads in a plain <img> (no header); the bearer route is owner-only.
    const img = await t.app.inject({ method: 'GET', url: p.s3_png_url });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const bare = `/api/user/projects/${p.project_id}/page.png`;
    expect((await t.app.inject({ method: 'GET', url: bare, headers: a.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: bare, headers: b.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: bare })).statusCode).toBe(401);
    // a forged signature: its first character changed (to one it is not already)
    const forged = p.s3_png_url.replace(/sig=(.)/, (_: string, c: string) => `sig=${c === 'x' ? 'y' : 'x'}`);
    expect(forged).not.toBe(p.s3_png_url);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(401);
    for (const url of [`/api/user/projects/${p.project_id}`]) expect((await t.app.inject({ method: 'GET', url, headers: b.auth })).statusCode).toBe(404);
  });

  it('fills the name from the file name when none is given', async () => {
    const a = await userWithToken(t, 1);
    const r = await upload(a.auth, await pdfBytes(1), 'Smith Residence.PDF', { filename: '', pageno: '1' });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().project_name).toBe('Smith Residence');
  });

  const bad: [string, () => Promise<{ file: Buffer | null; name?: string; pageno?: string }>, number, string | RegExp][] = [
    ['not a PDF', async () => ({ file: Buffer.from('hello, this is a text file') }), 400, 'Invalid PDF file. Please select a valid PDF document.'],
    ['a PNG renamed to .pdf', async () => ({ file: PNG_1PX }), 400, 'Invalid PDF file. Please select a valid PDF document.'],
    ['a truncated PDF', async () => { const f = await pdfBytes(3); return { file: f.subarray(0, Math.floor(f.length / 2)) }; }, 400, 'Error reading PDF file. The file might be corrupted.'],
    ['an encrypted PDF', async () => ({ file: await encryptedPdfBytes() }), 400, /password protected/],
    ['zero bytes', async () => ({ file: Buffer.alloc(0) }), 400, 'The file is empty. Please select a valid PDF file.'],
    ['over the size limit', async () => ({ file: Buffer.concat([await pdfBytes(1), Buffer.alloc(60 * 1024, 32)]) }), 413, 'File is too large. Maximum size is 0.05 MB.'],
    ['page 0', async () => ({ file: await pdfBytes(2), pageno: '0' }), 400, 'Page number must be a positive number.'],
    ['page 1.5', async () => ({ file: await pdfBytes(2), pageno: '1.5' }), 400, 'Page number must be a positive number.'],
    ['no page number', async () => ({ file: await pdfBytes(2), pageno: '' }), 400, 'Please enter a page number.'],
    ['a page beyond the end', async () => ({ file: await pdfBytes(2), pageno: '5' }), 400, 'Page 5 does not exist. This PDF has 2 pages.'],
    ['no file', async () => ({ file: null }), 400, 'Please select a PDF file.'],
    ['a blank page', async () => ({ file: await blankPagePdf() }), 400, /^Page 1 is blank: it has no drawing to measure\..*Nothing was charged\.$/],
  ];
  it.each(bad)('refuses %s with a clear message, spends no plan and leaves nothing behind', async (_label, make, status, message) => {
    const a = await userWithToken(t, 1);
    const before = storedFiles(t);
    const { file, name = 'plan.pdf', pageno = '1' } = await make();
    const r = await upload(a.auth, file, name, { filename: 'X', pageno });
    expect(r.statusCode, r.body).toBe(status);
    if (typeof message === 'string') expect(r.json().detail).toBe(message);
    else expect(r.json().detail).toMatch(message);
    expect(await planOf(a.auth)).toMatchObject({ remaining: 1, used: 0 });
    expect(storedFiles(t)).toEqual(before);
    expect(tmpFiles()).toEqual([]);
    const list = (await t.app.inject({ method: 'GET', url: '/api/user/projects', headers: a.auth })).json();
    expect(list.total_count).toBe(0);
  });

  it('accepts a scanned page (one image): scans are measured, not refused', async () => {
    const a = await userWithToken(t, 1);
    const r = await upload(a.auth, await scannedPagePdf(), 'scan.pdf', { filename: 'Scan', pageno: '1' });
    expect(r.statusCode, r.body).toBe(201);
    expect(await planOf(a.auth)).toMatchObject({ remaining: 0, used: 1 });
  });

  it('a storage failure after the original was stored spends no plan and leaves nothing behind', async () => {
    const a = await userWithToken(t, 1);
    // Files and folders below files/projects/ (that top folder itself stays).
    const entries = () => storedFiles(t, true).filter((f) => f.split(path.sep).length > 2);
    const before = entries();
    const storage = t.ctx.storage;
    const realPut = storage.put;
    // The original goes in, then the page PNG fails to store.
    storage.put = async (key, body, type) => {
      if (key.endsWith('.png')) throw new Error('disk full');
      return realPut(key, body, type);
    };
    try {
      const r = await upload(a.auth, await pdfBytes(2), 'plan.pdf', { filename: 'Disk full', pageno: '2' });
      expect(r.statusCode).toBe(500);
    } finally {
      storage.put = realPut;
    }
    expect(await planOf(a.auth)).toMatchObject({ remaining: 1, used: 0, can_create_project: true });
    expect(entries()).toEqual(before);
    expect(await t.ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.userId, a.id))).toEqual([]);
  });

  it('the original failing to store halfway through spends no plan and leaves no half file, part file or temporary file', async () => {
    const a = await userWithToken(t, 1);
    const entries = () => storedFiles(t, true).filter((f) => f.split(path.sep).length > 2);
    const before = entries();
    const storage = t.ctx.storage;
    const realPutStream = storage.putStream;
    let written = 0;
    // The real disk driver is given a stream that breaks after half of the file has gone through it.
    storage.putStream = async (key, body, type, size) => {
      const breaking = new Transform({
        transform(chunk: Buffer, _e, done) {
          const room = Math.floor(size / 2) - written;
          if (chunk.length <= room) { written += chunk.length; return done(null, chunk); }
          written += room;
          this.push(chunk.subarray(0, room));
          // The first half reaches the disk before the failure.
          setTimeout(() => done(new Error('connection to storage lost')), 50);
        },
      });
      return realPutStream(key, body.pipe(breaking), type, size);
    };
    try {
      const pdf = await pdfBytes(2);
      const r = await upload(a.auth, pdf, 'plan.pdf', { filename: 'Half', pageno: '1' });
      expect(r.statusCode).toBe(500);
      expect(r.body).not.toMatch(/connection to storage lost|\/tmp|node_modules/);
    } finally {
      storage.putStream = realPutStream;
    }
    expect(written).toBeGreaterThan(0);
    expect(await planOf(a.auth)).toMatchObject({ remaining: 1, used: 0, can_create_project: true });
    expect(entries()).toEqual(before);
    expect(tmpFiles()).toEqual([]);
    expect(await t.ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.userId, a.id))).toEqual([]);
  });

  it('stops reading a body that is not a PDF at its first kilobyte', async () => {
    const a = await userWithToken(t, 1);
    // 40 kB of text: refused by its head while streaming (the limit here is 50 kB, so size says nothing).
    const r = await upload(a.auth, Buffer.alloc(40 * 1024, 'hello '), 'plan.pdf', { filename: 'X', pageno: '1' });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('not_pdf');
    expect(tmpFiles()).toEqual([]);
    expect(await planOf(a.auth)).toMatchObject({ remaining: 1, used: 0 });
  });

  it('with no plans left answers the plan-limit error and creates nothing', async () => {
    const none = await userWithToken(t, 0);
    const r = await upload(none.auth, await pdfBytes(1), 'x.pdf', { filename: 'X', pageno: '1' });
    expect(r.statusCode).toBe(403);
    expect(r.json().detail).toBe('No remaining plans (0 left). Please upgrade your plan.');
    expect((await t.app.inject({ method: 'GET', url: '/api/user/projects', headers: none.auth })).json().total_count).toBe(0);
  });

  it('twenty parallel creations with three plans leave exactly three projects and zero plans', async () => {
    const a = await userWithToken(t, 3);
    const pdf = await pdfBytes(2);
    const before = storedFiles(t).length;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => upload(a.auth, pdf, `race-${i}.pdf`, { filename: `Race ${i}`, pageno: '2' })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 403)).toHaveLength(17);
    for (const r of results.filter((x) => x.statusCode === 403)) expect(r.json().detail).toMatch(/no remaining plans.*upgrade your plan/i);
    expect(await planOf(a.auth)).toMatchObject({ remaining: 0, used: 3, can_create_project: false });
    const list = (await t.app.inject({ method: 'GET', url: '/api/user/projects', headers: a.auth })).json();
    expect(list).toMatchObject({ total_count: 3, remaining_plan: 0 });
    expect(storedFiles(t).length - before).toBe(6);
    const rows = await t.ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.userId, a.id));
    expect(rows).toHaveLength(3);
  });
});
