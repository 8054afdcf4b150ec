import { existsSync, rmSync, statSync, utimesSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { engineBundle, newestMtimeMs } from '../scripts/bundle.mjs';
import { analyzePdfInWorker } from './worker.js';
import { roomsPdf } from './test-pdfs.js';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

describe('the engine bundle the worker threads load', () => {
  const name = `bundle-test-${process.pid}.mjs`;
  afterEach(() => rmSync(join(dist, name), { force: true }));

  it('is built when missing, kept while no source is newer, and built again when one is', async () => {
    const path = await engineBundle('engine-ops.ts', name);
    expect(path).toBe(join(dist, name));
    const ops = (await import(pathToFileURL(path).href)) as { runOp?: unknown; setPdfLimits?: unknown };
    expect(typeof ops.runOp).toBe('function');
    expect(typeof ops.setPdfLimits).toBe('function');
    const built = statSync(path).mtimeMs;
    expect(await engineBundle('engine-ops.ts', name)).toBe(path);
    expect(statSync(path).mtimeMs).toBe(built);
    // a bundle older than the sources (an engine edited since) is stale
    utimesSync(path, new Date('2000-01-01'), new Date('2000-01-01'));
    await engineBundle('engine-ops.ts', name);
    expect(statSync(path).mtimeMs).toBeGreaterThanOrEqual(await newestMtimeMs());
  });

  it('is what an analysis in a worker thread runs, built from the current sources', async () => {
    // (made stale, not removed: other test files may be starting workers from it)
    const bundle = await engineBundle('engine-ops.ts', 'engine-ops.mjs');
    utimesSync(bundle, new Date('2000-01-01'), new Date('2000-01-01'));
    const result = await analyzePdfInWorker(await roomsPdf([{ x: 0, y: 0, w: 4000, h: 3000 }]), { page: 1, scale: 100, ceilingHeightMm: 2500 }, { timeoutMs: 300_000 });
    expect(result.rooms.length).toBe(1);
    expect(existsSync(bundle)).toBe(true);
    expect(statSync(bundle).mtimeMs).toBeGreaterThanOrEqual(await newestMtimeMs());
  }, 400_000);
});
