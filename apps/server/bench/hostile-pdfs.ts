/**
 * A corpus of hostile and broken files, generated (nothing binary is committed): each is what an attacker
 * or a broken exporter could upload as a "PDF". Used by the hardening tests and `npm run bench:load`.
 */
import { createDeflate } from 'node:zlib';

/** A minimal PDF from object bodies (object n is bodies[n-1]); the xref offsets are computed. */
export function rawPdf(bodies: (string | Buffer)[], opts: { trailerExtra?: string; breakXref?: boolean } = {}): Buffer {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(offset);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'), Buffer.from('\nendobj\n')]);
    chunks.push(obj);
    offset += obj.length;
  });
  const xrefAt = offset;
  const entries = offsets.map((o) => `${String(opts.breakXref ? o + 7 : o).padStart(10, '0')} 00000 n \n`).join('');
  chunks.push(Buffer.from(`xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R ${opts.trailerExtra ?? ''}>>\nstartxref\n${opts.breakXref ? xrefAt + 13 : xrefAt}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(chunks);
}

const stream = (dict: string, data: Buffer) => Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);

/** Deflates `total` bytes made of `unit` repeated, streaming (the plain text is never held in memory). */
async function deflateRepeated(unit: Buffer, total: number): Promise<Buffer> {
  const z = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  z.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((r) => z.on('end', r));
  const block = Buffer.alloc(Math.max(unit.length, Math.floor((1 << 20) / unit.length) * unit.length));
  for (let i = 0; i < block.length; i += unit.length) unit.copy(block, i);
  for (let written = 0; written < total; written += block.length) {
    if (!z.write(block.subarray(0, Math.min(block.length, total - written)))) await new Promise((r) => z.once('drain', r));
  }
  z.end();
  await done;
  return Buffer.concat(out);
}

const page = (content: number, resources = '<< >>') => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 1190 842] /Resources ${resources} /Contents ${content} 0 R >>`;
const onePage = (pageBody: string, more: (string | Buffer)[], trailerExtra?: string) =>
  rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', pageBody, ...more], { trailerExtra });

/** A page drawing a `side` x `side` grey image of zeros: tiny compressed, `side`² bytes decoded. */
export async function imageBomb(side = 30_000): Promise<Buffer> {
  const pixels = await deflateRepeated(Buffer.from([0]), side * side);
  return onePage(page(4, '<< /XObject << /Im1 5 0 R >> >>'), [
    stream('', Buffer.from('q 1190 0 0 842 0 0 cm /Im1 Do Q')),
    stream(`/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`, pixels),
  ]);
}

/** A content stream that inflates to `mb` megabytes of line drawing (millions of operators). */
export async function streamBomb(mb = 400): Promise<Buffer> {
  const content = await deflateRepeated(Buffer.from('0 0 m 1 1 l S\n'), mb * 1024 * 1024);
  return onePage(page(4), [stream('/Filter /FlateDecode', content)]);
}

/** `n` pages, each with a line. */
export function manyPages(n = 10_000): Buffer {
  const kids = Array.from({ length: n }, (_, i) => `${3 + i} 0 R`).join(' ');
  const pages = Array.from({ length: n }, () => page(3 + n));
  return rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${n} >>`, ...pages, stream('', Buffer.from('0 0 m 100 100 l S'))]);
}

/** Form XObjects nested `depth` deep, each drawing the next. */
export function nestedForms(depth = 5_000): Buffer {
  const forms = Array.from({ length: depth }, (_, i) => {
    const next = i + 1 < depth ? `<< /XObject << /F 6 0 R >> >>`.replace('6 0 R', `${6 + i} 0 R`) : '<< >>';
    const body = i + 1 < depth ? 'q 0.99 0 0 0.99 1 1 cm /F Do Q 0 0 m 10 10 l S' : '0 0 m 10 10 l S';
    return stream(`/Type /XObject /Subtype /Form /BBox [0 0 1190 842] /Resources ${next}`, Buffer.from(body));
  });
  return onePage(page(4, '<< /XObject << /F 5 0 R >> >>'), [stream('', Buffer.from('/F Do')), ...forms]);
}

/** A plain one-page drawing. */
export const simpleDrawing = () => onePage(page(4), [stream('', Buffer.from('10 w 100 100 m 1000 100 l 1000 700 l 100 700 l h S'))]);

/** Offsets in the cross-reference table all wrong. */
export const brokenXref = () =>
  rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', page(4), stream('', Buffer.from('10 w 100 100 m 1000 700 l S'))], { breakXref: true });

/** The first `fraction` of a valid file (an interrupted upload). */
export const truncated = (fraction = 0.6) => {
  const full = simpleDrawing();
  return full.subarray(0, Math.floor(full.length * fraction));
};

/** Opens a JavaScript action when displayed (a PDF reader would run it; we must not). */
export const withJavaScript = () =>
  rawPdf([
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R /Names << /JavaScript << /Names [(x) 5 0 R] >> >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    page(4),
    stream('', Buffer.from('10 w 100 100 m 1000 700 l S')),
    '<< /S /JavaScript /JS (app.alert("hi"); while(true){}) >>',
  ]);

/** Text in an embedded TrueType font whose tables are garbage. */
export function badFont(): Buffer {
  const garbage = Buffer.alloc(4096, 0xff);
  garbage.write('\x00\x01\x00\x00\x00\x09', 0, 'latin1'); // a TrueType header claiming 9 tables
  return onePage(page(4, '<< /Font << /F1 5 0 R >> >>'), [
    stream('', Buffer.from('BT /F1 24 Tf 100 400 Td (Kitchen 12.5 m2) Tj ET 10 w 100 100 m 1000 700 l S')),
    '<< /Type /Font /Subtype /TrueType /BaseFont /Broken /FirstChar 32 /LastChar 126 /Widths [] /FontDescriptor 6 0 R >>',
    '<< /Type /FontDescriptor /FontName /Broken /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 7 0 R >>',
    stream('', garbage),
  ]);
}

/** Encrypted with a user password (jsPDF's standard security handler). */
export async function encrypted(): Promise<Buffer> {
  const { jsPDF } = await import('jspdf');
  const d = new jsPDF({ encryption: { userPassword: 'secret', ownerPassword: 'owner', userPermissions: ['print'] } });
  d.text('private plan', 10, 10);
  return Buffer.from(d.output('arraybuffer'));
}

export interface HostileFile { name: string; make: () => Buffer | Promise<Buffer>; /** What the server must answer. */ expect: 'refused' | 'accepted-or-refused' }

/** The corpus: every file must get a 4xx (or, where harmless, a 201), never a 5xx or a crash. */
export const HOSTILE_CORPUS: HostileFile[] = [
  { name: 'image bomb (30000 x 30000 px)', make: () => imageBomb(), expect: 'accepted-or-refused' },
  { name: 'stream bomb (400 MB of drawing)', make: () => streamBomb(), expect: 'refused' },
  { name: '10 000 pages', make: () => manyPages(), expect: 'refused' },
  { name: 'nested forms (5000 deep)', make: () => nestedForms(), expect: 'accepted-or-refused' },
  { name: 'broken xref', make: brokenXref, expect: 'accepted-or-refused' },
  { name: 'encrypted', make: encrypted, expect: 'refused' },
  { name: 'truncated', make: () => truncated(), expect: 'refused' },
  { name: 'zero bytes', make: () => Buffer.alloc(0), expect: 'refused' },
  { name: 'not a PDF (PNG named .pdf)', make: () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), expect: 'refused' },
  { name: 'JavaScript action', make: withJavaScript, expect: 'accepted-or-refused' },
  { name: 'bad font tables', make: badFont, expect: 'accepted-or-refused' },
];
