import type { FastifyInstance } from 'fastify';
import { contactRequestSchema, reportIssueFieldsSchema, type ContactInfo } from '@plansight/contracts';
import type { AppContext } from '../../context.js';
import { parseOr422 } from '../../errors.js';
import { readReportUpload } from './report-upload.js';
import { sendContactMessage, submitIssueReport } from './support.service.js';

/** Routes of the support module: the contact form and the issue report. */
export async function supportRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  // Both send mail to support, so both are limited per IP against spam.
  const limit = { rateLimit: { max: 10, timeWindow: '1 minute' } };
  // The address contact messages and issue reports go to, so the page shows where messages really go.
  api.get('/support/contact-info', async (): Promise<ContactInfo> => ({ email: ctx.config.SUPPORT_EMAIL }));
  api.post('/auth/contact-us', { config: limit }, async (req) => {
    await sendContactMessage(ctx, parseOr422(contactRequestSchema, req.body));
    return { ok: true };
  });

  api.post('/auth/report-issue', { config: limit, preHandler: api.authenticate }, async (req, reply) => {
    const { fields, files } = await readReportUpload(req);
    const body = parseOr422(reportIssueFieldsSchema, fields);
    return reply.code(201).send(await submitIssueReport(ctx, req.log, req.userId, body, files));
  });
}
