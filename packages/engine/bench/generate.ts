/**
 * `npm run gen:plans [-- --out DIR --count N]`: writes the synthetic plans and their truth files.
 * Deterministic: the same catalogue gives the same bytes on every run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { catalog } from './catalog.js';
import { buildPlan } from './plan-pdf.js';
import type { PlanTruth } from './truth.js';

export const DEFAULT_OUT = resolve(process.cwd(), 'bench-out/plans');

export async function generateAll(outDir = DEFAULT_OUT, count = 64): Promise<PlanTruth[]> {
  mkdirSync(outDir, { recursive: true });
  const truths: PlanTruth[] = [];
  for (const spec of catalog(count)) {
    const { pdf, truth } = await buildPlan(spec);
    writeFileSync(join(outDir, truth.file), pdf);
    writeFileSync(join(outDir, `${spec.id}.truth.json`), JSON.stringify(truth, null, 1));
    truths.push(truth);
  }
  writeFileSync(join(outDir, 'index.json'), JSON.stringify(truths.map((t) => t.id), null, 1));
  return truths;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = resolve(arg('out') ?? DEFAULT_OUT);
  const count = Number(arg('count') ?? 64);
  const started = Date.now();
  const truths = await generateAll(out, count);
  const rooms = truths.reduce((s, t) => s + t.totals.rooms, 0);
  const openings = truths.reduce((s, t) => s + t.totals.doors + t.totals.windows, 0);
  console.log(`${truths.length} plans, ${rooms} rooms, ${openings} openings -> ${out} (${Date.now() - started} ms)`);
}
