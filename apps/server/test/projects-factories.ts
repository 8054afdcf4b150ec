import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { TestApp } from './helpers.js';
import { users } from '../src/db/schema/users.js';
import { projects } from '../src/db/schema/projects.js';

/** A verified user straight in the database plus a signed token; independent of the auth API. */
export async function userWithToken(t: TestApp, remainPlan = 3) {
  const [u] = await t.ctx.db.insert(users).values({
    email: `p-${randomUUID()}@example.com`, passwordHash: 'x', companyName: 'Acme', emailVerifiedAt: new Date(), remainPlan,
  }).returning({ id: users.id });
  return { id: u.id, auth: { authorization: `Bearer ${await t.ctx.tokens.sign(u.id)}` } };
}

export async function seedProjects(t: TestApp, userId: string, n: number) {
  for (let i = 0; i < n; i++) {
    await t.ctx.db.insert(projects).values({
      userId, name: `Plan ${String(i).padStart(2, '0')}`, originalFilename: `plan-${String(i).padStart(2, '0')}.pdf`,
      pageNo: 1, pageCount: 1, pdfKey: `k${i}`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
    });
  }
}

/** A real PDF of `pages` pages, each with a different rectangle so renders differ. */
export async function pdfBytes(pages: number): Promise<Buffer> {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([600, 400]).drawRectangle({ x: 50, y: 50, width: 300 + i * 20, height: 200 });
  return Buffer.from(await doc.save());
}

/** One page of text only: nothing drawn. */
export async function blankPagePdf(): Promise<Buffer> {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.addPage([842, 595]).drawText('Intentionally left blank', { x: 100, y: 300, size: 20 });
  return Buffer.from(await doc.save());
}

/** One page holding only an image, as a scanner makes it. */
export async function scannedPagePdf(): Promise<Buffer> {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const img = await doc.embedPng(PNG_1PX);
  doc.addPage([842, 595]).drawImage(img, { x: 0, y: 0, width: 842, height: 595 });
  return Buffer.from(await doc.save());
}

/** A PDF that needs a user password to open (jsPDF's standard security handler). */
export async function encryptedPdfBytes(): Promise<Buffer> {
  const { jsPDF } = await import('jspdf');
  const d = new jsPDF({ encryption: { userPassword: 'secret', ownerPassword: 'owner', userPermissions: ['print'] } });
  d.text('private plan', 10, 10);
  return Buffer.from(d.output('arraybuffer'));
}

/** A 1x1 PNG: a real file of another type, for 'renamed to .pdf'. */
export const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export function multipart(file: Buffer | null, filename: string, fields: Record<string, string>) {
  const b = `----ps${randomUUID()}`;
  const parts = Object.entries(fields).map(([k, v]) => `--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const head = file ? `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n` : '';
  const tail = file ? `\r\n--${b}--\r\n` : `--${b}--\r\n`;
  return { payload: Buffer.concat([Buffer.from(parts.join('') + head), file ?? Buffer.alloc(0), Buffer.from(tail)]), type: `multipart/form-data; boundary=${b}` };
}

export function uploader(t: TestApp) {
  return (auth: Record<string, string>, file: Buffer | null, name: string, fields: Record<string, string>) => {
    const m = multipart(file, name, fields);
    return t.app.inject({ method: 'POST', url: '/api/user/projects', payload: m.payload, headers: { ...auth, 'content-type': m.type } });
  };
}

/** Every file (or, with `dirs`, every entry) under DATA_DIR/files, relative to DATA_DIR; empty when nothing was stored. */
export function storedFiles(t: TestApp, dirs = false): string[] {
  try {
    return readdirSync(path.join(t.dataDir, 'files'), { recursive: true, withFileTypes: true })
      .filter((d) => dirs || d.isFile()).map((d) => path.relative(t.dataDir, path.join(d.parentPath, d.name))).sort();
  } catch {
    return [];
  }
}
