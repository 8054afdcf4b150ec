import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { uploadErrors } from './project-errors.js';

/** The uploaded file on local disk, and the form's text fields. `remove` deletes the file (always call it). */
export interface UploadForm {
  file: { path: string; sizeBytes: number; originalFilename: string } | null;
  fields: Record<string, string>;
  remove: () => Promise<void>;
}

/** Acrobat, too, looks for the header within the first 1024 bytes. */
const PDF_HEADER_WINDOW_BYTES = 1024;

/**
 * Counts the bytes going by and stops the stream once they pass `maxBytes` (413), or once the first
 * kilobyte holds no `%PDF-` header (not a PDF): both are known long before the body has arrived.
 */
class UploadGuard extends Transform {
  sizeBytes = 0;
  private head = Buffer.alloc(0);
  constructor(private readonly maxBytes: number, private readonly maxMb: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.sizeBytes += chunk.length;
    if (this.sizeBytes > this.maxBytes) return done(uploadErrors.tooLarge(this.maxMb));
    if (this.head.length < PDF_HEADER_WINDOW_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, PDF_HEADER_WINDOW_BYTES - this.head.length)]);
      if (this.head.length >= PDF_HEADER_WINDOW_BYTES && !this.head.toString('latin1').includes('%PDF-')) return done(uploadErrors.notPdf());
    }
    done(null, chunk);
  }
  override _flush(done: TransformCallback): void {
    // A short file: its whole head is here now.
    if (this.sizeBytes > 0 && !this.head.toString('latin1').includes('%PDF-')) return done(uploadErrors.notPdf());
    done();
  }
}

/**
 * Reads the multipart body, streaming the `file` part to a temporary file under `tmpDir` with the size
 * limit and the type check applied while it arrives; the body is never held in memory. Other file parts
 * are drained unread. On any failure the temporary file is gone before this throws.
 */
export async function readUpload(req: FastifyRequest, tmpDir: string, maxMb: number): Promise<UploadForm> {
  const tmpPath = path.join(tmpDir, `upload-${randomUUID()}.pdf`);
  const remove = () => rm(tmpPath, { force: true });
  const form: UploadForm = { file: null, fields: {}, remove };
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') {
        form.fields[part.fieldname] = String(part.value);
      } else if (part.fieldname === 'file' && !form.file) {
        await mkdir(tmpDir, { recursive: true });
        const guard = new UploadGuard(Math.floor(maxMb * 1024 * 1024), maxMb);
        await pipeline(part.file, guard, createWriteStream(tmpPath, { flags: 'wx' }));
        if (part.file.truncated) throw uploadErrors.tooLarge(maxMb);
        form.file = { path: tmpPath, sizeBytes: guard.sizeBytes, originalFilename: part.filename };
      } else {
        part.file.resume();
      }
    }
  } catch (e) {
    await remove();
    const err = e as { code?: string; statusCode?: number; syscall?: string };
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw uploadErrors.tooLarge(maxMb);
    // A file-system failure here is ours (500); anything else the parser threw is about the body the
    // client sent (cut short, malformed part headers): a 400, not an internal error.
    if (e instanceof AppError || err.syscall || (err.statusCode !== undefined && err.statusCode < 500)) throw e;
    throw uploadErrors.malformed();
  }
  return form;
}
