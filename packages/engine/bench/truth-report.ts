/**
 * Runs the engine on the real plans with printed areas and prints per plan and overall: rooms, found,
 * merged, right at the printed scale, right scale-free, time. Writes an overlay per plan with the anchors
 * (green: right scale-free, orange: found but off, red: missed or merged).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnalysisResult, AnalyzeOptions } from '../src/types.js';
import { BenchRunner, ParseRatios } from './runner.js';
import { writeOverlay } from './overlay.js';
import { loadTruthPlans, scoreTruthPlan, truthOptions, type TruthScore } from './truth-plans.js';

const pad = (s: string | number, n: number) => String(s).padEnd(n);
const lpad = (s: string | number, n: number) => String(s).padStart(n);
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(0)}%` : '-');

export interface TruthRunOptions { only?: string; overlayDir?: string | null; verbose?: boolean }

/** The plan the bench's warm worker took longest on: timed again as a worker call (bench.ts). */
export interface SlowestTruthPlan { id: string; file: string; options: AnalyzeOptions; ms: number }

export async function runTruthPlans(dir: string, runner: BenchRunner, o: TruthRunOptions = {}): Promise<{ scores: TruthScore[]; crashes: string[]; times: number[]; ratios: ParseRatios; slowest: SlowestTruthPlan | null }> {
  const plans = loadTruthPlans(dir).filter((t) => !o.only || t.id.includes(o.only));
  const scores: TruthScore[] = [];
  const crashes: string[] = [];
  const times: number[] = [];
  const ratios = new ParseRatios();
  let slowest: SlowestTruthPlan | null = null;
  console.log(`\nREAL PLANS WITH PRINTED AREAS (${plans.length} plans): found = a detected room holds the anchor; right = within 3 %`);
  console.log(`${pad('plan', 30)}${lpad('ms', 7)} ${lpad('rooms', 6)} ${lpad('det', 5)} ${lpad('found', 6)} ${lpad('merged', 7)} ${lpad('right@scale', 12)} ${lpad('right free', 11)} ${lpad('med ratio', 10)} ${lpad('named', 6)}`);
  for (const t of plans) {
    const r = await runner.run(t.file, truthOptions(t));
    if (!r.ok) {
      crashes.push(`${t.id}: ${r.error}`);
      console.log(`${pad(t.id, 30)}${lpad(Math.round(r.ms), 7)}  FAILED ${r.error}`);
      continue;
    }
    times.push(r.ms);
    if (!slowest || r.ms > slowest.ms) slowest = { id: t.id, file: t.file, options: truthOptions(t), ms: r.ms };
    ratios.add(r, t.id);
    const res = r.result as AnalysisResult;
    const s = scoreTruthPlan(t, res);
    scores.push(s);
    const n = t.rooms.length;
    console.log(
      `${pad(t.id, 30)}${lpad(Math.round(r.ms), 7)} ${lpad(n, 6)} ${lpad(s.detected, 5)} ${lpad(pct(s.found, n), 6)} ${lpad(pct(s.merged, n), 7)} ${lpad(s.rightPrinted === null ? '-' : pct(s.rightPrinted, n), 12)} ${lpad(pct(s.rightFree, n), 11)} ${lpad(Number.isFinite(s.medianRatio) ? s.medianRatio.toFixed(3) : '-', 10)} ${lpad(pct(s.named, n), 6)}`,
    );
    if (o.verbose)
      for (const x of s.rooms)
        console.log(`    ${pad(x.label, 28)} printed ${lpad(x.printed.toFixed(2), 7)}  measured ${lpad(x.measured === null ? '-' : x.measured.toFixed(2), 7)}  ${x.merged ? 'MERGED' : x.ratio === null ? 'MISSED' : x.rightFree ? 'ok' : `off ${((x.ratio / s.medianRatio - 1) * 100).toFixed(1)}%`}  | ${x.found ?? ''}`);
    if (o.overlayDir) {
      mkdirSync(o.overlayDir, { recursive: true });
      const k = res.metadata.mm_per_pt;
      const marks = t.rooms.map((room, j) => ({
        at: [room.anchor_pt[0] * k, (t.page_size_pt[1] - room.anchor_pt[1]) * k] as [number, number],
        color: s.rooms[j].rightFree ? '#0a0' : s.rooms[j].ratio !== null ? '#f80' : '#e00',
        text: `${room.label} ${room.area_m2}`,
      }));
      await writeOverlay(new Uint8Array(readFileSync(t.file)), t.page, res, join(o.overlayDir, `${t.id}.png`), undefined, marks).catch((e) =>
        console.log(`  (overlay failed: ${(e as Error).message})`),
      );
    }
  }
  const total = plans.reduce((a, t) => a + t.rooms.length, 0);
  const sum = (f: (s: TruthScore) => number) => scores.reduce((a, s) => a + f(s), 0);
  const withScale = scores.filter((s) => s.rightPrinted !== null);
  const scaledRooms = plans.filter((t) => t.scale).reduce((a, t) => a + t.rooms.length, 0);
  const worst = Math.min(...scores.map((s) => s.rightFree / s.rooms.length));
  console.log(
    `${pad('ALL', 30)}${lpad('', 7)} ${lpad(total, 6)} ${lpad(sum((s) => s.detected), 5)} ${lpad(pct(sum((s) => s.found), total), 6)} ${lpad(pct(sum((s) => s.merged), total), 7)} ${lpad(pct(withScale.reduce((a, s) => a + (s.rightPrinted ?? 0), 0), scaledRooms), 12)} ${lpad(pct(sum((s) => s.rightFree), total), 11)} ${lpad('', 10)} ${lpad(pct(sum((s) => s.named), total), 6)}`,
  );
  console.log(`bar (scale-free): >= 80 % right overall, no plan under 50 % (worst now ${Number.isFinite(worst) ? (worst * 100).toFixed(0) : '-'} %), < 5 % merged`);
  return { scores, crashes, times, ratios, slowest };
}

if (process.argv[1]?.endsWith('truth-report.ts')) {
  const { sharedPath } = await import('./shared-dir.js');
  const dir = sharedPath('real-plans');
  if (!dir) {
    console.error('no real-plans folder (set PLANSIGHT_SHARED)');
    process.exit(2);
  }
  const argv = process.argv.slice(2);
  const arg = (name: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined);
  const runner = new BenchRunner(Number(arg('timeout') ?? 60_000));
  await runTruthPlans(dir, runner, { only: arg('only'), overlayDir: argv.includes('--no-overlays') ? null : 'bench-out/overlays/truth', verbose: argv.includes('--verbose') });
  await runner.close();
}
