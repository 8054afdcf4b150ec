/**
 * A second thread for the raster stages' pixel loops. The stages run on the engine's thread one after the
 * other, and on a machine with a core to spare that core waited; the loops that split into independent ranges
 * (`pixel-kernels.ts`) now run their upper half on a helper thread while the engine's thread runs the lower
 * half, both on shared memory, and the engine's thread waits for the helper's half before going on. The stages
 * stay synchronous; the results are the same bytes as on one thread.
 *
 * A scan's analysis starts the helper (`startPixelHelper`) and lets it go when done (`releasePixelHelper`): it
 * is ended after IDLE_CLOSE_MS unless another scan uses it. Until it has started, and on a machine with one core,
 * every loop runs on the engine's thread alone. The helper is built from the kernels' own source text (the code
 * this thread runs, already plain JavaScript), so it starts in a few tens of milliseconds, loads no module and
 * no transpiler, and works the same from the sources, the tests and the CLI's bundle.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { KERNELS, type KernelArgs, type KernelName } from './pixel-kernels.js';

/** Ranges shorter than this (rows or columns) are not split: the hand-over would cost more than it saves. */
const MIN_SPLIT = 64;
/** Longest wait for the helper's half (ms); past it the engine's thread does that half itself. */
const HALF_TIMEOUT_MS = 20_000;
/** An idle helper is ended after this long (ms). */
const IDLE_CLOSE_MS = 3000;

interface Helper { worker: Worker; ready: boolean }
let helper: Helper | null = null;
let idle: NodeJS.Timeout | null = null;

/**
 * The helper thread's program: the kernels, then a loop that runs one range of a kernel per message on the
 * shared memory it was handed and flags the range done (1) or failed (2) in the message's `done` cell, which
 * the engine's thread waits on. The shared arrays a message hands over stay alive while the helper holds them,
 * and its own heap is too small to be collected on its own, so it collects after every message.
 */
const HELPER_SOURCE = `'use strict';
const { parentPort } = require('node:worker_threads');
require('node:v8').setFlagsFromString('--expose-gc');
const collect = require('node:vm').runInNewContext('gc');
const __name = (f) => f;
const KERNELS = {
${Object.entries(KERNELS).map(([name, f]) => `  ${name}: ${f.toString()},`).join('\n')}
};
parentPort.on('message', ({ kernel, args, lo, hi, done }) => {
  let state = 1;
  try {
    KERNELS[kernel](args, lo, hi, 1);
  } catch {
    state = 2;
  }
  Atomics.store(done, 0, state);
  Atomics.notify(done, 0);
  collect();
});
parentPort.postMessage('ready');
`;

/** Starts the helper thread unless it runs or cannot (see the module's note); it is ready a moment later. */
export function startPixelHelper(): void {
  if (idle) { clearTimeout(idle); idle = null; }
  if (helper || availableParallelism() < 2) return;
  let worker: Worker;
  try {
    worker = new Worker(HELPER_SOURCE, { eval: true });
  } catch {
    return;
  }
  const h: Helper = { worker, ready: false };
  worker.once('message', () => { h.ready = true; });
  const gone = () => { h.ready = false; if (helper === h) helper = null; };
  worker.on('error', gone);
  worker.on('exit', gone);
  // (a helper never keeps a finished process alive)
  worker.unref();
  helper = h;
}

/** Done with the helper for now: it is ended after IDLE_CLOSE_MS unless started again. */
export function releasePixelHelper(): void {
  if (!helper || idle) return;
  const h = helper;
  idle = setTimeout(() => {
    idle = null;
    if (helper === h) helper = null;
    void h.worker.terminate();
  }, IDLE_CLOSE_MS);
  idle.unref();
}

/** Ends the helper now (a one-shot process that is done, a test). */
export async function endPixelHelper(): Promise<void> {
  if (idle) { clearTimeout(idle); idle = null; }
  const h = helper;
  helper = null;
  await h?.worker.terminate();
}

/** Whether the helper has started and takes work. */
export function pixelHelperReady(): boolean {
  return !!helper?.ready;
}

/** How many ranges and tasks the helper has done since this thread loaded the engine. */
let handedOver = 0;
export const pixelHelperRuns = (): number => handedOver;

const isShared = (v: unknown): boolean => ArrayBuffer.isView(v) && v.buffer instanceof SharedArrayBuffer;
/** Whether an array of `args` is too large to copy and not shared memory (the helper cannot work on it). */
const hasBigUnshared = (args: object): boolean =>
  Object.values(args).some((v) => ArrayBuffer.isView(v) && v.byteLength > 1 << 16 && !isShared(v));

/** Waits for the helper's flag (1 done, 2 failed); false when it failed or did not answer in HALF_TIMEOUT_MS. */
function waitFor(done: Int32Array): boolean {
  const until = Date.now() + HALF_TIMEOUT_MS;
  while (Atomics.load(done, 0) === 0 && Date.now() < until) Atomics.wait(done, 0, 0, 100);
  return Atomics.load(done, 0) === 1;
}

const kernelOf = <K extends KernelName>(kernel: K) => KERNELS[kernel] as (a: KernelArgs<K>, lo: number, hi: number, part: number) => void;

/** A range handed to the helper: the helper and the cell it flags. */
interface HandOver { h: Helper; done: Int32Array }

/** Hands lo..hi of `kernel` to the helper, or null when it is not ready or a large array of `args` is not shared. */
function handOver<K extends KernelName>(kernel: K, args: KernelArgs<K>, lo: number, hi: number): HandOver | null {
  const h = helper;
  if (!h?.ready || hasBigUnshared(args)) return null;
  const done = sharedArray(Int32Array, 1);
  h.worker.postMessage({ kernel, args, lo, hi, done });
  return { h, done };
}

/** Waits for a hand-over; when the helper failed or is stuck it gets no more work, and `redo` does its part here. */
function settle(t: HandOver, redo: () => void): void {
  if (waitFor(t.done)) {
    handedOver++;
    return;
  }
  t.h.ready = false;
  redo();
}

/**
 * Runs `kernel` over the range 0..n-1: the upper half on the helper (as part 1), when it is ready and every large
 * array of `args` is shared memory (`sharedArray`), the rest on this thread (part 0); returns when both halves are
 * done. The small arrays the kernel writes must be shared memory too.
 */
export function splitRun<K extends KernelName>(kernel: K, args: KernelArgs<K>, n: number): void {
  const run = kernelOf(kernel), mid = n >> 1;
  const t = n >= MIN_SPLIT ? handOver(kernel, args, mid, n) : null;
  run(args, 0, t ? mid : n, 0);
  if (t) settle(t, () => run(args, mid, n, 1));
}

/**
 * Starts `kernel` as one task (range 0..0) on the helper when it can take it, so that this thread can do other work
 * meanwhile; `wait()` returns once it is done. Run here and now when it cannot.
 */
export function startTask<K extends KernelName>(kernel: K, args: KernelArgs<K>): { wait: () => void } {
  const run = kernelOf(kernel);
  const t = handOver(kernel, args, 0, 0);
  if (!t) run(args, 0, 0, 0);
  return { wait: () => { if (t) settle(t, () => run(args, 0, 0, 0)); } };
}

/** A typed array's constructor that takes a buffer (Uint8Array, Float32Array...). */
export interface SharedKind<T> { new (buffer: SharedArrayBuffer): T; readonly BYTES_PER_ELEMENT: number }

/** A zeroed typed array of n elements on shared memory: arrays the helper works on must be. */
export const sharedArray = <T>(Kind: SharedKind<T>, n: number): T => new Kind(new SharedArrayBuffer(n * Kind.BYTES_PER_ELEMENT));

/** Zeroed bytes on shared memory. */
export const sharedBytes = (n: number): Uint8Array => sharedArray(Uint8Array, n);
