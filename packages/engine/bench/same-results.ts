/**
 * `npm run bench:same -- --out DIR [--scans] [--only TEXT] [--engine PATH]`: writes the whole AnalysisResult JSON
 * (its duration left out) of every page `npm run bench:engine` measures into DIR, one file per page, with the
 * options the bench gives it: the synthetic plans, the real plans with printed areas and the vector PDFs under
 * the shared `plans` folder; with `--scans`, the scanned synthetic plans and the real scans instead (OCR off).
 * `npm run bench:same -- --compare DIR_A DIR_B` lists the pages whose results differ and exits 1 when any do.
 * `--kept` measures each page from the page as kept in the thread (held-page.ts): read for its scale with `hold`,
 * analysed from that with `keepPage`, and analysed again from what that analysis kept; the two must agree, and
 * the snapshot compared with a plain one shows that a kept page measures as the file does.
 *
 * A change made for speed must not change any result (DEVELOPERS.md): snapshot before and after it and compare.
 * `--engine PATH` runs another checkout's engine (its `packages/engine/src/index.ts`) on the same pages. The
 * synthetic plans and scans are the bench's (`bench-out/plans`): run `npm run bench:engine` once first.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnalyzeOptions } from '../src/types.js';
import { DEFAULT_OUT } from './generate.js';
import { REAL_PLANS_DIR, realPlanPages } from './real-plans.js';
import { findRealScans, imagePdf } from './real-scans.js';
import { sharedPath } from './shared-dir.js';
import { loadTruthPlans, truthOptions } from './truth-plans.js';

const argv = process.argv.slice(2);
const arg = (name: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined);

/** A page to analyse: its id (the snapshot's file name), its bytes and the options the bench gives it. */
type Job = [id: string, bytes: () => Promise<Uint8Array>, options: AnalyzeOptions];

const fromFile = (file: string) => async () => new Uint8Array(readFileSync(file));
const fileId = (p: string) => p.replace(/[^A-Za-z0-9.-]+/g, '_');

/** The pages `npm run bench:engine` analyses, with the options it gives them (the bench's own lists). */
async function pages(scans: boolean): Promise<Job[]> {
  const jobs: Job[] = [];
  const synthetic = scans ? join(DEFAULT_OUT, 'scanned') : DEFAULT_OUT;
  if (!existsSync(synthetic)) throw new Error(`${synthetic} is missing: run npm run bench:engine once to draw the plans`);
  for (const f of readdirSync(synthetic).filter((f) => f.endsWith('.pdf')).sort()) {
    const truth = JSON.parse(readFileSync(join(synthetic, f.replace('.pdf', '.truth.json')), 'utf8')) as { options: AnalyzeOptions };
    jobs.push([f, fromFile(join(synthetic, f)), truth.options]);
  }
  if (scans) {
    for (const s of findRealScans()) {
      const { pdf, scale } = await imagePdf(s.file);
      jobs.push([`real-scan-${fileId(s.file.slice(REAL_PLANS_DIR.length + 1))}`, async () => pdf, { page: 1, scale, ceilingHeightMm: 2500 }]);
    }
    return jobs;
  }
  const real = sharedPath('real-plans');
  if (real) for (const t of loadTruthPlans(real)) jobs.push([`truth-${t.id}`, fromFile(t.file), truthOptions(t)]);
  if (existsSync(REAL_PLANS_DIR)) {
    for (const { plan, rel, page, options } of await realPlanPages()) jobs.push([`${fileId(rel)}-p${page}`, fromFile(plan.file), options]);
  }
  return jobs;
}

/** A result without the time it took. */
function measured(r: unknown): unknown {
  const x = r as { metadata?: { duration_ms?: number } };
  if (x.metadata) delete x.metadata.duration_ms;
  return x;
}

async function snapshot(out: string): Promise<void> {
  const enginePath = arg('engine');
  const { analyzePdf, readPageScale } = (await import(enginePath ? pathToFileURL(resolve(enginePath)).href : '../src/index.js')) as typeof import('../src/index.js');
  const kept = argv.includes('--kept');
  mkdirSync(out, { recursive: true });
  const only = arg('only');
  for (const [id, bytes, options] of await pages(argv.includes('--scans'))) {
    if (only && !id.includes(only)) continue;
    let result: unknown;
    const t0 = performance.now();
    try {
      const file = await bytes();
      const o = { ...options, ocr: false };
      if (kept) {
        // the page as a scale reading keeps it, an analysis from it that keeps it again, and one more from that
        await readPageScale(file, o.page, { keepPage: true });
        const first = JSON.stringify(measured(await analyzePdf(new Uint8Array(file), o, { keepPage: true })));
        const second = measured(await analyzePdf(new Uint8Array(file), o));
        result = first === JSON.stringify(second) ? second : { error: 'the analysis from the reading\'s kept page and the one from the analysis\'s kept page differ' };
      } else {
        result = measured(await analyzePdf(file, o));
      }
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
  if (!out) throw new Error('usage: --out DIR [--scans] [--kept] [--only TEXT] [--engine PATH] | --compare DIR_A DIR_B');
  await snapshot(resolve(out));
}
