/**
 * Loaded into the benchmarked server (`node --import ./bench/server-probe.ts`) by `bench:load`: what the
 * server itself did during a window, as opposed to what the machine around it did. Over the IPC channel,
 * `probe:start` opens a window and `probe:read` answers with its figures:
 * - event-loop delay (how late timers ran: time the loop was busy or the process was not scheduled),
 * - garbage-collection pauses,
 * - the process's own CPU time,
 * - each HTTP request's time inside the process, from its headers being parsed to its response finished.
 * Nothing here is part of the server; it only watches.
 */
import diagnostics from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { constants, monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';

export interface ProbeFigures {
  wallMs: number;
  cpuMs: number;
  loopDelayMs: { p50: number; p99: number; max: number };
  /** All pauses, and the full (mark-compact) ones among them. */
  gc: { count: number; totalMs: number; maxMs: number; major: number; majorMaxMs: number };
  requestMs: { count: number; p50: number; p99: number; max: number };
}

const RESOLUTION_MS = 2;
const loop = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
let gcPauses: { ms: number; major: boolean }[] = [];
let requestTimes: number[] = [];
let startedAt = performance.now();
let cpuAtStart = process.cpuUsage();
const requestStart = new WeakMap<IncomingMessage, number>();

new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcPauses.push({ ms: e.duration, major: (e as unknown as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR });
  }
}).observe({ entryTypes: ['gc'] });

diagnostics.subscribe('http.server.request.start', (msg) => {
  requestStart.set((msg as { request: IncomingMessage }).request, performance.now());
});
diagnostics.subscribe('http.server.response.finish', (msg) => {
  const start = requestStart.get((msg as { request: IncomingMessage }).request);
  if (start !== undefined) requestTimes.push(performance.now() - start);
});

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? 0;
};

function figures(): ProbeFigures {
  const cpu = process.cpuUsage(cpuAtStart);
  const ms = (ns: number) => ns / 1e6;
  return {
    wallMs: performance.now() - startedAt,
    cpuMs: (cpu.user + cpu.system) / 1000,
    // The histogram counts the timer's own resolution as delay; take it off.
    loopDelayMs: {
      p50: Math.max(0, ms(loop.percentile(50)) - RESOLUTION_MS),
      p99: Math.max(0, ms(loop.percentile(99)) - RESOLUTION_MS),
      max: Math.max(0, ms(loop.max) - RESOLUTION_MS),
    },
    gc: {
      count: gcPauses.length, totalMs: gcPauses.reduce((a, g) => a + g.ms, 0), maxMs: Math.max(0, ...gcPauses.map((g) => g.ms)),
      major: gcPauses.filter((g) => g.major).length, majorMaxMs: Math.max(0, ...gcPauses.filter((g) => g.major).map((g) => g.ms)),
    },
    requestMs: { count: requestTimes.length, p50: pct(requestTimes, 50), p99: pct(requestTimes, 99), max: Math.max(0, ...requestTimes) },
  };
}

if (process.send) {
  process.on('message', (msg) => {
    if (msg === 'probe:start') {
      loop.reset();
      gcPauses = [];
      requestTimes = [];
      startedAt = performance.now();
      cpuAtStart = process.cpuUsage();
    } else if (msg === 'probe:read') {
      process.send!({ probe: figures() });
    }
  });
  // The channel must not keep the server alive on its own.
  process.channel?.unref();
}
loop.enable();
