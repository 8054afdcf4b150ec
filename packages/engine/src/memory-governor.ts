/**
 * One process-wide memory governor for the engine's worker threads.
 *
 * Resident memory (RSS) belongs to the whole process: parallel uploads, analyses and the web server itself
 * all grow it. Judging one operation by how much the process grew while it ran blames it for everyone
 * else's memory (a tiny upload was refused as "too complex" while analyses ran beside it). Instead each
 * operation is charged what it can be shown to hold:
 *
 * - its own memory, which its worker reports through shared memory (the worker isolate's V8 heap plus its
 *   ArrayBuffers and other external memory: decoded streams and images live there);
 * - a share of the process growth that happened while it could not report (its thread busy in one long
 *   synchronous step, as in decoding a stream bomb). Growth of the web process's own heap and Buffers is
 *   measured too and charged to no operation, nor is growth while every worker reports.
 *
 * Two rules act on those figures: an operation over its own budget is stopped (the file is too complex),
 * and while the whole process is over its ceiling the operation charged most is stopped, one at a time,
 * if it holds enough to matter. Small operations are never stopped for somebody else's memory.
 */

export interface GovernorLimits {
  /** Over this resident size the process sheds its largest engine operation. */
  ceilingBytes: number;
  /** Operations holding less are never stopped for the process's pressure (stopping them frees nothing). */
  minVictimBytes: number;
  /** A worker whose report is older than this is busy in a synchronous step and may be hiding memory. */
  staleMs: number;
  /** After a stop, time for the freed memory to show before another operation is chosen. */
  cooldownMs: number;
}

export const DEFAULT_GOVERNOR_LIMITS: GovernorLimits = {
  ceilingBytes: 2048 * 2 ** 20,
  minVictimBytes: 192 * 2 ** 20,
  staleMs: 250,
  cooldownMs: 500,
};

/** Why an operation was stopped: its own memory (the file's fault) or the process's (try again later). */
export type StopReason = 'over_budget' | 'pressure';

export interface GovernedOp {
  /** Own-memory budget in bytes. */
  budgetBytes: number;
  /**
   * Reads the worker's latest report: own bytes, the time (ms) it was written, and whether the worker is
   * working on its input yet (while it only loads the engine's code it cannot be decoding a bomb); null
   * before the first report.
   */
  read: () => { ownBytes: number; reportedAtMs: number; working: boolean } | null;
  stop: (reason: StopReason, chargedBytes: number) => void;
}

interface Tracked {
  op: GovernedOp;
  ownBytes: number;
  lastReportAtMs: number;
  working: boolean;
  /** Process growth charged while this operation could not report. */
  silentShareBytes: number;
  startedAtMs: number;
}

export interface MemoryGovernor {
  /** Starts watching an operation; the answer stops watching it. */
  register: (op: GovernedOp) => () => void;
  /** One look (the interval calls it; tests call it directly). */
  tick: () => void;
  /** What each watched operation is charged now, for tests and logs. */
  charges: () => number[];
  setLimits: (limits: Partial<GovernorLimits>) => void;
  readonly limits: GovernorLimits;
}

export interface GovernorDeps {
  /**
   * The process's resident size, and the memory of the calling thread's own isolate (the web process's
   * heap and Buffers: request bodies, results being written), which is nobody's engine work.
   */
  sample?: () => { rssBytes: number; callerBytes: number };
  now?: () => number;
  /** Ticks by itself every `intervalMs` while something is watched; 0 = only manual ticks. */
  intervalMs?: number;
}

export function createMemoryGovernor(limits: Partial<GovernorLimits> = {}, deps: GovernorDeps = {}): MemoryGovernor {
  const sample = deps.sample ?? (() => {
    const m = process.memoryUsage();
    return { rssBytes: m.rss, callerBytes: m.heapTotal + m.external };
  });
  const now = deps.now ?? Date.now;
  const intervalMs = deps.intervalMs ?? 0;
  let lim: GovernorLimits = { ...DEFAULT_GOVERNOR_LIMITS, ...limits };
  const ops = new Set<Tracked>();
  let lastRss = 0;
  let lastOwnTotal = 0;
  let cooldownUntil = 0;
  let timer: ReturnType<typeof setInterval> | null = null;

  const charged = (t: Tracked) => t.ownBytes + t.silentShareBytes;
  const silentFor = (o: Tracked, t: number) => t - Math.max(o.lastReportAtMs, o.startedAtMs);

  const tick = () => {
    const t = now();
    const { rssBytes: r, callerBytes } = sample();
    let ownTotal = callerBytes;
    const silent: Tracked[] = [];
    for (const o of ops) {
      const rep = o.op.read();
      if (rep) o.working = rep.working;
      if (rep && rep.reportedAtMs > o.lastReportAtMs) {
        o.ownBytes = rep.ownBytes;
        o.lastReportAtMs = rep.reportedAtMs;
        // It speaks again: what it holds is in its report now, so the growth it was charged is dropped.
        o.silentShareBytes = 0;
      }
      ownTotal += o.ownBytes;
      if (o.working && silentFor(o, t) > lim.staleMs) silent.push(o);
    }
    // Growth not explained by the reports is charged to the operations that could be hiding it, in
    // proportion to how long each has been silent: a thread decoding a bomb stays silent for seconds, one
    // reading a small file for a moment (and its next report clears the suspicion).
    const unexplained = r - lastRss - (ownTotal - lastOwnTotal);
    if (silent.length > 0 && unexplained !== 0) {
      const totalSilence = silent.reduce((sum, o) => sum + silentFor(o, t), 0);
      for (const o of silent) o.silentShareBytes = Math.max(0, o.silentShareBytes + (unexplained * silentFor(o, t)) / totalSilence);
    }
    lastRss = r;
    lastOwnTotal = ownTotal;

    for (const o of ops) {
      if (o.ownBytes > o.op.budgetBytes) {
        ops.delete(o);
        o.op.stop('over_budget', charged(o));
      }
    }
    if (r <= lim.ceilingBytes || t < cooldownUntil || ops.size === 0) return;
    let victim: Tracked | null = null;
    for (const o of ops) if (!victim || charged(o) > charged(victim) || (charged(o) === charged(victim) && o.startedAtMs > victim.startedAtMs)) victim = o;
    if (!victim || charged(victim) < lim.minVictimBytes) return;
    ops.delete(victim);
    cooldownUntil = t + lim.cooldownMs;
    const c = charged(victim);
    victim.op.stop(c > victim.op.budgetBytes ? 'over_budget' : 'pressure', c);
  };

  const stopTimer = () => {
    if (timer && ops.size === 0) {
      clearInterval(timer);
      timer = null;
    }
  };

  return {
    register: (op) => {
      const tracked: Tracked = { op, ownBytes: 0, lastReportAtMs: 0, working: false, silentShareBytes: 0, startedAtMs: now() };
      if (ops.size === 0) {
        const s0 = sample();
        lastRss = s0.rssBytes;
        lastOwnTotal = s0.callerBytes;
      }
      ops.add(tracked);
      if (intervalMs > 0 && !timer) {
        timer = setInterval(tick, intervalMs);
        timer.unref?.();
      }
      return () => {
        if (ops.delete(tracked)) lastOwnTotal -= tracked.ownBytes;
        stopTimer();
      };
    },
    tick: () => {
      tick();
      stopTimer();
    },
    charges: () => [...ops].map(charged),
    setLimits: (l) => {
      lim = { ...lim, ...l };
    },
    get limits() {
      return lim;
    },
  };
}
