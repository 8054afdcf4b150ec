import { describe, expect, it } from 'vitest';
import { reportFileTypeOf, sniffReportFileType } from './file-sniff.js';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

describe('sniffReportFileType', () => {
  it('recognises the allowed types by their magic numbers', () => {
    expect(sniffReportFileType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(sniffReportFileType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('image/png');
    expect(sniffReportFileType(bytes('GIF89a', [1, 0]))).toBe('image/gif');
    expect(sniffReportFileType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffReportFileType(bytes('%PDF-1.7\n', [0xe2, 0xe3]))).toBe('application/pdf');
  });

  it('accepts plain text in any 8-bit encoding, with tabs and CRLF', () => {
    expect(sniffReportFileType(bytes('Steps:\r\n\t1. open results\n'))).toBe('text/plain');
    expect(sniffReportFileType(new TextEncoder().encode('Kitchen 3.2 m² – “wall”'))).toBe('text/plain');
  });

  it('refuses executables and other binaries whatever their name, and empty files', () => {
    expect(sniffReportFileType(bytes([0x7f], 'ELF', [2, 1, 1, 0, 0, 0]))).toBeNull();
    expect(sniffReportFileType(bytes('MZ', [0x90, 0, 3, 0]))).toBeNull();
    expect(sniffReportFileType(bytes('PK', [3, 4, 20, 0]))).toBeNull();
    expect(sniffReportFileType(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(sniffReportFileType(new Uint8Array())).toBeNull();
  });
});

describe('reportFileTypeOf', () => {
  const png = bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
  const pdf = bytes('%PDF-1.7\n');
  const text = bytes('echo hello\n');

  it('accepts content that agrees with a listed extension, in any case, and a name without one', () => {
    expect(reportFileTypeOf('shot.PNG', png)).toBe('image/png');
    expect(reportFileTypeOf('photo.jpg', png)).toBe('image/png');
    expect(reportFileTypeOf('plan.pdf', pdf)).toBe('application/pdf');
    expect(reportFileTypeOf('notes.txt', text)).toBe('text/plain');
    expect(reportFileTypeOf('clipboard', png)).toBe('image/png');
  });

  it('refuses a name the dialog would refuse, and a name that disagrees with the content', () => {
    expect(reportFileTypeOf('setup.exe', text)).toBeNull();
    expect(reportFileTypeOf('run.sh', text)).toBeNull();
    expect(reportFileTypeOf('page.html', text)).toBeNull();
    expect(reportFileTypeOf('notes.txt', pdf)).toBeNull();
    expect(reportFileTypeOf('plan.pdf', text)).toBeNull();
    expect(reportFileTypeOf('shot.png', text)).toBeNull();
  });
});
