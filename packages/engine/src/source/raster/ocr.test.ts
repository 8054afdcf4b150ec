import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import type Tesseract from 'tesseract.js';
import { createOcrWorker, endOcr, ocrWorker, paperWhiteInkBlack, readCrop } from './ocr.js';

interface Word { w: number; h: number; paper: string; ink: string; font: string; at: [number, number] }

/** The grey pixels of a canvas w x h with one word printed on it. */
function drawn(word: string, { w, h, paper, ink, font, at }: Word): Uint8Array {
  const c = createCanvas(w, h);
  const ctx = c.getContext('2d');
  ctx.fillStyle = paper;
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = ink;
  ctx.font = font;
  ctx.fillText(word, ...at);
  const rgba = ctx.getImageData(0, 0, w, h).data;
  const grey = new Uint8Array(w * h);
  for (let i = 0; i < grey.length; i++) grey[i] = rgba[4 * i];
  return grey;
}

/** A grey crop with one printed word, as a scan at `dpi` would show a room label. */
function printed(word: string, dpi = 150): { grey: Uint8Array; w: number; h: number; paperMmPerPx: number } {
  const w = 260, h = 90;
  return { grey: drawn(word, { w, h, paper: '#e8e6e0', ink: '#222', font: '22px sans-serif', at: [40, 55] }), w, h, paperMmPerPx: 25.4 / dpi };
}

/**
 * A word as a coarse scan shows it: grey paper, letters dark grey and blurred (a 3 x 3 box). Read as it
 * is, tesseract's one threshold for the whole image (the white margin round the crop on one side) put the
 * paper with the letters.
 */
function scanned(word: string): { grey: Uint8Array; w: number; h: number; paperMmPerPx: number } {
  const w = 200, h = 60;
  const sharp = drawn(word, { w, h, paper: 'rgb(196,196,196)', ink: 'rgb(96,96,96)', font: 'bold 15px serif', at: [30, 38] });
  const grey = new Uint8Array(sharp);
  for (let y = 1; y < h - 1; y++) for (let x = 1; x < w - 1; x++) {
    let sum = 0;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) sum += sharp[(y + dy) * w + x + dx];
    grey[y * w + x] = Math.round(sum / 9);
  }
  return { grey, w, h, paperMmPerPx: 25.4 / 150 };
}

describe('a crop\'s levels before OCR', () => {
  it('makes the paper white and the ink black, and leaves a crop without writing as it is', () => {
    const { grey } = scanned('KITCHEN');
    const out = paperWhiteInkBlack(grey);
    expect(Math.min(...out)).toBe(0);
    // the paper (the median) is white
    expect([...out].sort((a, b) => a - b)[out.length >> 1]).toBe(255);
    const blank = scanned('').grey;
    expect(paperWhiteInkBlack(blank)).toBe(blank);
  });
});

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

  it('reads a word as a coarse scan shows it: blurred dark grey letters on grey paper', async () => {
    worker ??= await createOcrWorker();
    expect((await readCrop(scanned('KITCHEN'), worker)).map((l) => l.text)).toEqual(['KITCHEN']);
    expect((await readCrop(scanned('GARAGE'), worker)).map((l) => l.text)).toEqual(['GARAGE']);
  }, 120_000);

  it('ends the shared workers at once when told, and starts a fresh one on the next use', async () => {
    const first = await ocrWorker(0);
    await endOcr();
    const next = await ocrWorker(0);
    expect(next).not.toBe(first);
    await endOcr();
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
