import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { formNestingDepth } from './form-nesting.js';
import { getPdfInfo } from './source/info.js';
import { PDF_LIMITS } from './pdf-limits.js';

/** A one-page PDF from object bodies 4.. (1 catalog, 2 pages, 3 the page drawing form 4 as /F). */
function pdfWith(objects: (string | Buffer)[]): Uint8Array {
  const bodies: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 400] /Resources << /XObject << /F 5 0 R >> >> /Contents 4 0 R >>',
    stream('', Buffer.from('/F Do')), ...objects,
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  let at = chunks[0]!.length;
  const offsets = bodies.map((b, i) => {
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.isBuffer(b) ? b : Buffer.from(b, 'latin1'), Buffer.from('\nendobj\n')]);
    chunks.push(obj);
    const o = at;
    at += obj.length;
    return o;
  });
  chunks.push(Buffer.from(`xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(chunks));
}
function stream(dict: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);
}
/** Forms 5.. drawing the next one, `depth` long; `compress` deflates their content. */
function chain(depth: number, compress = false): (string | Buffer)[] {
  return Array.from({ length: depth }, (_, i) => {
    const last = i + 1 === depth;
    const content = Buffer.from(last ? '0 0 m 10 10 l S' : 'q 0.9 0 0 0.9 1 1 cm /Next Do Q');
    const resources = last ? '<< >>' : `<< /XObject << /Next ${6 + i} 0 R >> >>`;
    return stream(`/Type /XObject /Subtype /Form /BBox [0 0 600 400] /Resources ${resources}${compress ? ' /Filter /FlateDecode' : ''}`, compress ? deflateSync(content) : content);
  });
}

describe('form nesting read from the raw file', () => {
  it('counts a chain of forms drawing forms, plain or deflated', () => {
    expect(formNestingDepth(pdfWith(chain(3)))).toBe(3);
    expect(formNestingDepth(pdfWith(chain(7, true)))).toBe(7);
  });

  it('counts what a form draws, not what its resources list: forms sharing one dictionary of every form stay shallow', () => {
    // CAD exporters often give every block the same resources (all blocks, itself included); none draws another.
    const shared = '<< /XObject << /A 5 0 R /B 6 0 R /C 7 0 R >> >>';
    const forms = [0, 1, 2].map(() => stream('/Type /XObject /Subtype /Form /BBox [0 0 600 400] /Resources 8 0 R', Buffer.from('0 0 m 10 10 l S')));
    expect(formNestingDepth(pdfWith([...forms, shared]))).toBe(1);
  });

  it('calls forms drawing each other without end infinitely deep', () => {
    const a = stream('/Type /XObject /Subtype /Form /BBox [0 0 600 400] /Resources << /XObject << /B 6 0 R >> >>', Buffer.from('/B Do'));
    const b = stream('/Type /XObject /Subtype /Form /BBox [0 0 600 400] /Resources << /XObject << /A 5 0 R >> >>', Buffer.from('/A Do'));
    expect(formNestingDepth(pdfWith([a, b]))).toBe(Infinity);
  });

  it('refuses a file nested past the budget as too complex before pdf.js opens it, and reads one within it', async () => {
    await expect(getPdfInfo(pdfWith(chain(PDF_LIMITS.maxFormDepth + 1)))).rejects.toMatchObject({
      code: 'too_complex', message: `This PDF is too complex to process (forms nested ${PDF_LIMITS.maxFormDepth + 1} deep; at most ${PDF_LIMITS.maxFormDepth}).`,
    });
    expect((await getPdfInfo(pdfWith(chain(PDF_LIMITS.maxFormDepth)))).pageCount).toBe(1);
  }, 60_000);
});
