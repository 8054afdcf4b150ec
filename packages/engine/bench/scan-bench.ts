/**
 * The scanned half of bench:engine: the scanned synthetic plans (scan-plans.ts) scored like the vector
 * ones, and the real raster plans of shared/plans (aecv-bench, r3d-deepfloorplan, cubicasa5k-samples)
 * put on a PDF page each, measured, compared with the counts they come with, and drawn as overlays.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { AnalysisResult } from '../src/types.js';
import { writeOverlay } from './overlay.js';
import { refusedByEngine, type BenchRunner } from './runner.js';
import { ASSUMED_LONG_SIDE_MM, findRealScans, imagePdf } from './real-scans.js';
import { scanAll } from './scan-plans.js';
import { scorePlan, uniqueOpenings, type PlanScore } from './score.js';
import { SHARED_DIR } from './shared-dir.js';
import { percentile } from './summary.js';

const pct = (v: number, digits = 1) => (Number.isFinite(v) ? `${(v * 100).toFixed(digits)}%` : '-');
const pad = (s: string | number, n: number) => String(s).padEnd(n);
const lpad = (s: string | number, n: number) => String(s).padStart(n);

export interface ScanBenchOptions { plansDir: string; scanDir: string; ids: string[]; regen: boolean; overlayDir: string | null }

export async function runScannedSynthetic(runner: BenchRunner, o: ScanBenchOptions): Promise<{ scores: PlanScore[]; times: number[]; cpuTimes: number[]; failures: string[]; refusals: string[];
  /** The page that took longest, to measure on its own. */
  slowest?: { id: string; file: string; page: number; scale: number } }> {
  console.log(`\nSCANNED SYNTHETIC PLANS (${o.ids.length}): the same plans rendered at 100-300 dpi, turned up to ±2°, blurred, grey paper, noise, JPEG`);
  const truths = await scanAll(o.plansDir, o.scanDir, o.ids, o.regen);
  console.log(`${pad('plan', 50)}${lpad('ms', 7)}${lpad('cpu ms', 7)} ${lpad('rooms t/f/m', 12)} ${lpad('F1', 6)} ${lpad('area~', 7)} ${lpad('doors t/f', 10)} ${lpad('wins t/f', 9)}  scan`);
  const scores: PlanScore[] = [], times: number[] = [], cpuTimes: number[] = [], failures: string[] = [], refusals: string[] = [];
  let slowest: { id: string; file: string; page: number; scale: number; ms: number } | undefined;
  for (const truth of truths) {
    const file = join(o.scanDir, truth.file);
    const r = await runner.run(file, truth.options);
    const scan = truth.features.filter((f) => /dpi|skew/.test(f)).join(', ');
    if (!r.ok) {
      const refused = refusedByEngine(r);
      (refused ? refusals : failures).push(`${truth.id}: ${r.error}`);
      console.log(`${pad(truth.id, 50)}${lpad(Math.round(r.ms), 7)}  ${refused ? 'REFUSED' : 'FAILED'} ${r.error}`);
      continue;
    }
    times.push(r.ms);
    cpuTimes.push(r.cpuMs ?? Number.NaN);
    if (!slowest || r.ms > slowest.ms) slowest = { id: truth.id, file, page: truth.options.page, scale: truth.options.scale, ms: r.ms };
    const result = r.result as AnalysisResult;
    const s = scorePlan(truth, result);
    scores.push(s);
    const countsOff = s.doors.truth !== s.doors.found || s.windows.truth !== s.windows.found;
    if (o.overlayDir && (s.f1 < 0.95 || countsOff || percentile(s.matches.map((m) => m.areaError), 50) > 0.02)) {
      mkdirSync(o.overlayDir, { recursive: true });
      await writeOverlay(new Uint8Array(readFileSync(file)), 1, result, join(o.overlayDir, `${truth.id}.png`), truth).catch(() => undefined);
    }
    console.log(
      `${pad(truth.id, 50)}${lpad(Math.round(r.ms), 7)}${lpad(Math.round(r.cpuMs ?? Number.NaN), 7)} ${lpad(`${s.truthRooms}/${s.foundRooms}/${s.matches.length}`, 12)} ${lpad(s.f1.toFixed(2), 6)} ${lpad(pct(percentile(s.matches.map((m) => m.areaError), 50)), 7)} ${lpad(`${s.doors.truth}/${s.doors.found}`, 10)} ${lpad(`${s.windows.truth}/${s.windows.found}`, 9)}  ${scan}`,
    );
  }
  return { scores, times, cpuTimes, failures, refusals, slowest };
}

export async function runRealScans(runner: BenchRunner, workDir: string, overlayDir: string | null): Promise<string[]> {
  const scans = findRealScans();
  const failures: string[] = [];
  if (!scans.length) return failures;
  console.log(`\nREAL SCANS (${scans.length}, shared/plans): scale unknown, long side taken as ${ASSUMED_LONG_SIDE_MM / 1000} m; counts found vs the dataset's own (aecv-bench)`);
  console.log(`${pad('image', 44)}${lpad('ms', 7)} ${lpad('rooms', 8)} ${lpad('doors', 8)} ${lpad('wins', 8)}  note`);
  mkdirSync(workDir, { recursive: true });
  const times: number[] = [], cpuTimes: number[] = [];
  for (const s of scans) {
    const name = s.file.slice(join(SHARED_DIR, 'plans').length + 1);
    const { pdf, scale } = await imagePdf(s.file);
    const pdfFile = join(workDir, `${basename(s.file).replace(/[^A-Za-z0-9.-]+/g, '_')}.pdf`);
    writeFileSync(pdfFile, pdf);
    const r = await runner.run(pdfFile, { page: 1, scale, ceilingHeightMm: 2500 });
    if (!r.ok) {
      const refused = refusedByEngine(r);
      if (!refused) failures.push(`${name}: ${r.error}`);
      console.log(`${pad(name, 44)}${lpad(Math.round(r.ms), 7)}  ${refused ? 'REFUSED' : 'CRASH'} ${r.error}`);
      continue;
    }
    times.push(r.ms);
    cpuTimes.push(r.cpuMs ?? Number.NaN);
    const res = r.result as AnalysisResult;
    const ops = uniqueOpenings(res);
    const c = s.counts;
    const vs = (found: number, truth?: number) => (truth === undefined ? String(found) : `${found}/${truth}`);
    console.log(
      `${pad(name, 44)}${lpad(Math.round(r.ms), 7)} ${lpad(vs(res.rooms.length, c?.Space), 8)} ${lpad(vs(ops.filter((o) => o.kind === 'door').length, c?.Door), 8)} ${lpad(vs(ops.filter((o) => o.kind === 'window').length, c?.Window), 8)}  1:${scale}`,
    );
    if (overlayDir) {
      mkdirSync(overlayDir, { recursive: true });
      await writeOverlay(pdf, 1, res, join(overlayDir, `${basename(pdfFile, '.pdf')}.png`)).catch(() => undefined);
    }
  }
  console.log(`time per page (real scans): median ${Math.round(percentile(times, 50))} ms, max ${Math.round(Math.max(...times, 0))} ms; CPU median ${Math.round(percentile(cpuTimes, 50))} ms, max ${Math.round(Math.max(...cpuTimes, 0))} ms`);
  return failures;
}
