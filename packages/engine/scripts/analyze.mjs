#!/usr/bin/env node
// `npm run --silent analyze -- …`: runs the engine's CLI from a bundle that esbuild writes on first use and
// again whenever a source file is newer, so a run costs a Node start, not a TypeScript transpile (ADR 005).
import { build } from 'esbuild';
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');
const out = join(root, 'dist', 'analyze-cli.mjs');

function newestMtimeMs(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newestMtimeMs(p) : statSync(p).mtimeMs);
  }
  return t;
}

if (!existsSync(out) || statSync(out).mtimeMs < newestMtimeMs(src)) {
  // written beside and renamed into place, so two runs building at once never read half a file
  const built = await build({
    entryPoints: [join(src, 'cli', 'analyze.ts')],
    outfile: out,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  mkdirSync(dirname(out), { recursive: true });
  const tmp = `${out}.${process.pid}.tmp`;
  writeFileSync(tmp, built.outputFiles[0].contents);
  renameSync(tmp, out);
}
await import(pathToFileURL(out).href);
