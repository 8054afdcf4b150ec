/**
 * A small FIFO semaphore. PDF checks and renders each run in a fresh worker thread with a large heap cap;
 * letting twenty of them start at once on a two-core box starves the event loop and the database, so
 * heavy work for uploads waits its turn here.
 */
export interface Limiter {
  run: <T>(task: () => Promise<T>) => Promise<T>;
  /** Tasks running now (for tests and logs). */
  readonly active: number;
  readonly waiting: number;
}

export function createLimiter(maxConcurrent: number): Limiter {
  let active = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    active--;
    const next = queue.shift();
    if (next) next();
  };
  return {
    get active() { return active; },
    get waiting() { return queue.length; },
    run: async (task) => {
      if (active >= maxConcurrent) await new Promise<void>((resolve) => queue.push(resolve));
      active++;
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}

/** Renders are CPU-bound; two at a time keeps a small server responsive. Process-wide on purpose. */
export const RENDER_CONCURRENCY = 2;
export const renderLimiter = createLimiter(RENDER_CONCURRENCY);
