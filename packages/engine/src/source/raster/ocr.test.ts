import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import type Tesseract from 'tesseract.js';
import { createOcrWorker, readCrop } from './ocr.js';

/** A grey crop with one printed word, as a scan at `dpi` would show a room label. */
function printed(word: string, dpi = 150): { grey: Uint8Array; w: number; h: number; paperMmPerPx: number } {
  const w = 260, h = 90;
  const c = createCanvas(w, h);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#e8e6e0';
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = '#222';
  ctx.font = '22px sans-serif';
  ctx.fillText(word, 40, 55);
  const rgba = ctx.getImageData(0, 0, w, h).data;
  const grey = new Uint8Array(w * h);
  for (let i = 0; i < grey.length; i++) grey[i] = rgba[4 * i];
  return { grey, w, h, paperMmPerPx: 25.4 / dpi };
}

describe('offline OCR of room names', () => {
  let worker: Tesseract.Worker | null = null;
  afterAll(async () => { await worker?.terminate(); });

  it('reads a printed English word and a German one with an umlaut', async () => {
    worker = await createOcrWorker();
    const en = await readCrop(printed('KITCHEN'), worker);
    expect(en.map((l) => l.text)).toEqual(['KITCHEN']);
    const de = await readCrop(printed('KÜCHE'), worker);
    expect(de.map((l) => l.text)).toEqual(['KÜCHE']);
    // the word's centre in crop pixels (printed from x 40, baseline 55)
    expect(en[0].at[1]).toBeGreaterThan(30);
    expect(en[0].at[1]).toBeLessThan(60);
  }, 120_000);

  it('finds nothing on a crop without writing', async () => {
    worker ??= await createOcrWorker();
    const blank = printed('');
    expect(await readCrop(blank, worker)).toEqual([]);
  }, 120_000);

  it('loads its core and language models with every network call failing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ocr-offline-'));
    const block = join(dir, 'block-network.cjs');
    // in the process and in every worker thread it starts: sockets, DNS and fetch all throw
    writeFileSync(block, `const net = require('node:net'); const dns = require('node:dns');
const no = () => { throw new Error('network blocked'); };
net.Socket.prototype.connect = no; net.connect = no; net.createConnection = no; dns.lookup = no; globalThis.fetch = no;`);
    const script = join(dir, 'read.mts');
    const ocr = fileURLToPath(new URL('./ocr.ts', import.meta.url));
    const word = printed('BEDROOM');
    writeFileSync(join(dir, 'grey.bin'), word.grey);
    writeFileSync(script, `import { readFileSync } from 'node:fs';
import { createOcrWorker, readCrop } from ${JSON.stringify(ocr)};
const grey = new Uint8Array(readFileSync(${JSON.stringify(join(dir, 'grey.bin'))}));
const w = await createOcrWorker();
const lines = await readCrop({ grey, w: ${word.w}, h: ${word.h}, paperMmPerPx: ${word.paperMmPerPx} }, w);
await w.terminate();
console.log('READ:' + lines.map((l) => l.text).join('|'));`);
    const r = spawnSync(process.execPath, ['--require', block, '--import', 'tsx', script], { encoding: 'utf8', timeout: 120_000, cwd: process.cwd() });
    expect(r.stdout).toContain('READ:BEDROOM');
  }, 130_000);
});
