import { REPORT_FILE_TYPES, type ReportFileType } from '@plansight/contracts';

const startsWith = (b: Uint8Array, sig: number[], at = 0) => b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Bytes a plain-text file may hold below 0x20: tab, line feed, form feed, carriage return. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

/**
 * The report attachment type of `bytes` judged by content only (magic numbers), never by name or the
 * browser's claimed type: a renamed executable is not an image. Plain text is text with no NUL or other
 * control bytes (any 8-bit encoding), which every executable format contains. Null when not allowed.
 */
export function sniffReportFileType(bytes: Uint8Array): ReportFileType | null {
  if (bytes.length === 0) return null;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  for (const b of bytes) if ((b < 0x20 && !TEXT_CONTROLS.has(b)) || b === 0x7f) return null;
  return 'text/plain';
}

/** The group a type belongs to: a photo saved as .jpg that is really a PNG is still an image. */
const familyOf = (type: string) => (type.startsWith('image/') ? 'image' : type);
const familyOfExtension = new Map(
  Object.entries(REPORT_FILE_TYPES).flatMap(([type, exts]) => exts.map((ext) => [ext as string, familyOf(type)] as const)),
);

/**
 * The type of a report attachment named `filename`, or null when it is not allowed. The content decides
 * (see sniffReportFileType), and a name with an extension must also be one the dialog accepts and agree
 * with the content: 'setup.exe' holding text and 'notes.txt' holding a PDF are both refused, as the
 * dialog refuses the first by its name.
 */
export function reportFileTypeOf(filename: string, bytes: Uint8Array): ReportFileType | null {
  const type = sniffReportFileType(bytes);
  if (!type) return null;
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return type;
  return familyOfExtension.get(base.slice(dot).toLowerCase()) === familyOf(type) ? type : null;
}
