/**
 * `npm run bench:engine [-- --regen --only TEXT[,TEXT...] --no-real --no-truth --no-scans --scans-only --scan-count N --no-real-scans --verbose --timeout MS]`
 * Runs the engine on every synthetic plan (generated when missing) and every real vector PDF under
 * shared/plans (beside the repository, or PLANSIGHT_SHARED), then the real plans with printed areas
 * (shared/real-plans), one page at a time in a worker thread, and prints accuracy and time figures; then
 * the same synthetic plans as scans (raster source) and the real raster plans of shared/plans.
 * Exits non-zero when the engine crashes or a page times out. Figures only: nothing here is a test.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { join, relative, resolve } from 'node:path';
import type { AnalysisResult } from '../src/types.js';
import { DEFAULT_OUT, generateAll } from './generate.js';
import { REAL_PLANS_DIR, realPlanPages } from './real-plans.js';
import { sharedPath } from './shared-dir.js';
import { runTruthPlans, type SlowestTruthPlan } from './truth-report.js';
import { BenchRunner, ParseRatios, refusedByEngine } from './runner.js';
import { runRealScans, runScannedSynthetic } from './scan-bench.js';
import { writeOverlay } from './overlay.js';
import { scorePlan, type PlanScore, normalizeLabel, uniqueOpenings } from './score.js';
import { percentile, summarize, type Summary } from './summary.js';
import type { PlanTruth } from './truth.js';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const arg = (name: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined);

const REAL_PAGE_LIMIT_MS = 10_000;
const HARD_TIMEOUT_MS = Number(arg('timeout') ?? 30_000);
/** Analyses of the first synthetic plan before any page is timed (the JIT's warm-up; about a second). */
const WARM_UP_RUNS = 40;
const MAX_SYNTHETIC_OVERLAYS = 12;
const OVERLAY_DIR = resolve('bench-out/overlays');

const pct = (v: number, digits = 1) => (Number.isFinite(v) ? `${(v * 100).toFixed(digits)}%` : '-');
const pad = (s: string | number, n: number) => String(s).padEnd(n);
const lpad = (s: string | number, n: number) => String(s).padStart(n);

async function main(): Promise<number> {
  const plansDir = resolve(arg('plans') ?? DEFAULT_OUT);
  // (drawing the test plans and their scans happens in this process and can take gigabytes: the whole-process
  // peak printed at the end says so when this run drew any)
  const fileCount = (dir: string) => (existsSync(dir) ? readdirSync(dir).length : 0);
  const drawnBefore = fileCount(plansDir) + fileCount(join(plansDir, 'scanned')) + fileCount(resolve('bench-out/real-scans'));
  if (flag('regen') || !existsSync(join(plansDir, 'index.json'))) {
    console.log(`generating synthetic plans into ${plansDir} ...`);
    await generateAll(plansDir);
  }
  const ids: string[] = JSON.parse(readFileSync(join(plansDir, 'index.json'), 'utf8'));
  const only = arg('only');
  const truths: PlanTruth[] = ids.filter((id) => !only || only.split(',').some((o) => id.includes(o))).map((id) => JSON.parse(readFileSync(join(plansDir, `${id}.truth.json`), 'utf8')));
  if (!process.env.BENCH_ENGINE) {
    const engine = (await import('../src/index.js').catch((e: Error) => ({ error: e }))) as { analyzePdf?: unknown; error?: Error };
    if (typeof engine.analyzePdf !== 'function') {
      console.error(`engine not available: packages/engine/src/index.ts does not export analyzePdf (${engine.error?.message ?? 'no export'})`);
      return 2;
    }
  }
  const runner = new BenchRunner(HARD_TIMEOUT_MS);
  const times: number[] = [];
  /** engine time ÷ bare pdf.js parse time, per page (the highest are named) */
  const ratios = new ParseRatios();
  const scores: PlanScore[] = [];
  const failures: string[] = [];
  let crashes = 0;
  const refusals: string[] = [];
  const results: Record<string, unknown> = {};
  let overlaysWritten = 0;
  let slowestReal: SlowestTruthPlan | null = null;

  console.log(`\nSYNTHETIC PLANS (${truths.length}), matched by polygon IoU >= 0.5`);
  console.log(
    `${pad('plan', 44)}${lpad('ms', 7)} ${lpad('rooms t/f/m', 12)} ${lpad('F1', 6)} ${lpad('area~', 7)} ${lpad('perim~', 7)} ${lpad('labels', 7)} ${lpad('doors t/f', 10)} ${lpad('wins t/f', 9)} ${lpad('ext', 7)}`,
  );
  // the worker's engine code compiled before anything is timed: otherwise the first pages compare the engine's code
  // before the JIT has compiled it with pdf.js's, compiled by the engine's own parse of each page
  if (truths.length && !flag('scans-only')) await runner.warmUp(join(plansDir, truths[0].file), truths[0].options, WARM_UP_RUNS);
  // (--scans-only: only the scanned half, for work on the raster source)
  for (const truth of flag('scans-only') ? [] : truths) {
    const r = await runner.run(join(plansDir, truth.file), truth.options);
    if (!r.ok) {
      crashes++;
      failures.push(`${truth.id}: ${r.error}`);
      console.log(`${pad(truth.id, 44)}${lpad(Math.round(r.ms), 7)}  FAILED ${r.error}`);
      continue;
    }
    times.push(r.ms);
    ratios.add(r, truth.id);
    const result = r.result as AnalysisResult;
    results[truth.id] = result;
    const s = scorePlan(truth, result);
    scores.push(s);
    // Overlays of the weak plans (truth dashed green), for the engine author to look at.
    const weak = s.f1 < 0.97 || percentile(s.matches.map((m) => m.areaError), 50) > 0.02;
    if (!flag('no-overlays') && (flag('overlays') || (weak && overlaysWritten < MAX_SYNTHETIC_OVERLAYS))) {
      overlaysWritten++;
      mkdirSync(join(OVERLAY_DIR, 'synthetic'), { recursive: true });
      await writeOverlay(new Uint8Array(readFileSync(join(plansDir, truth.file))), truth.options.page, result, join(OVERLAY_DIR, 'synthetic', `${truth.id}.png`), truth).catch(
        (e) => console.log(`  (overlay failed: ${(e as Error).message})`),
      );
    }
    const med = (v: number[]) => percentile(v, 50);
    const labels = s.matches.length ? `${s.matches.filter((m) => m.labelRight).length}/${s.matches.length}` : '-';
    console.log(
      `${pad(truth.id, 44)}${lpad(Math.round(r.ms), 7)} ${lpad(`${s.truthRooms}/${s.foundRooms}/${s.matches.length}`, 12)} ${lpad(s.f1.toFixed(2), 6)} ${lpad(pct(med(s.matches.map((m) => m.areaError))), 7)} ${lpad(pct(med(s.matches.map((m) => m.perimeterError))), 7)} ${lpad(labels, 7)} ${lpad(`${s.doors.truth}/${s.doors.found}`, 10)} ${lpad(`${s.windows.truth}/${s.windows.found}`, 9)} ${lpad(s.exteriorLengthError === null ? '-' : pct(s.exteriorLengthError), 7)}`,
    );
  }

  if (!flag('scans-only')) {
    const byStyle = new Map<string, PlanScore[]>();
    for (const s of scores) byStyle.set(s.wallStyle, [...(byStyle.get(s.wallStyle) ?? []), s]);
    console.log('\nSUMMARY (synthetic)');
    printSummaries([...[...byStyle.entries()].map(([k, v]) => [k, summarize(v)] as [string, Summary]), ['ALL', summarize(scores)]]);
    console.log(
      `\ntime per page (synthetic, engine only): median ${Math.round(percentile(times, 50))} ms, p90 ${Math.round(percentile(times, 90))} ms, p95 ${Math.round(percentile(times, 95))} ms, max ${Math.round(Math.max(...times, 0))} ms`,
    );
    console.log(`failures (synthetic): ${truths.length - scores.length} of ${truths.length}`);
  }

  // Scanned versions of the same plans (raster source), figures beside the vector ones.
  if (!flag('no-scans')) {
    const scanIds = truths.map((t) => t.id).slice(0, Number(arg('scan-count') ?? truths.length));
    const sc = await runScannedSynthetic(runner, {
      plansDir, scanDir: join(plansDir, 'scanned'), ids: scanIds, regen: flag('regen'), overlayDir: flag('no-overlays') ? null : join(OVERLAY_DIR, 'scanned'),
    });
    failures.push(...sc.failures);
    crashes += sc.failures.length;
    refusals.push(...sc.refusals);
    console.log('\nSUMMARY (scanned synthetic beside vector)');
    printSummaries([['vector', summarize(scores.filter((s) => scanIds.includes(s.id)))], ['scanned', summarize(sc.scores)]]);
    console.log(`time per page (scanned, engine only): median ${Math.round(percentile(sc.times, 50))} ms, p90 ${Math.round(percentile(sc.times, 90))} ms, max ${Math.round(Math.max(...sc.times, 0))} ms; CPU median ${Math.round(percentile(sc.cpuTimes, 50))} ms, p90 ${Math.round(percentile(sc.cpuTimes, 90))} ms, max ${Math.round(Math.max(...sc.cpuTimes, 0))} ms`);
    if (sc.slowest) console.log(pagePeak(sc.slowest));
    if (!flag('no-real-scans')) failures.push(...(await runRealScans(runner, resolve('bench-out/real-scans'), flag('no-overlays') ? null : join(OVERLAY_DIR, 'real-scans'))));
  }

  // Real plans: no geometry truth; must not crash, each page under 10 s.
  const realRows: string[] = [];
  if (!flag('no-real') && existsSync(REAL_PLANS_DIR)) {
    console.log(`\nREAL VECTOR PDFs (${relative(process.cwd(), REAL_PLANS_DIR) || '.'}): must not crash, each page < ${REAL_PAGE_LIMIT_MS / 1000} s`);
    console.log(`${pad('file / page', 70)}${lpad('ms', 7)} ${lpad('rooms', 6)} ${lpad('doors', 6)} ${lpad('wins', 5)}  note`);
    const realTimes: number[] = [];
    for (const { plan, rel, page, options } of await realPlanPages()) {
      const r = await runner.run(plan.file, options);
      const name = `${rel.length > 62 ? `${rel.slice(0, 59)}...` : rel} p${page}`;
      if (!r.ok) {
        const refused = refusedByEngine(r);
        if (!refused) crashes++;
        const line = `${pad(name, 70)}${lpad(Math.round(r.ms), 7)}  ${refused ? 'REFUSED' : 'CRASH'} ${r.error}`;
        realRows.push(line);
        if (!refused) failures.push(`${name}: ${r.error}`);
        console.log(line);
        continue;
      }
      realTimes.push(r.ms);
      ratios.add(r, name);
      const res = r.result as AnalysisResult;
      if (!flag('no-overlays')) {
        mkdirSync(join(OVERLAY_DIR, 'real'), { recursive: true });
        const png = join(OVERLAY_DIR, 'real', `${rel.replace(/[^A-Za-z0-9.-]+/g, '_')}-p${page}.png`);
        await writeOverlay(new Uint8Array(readFileSync(plan.file)), page, res, png).catch((e) => console.log(`  (overlay failed: ${(e as Error).message})`));
      }
      const ops = uniqueOpenings(res);
      const slow = r.ms > REAL_PAGE_LIMIT_MS;
      if (slow) failures.push(`${name}: ${Math.round(r.ms)} ms > ${REAL_PAGE_LIMIT_MS} ms`);
      const line = `${pad(name, 70)}${lpad(Math.round(r.ms), 7)} ${lpad(res.rooms.length, 6)} ${lpad(ops.filter((o) => o.kind === 'door').length, 6)} ${lpad(ops.filter((o) => o.kind === 'window').length, 5)}  ${slow ? 'SLOW ' : ''}${page === 1 ? plan.note : ''}`;
      realRows.push(line);
      console.log(line);
      if (plan.rooms && page === 1) console.log(handTruthReport(plan.rooms, res));
      if (plan.exteriorMm && page === 1) console.log(exteriorReport(plan.exteriorMm, res));
      if (plan.expectLabels && page === 1) console.log(labelReport(plan.expectLabels, res));
    }
    console.log(`time per page (real): median ${Math.round(percentile(realTimes, 50))} ms, p95 ${Math.round(percentile(realTimes, 95))} ms, max ${Math.round(Math.max(...realTimes, 0))} ms`);
  }
  const truthDir = sharedPath('real-plans');
  if (!flag('no-truth') && truthDir) {
    const t = await runTruthPlans(truthDir, runner, { overlayDir: flag('no-overlays') ? null : join(OVERLAY_DIR, 'truth'), verbose: flag('verbose') });
    crashes += t.crashes.length;
    ratios.addAll(t.ratios);
    failures.push(...t.crashes);
    slowestReal = t.slowest;
  }
  await runner.close();
  const parseRatios = ratios.timed, steadyRatios = ratios.steady;
  if (parseRatios.length) {
    console.log(
      `\nengine time / bare pdf.js parse (getOperatorList + getTextContent) of the same page: median ${percentile(parseRatios, 50).toFixed(1)}x, p90 ${percentile(parseRatios, 90).toFixed(1)}x, max ${Math.max(...parseRatios).toFixed(1)}x (${parseRatios.length} pages; best of 5 runs of each where the engine takes under 1 s, of 15 under 50 ms; the worker first analyses the first plan ${WARM_UP_RUNS} times untimed; a page whose room names are drawn as shapes is timed without their OCR)`,
    );
    const over = ratios.over3('timed');
    console.log(`  over 3x: ${over.count} of ${parseRatios.length} pages; the highest: ${over.highest || 'none'}`);
    // (the same pages once their own code paths are compiled: the best of 15 runs of every page under 1 s)
    const steadyOver = ratios.over3('steady');
    console.log(`  at steady state (best of 15 runs of each page under 1 s): median ${percentile(steadyRatios, 50).toFixed(1)}x, p90 ${percentile(steadyRatios, 90).toFixed(1)}x; over 3x: ${steadyOver.count} of ${steadyRatios.length} pages${steadyOver.count ? `: ${steadyOver.highest}` : ''}`);
    // (the bar's own page: the simple page the CLI is timed on below)
    const simple = truths[0] ? ratios.of(truths[0].id) : null;
    if (simple) console.log(`  the simple page (${truths[0].id}, the CLI's page below): ${simple.timed.toFixed(1)}x timed, ${simple.steady.toFixed(1)}x at steady state (bar: at most 3x)`);
  }
  console.log(cliTiming(join(plansDir, truths[0]?.file ?? ''), truths[0]?.options.page ?? 1));
  if (truths[0]) console.log(await workerCallTiming(join(plansDir, truths[0].file), truths[0].options));
  // (the densest real sheet the way a user meets it: its worker thread has analysed nothing before, so pdf.js's and the
  // engine's code is not yet compiled by the JIT, which the bench's worker has had every page before to do)
  if (slowestReal) console.log(await workerCallTiming(slowestReal.file, slowestReal.options, 1, `slowest real plan (${slowestReal.id}, ${Math.round(slowestReal.ms)} ms in the bench's warm worker)`));
  // (and in an engine host as the server runs them: on the worker it keeps waiting, which has loaded the engine and
  // analysed the built-in warm-up plan while the upload's page was picked)
  if (truths[0]) console.log(await workerCallTiming(join(plansDir, truths[0].file), truths[0].options, 3, 'simple page', true));
  if (slowestReal) console.log(await workerCallTiming(slowestReal.file, slowestReal.options, 2, `slowest real plan (${slowestReal.id})`, true));
  // (and as a user meets it on the ceiling-scale step: the page's scale is read while the scale is chosen, and its
  // worker keeps the page as read for the analysis)
  if (truths[0]) console.log(await workerCallTiming(join(plansDir, truths[0].file), truths[0].options, 3, 'simple page', 'held'));
  if (slowestReal) console.log(await workerCallTiming(slowestReal.file, slowestReal.options, 2, `slowest real plan (${slowestReal.id})`, 'held'));
  const rssMb = process.resourceUsage().maxRSS / 1024;
  const drew = flag('regen') || fileCount(plansDir) + fileCount(join(plansDir, 'scanned')) + fileCount(resolve('bench-out/real-scans')) !== drawnBefore;
  console.log(`\npeak RSS (whole process incl. worker): ${Math.round(rssMb)} MB${drew ? ' (this run also drew test plans or scans in this process, counted here: run again for the engine\'s own figure)' : ''}`);
  console.log(`crashes/timeouts: ${crashes}`);
  if (refusals.length) console.log(`refused with the engine's message (scanned under 75 dpi at the plan's scale): ${refusals.length}`);
  if (!flag('no-overlays')) console.log(`overlays: ${relative(process.cwd(), OVERLAY_DIR)}/{real,synthetic}/*.png (synthetic: plans with F1 < 0.97 or median area error > 2 %; --overlays for all)`);
  if (failures.length) console.log(`failures:\n  ${failures.join('\n  ')}`);
  mkdirSync(resolve('bench-out'), { recursive: true });
  writeFileSync(resolve('bench-out/bench-scores.json'), JSON.stringify({ scores, failures, times }, null, 1));
  writeFileSync(resolve('bench-out/bench-results.json'), JSON.stringify(results));
  return crashes > 0 ? 1 : 0;
}

/** The CLI as a whole process (Node start, bundle, pdf.js, engine, JSON out) on a simple page, 3 runs. */
function cliTiming(pdf: string, page: number): string {
  if (!existsSync(pdf)) return 'cli: no page to time';
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [resolve('packages/engine/scripts/analyze.mjs'), pdf, '--page', String(page), '--scale', '1:100'], { encoding: 'utf8' });
    if (r.status !== 0) return `cli: failed (${r.stderr.trim().slice(0, 200)})`;
    runs.push(performance.now() - t0);
  }
  return `cli (node packages/engine/scripts/analyze.mjs, whole process, simple page): ${runs.map((v) => Math.round(v)).join(' / ')} ms`;
}

/** How long after an upload check (or the last analysis) the host is asked for an analysis. */
const HOST_PAUSE_MS = 3000;

/**
 * An analysis as the server asks for one (analyzePdfInWorker), `calls` times: on a fresh worker thread of this
 * process, which loads pdf.js and the engine's bundle, then analyses; or, with `host`, as the server runs it: in an
 * engine host process (worker.ts, ADR 009), after the page's upload check, each call a few seconds after the last
 * (a user picking the page and the scale), when the host has the worker it keeps waiting for the next analysis
 * loaded and warmed on the built-in plan. With 'held', the first analysis follows the page's scale reading a few
 * seconds before, as on the ceiling-scale step, whose worker keeps the page as read for it (`hold`), and each next
 * one (another scale, a calibration) the analysis before, which kept it again.
 */
async function workerCallTiming(pdf: string, options: PlanTruth['options'], calls = 3, what = 'simple page', host: boolean | 'held' = false): Promise<string> {
  const { analyzePdfInWorker, configureEngine, previewPdfInWorker, readPageScaleInWorker } = await import('../src/worker.js');
  const bytes = new Uint8Array(readFileSync(pdf));
  const runs: number[] = [], readings: number[] = [];
  const pause = () => new Promise((r) => setTimeout(r, HOST_PAUSE_MS));
  if (host) configureEngine({ hosts: 1 });
  try {
    if (host) await previewPdfInWorker(bytes, options.page, { maxWidthPx: 2000 }, { timeoutMs: 120_000 });
    for (let i = 0; i < calls; i++) {
      if (host) await pause();
      const hold = host === 'held' ? `bench ${pdf}#${options.page}` : undefined;
      // (the next analyses of the page start from what the one before kept)
      if (hold && i === 0) {
        const t = performance.now();
        await readPageScaleInWorker(bytes, options.page, { timeoutMs: 120_000, hold });
        readings.push(performance.now() - t);
        await pause();
      }
      const t0 = performance.now();
      try {
        await analyzePdfInWorker(bytes, options, { timeoutMs: 120_000, hold });
      } catch (e) {
        return `worker call: failed (${(e as Error).message.slice(0, 200)})`;
      }
      runs.push(performance.now() - t0);
    }
  } catch (e) {
    return `upload check: failed (${(e as Error).message.slice(0, 200)})`;
  } finally {
    if (host) configureEngine({ hosts: 0 });
  }
  const how = host === 'held' ? `in an engine host, ${HOST_PAUSE_MS / 1000} s after the page's scale reading (${readings.map((v) => Math.round(v)).join(' / ')} ms) kept the page, then each ${HOST_PAUSE_MS / 1000} s after the analysis before, which kept it again`
    : host ? `in an engine host, ${HOST_PAUSE_MS / 1000} s after its upload check or last analysis` : 'fresh worker thread';
  return `worker call (analyzePdfInWorker as the server runs it, ${how}, ${what}): ${runs.map((v) => Math.round(v)).join(' / ')} ms`;
}

/**
 * One page alone as a whole CLI process (Node, pdf.js, the engine, its OCR workers and pixel helper): its time
 * and peak resident memory, the figure the scans' memory bar is about (a page's own, not the bench process's
 * over all pages).
 */
function pagePeak(p: { id: string; file: string; page: number; scale: number }): string {
  const cli = pathToFileURL(resolve('packages/engine/scripts/analyze.mjs')).href;
  // (the peak of this process's own memory: VmHWM where Linux gives it. getrusage's maxRSS starts from the
  // parent's resident size when the child is forked, so a big bench process would be counted in it)
  const peak = `(() => { try { return +/VmHWM:\\s*(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]; } catch { return process.resourceUsage().maxRSS; } })()`;
  const script = `import { readFileSync } from 'node:fs'; process.on('exit', () => process.stderr.write('\\nMAXRSS ' + ${peak} + '\\n')); await import(${JSON.stringify(cli)});`;
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, p.file, '--page', String(p.page), '--scale', `1:${p.scale}`],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const ms = performance.now() - t0;
  const kb = Number(/MAXRSS (\d+)/.exec(r.stderr ?? '')?.[1]);
  if (r.status !== 0 || !kb) return `slowest scanned page alone: failed (${(r.stderr ?? '').trim().slice(0, 200)})`;
  return `slowest scanned page alone (${p.id}, whole CLI process, OCR included): ${Math.round(ms)} ms, peak RSS ${Math.round(kb / 1024)} MB`;
}

function printSummaries(rows: [string, Summary][]): void {
  console.log(
    `${pad('wall style', 14)}${lpad('plans', 6)} ${lpad('P', 7)} ${lpad('R', 7)} ${lpad('F1', 7)} ${lpad('area med', 9)} ${lpad('area p90', 9)} ${lpad('>3% off', 8)} ${lpad('per med', 8)} ${lpad('per p90', 8)} ${lpad('labels', 7)} ${lpad('doors=', 7)} ${lpad('wins=', 7)} ${lpad('w err', 6)} ${lpad('h err', 6)} ${lpad('ext med', 8)}`,
  );
  for (const [name, s] of rows)
    console.log(
      `${pad(name, 14)}${lpad(s.plans, 6)} ${lpad(pct(s.precision), 7)} ${lpad(pct(s.recall), 7)} ${lpad(pct(s.f1), 7)} ${lpad(pct(s.areaErrMedian, 2), 9)} ${lpad(pct(s.areaErrP90, 2), 9)} ${lpad(pct(s.areaOff3, 1), 8)} ${lpad(pct(s.perimErrMedian, 2), 8)} ${lpad(pct(s.perimErrP90, 2), 8)} ${lpad(pct(s.labelAccuracy, 0), 7)} ${lpad(pct(s.doorCountExact, 0), 7)} ${lpad(pct(s.windowCountExact, 0), 7)} ${lpad(Number.isFinite(s.openingWidthErrMedianMm) ? Math.round(s.openingWidthErrMedianMm) : '-', 6)} ${lpad(Number.isFinite(s.openingHeightErrMedianMm) ? Math.round(s.openingHeightErrMedianMm) : '-', 6)} ${lpad(pct(s.exteriorLenErrMedian, 2), 8)}`,
    );
  console.log('(area/per: relative error of matched rooms; >3% off: share of matched rooms more than 3 % off in area; doors=/wins=: plans with the exact count; w/h err: median |error| mm of matched openings; ext: outside wall length)');
}

/**
 * Real sheets rarely state their scale, so compare areas without it: found/printed area per room label;
 * an engine right up to the scale gives the same ratio for every room (spread = how far from that).
 */
function handTruthReport(rooms: { label: string; areaM2: number }[], res: AnalysisResult): string {
  const rows: string[] = [];
  const ratios: number[] = [];
  for (const t of rooms) {
    const f = res.rooms.find((r) => normalizeLabel(r.label ?? '') === normalizeLabel(t.label));
    if (!f) {
      rows.push(`    ${pad(t.label, 14)} printed ${t.areaM2.toFixed(1)} m², not found by label`);
      continue;
    }
    const ratio = f.ceiling_area / 1e6 / t.areaM2;
    ratios.push(ratio);
    rows.push(`    ${pad(t.label, 14)} printed ${t.areaM2.toFixed(1)} m², found ${(f.ceiling_area / 1e6).toFixed(2)} m² (ratio ${ratio.toFixed(3)})`);
  }
  const med = percentile(ratios, 50);
  const spread = ratios.length ? Math.max(...ratios.map((r) => Math.abs(r / med - 1))) : NaN;
  rows.push(`    hand truth: ${ratios.length}/${rooms.length} rooms found by label; max deviation from common ratio ${pct(spread)}`);
  return rows.join('\n');
}

/** Printed room tags found as room labels (name and number both in one room's label). */
function labelReport(expected: string[], res: AnalysisResult): string {
  const found = res.rooms.map((r) => normalizeLabel(r.label ?? ''));
  const hits = expected.filter((e) => {
    const words = normalizeLabel(e).split(' ');
    return found.some((f) => words.every((w) => f.split(' ').includes(w)));
  });
  const missing = expected.filter((e) => !hits.includes(e));
  return `    tags: ${hits.length}/${expected.length} printed room tags found as room labels${missing.length ? `; missing: ${missing.slice(0, 8).join(', ')}${missing.length > 8 ? ', ...' : ''}` : ''}`;
}

/** Overall size of the exterior outline against the printed overall dimensions (orientation-free). */
function exteriorReport(expected: [number, number], res: AnalysisResult): string {
  const poly = res.outside_detection?.exterior_polygon ?? [];
  if (poly.length < 3) return `    exterior: printed ${expected.map((v) => Math.round(v)).join(' x ')} mm, engine gave no outline`;
  const xs = poly.map((p) => p[0]);
  const ys = poly.map((p) => p[1]);
  const found = [Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)].sort((a, b) => b - a);
  const want = [...expected].sort((a, b) => b - a);
  const err = Math.max(Math.abs(found[0] / want[0] - 1), Math.abs(found[1] / want[1] - 1));
  return `    exterior: printed ${want.map((v) => Math.round(v)).join(' x ')} mm, outline box ${found.map((v) => Math.round(v)).join(' x ')} mm (max error ${pct(err)})`;
}

process.exitCode = await main();
