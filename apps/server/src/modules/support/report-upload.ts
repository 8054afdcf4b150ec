import type { FastifyRequest } from 'fastify';
import { REPORT_LIMITS, REPORT_MESSAGES } from '@plansight/contracts';
import { AppError, badRequest } from '../../errors.js';
import { reportFileTypeOf } from './file-sniff.js';
import type { ReportFile } from './support.service.js';

/**
 * Reads the multipart report: text fields and up to 5 files of at most 10 MB, each type judged by its
 * content. The busboy limits stop an oversized or sixth file while it streams, so nothing large is
 * buffered first. A JSON body is read as fields without files.
 */
export async function readReportUpload(req: FastifyRequest): Promise<{ fields: Record<string, string>; files: ReportFile[] }> {
  if (!req.isMultipart()) return { fields: (req.body ?? {}) as Record<string, string>, files: [] };
  const fields: Record<string, string> = {};
  const files: ReportFile[] = [];
  let current = '';
  let unsupported: string | null = null;
  try {
    const parts = req.parts({ limits: { files: REPORT_LIMITS.maxFiles, fileSize: REPORT_LIMITS.maxFileBytes, fields: 10, fieldSize: 16 * 1024 } });
    for await (const part of parts) {
      if (part.type !== 'file') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      current = part.filename || 'file';
      const bytes = await part.toBuffer();
      if (!part.filename && bytes.length === 0) continue; // an empty file input
      const type = reportFileTypeOf(current, bytes);
      // Keep reading so the whole request is consumed; answer with the first bad file afterwards.
      if (!type) unsupported ??= current;
      else files.push({ filename: current, contentType: type, bytes });
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'file_too_large', REPORT_MESSAGES.fileTooLarge(current));
    if (code === 'FST_FILES_LIMIT') throw badRequest(REPORT_MESSAGES.tooManyFiles, 'too_many_files');
    throw e;
  }
  if (unsupported !== null) throw new AppError(415, 'unsupported_file', REPORT_MESSAGES.unsupportedFile(unsupported));
  return { fields, files };
}
