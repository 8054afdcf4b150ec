import type { FastifyInstance } from 'fastify';
import { contactRequestSchema, reportIssueFieldsSchema, type ContactInfo } from '@plansight/contracts';
import type { AppContext } from '../../context.js';
import { parseOr422 } from '../../errors.js';
import { abuseLimit } from '../../lib/abuse-limits.js';
import { readReportUpload } from './report-upload.js';
import { sendContactMessage, submitIssueReport } from './support.service.js';

/** Routes of the support module: the contact form and the issue report. */
export async function supportRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  // Both send mail to support, so both are limited against spam: a burst per minute and a budget per 10 minutes.
  const limit = { rateLimit: { max: 10, timeWindow: '1 minute' } };
  // The address contact messages and issue reports go to, so the page shows where messages really go.
  api.get('/support/contact-info', async (): Promise<ContactInfo> => ({ email: ctx.config.SUPPORT_EMAIL }));
  const contactLimit = abuseLimit(ctx.limits.contact);
  const reportLimit = abuseLimit(ctx.limits.issueReport);
  api.post('/auth/contact-us', { config: limit, preHandler: contactLimit }, async (req) => {
    await sendContactMessage(ctx, parseOr422(contactRequestSchema, req.body));
    return { ok: true };
  });

  api.post('/auth/report-issue', { config: limit, preHandler: [api.authenticate, reportLimit] }, async (req, reply) => {
    const { fields, files } = await readReportUpload(req);
    const body = parseOr422(reportIssueFieldsSchema, fields);
    return reply.code(201).send(await submitIssueReport(ctx, req.log, req.userId, body, files));
  });
}
