import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { formNestingDepth } from './form-nesting.js';
import { getPdfInfo } from './source/info.js';
import { PDF_LIMITS } from './pdf-limits.js';
import { pdfFromObjects, pdfStream } from './raw-pdf.js';

/** A one-page PDF from object bodies 4.. (1 catalog, 2 pages, 3 the page drawing form 4 as /F). */
function pdfWith(objects: (string | Buffer)[]): Uint8Array {
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 400] /Resources << /XObject << /F 5 0 R >> >> /Contents 4 0 R >>',
    pdfStream('', Buffer.from('/F Do')), ...objects,
  ]);
}
/** Forms 5.. drawing the next one, `depth` long; `compress` deflates their content. */
function chain(depth: number, compress = false): (string | Buffer)[] {
  return Array.from({ length: depth }, (_, i) => {
    const last = i + 1 === depth;
    const content = Buffer.from(last ? '0 0 m 10 10 l S' : 'q 0.9 0 0 0.9 1 1 cm /Next Do Q');
    const resources = last ? '<< >>' : `<< /XObject << /Next ${6 + i} 0 R >> >>`;
    return pdfStream(`/Type /XObject /Subtype /Form /BBox [0 0 600 400] /Resources ${resources}${compress ? ' /Filter /FlateDecode' : ''}`, compress ? deflateSync(content) : content);
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
    const forms = [0, 1, 2].map(() => pdfStream('/Type /XObject /Subtype /Form /BBox [0 0 600 400] /Resources 8 0 R', Buffer.from('0 0 m 10 10 l S')));
    expect(formNestingDepth(pdfWith([...forms, shared]))).toBe(1);
  });

  it('calls forms drawing each other without end infinitely deep', () => {
    const a = pdfStream('/Type /XObject /Subtype /Form /BBox [0 0 600 400] /Resources << /XObject << /B 6 0 R >> >>', Buffer.from('/B Do'));
    const b = pdfStream('/Type /XObject /Subtype /Form /BBox [0 0 600 400] /Resources << /XObject << /A 5 0 R >> >>', Buffer.from('/A Do'));
    expect(formNestingDepth(pdfWith([a, b]))).toBe(Infinity);
  });

  it('refuses a file nested past the budget as too complex before pdf.js opens it, and reads one within it', async () => {
    await expect(getPdfInfo(pdfWith(chain(PDF_LIMITS.maxFormDepth + 1)))).rejects.toMatchObject({
      code: 'too_complex', message: `This PDF is too complex to process (forms nested ${PDF_LIMITS.maxFormDepth + 1} deep; at most ${PDF_LIMITS.maxFormDepth}).`,
    });
    expect((await getPdfInfo(pdfWith(chain(PDF_LIMITS.maxFormDepth)))).pageCount).toBe(1);
  }, 60_000);
});
