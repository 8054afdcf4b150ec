/**
 * A PDF written object by object, with its cross-reference table: the warm-up plan (`warm-up.ts`) and the tests that
 * need a file pdf-lib would not write (forms nested or drawing each other, streams compressed or damaged by hand).
 */

/** A stream object's body: `dict`'s entries with the data's length, then the data. */
export function pdfStream(dict: string, data: string | Uint8Array): Buffer {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  return Buffer.concat([Buffer.from(`<< ${dict} /Length ${bytes.length} >>\nstream\n`, 'latin1'), bytes, Buffer.from('\nendstream')]);
}

/** A PDF of the object bodies given, numbered from 1 (object 1 is the catalog), strings written as latin1. */
export function pdfFromObjects(bodies: (string | Uint8Array)[]): Uint8Array {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  let at = chunks[0]!.length;
  const offsets = bodies.map((b, i) => {
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), typeof b === 'string' ? Buffer.from(b, 'latin1') : b, Buffer.from('\nendobj\n')]);
    chunks.push(obj);
    const o = at;
    at += obj.length;
    return o;
  });
  chunks.push(Buffer.from(`xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(chunks));
}
