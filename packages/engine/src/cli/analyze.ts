/**
 * CLI: `npm run --silent analyze -- plan.pdf --page 2 --scale 1:100 --paper A2 --ceiling 2400 [--overlay out.png]`.
 * The result JSON goes to stdout and nothing else; problems go to stderr with a non-zero exit.
 * A one-shot process: the engine runs on this thread (servers use the *InWorker variants instead).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { analyzePdf } from '../analyze.js';
import { drawOverlay } from '../source/overlay.js';
import { endOcr } from '../source/raster/ocr.js';
import { PAPER_MM } from '../core/scale.js';
import { EngineInputError, type PaperSize } from '../types.js';

function fail(msg: string, code = 2): never {
  process.stderr.write(`analyze: ${msg}\n`);
  process.exit(code);
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        page: { type: 'string', default: '1' },
        scale: { type: 'string', default: '1:100' },
        paper: { type: 'string' },
        ceiling: { type: 'string', default: '2400' },
        overlay: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    fail((e as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length !== 1) fail('usage: analyze <plan.pdf> [--page N] [--scale 1:N] [--paper A0..A4|"ANSI B"|"ARCH D"|PAGE] [--ceiling mm] [--overlay out.png]');
  const page = Number(values.page);
  if (!Number.isInteger(page) || page < 1) fail(`--page must be a positive whole number, got '${values.page}'`);
  const sm = /^(?:1\s*:\s*)?(\d+(?:\.\d+)?)$/.exec(values.scale!.trim());
  if (!sm || Number(sm[1]) <= 0) fail(`--scale must look like 1:100, got '${values.scale}'`);
  const paper = values.paper?.toUpperCase();
  if (paper && paper !== 'PAGE' && !(paper in PAPER_MM)) fail(`--paper must be one of ${Object.keys(PAPER_MM).join(', ')}, PAGE; got '${values.paper}'`);
  const ceiling = Number(values.ceiling);
  if (!Number.isFinite(ceiling) || ceiling <= 0) fail(`--ceiling must be a height in millimetres, got '${values.ceiling}'`);
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(positionals[0]);
  } catch (e) {
    fail(`cannot read ${positionals[0]}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    const options = { page, scale: Number(sm![1]), paper: paper as PaperSize | 'PAGE' | undefined, ceilingHeightMm: ceiling };
    const result = await analyzePdf(bytes, options);
    if (values.overlay) writeFileSync(values.overlay, await drawOverlay(bytes, page, result));
    process.stdout.write(JSON.stringify(result, null, 2) + '\n');
    // (the OCR workers of a scan would keep the process for a few seconds more)
    await endOcr();
  } catch (e) {
    if (e instanceof EngineInputError) fail(`${e.message} (${e.code})`, 1);
    fail(`engine failure: ${(e as Error).message}`, 3);
  }
}

void main();
