/**
 * The engine host process (forked by host-pool.ts): runs each call it is sent in a worker thread under the
 * same budgets and memory governor as in-process calls, with this process's resident size as the ceiling.
 */
import { configureEngine, keepSpareWorkers, onHeldWorkers, runEngineCall, type EngineSettings } from './worker.js';

type Message =
  | { type: 'configure'; settings: EngineSettings }
  | { type: 'call'; id: number; op: string; args: unknown[]; timeoutMs: number; hold?: string }
  | { type: 'cancel'; id: number };

const running = new Map<number, AbortController>();
/** How long after its last call the host reports its resident size as idle. */
const IDLE_REPORT_MS = 2_000;
const send = (msg: object) => { if (process.connected) process.send?.({ ...msg, rssBytes: process.memoryUsage.rss() }); };
const reportIdle = () => setTimeout(() => { if (running.size === 0) send({ type: 'idle' }); }, IDLE_REPORT_MS).unref();
// The pool sends a page's analysis to the host that kept its worker, and does not end a host while it keeps one.
// (told before the reading's answer: the pool knows where the page is kept when the reading arrives)
onHeldWorkers((key, held) => {
  send({ type: held ? 'held' : 'released', key });
  // (a worker let go frees its memory: the pool may now recycle an idle host)
  if (!held && running.size === 0) reportIdle();
});

process.on('message', (msg: Message) => {
  if (msg.type === 'configure') {
    // Calls in this process run in its own worker threads (a host never forks hosts).
    configureEngine({ ...msg.settings, hosts: 0 });
    keepSpareWorkers(true);
  } else if (msg.type === 'cancel') {
    running.get(msg.id)?.abort();
  } else if (msg.type === 'call') {
    const ac = new AbortController();
    running.set(msg.id, ac);
    runEngineCall(msg.op, msg.args, { timeoutMs: msg.timeoutMs, signal: ac.signal, hold: msg.hold }).then(
      (value) => send({ type: 'done', id: msg.id, ok: true, value }),
      (err: { name?: string; code?: string; message?: string }) =>
        send({ type: 'done', id: msg.id, ok: false, error: { name: err?.name, code: err?.code, message: err?.message ?? String(err) } }),
    ).finally(() => {
      running.delete(msg.id);
      // Once the finished worker is gone and the spare has loaded, the parent decides whether to recycle this host.
      if (running.size === 0) reportIdle();
    });
  }
});
// The parent is gone (ended, or killed without cleaning up): so is the reason to run.
process.on('disconnect', () => process.exit(0));
