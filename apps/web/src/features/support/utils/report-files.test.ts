import { describe, expect, it } from 'vitest';
import { addReportFiles, formatBytes, isAllowedType } from './report-files';

const file = (name: string, size = 1000, type = 'image/png') => ({ name, size, type });

describe('addReportFiles', () => {
  it('adds allowed files and refuses oversized or unlisted ones with the spec messages', () => {
    const { files, errors } = addReportFiles([], [file('a.png'), file('big.png', 10 * 1024 * 1024 + 1), file('run.exe', 10, 'application/x-msdownload')]);
    expect(files.map((f) => f.name)).toEqual(['a.png']);
    expect(errors).toEqual([
      'File big.png is too large. Maximum size is 10MB.',
      'File run.exe is not a supported format. Please use: JPG, PNG, GIF, WebP, PDF, or TXT.',
    ]);
  });

  it('refuses a batch that would make more than 5 files, keeping the current ones', () => {
    const four = ['1', '2', '3', '4'].map((n) => file(`${n}.png`));
    expect(addReportFiles(four, [file('5.png')]).files).toHaveLength(5);
    const r = addReportFiles(four, [file('5.png'), file('6.png')]);
    expect(r.files).toBe(four);
    expect(r.errors).toEqual(['Maximum 5 files allowed. Please remove some files first.']);
  });

  it('accepts exactly 10 MB', () => {
    expect(addReportFiles([], [file('edge.pdf', 10 * 1024 * 1024, 'application/pdf')]).errors).toEqual([]);
  });
});

describe('isAllowedType', () => {
  it('uses the MIME type, else the extension', () => {
    expect(isAllowedType(file('x.webp', 1, 'image/webp'))).toBe(true);
    expect(isAllowedType(file('notes.TXT', 1, ''))).toBe(true);
    expect(isAllowedType(file('x.svg', 1, 'image/svg+xml'))).toBe(false);
    expect(isAllowedType(file('README', 1, ''))).toBe(false);
  });
});

it('formats sizes', () => {
  expect([formatBytes(812), formatBytes(14541), formatBytes(3.4 * 1024 * 1024)]).toEqual(['812 B', '14.2 KB', '3.4 MB']);
});
