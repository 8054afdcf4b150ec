// Worker thread entry: registers tsx so the TypeScript engine loads the same way in dev, CLI and vitest.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const engine = await import('./engine-ops.ts');

parentPort.on('message', async (msg) => {
  const { id, op, args } = msg;
  try {
    const value = await engine.runOp(op, args);
    const transfer = value && value.png instanceof Uint8Array ? [] : [];
    parentPort.postMessage({ id, ok: true, value }, transfer);
  } catch (err) {
    parentPort.postMessage({
      id,
      ok: false,
      error: { name: err?.name, code: err?.code, message: err?.message ?? String(err) },
    });
  }
});
