/**
 * `npm run bench:load`: the server's figures under hostile files and load, on a real PostgreSQL.
 *
 * Starts a throwaway PostgreSQL server and the web process (`NODE_ENV=production`, as deployed), then:
 * 1. uploads every file of the hostile corpus, one at a time: the answer, its time and the web process's
 *    peak resident memory while it was handled;
 * 2. the project list at 200 requests/s (autocannon), latency p50/p99;
 * 3. login at and past its per-address limit;
 * 4. 20 parallel uploads from 20 accounts.
 * Prints the figures and whether each bar is met; exits non-zero when one is not.
 * `--quick` runs the list for 10 s instead of 60 s; `--only=hostile,list,login,uploads` runs those parts only.
 * During the list it also prints what the web process itself did (event-loop delay, GC, CPU, request time
 * inside the process, through `server-probe.ts`) and how busy the machine was and with what, so a tail the
 * machine causes can be told from one the server causes. `BENCH_SERVER_ARGS="--cpu-prof"` passes Node
 * options to the web process (a CPU profile of the run, written when it stops).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import autocannon from 'autocannon';
import pg from 'pg';
import { createTokenService } from '../src/plugins/auth.js';
import { startPostgres } from '../test/postgres-server.js';
import { HOSTILE_CORPUS, simpleDrawing } from './hostile-pdfs.js';
import { cpuWindow, formatShare, hostsMemoryWindow, postmasterPid } from './machine-share.js';
import type { ProbeFigures } from './server-probe.js';

const quick = process.argv.includes('--quick');
const LIST_SECONDS = quick ? 10 : 60;
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const runs = (part: string) => !only || only.includes(part);
const BARS = { peakMb: 600, answerS: 30, listRate: 200, listP99Ms: 50 };
const JWT_SECRET = `bench-${randomUUID()}-${randomUUID()}`;
const serverDir = path.resolve(import.meta.dirname, '..');

const freePort = () => new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as net.AddressInfo;
    s.close(() => resolve(port));
  });
});

/** Resident memory of `pid` from /proc (MB): now, and the peak since the last reset. */
function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}
/** Starts a new peak window (writing 5 to clear_refs resets VmHWM); a sampler backs it up where that is refused. */
function peakWindow(pid: number): () => number {
  try { writeFileSync(`/proc/${pid}/clear_refs`, '5'); } catch { /* the sampler below still sees the peak */ }
  let sampled = memoryMb(pid).rss;
  const timer = setInterval(() => { try { sampled = Math.max(sampled, memoryMb(pid).rss); } catch { /* exited */ } }, 10);
  return () => {
    clearInterval(timer);
    return Math.max(sampled, memoryMb(pid).peak);
  };
}

const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0; };
const fmt = (n: number, d = 1) => n.toFixed(d);
const failures: string[] = [];
const bar = (ok: boolean, what: string) => { if (!ok) failures.push(what); return ok ? 'ok' : 'FAILED'; };

async function main(): Promise<void> {
  const loadAvg = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
  console.log(`Plansight load bench (${quick ? 'quick' : 'full'}), Node ${process.version}, ${os.cpus().length} cores, load average ${loadAvg()}`);
  const postgres = await startPostgres();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plansight-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The probe reports the server's own event-loop delay, GC pauses, CPU and in-process request times.
  const server = spawn(process.execPath, [...(process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', '--import', './bench/server-probe.ts', 'src/main.ts'], {
    cwd: serverDir, stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env, NODE_ENV: 'production', DATABASE_URL: postgres.url, JWT_SECRET, PORT: String(port), HOST: '127.0.0.1',
      DATA_DIR: dataDir, LOG_LEVEL: 'error', PAYMENTS: 'off', ROLE: 'web', PUBLIC_URL: base,
    },
  });
  const db = new pg.Client({ connectionString: postgres.url });
  try {
    for (let i = 0; ; i++) {
      try { if ((await fetch(`${base}/healthz`)).ok) break; } catch { /* not up yet */ }
      if (i > 600) throw new Error('server did not start in 60 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    await db.connect();
    const tokens = createTokenService(JWT_SECRET, 60);
    const passwordHash = await hash('bench-password-1');
    const newUser = async (plans: number) => {
      const email = `bench-${randomUUID()}@example.com`;
      const { rows } = await db.query('INSERT INTO users (email, password_hash, company_name, email_verified_at, remain_plan) VALUES ($1, $2, $3, now(), $4) RETURNING id', [email, passwordHash, 'Bench Ltd', plans]);
      const id = String(rows[0].id);
      return { id, email, auth: { authorization: `Bearer ${await tokens.sign(id)}` } };
    };
    // node:http rather than fetch: fetch gives up waiting for headers after 300 s, and a busy machine may queue longer.
    const upload = (auth: Record<string, string>, file: Buffer) => new Promise<{ status: number; code: string; seconds: number }>((resolve, reject) => {
      const b = `bench${randomUUID().replace(/-/g, '')}`;
      const field = (k: string, v: string) => `--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
      const payload = Buffer.concat([
        Buffer.from(`${field('filename', 'Bench plan')}${field('pageno', '1')}--${b}\r\nContent-Disposition: form-data; name="file"; filename="plan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
        file, Buffer.from(`\r\n--${b}--\r\n`),
      ]);
      const started = performance.now();
      const req = http.request(`${base}/api/user/projects`, { method: 'POST', headers: { ...auth, 'content-type': `multipart/form-data; boundary=${b}`, 'content-length': payload.length } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let code = '';
          try { code = (JSON.parse(Buffer.concat(chunks).toString()) as { code?: string }).code ?? ''; } catch { /* not JSON */ }
          resolve({ status: res.statusCode ?? 0, code, seconds: (performance.now() - started) / 1000 });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
    const pid = server.pid!;
    const pgPid = postmasterPid(postgres.dataDir);
    const probeStart = () => server.send('probe:start');
    const probeRead = () => new Promise<ProbeFigures>((resolve) => {
      const onMessage = (m: unknown) => {
        const probe = (m as { probe?: ProbeFigures } | null)?.probe;
        if (probe) { server.off('message', onMessage); resolve(probe); }
      };
      server.on('message', onMessage);
      server.send('probe:read');
    });
    const printProbe = (p: ProbeFigures) => console.log(
      `   web process itself: ${fmt((100 * p.cpuMs) / p.wallMs, 0)}% of one core; in-process request time p50 ${fmt(p.requestMs.p50)} ms, p99 ${fmt(p.requestMs.p99)} ms, max ${fmt(p.requestMs.max)} ms (${p.requestMs.count} requests)\n` +
      `   event-loop delay p50 ${fmt(p.loopDelayMs.p50)} ms, p99 ${fmt(p.loopDelayMs.p99)} ms, max ${fmt(p.loopDelayMs.max)} ms; GC ${p.gc.count} pauses, ${fmt(p.gc.totalMs, 0)} ms in all, longest ${fmt(p.gc.maxMs)} ms (${p.gc.major} full, longest ${fmt(p.gc.majorMaxMs)} ms)`);
    console.log(`web process idle: ${fmt(memoryMb(pid).rss, 0)} MB resident\n`);

    if (runs('hostile')) {
      console.log('1. Hostile corpus (one upload at a time; peak = web process resident memory while handled)');
      console.log(`${'file'.padEnd(34)} ${'answer'.padEnd(26)} ${'time s'.padStart(7)} ${'before MB'.padStart(9)} ${'peak MB'.padStart(8)} ${'hosts MB'.padStart(8)}`);
      let hostsPeakMb = 0;
      for (const f of HOSTILE_CORPUS) {
        const u = await newUser(3);
        const file = await f.make();
        const before = memoryMb(pid).rss;
        const peak = peakWindow(pid);
        const hosts = hostsMemoryWindow(pid);
        const r = await upload(u.auth, file);
        const peakMb = peak();
        const hostsMb = hosts().peakTotalMb;
        hostsPeakMb = Math.max(hostsPeakMb, hostsMb);
        const ok = r.status < 500 && r.seconds < BARS.answerS && peakMb < BARS.peakMb && (f.expect !== 'refused' || r.status >= 400);
        console.log(`${f.name.padEnd(34)} ${`${r.status} ${r.code}`.padEnd(26)} ${fmt(r.seconds, 2).padStart(7)} ${fmt(before, 0).padStart(9)} ${fmt(peakMb, 0).padStart(8)} ${fmt(hostsMb, 0).padStart(8)}  ${bar(ok, `hostile: ${f.name}`)}`);
      }
      console.log(`(hosts MB: the engine host processes' resident memory together at their peak while the file was handled; they run the PDF work outside the web process)`);
      console.log(`engine hosts peak over the corpus: ${fmt(hostsPeakMb, 0)} MB`);
      if (server.exitCode !== null) failures.push('web process crashed');
    }

    if (runs('list')) {
      console.log(`\n2. Project list: ${BARS.listRate} requests/s for ${LIST_SECONDS} s (30 projects in the account)`);
      const lister = await newUser(0);
      for (let i = 0; i < 30; i++) {
        await db.query('INSERT INTO projects (user_id, name, original_filename, page_no, page_count, pdf_key) VALUES ($1, $2, $3, 1, 1, $4)', [lister.id, `Plan ${i}`, `plan-${i}.pdf`, `k-${i}`]);
      }
      const share = cpuWindow(pid, pgPid);
      probeStart();
      const t0 = performance.now();
      // When the slow answers came: a start-up tail and a steady one have different causes.
      const slowAt: number[] = [];
      const inst = autocannon({ url: `${base}/api/user/projects?page=1&limit=10`, headers: lister.auth, connections: 10, duration: LIST_SECONDS, overallRate: BARS.listRate });
      inst.on('response', (_client, _status, _bytes, ms) => { if (ms >= BARS.listP99Ms) slowAt.push((performance.now() - t0) / 1000); });
      const list = await inst;
      const listOk = list.non2xx === 0 && list.errors === 0 && list.latency.p99 < BARS.listP99Ms && list.requests.average >= BARS.listRate * 0.97;
      const probe = await probeRead();
      const cpu = share();
      console.log(`   ${fmt(list.requests.average)} req/s, latency p50 ${list.latency.p50} ms, p99 ${list.latency.p99} ms, max ${list.latency.max} ms; ${list.requests.total} requests, ${list.non2xx} non-2xx, ${list.errors} errors  ${bar(listOk, 'project list')}`);
      console.log(`   ${slowAt.length} answers took ${BARS.listP99Ms} ms or more: ${slowAt.filter((t) => t < 1).length} in the first second, ${slowAt.filter((t) => t >= 1).length} after it`);
      printProbe(probe);
      console.log(`   ${formatShare(cpu)}; load average ${loadAvg()}`);
    }

    if (runs('login')) {
      console.log('\n3. Login from one address, 30 attempts at once (limit: 10 per minute per address)');
      const loginUser = await newUser(0);
      const login = await autocannon({
        url: `${base}/api/auth/login`, method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: loginUser.email, password: 'bench-password-1' }), connections: 5, amount: 30,
      });
      const codes = Object.fromEntries(Object.entries(login.statusCodeStats).map(([k, v]) => [k, v.count]));
      const loginOk = (codes['200'] ?? 0) === 10 && (codes['429'] ?? 0) === 20 && login.errors === 0;
      console.log(`   answers ${JSON.stringify(codes)}, latency p50 ${login.latency.p50} ms, p99 ${login.latency.p99} ms  ${bar(loginOk, 'login limit')}`);
    }

    if (runs('uploads')) {
      console.log('\n4. 20 parallel uploads from 20 accounts (a small one-page drawing each)');
      const uploaders = [];
      for (let i = 0; i < 20; i++) uploaders.push(await newUser(1));
      const pdf = simpleDrawing();
      const peak = peakWindow(pid);
      const hosts = hostsMemoryWindow(pid);
      const started = performance.now();
      const results = await Promise.all(uploaders.map((u) => upload(u.auth, pdf)));
      const wall = (performance.now() - started) / 1000;
      const peakMb = peak();
      const hostsMem = hosts();
      const times = results.map((r) => r.seconds);
      const created = results.filter((r) => r.status === 201).length;
      const upOk = created === 20 && peakMb < BARS.peakMb * 2;
      console.log(`   ${created}/20 created in ${fmt(wall, 1)} s; each p50 ${fmt(pct(times, 50), 2)} s, p99 ${fmt(pct(times, 99), 2)} s; web process peak ${fmt(peakMb, 0)} MB, engine hosts peak ${fmt(hostsMem.peakTotalMb, 0)} MB together (${hostsMem.hostsSeen} hosts, largest ${fmt(hostsMem.peakOneMb, 0)} MB); answers ${[...new Set(results.map((r) => `${r.status} ${r.code}`))].join(', ')}  ${bar(upOk, 'parallel uploads')}`);
      if (server.exitCode !== null) failures.push('web process crashed');
    }
  } finally {
    await db.end().catch(() => undefined);
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nload average at the end: ${loadAvg()} (figures from a machine busy with other work are slower)`);
  console.log(failures.length ? `\nFAILED: ${failures.join('; ')}` : '\nAll bars met.');
  process.exitCode = failures.length ? 1 : 0;
}

await main();
