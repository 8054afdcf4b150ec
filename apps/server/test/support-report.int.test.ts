import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportIssueResponseSchema } from '@plansight/contracts';
import { users } from '../src/db/schema/users.js';
import { createTestApp, testDbKind, type TestApp } from './helpers.js';

let n = 0;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PDF = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\n', 'latin1');
const ELF = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x3e, 0]);

/** A report form as the dialog sends it; `files` are [name, bytes, claimed type]. */
function reportForm(over: Record<string, string> = {}, files: [string, Buffer, string][] = []) {
  const form = new FormData();
  const fields = { title: 'Report Issue by Acme', description: 'The results page shows no windows.', severity: 'medium', category: 'bug', ...over };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [name, bytes, type] of files) form.append('attachments', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

describe(`issue reports on ${testDbKind()}`, () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let email: string;
  beforeAll(async () => {
    t = await createTestApp();
    email = `reporter-${Date.now()}-${n++}@example.com`;
    const [u] = await t.ctx.db.insert(users).values({ email, passwordHash: 'x', companyName: 'Acme Painting' }).returning();
    auth = { authorization: `Bearer ${await t.ctx.tokens.sign(u!.id)}` };
  });
  afterAll(async () => t?.close());

  const send = (form: FormData, headers = auth) => t.app.inject({ method: 'POST', url: '/api/auth/report-issue', payload: form, headers });
  const reportCount = async () => Number((await t.ctx.database.executeSql('SELECT count(*) AS n FROM issue_reports')).rows[0]!.n);

  it('stores the report and its files, and mails support with the files attached', async () => {
    const res = await send(reportForm({}, [['plan.png', PNG, 'image/png'], ['notes.txt', Buffer.from('Steps:\n1. open results\n'), 'text/plain'], ['plan.pdf', PDF, 'application/pdf']]));
    expect(res.statusCode).toBe(201);
    const body = reportIssueResponseSchema.parse(res.json());
    expect(body.attachments.map((a) => a.content_type)).toEqual(['image/png', 'text/plain', 'application/pdf']);
    const { rows } = await t.ctx.database.executeSql(
      'SELECT r.title, r.severity, r.category, f.filename, f.storage_key FROM issue_reports r JOIN issue_report_files f ON f.report_id = r.id WHERE r.id = $1 ORDER BY f.storage_key',
      [body.id],
    );
    expect(rows.map((r) => r.filename)).toEqual(['plan.png', 'notes.txt', 'plan.pdf']);
    expect(rows[0]).toMatchObject({ title: 'Report Issue by Acme', severity: 'medium', category: 'bug' });
    expect(await t.ctx.storage.get(String(rows[0]!.storage_key))).toEqual(PNG);
    const mail = t.outbox().find((m) => m.includes(`To: ${t.config.SUPPORT_EMAIL}`) && m.includes(body.id));
    expect(mail).toContain('The results page shows no windows.');
    expect(mail).toContain(`Reply-To: ${email}`);
    expect(mail).toMatch(/filename=plan\.png/);
  });

  it('refuses six files', async () => {
    const before = await reportCount();
    const six = Array.from({ length: 6 }, (_, i) => [`shot-${i}.png`, PNG, 'image/png'] as [string, Buffer, string]);
    const res = await send(reportForm({}, six));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Maximum 5 files allowed. Please remove some files first.');
    expect(await reportCount()).toBe(before);
  });

  it('refuses an 11 MB file, naming it', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]);
    const res = await send(reportForm({}, [['small.png', PNG, 'image/png'], ['huge-photo.png', big, 'image/png']]));
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe('File huge-photo.png is too large. Maximum size is 10MB.');
  });

  it('refuses an executable renamed to .png, whatever type the browser claims', async () => {
    const node = await readFile(process.execPath).then((b) => b.subarray(0, 64 * 1024)).catch(() => ELF);
    for (const bytes of [ELF, node]) {
      const res = await send(reportForm({}, [['holiday.png', bytes, 'image/png']]));
      expect(res.statusCode).toBe(415);
      expect(res.json().detail).toBe('File holiday.png is not a supported format. Please use: JPG, PNG, GIF, WebP, PDF, or TXT.');
    }
  });

  it('refuses a 9-character description and one over 1000 characters with 422', async () => {
    const short = await send(reportForm({ description: '123456789' }));
    expect(short.statusCode).toBe(422);
    expect(short.json().detail[0]).toMatchObject({ loc: ['body', 'description'], msg: 'Description must be at least 10 characters long.' });
    // Padding spaces do not count.
    expect((await send(reportForm({ description: '   too short   ' }))).statusCode).toBe(422);
    expect((await send(reportForm({ description: 'x'.repeat(1001) }))).statusCode).toBe(422);
  });

  it('needs a signed-in token', async () => {
    const res = await send(reportForm(), {});
    expect(res.statusCode).toBe(401);
  });
});

// A second app: the report route allows 10 requests a minute per IP and the block above uses most of them.
describe(`issue report attachments judged by name and content on ${testDbKind()}`, () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    const [u] = await t.ctx.db.insert(users).values({ email: `reporter-${Date.now()}-${n++}@example.com`, passwordHash: 'x', companyName: 'Acme' }).returning();
    auth = { authorization: `Bearer ${await t.ctx.tokens.sign(u!.id)}` };
  });
  afterAll(async () => t?.close());

  it('refuses a text file named as a program, and a file whose content is not what its name says, storing nothing', async () => {
    const cases: [string, Buffer, string][] = [
      ['setup.exe', Buffer.from('#!/bin/sh\nrm -rf ~\n'), 'application/x-msdownload'],
      ['notes.txt', PDF, 'text/plain'],
    ];
    for (const file of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/report-issue', payload: reportForm({}, [['ok.png', PNG, 'image/png'], file]), headers: auth });
      expect(res.statusCode, file[0]).toBe(415);
      expect(res.json().detail).toBe(`File ${file[0]} is not a supported format. Please use: JPG, PNG, GIF, WebP, PDF, or TXT.`);
    }
    const { rows } = await t.ctx.database.executeSql('SELECT count(*) AS n FROM issue_reports');
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
