#!/usr/bin/env node
// `npm run --silent analyze -- …`: runs the engine's CLI from a bundle that esbuild writes on first use and
// again whenever a source file is newer, so a run costs a Node start, not a TypeScript transpile (ADR 005).
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { engineBundle } from './bundle.mjs';

await import(pathToFileURL(await engineBundle(join('cli', 'analyze.ts'), 'analyze-cli.mjs')).href);
