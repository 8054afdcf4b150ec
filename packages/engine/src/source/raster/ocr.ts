/**
 * Room names on scans without text: tesseract.js (its wasm core required from node_modules) with the English
 * and German LSTM models installed from the registry (@tesseract.js-data/eng, /deu), handed over as bytes, so
 * nothing is fetched at run time. Up to OCR_LANES OCR workers per engine thread (room-names.ts reads rooms in
 * lanes), started on first use and kept a few seconds. What is read
 * is one line of a room's writing at a time (see room-names.ts), its levels stretched to black on white and
 * enlarged to about 300 dpi on paper; tesseract takes each crop as one block of text.
 */
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import Tesseract from 'tesseract.js';
import { histogramLevel } from './bitmap.js';

const require = createRequire(import.meta.url);
export const OCR_LANGS = ['deu', 'eng'] as const;
/** The model variant the data packages ship (integer LSTM, the small and fast one). */
const MODEL_DIR = '4.0.0_best_int';
/** Paper resolution tesseract reads best at (dpi). */
const READ_DPI = 300;
/** Largest enlargement of a crop. */
const MAX_ZOOM = 4;
/** Words read with less confidence (0-100) are noise: furniture, hatching, a door swing. */
export const MIN_WORD_CONFIDENCE = 70;
/** Largest crop side sent to OCR (pixels after enlargement): bounds time on a huge room. */
const MAX_CROP_SIDE_PX = 2400;

/**
 * One local folder holding every bundled model (tesseract reads all languages from one folder; the registry
 * ships each in its own package): links to the files in node_modules, made once per machine.
 */
export function localLangDir(): string {
  const dir = join(tmpdir(), `plansight-ocr-${MODEL_DIR}`);
  mkdirSync(dir, { recursive: true });
  for (const code of OCR_LANGS) {
    const file = `${code}.traineddata.gz`;
    const target = join(dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)), MODEL_DIR, file);
    if (existsSync(join(dir, file))) continue;
    try {
      symlinkSync(target, join(dir, file));
    } catch (e) {
      // another engine thread made it first
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  return dir;
}

/** The shared workers, one per lane of reading (see OCR_LANES). */
const shared: (Promise<Tesseract.Worker> | null)[] = [];

/** A tesseract worker with the bundled languages, read from local files only (the core is required from node_modules). */
export async function createOcrWorker(langPath = localLangDir()): Promise<Tesseract.Worker> {
  const worker = await Tesseract.createWorker([...OCR_LANGS], Tesseract.OEM.LSTM_ONLY, {
    langPath, cacheMethod: 'none', gzip: true, logger: () => undefined, errorHandler: () => undefined,
  });
  // tesseract's own notes (a crop too small to scale, diacritics detected) go to its debug file, not the process's stderr;
  // a crop's writing is black on white already (paperWhiteInkBlack), so tesseract does not look for light writing
  // on dark as well (about a tenth of its time, the same words read)
  await worker.setParameters({
    tessedit_pageseg_mode: Tesseract.PSM.SINGLE_BLOCK, user_defined_dpi: String(READ_DPI), debug_file: '/dev/null', tessedit_do_invert: '0',
  });
  return worker;
}

/** A shared worker idle this long (ms) is ended, so that it never keeps a finished process alive. */
const IDLE_CLOSE_MS = 3000;
let idle: NodeJS.Timeout | null = null;

/** The shared worker of one lane (0 when not told), started on first use. */
export function ocrWorker(lane = 0): Promise<Tesseract.Worker> {
  if (idle) { clearTimeout(idle); idle = null; }
  shared[lane] ??= createOcrWorker().catch((e: unknown) => { shared[lane] = null; throw e; });
  return shared[lane]!;
}

/**
 * Starts the shared workers of lanes 0..lanes-1 now without waiting for them (a worker that fails to start fails
 * again on its first use): a caller that knows it will read names starts them before its other work, and their
 * start-up (about half a second each: the core, the models) runs on another core meanwhile.
 */
export function startOcr(lanes: number): void {
  for (let lane = 0; lane < lanes; lane++) void ocrWorker(lane).catch(() => undefined);
}

/** How many shared workers are held (started, or ending after IDLE_CLOSE_MS). */
export function ocrWorkersHeld(): number {
  return shared.filter(Boolean).length;
}

/** Whether the shared workers are let go (ending after IDLE_CLOSE_MS unless used again), or there are none. */
export function ocrReleased(): boolean {
  return idle !== null || !shared.some(Boolean);
}

/** Ends a shared worker (one that failed to start has nothing to end). */
const end = (w: Promise<Tesseract.Worker> | null): Promise<unknown> | undefined => w?.then((x) => x.terminate()).catch(() => undefined);

/** Ends the shared workers now (a one-shot process that is done: they would keep it alive for IDLE_CLOSE_MS). */
export async function endOcr(): Promise<void> {
  if (idle) { clearTimeout(idle); idle = null; }
  await Promise.all(shared.splice(0).map(end));
}

/** Done with the shared workers for now: they are ended after IDLE_CLOSE_MS unless used again. */
export function releaseOcr(): void {
  if (!shared.some(Boolean) || idle) return;
  const ws = [...shared];
  idle = setTimeout(() => {
    idle = null;
    ws.forEach((w, i) => {
      if (shared[i] === w) shared[i] = null;
      void end(w);
    });
  }, IDLE_CLOSE_MS);
  // (the OCR threads keep the process alive until then; the timer itself does not)
  idle.unref();
}

export interface OcrCrop {
  /** Grey (0 black .. 255 white), row-major, the crop only. */
  grey: Uint8Array;
  w: number;
  h: number;
  /** Paper millimetres per pixel of the crop (decides the enlargement). */
  paperMmPerPx: number;
}

export interface OcrLine { text: string; confidence: number; /** Centre in crop pixels. */ at: [number, number] }

/** Share of a crop's pixels at or below its ink level: the darkest cores of the letters. */
const INK_SHARE = 0.01;
/** Paper and ink closer than this (grey levels) is a crop without writing: left as it is. */
const MIN_CONTRAST = 40;

/**
 * The crop's levels stretched so its paper is white and its ink black. Paper is the crop's median (a writing
 * box is mostly paper), ink its darkest per cent. A scan's paper is grey and its letters blurred dark grey,
 * and tesseract thresholds the whole image at once: with the white margin around the crop (and the blanked
 * outside of the room) as the light class, it set the grey paper dark with the letters and read nothing.
 */
export function paperWhiteInkBlack(grey: Uint8Array): Uint8Array {
  const hist = new Uint32Array(256);
  for (let i = 0; i < grey.length; i++) hist[grey[i]]++;
  const paper = histogramLevel(hist, 0.5), ink = histogramLevel(hist, INK_SHARE);
  if (paper - ink < MIN_CONTRAST) return grey;
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.max(0, Math.min(255, Math.round(((v - ink) * 255) / (paper - ink))));
  const out = new Uint8Array(grey.length);
  for (let i = 0; i < grey.length; i++) out[i] = lut[grey[i]];
  return out;
}

/** The lines of confident words in one crop, top to bottom. */
export async function readCrop(crop: OcrCrop, worker?: Tesseract.Worker): Promise<OcrLine[]> {
  const levels = paperWhiteInkBlack(crop.grey);
  let zoom = Math.min(MAX_ZOOM, Math.max(1, crop.paperMmPerPx / (25.4 / READ_DPI)));
  zoom = Math.min(zoom, MAX_CROP_SIDE_PX / Math.max(crop.w, crop.h));
  const cw = Math.max(1, Math.round(crop.w * zoom)), ch = Math.max(1, Math.round(crop.h * zoom));
  const src = createCanvas(crop.w, crop.h);
  const sctx = src.getContext('2d');
  const img = sctx.createImageData(crop.w, crop.h);
  for (let i = 0; i < levels.length; i++) {
    const v = levels[i];
    img.data[4 * i] = img.data[4 * i + 1] = img.data[4 * i + 2] = v;
    img.data[4 * i + 3] = 255;
  }
  sctx.putImageData(img, 0, 0);
  const big = createCanvas(cw + 20, ch + 20);
  const ctx = big.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, cw + 20, ch + 20);
  ctx.imageSmoothingEnabled = true;
  ctx.drawImage(src, 10, 10, cw, ch);
  const w = worker ?? (await ocrWorker());
  const { data } = await w.recognize(fastPng(ctx.getImageData(0, 0, cw + 20, ch + 20).data, cw + 20, ch + 20), {}, { blocks: true, text: false });
  const out: OcrLine[] = [];
  for (const b of data.blocks ?? []) for (const p of b.paragraphs) for (const l of p.lines) {
    const words = l.words.filter((wd) => wd.confidence >= MIN_WORD_CONFIDENCE && /^[\p{L}\d][\p{L}\d.\-/'’]*$/u.test(wd.text.trim()));
    if (!words.some((wd) => /\p{L}{2,}/u.test(wd.text))) continue;
    const x0 = Math.min(...words.map((wd) => wd.bbox.x0)), x1 = Math.max(...words.map((wd) => wd.bbox.x1));
    const y0 = Math.min(...words.map((wd) => wd.bbox.y0)), y1 = Math.max(...words.map((wd) => wd.bbox.y1));
    out.push({
      text: words.map((wd) => wd.text.trim()).join(' '),
      confidence: Math.min(...words.map((wd) => wd.confidence)),
      at: [((x0 + x1) / 2 - 10) / zoom, ((y0 + y1) / 2 - 10) / zoom],
    });
  }
  return out.sort((a, b) => a.at[1] - b.at[1]);
}

/**
 * The canvas's pixels as a PNG of the same kind and chunks as the canvas's own encoder writes (8-bit RGBA,
 * sBIT, sRGB), but with unfiltered rows and zlib's fastest level: the canvas's encoder took about four times as
 * long as reading the enlarged crop back and compressing it so (the enlarged crops are mostly white paper), and
 * the decoded pixels are the same, so the words read are too.
 */
function fastPng(rgba: Uint8ClampedArray, w: number, h: number): Buffer {
  const stride = 4 * w, raw = Buffer.alloc((stride + 1) * h);
  for (let y = 0; y < h; y++) raw.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('sBIT', Buffer.from([8, 8, 8, 8])), pngChunk('sRGB', Buffer.from([0])),
    pngChunk('IDAT', deflateSync(raw, { level: 1 })), pngChunk('IEND', Buffer.alloc(0))]);
}

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

function pngChunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return out;
}
