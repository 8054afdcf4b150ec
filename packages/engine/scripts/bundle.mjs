// Bundles an engine entry point with esbuild into packages/engine/dist (ignored by git) when the bundle is
// missing or a source file under src/ is newer, so the code loads as one plain JavaScript file: no TypeScript
// transpile at each start (ADR 005 for the CLI, ADR 011 for the worker threads). Packages from node_modules
// stay external. The bundle is written beside and renamed into place, so two processes building at once never
// read half a file.
import { mkdir, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');

/** The newest modification time (ms) of any file under `dir` (the engine's src/ by default). */
export async function newestMtimeMs(dir = src) {
  let t = 0;
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? await newestMtimeMs(p) : (await stat(p)).mtimeMs);
  }
  return t;
}

/**
 * The path of the bundle of `entry` (a path under src/) at dist/`name`, built first when it is missing or older
 * than the newest source file.
 */
export async function engineBundle(entry, name) {
  const out = join(root, 'dist', name);
  const built = await stat(out).then((s) => s.mtimeMs, () => -1);
  if (built >= 0 && built >= (await newestMtimeMs())) return out;
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [join(src, entry)],
    outfile: out,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  await mkdir(dirname(out), { recursive: true });
  const tmp = `${out}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(tmp, result.outputFiles[0].contents);
  await rename(tmp, out);
  return out;
}

// `node packages/engine/scripts/bundle.mjs` (part of `npm run build`): both bundles built ahead, so the first
// engine call after a deploy does not wait for them.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await engineBundle('engine-ops.ts', 'engine-ops.mjs');
  await engineBundle(join('cli', 'analyze.ts'), 'analyze-cli.mjs');
}
