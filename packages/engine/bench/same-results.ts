/**
 * `npm run bench:same -- --out DIR [--scans] [--only TEXT] [--engine PATH]`: writes the whole AnalysisResult JSON
 * (its duration left out) of every page the bench measures into DIR, one file per page: the synthetic plans,
 * every page (up to six per file) of the vector PDFs under the shared `plans` folder, and the real plans with
 * printed areas; with `--scans`, the scanned synthetic plans and the real scans instead (OCR off).
 * `npm run bench:same -- --compare DIR_A DIR_B` lists the pages whose results differ and exits 1 when any do.
 *
 * A change made for speed must not change any result (DEVELOPERS.md): snapshot before and after it and compare.
 * `--engine PATH` runs another checkout's engine (its `packages/engine/src/index.ts`) on the same pages. The
 * synthetic plans and scans are the bench's (`bench-out/plans`): run `npm run bench:engine` once first.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import type { AnalyzeOptions } from '../src/types.js';
import { DEFAULT_OUT } from './generate.js';
import { sharedPath } from './shared-dir.js';
import { loadTruthPlans, truthOptions } from './truth-plans.js';

const argv = process.argv.slice(2);
const arg = (name: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined);

/** Every file under `dir` ending in one of `exts`, in a stable order. */
function filesUnder(dir: string, exts: string[]): string[] {
  const out: string[] = [];
  for (const f of readdirSync(dir).sort()) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p, exts));
    else if (exts.some((e) => p.toLowerCase().endsWith(e))) out.push(p);
  }
  return out;
}

const fileId = (p: string) => p.replace(/[^A-Za-z0-9.-]+/g, '_');

async function pages(scans: boolean): Promise<[string, string, AnalyzeOptions][]> {
  const jobs: [string, string, AnalyzeOptions][] = [];
  const synthetic = scans ? join(DEFAULT_OUT, 'scanned') : DEFAULT_OUT;
  if (!existsSync(synthetic)) throw new Error(`${synthetic} is missing: run npm run bench:engine once to draw the plans`);
  for (const f of readdirSync(synthetic).filter((f) => f.endsWith('.pdf')).sort()) {
    const truth = JSON.parse(readFileSync(join(synthetic, f.replace('.pdf', '.truth.json')), 'utf8')) as { options: AnalyzeOptions };
    jobs.push([f, join(synthetic, f), truth.options]);
  }
  if (scans) {
    const realScans = resolve('bench-out/real-scans');
    if (existsSync(realScans)) {
      for (const f of filesUnder(realScans, ['.pdf'])) jobs.push([`real-scan-${fileId(f.slice(realScans.length + 1))}`, f, { page: 1, scale: 100, ceilingHeightMm: 2400 }]);
    }
    return jobs;
  }
  const real = sharedPath('real-plans');
  if (real) for (const t of loadTruthPlans(real)) jobs.push([`truth-${t.id}`, t.file, truthOptions(t)]);
  const shared = sharedPath('plans');
  if (shared) {
    for (const f of filesUnder(shared, ['.pdf'])) {
      let count = 1;
      try {
        count = (await PDFDocument.load(readFileSync(f), { ignoreEncryption: true, updateMetadata: false })).getPageCount();
      } catch {
        /* a file pdf-lib cannot open: its first page is still asked */
      }
      for (let page = 1; page <= Math.min(count, 6); page++) jobs.push([`${fileId(f.slice(shared.length + 1))}-p${page}`, f, { page, scale: 100, ceilingHeightMm: 2400 }]);
    }
  }
  return jobs;
}

async function snapshot(out: string): Promise<void> {
  const enginePath = arg('engine');
  const { analyzePdf } = (await import(enginePath ? pathToFileURL(resolve(enginePath)).href : '../src/index.js')) as typeof import('../src/index.js');
  mkdirSync(out, { recursive: true });
  const only = arg('only');
  for (const [id, file, options] of await pages(argv.includes('--scans'))) {
    if (only && !id.includes(only)) continue;
    let result: unknown;
    const t0 = performance.now();
    try {
      const r = (await analyzePdf(new Uint8Array(readFileSync(file)), { ...options, ocr: false })) as { metadata?: { duration_ms?: number } };
      if (r.metadata) delete r.metadata.duration_ms;
      result = r;
    } catch (e) {
      result = { error: String(e) };
    }
    writeFileSync(join(out, `${id}.json`), JSON.stringify(result, null, 1));
    console.log(id.padEnd(90), Math.round(performance.now() - t0), 'ms');
  }
}

function compare(a: string, b: string): number {
  const names = [...new Set([...readdirSync(a), ...readdirSync(b)])].sort();
  const differ = names.filter((n) => !existsSync(join(a, n)) || !existsSync(join(b, n)) || readFileSync(join(a, n), 'utf8') !== readFileSync(join(b, n), 'utf8'));
  for (const n of differ) console.log('differs:', n);
  console.log(`${names.length - differ.length} of ${names.length} pages the same`);
  return differ.length ? 1 : 0;
}

const cmp = argv.indexOf('--compare');
if (cmp >= 0) process.exitCode = compare(argv[cmp + 1], argv[cmp + 2]);
else {
  const out = arg('out');
  if (!out) throw new Error('usage: --out DIR [--scans] [--only TEXT] [--engine PATH] | --compare DIR_A DIR_B');
  await snapshot(resolve(out));
}
