import { REPORT_FILE_TYPES, REPORT_LIMITS, REPORT_MESSAGES } from '@plansight/contracts';

/** The accept map for the file picker and drop zone. */
export const ACCEPTED_FILE_TYPES: Record<string, string[]> = Object.fromEntries(
  Object.entries(REPORT_FILE_TYPES).map(([mime, exts]) => [mime, [...exts]]),
);

const allowedExtensions = new Set(Object.values(REPORT_FILE_TYPES).flat() as string[]);

/** Allowed by its type or, when the browser gives none, by its extension (the server checks content). */
export function isAllowedType(file: { name: string; type: string }): boolean {
  if (file.type) return file.type in REPORT_FILE_TYPES;
  const dot = file.name.lastIndexOf('.');
  return dot >= 0 && allowedExtensions.has(file.name.slice(dot).toLowerCase());
}

/**
 * Adds `incoming` to `current` under the spec's limits (section 5): never more than 5 in all, each at most
 * 10 MB and of a listed type. Returns the new list and one message per refused file.
 */
export function addReportFiles<F extends { name: string; size: number; type: string }>(current: F[], incoming: F[]): { files: F[]; errors: string[] } {
  if (current.length + incoming.length > REPORT_LIMITS.maxFiles) return { files: current, errors: [REPORT_MESSAGES.tooManyFiles] };
  const errors: string[] = [];
  const accepted: F[] = [];
  for (const f of incoming) {
    if (f.size > REPORT_LIMITS.maxFileBytes) errors.push(REPORT_MESSAGES.fileTooLarge(f.name));
    else if (!isAllowedType(f)) errors.push(REPORT_MESSAGES.unsupportedFile(f.name));
    else accepted.push(f);
  }
  return { files: [...current, ...accepted], errors };
}

/** '812 B', '14.2 KB', '3.4 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
