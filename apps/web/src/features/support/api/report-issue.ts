import { REPORT_MESSAGES, type ReportIssueResponse } from '@plansight/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getSession, getStoredUsername } from '../../../lib/session';

/**
 * POST /auth/report-issue as multipart (spec section 7): the title is 'Report Issue by' plus the stored
 * username or 'User'; severity is always medium and category always bug.
 */
export function submitIssueReport(description: string, files: File[]): Promise<ReportIssueResponse> {
  if (!getSession()) return Promise.reject(new Error(REPORT_MESSAGES.authRequired));
  const form = new FormData();
  form.append('title', `Report Issue by ${getStoredUsername() || 'User'}`);
  form.append('description', description);
  form.append('severity', 'medium');
  form.append('category', 'bug');
  for (const f of files) form.append('attachments', f, f.name);
  return apiRequest<ReportIssueResponse>('/auth/report-issue', { method: 'POST', form });
}
