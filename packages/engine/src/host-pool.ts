/**
 * Engine hosts: a small pool of forked Node processes that run the engine's worker threads, so that a
 * server's own process never holds pdf.js, decoded streams or canvases. Memory a worker thread used is
 * often not given back to the system after the thread ends (the allocator keeps it); in a host that memory
 * belongs to the host, which is ended when it is idle and has grown past its budget, or has been idle for a
 * while, and forked again when needed. A host that dies takes only its own calls with it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { EngineBusyError, EngineCancelledError } from './engine-errors.js';
import { tooComplex } from './pdf-limits.js';
import { EngineInputError } from './types.js';

export interface HostPoolOptions {
  /** Most host processes at once. */
  maxHosts: number;
  /** An idle host resident over this (MB) is ended (what its finished workers left behind is given back). */
  recycleMb: number;
  /** An idle host is ended after this long (ms), unless it is one of the `keepWarm` kept. */
  idleMs: number;
  /**
   * Idle hosts kept running past `idleMs`, so that a call after a quiet spell does not wait for a process
   * start (and its spare worker loading pdf.js). A kept host over `recycleMb` is still ended.
   */
  keepWarm: number;
  /** Grace past a call's own time limit before its host is presumed stuck and killed (ms). */
  graceMs: number;
}

interface Call { resolve: (v: unknown) => void; reject: (e: unknown) => void; cleanup: () => void }
interface Host {
  child: ChildProcess; inflight: Map<number, Call>; idleTimer: ReturnType<typeof setTimeout> | null; retiring: boolean; killedFor?: Error;
  /** Pages whose workers it keeps for their analyses (worker.ts `hold`), by the callers' names. */
  holding: Set<string>;
  /** Pages it is reading to keep (their analyses wait there for the reading). */
  reading: Set<string>;
}
type Reply =
  | { type: 'done'; id: number; ok: boolean; value?: unknown; error?: { name?: string; code?: string; message: string }; rssBytes: number }
  | { type: 'idle'; rssBytes: number }
  | { type: 'held' | 'released'; key: string; rssBytes: number };

const entry = new URL('./host-entry.mjs', import.meta.url);
const MB = 2 ** 20;

/** Rebuilds an engine error from its plain form (process messages carry no classes). */
export function errorFromWire(e: { name?: string; code?: string; message: string }): Error {
  if (e.name === 'EngineInputError') return new EngineInputError(e.code as EngineInputError['code'], e.message);
  if (e.name === 'EngineBusyError') return new EngineBusyError();
  if (e.name === 'EngineCancelledError') return new EngineCancelledError();
  return new Error(e.message);
}

export interface HostPool {
  /** `hold` names a file's page: a call with it goes to the host that keeps a worker for that page, if one does. */
  call: <T>(op: string, args: unknown[], opts: { timeoutMs: number; signal?: AbortSignal; hold?: string }) => Promise<T>;
  /** Sends new settings to every running host (and to every host started later). */
  configure: (settings: unknown) => void;
  /** Host processes running now (for tests). */
  readonly pids: number[];
  /** The names of the pages whose workers the hosts keep now (for tests). */
  readonly held: string[];
  /** Ends every host (their calls fail). */
  close: () => void;
}

export function createHostPool(o: HostPoolOptions, initialSettings: unknown): HostPool {
  const hosts = new Set<Host>();
  let settings = initialSettings;
  let nextId = 1;

  // A host holds the parent's event loop open only while it has work (tests and CLIs exit when idle).
  const setRef = (h: Host, busy: boolean) => {
    const channel = h.child.channel as unknown as { ref?: () => void; unref?: () => void } | undefined;
    if (busy) { h.child.ref(); channel?.ref?.(); } else { h.child.unref(); channel?.unref?.(); }
  };

  const retire = (h: Host, signal: NodeJS.Signals = 'SIGTERM') => {
    h.retiring = true;
    if (h.idleTimer) clearTimeout(h.idleTimer);
    h.child.kill(signal);
  };

  // (a host keeping a page's worker is not ended for being idle: the page's analysis is on its way; it ends the
  // worker itself after a while, and says so)
  const whenIdle = (h: Host) => {
    if (h.inflight.size > 0 || h.retiring) return;
    setRef(h, false);
    if (h.idleTimer) clearTimeout(h.idleTimer);
    h.idleTimer = setTimeout(() => {
      const running = [...hosts].filter((x) => !x.retiring).length;
      if (h.inflight.size === 0 && h.holding.size === 0 && running > o.keepWarm) retire(h);
    }, o.idleMs);
    h.idleTimer.unref();
  };

  const start = (): Host => {
    // (no heap flag for the host: a V8 heap size set on the command line is the whole process's, and its worker
    // threads ran under it instead of their own budgets; its own thread only passes messages and watches them)
    const child = fork(entry, [], { execArgv: [], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const h: Host = { child, inflight: new Map(), idleTimer: null, retiring: false, holding: new Set(), reading: new Set() };
    hosts.add(h);
    child.send({ type: 'configure', settings });
    child.on('message', (msg: Reply) => {
      // Reported a moment after its last call, once that call's worker is gone: what it holds now stays.
      if (msg?.type === 'idle') {
        // (a host keeping a page's worker is kept: it says when it lets the page go, and reports again)
        if (h.inflight.size === 0 && h.holding.size === 0 && msg.rssBytes > o.recycleMb * MB) retire(h);
        return;
      }
      if (msg?.type === 'held' || msg?.type === 'released') {
        if (msg.type === 'held') h.holding.add(msg.key);
        else h.holding.delete(msg.key);
        if (msg.type === 'released') whenIdle(h);
        return;
      }
      if (msg?.type !== 'done') return;
      const call = h.inflight.get(msg.id);
      if (call) {
        h.inflight.delete(msg.id);
        call.cleanup();
        if (msg.ok) call.resolve(msg.value);
        else call.reject(errorFromWire(msg.error ?? { message: 'engine host failed' }));
      }
      whenIdle(h);
    });
    child.on('error', () => undefined);
    child.once('exit', (code, signal) => {
      hosts.delete(h);
      if (h.idleTimer) clearTimeout(h.idleTimer);
      // Alone in the host, the call made it die (its file: the usual upload answer for a dead engine).
      // With others beside it, nobody can tell whose file it was: each may try again.
      const alone = h.inflight.size === 1;
      for (const call of h.inflight.values()) {
        call.cleanup();
        call.reject(alone ? (h.killedFor ?? new Error(`engine host exited (${signal ?? code})`)) : new EngineBusyError());
      }
      h.inflight.clear();
    });
    return h;
  };

  const pick = (hold?: string): Host => {
    if (hold) for (const h of hosts) if (!h.retiring && (h.holding.has(hold) || h.reading.has(hold))) return h;
    let best: Host | null = null;
    for (const h of hosts) if (!h.retiring && (!best || h.inflight.size < best.inflight.size)) best = h;
    if (best && (best.inflight.size === 0 || hosts.size >= o.maxHosts)) return best;
    return start();
  };

  return {
    call: <T>(op: string, args: unknown[], opts: { timeoutMs: number; signal?: AbortSignal; hold?: string }) => new Promise<T>((resolve, reject) => {
      if (opts.signal?.aborted) return reject(new EngineCancelledError());
      const h = pick(opts.hold);
      if (h.idleTimer) { clearTimeout(h.idleTimer); h.idleTimer = null; }
      setRef(h, true);
      const id = nextId++;
      const onAbort = () => {
        if (!h.inflight.delete(id)) return;
        cleanup();
        h.child.send({ type: 'cancel', id });
        reject(new EngineCancelledError());
        whenIdle(h);
      };
      // The host's own time limit answers first; past it and a grace the host itself is stuck.
      const backstop = setTimeout(() => {
        h.killedFor = tooComplex(`it takes longer than ${Math.round(opts.timeoutMs / 1000)} s`);
        retire(h, 'SIGKILL');
      }, opts.timeoutMs + o.graceMs);
      // (a scale reading that will keep its page: the page's analysis is sent here while it runs)
      const reading = op === 'page-scale' ? opts.hold : undefined;
      if (reading) h.reading.add(reading);
      const cleanup = () => {
        clearTimeout(backstop);
        opts.signal?.removeEventListener('abort', onAbort);
        if (reading) h.reading.delete(reading);
      };
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      h.inflight.set(id, { resolve: resolve as (v: unknown) => void, reject, cleanup });
      h.child.send({ type: 'call', id, op, args, timeoutMs: opts.timeoutMs, hold: opts.hold });
    }),
    configure: (s) => {
      settings = s;
      for (const h of hosts) if (!h.retiring) h.child.send({ type: 'configure', settings });
    },
    get pids() { return [...hosts].map((h) => h.child.pid ?? 0); },
    get held() { return [...hosts].flatMap((h) => [...h.holding]); },
    close: () => { for (const h of hosts) retire(h, 'SIGKILL'); },
  };
}
