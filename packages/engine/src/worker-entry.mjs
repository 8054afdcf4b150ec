// Worker thread entry: loads the engine's operations and runs each call its parent sends.
import { parentPort, workerData } from 'node:worker_threads';

// Reports this thread's own memory (its isolate's V8 heap plus ArrayBuffers and other external memory,
// where decoded streams and images live) to the web process's memory governor, through shared memory so
// it can be read at any time. Started before anything else loads, so start-up is reported too.
const report = workerData?.report ? new BigInt64Array(workerData.report) : null;
const writeReport = () => {
  if (!report) return;
  const m = process.memoryUsage();
  Atomics.store(report, 0, BigInt(m.heapTotal + m.external));
  Atomics.store(report, 1, BigInt(Date.now()));
};
writeReport();
const reporter = setInterval(writeReport, workerData?.reportMs ?? 20);
reporter.unref();

// The engine's operations come bundled (worker.ts, ADR 011); the TypeScript sources through tsx when no bundle
// could be built.
const engine = workerData?.engineUrl ? await import(workerData.engineUrl) : await (async () => {
  const { register } = await import('tsx/esm/api');
  register();
  return import('./engine-ops.ts');
})();
if (workerData?.pdfLimits) engine.setPdfLimits(workerData.pdfLimits);
// A worker started ahead for the next analysis analyses the built-in warm-up plan first (warm-up.ts); a call
// sent meanwhile waits for it. A failed warm-up only leaves the worker cold.
const warmedUp = workerData?.warmUp ? await engine.warmUpEngine().then(() => true, () => false) : false;
writeReport();
parentPort.postMessage({ ready: true, warmedUp });

parentPort.on('message', async (msg) => {
  const { id, op, args } = msg;
  // From here on it reads the file: growth while it cannot report may be its own.
  if (report) Atomics.store(report, 2, 1n);
  try {
    const value = await engine.runOp(op, args);
    // (`held`: the page it read stays kept in this thread for its analysis, source/held-page.ts)
    parentPort.postMessage({ id, ok: true, value, held: engine.isPageHeld() });
  } catch (err) {
    parentPort.postMessage({
      id,
      ok: false,
      error: { name: err?.name, code: err?.code, message: err?.message ?? String(err) },
    });
  }
});
