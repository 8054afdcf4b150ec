import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { REPORT_MESSAGES, type ContactRequest, type ReportFileType, type ReportIssueFields, type ReportIssueResponse } from '@plansight/contracts';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { findReporter, insertContactMessage, insertReport } from './support.repository.js';

export interface ReportFile {
  filename: string;
  contentType: ReportFileType;
  bytes: Buffer;
}

/** Attachments above this total are stored but not mailed, to stay under common SMTP size limits. */
const MAIL_ATTACHMENTS_MAX_BYTES = 15 * 1024 * 1024;

/** Keeps a shown name readable but never a path. */
export const displayName = (name: string) =>
  [...(name.split(/[\\/]/).pop() ?? '')].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('').slice(0, 200) || 'file';
const keySafe = (name: string) => name.replace(/[^a-z0-9._-]/gi, '_').slice(-100);

export async function sendContactMessage(ctx: AppContext, body: ContactRequest): Promise<void> {
  await insertContactMessage(ctx.db, body);
  await ctx.mailer.send({
    to: ctx.config.SUPPORT_EMAIL,
    replyTo: body.email,
    subject: `Contact: ${body.subject}`,
    text: `From: ${body.name} <${body.email}>\n\n${body.message}`,
  });
}

/**
 * Stores an issue report and its files, then mails support. Files go to storage first and are removed
 * again if the database refuses the report, so nothing is left behind unreferenced. A failed mail is
 * logged, not thrown: the report is already stored and support can read it there.
 */
export async function submitIssueReport(
  ctx: AppContext,
  log: FastifyBaseLogger,
  userId: string,
  fields: ReportIssueFields,
  files: ReportFile[],
): Promise<ReportIssueResponse> {
  const reporter = await findReporter(ctx.db, userId);
  if (!reporter) throw notFound('User not found');
  const id = randomUUID();
  const stored = files.map((f, i) => ({ ...f, filename: displayName(f.filename), key: `issue-reports/${id}/${i + 1}-${keySafe(displayName(f.filename))}` }));
  try {
    for (const f of stored) await ctx.storage.put(f.key, f.bytes, f.contentType);
    await insertReport(
      ctx.db,
      { id, userId, ...fields },
      stored.map((f) => ({ filename: f.filename, contentType: f.contentType, sizeBytes: f.bytes.length, storageKey: f.key })),
    );
  } catch (err) {
    await Promise.allSettled(stored.map((f) => ctx.storage.delete(f.key)));
    throw err;
  }
  const total = stored.reduce((s, f) => s + f.bytes.length, 0);
  const list = stored.map((f) => `- ${f.filename} (${f.contentType}, ${(f.bytes.length / 1024).toFixed(1)} KB) stored as ${f.key}`);
  try {
    await ctx.mailer.send({
      to: ctx.config.SUPPORT_EMAIL,
      replyTo: reporter.email,
      subject: `[Issue ${fields.severity}/${fields.category}] ${fields.title}`,
      text: [
        `Report ${id}`,
        `From: ${reporter.companyName} <${reporter.email}>`,
        `Severity: ${fields.severity}   Category: ${fields.category}`,
        '',
        fields.description,
        '',
        stored.length ? `Attachments:\n${list.join('\n')}` : 'No attachments.',
      ].join('\n'),
      attachments: total <= MAIL_ATTACHMENTS_MAX_BYTES ? stored.map((f) => ({ filename: f.filename, content: f.bytes, contentType: f.contentType })) : undefined,
    });
  } catch (err) {
    log.error({ err, reportId: id }, 'issue report mail failed');
  }
  return {
    id,
    message: REPORT_MESSAGES.success,
    attachments: stored.map((f) => ({ filename: f.filename, content_type: f.contentType, size_bytes: f.bytes.length })),
  };
}
