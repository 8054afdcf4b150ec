// Every real PDF of the shared test plans, in a file of its own: a whole sheet of pdf.js work grows this
// process's memory, and the worker tests (whose memory watchdog reads the process's resident size) run elsewhere.
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { analyzePdf, EngineInputError } from './index.js';

const opts = { page: 1, scale: 100, ceilingHeightMm: 2400 };

// The shared test plans beside the repository (../shared), or PLANSIGHT_SHARED.
const PLANS = join(process.env.PLANSIGHT_SHARED ?? join(fileURLToPath(new URL('.', import.meta.url)), '../../../../shared'), 'plans');
function pdfsUnder(dir: string): string[] {
  try {
    return readdirSync(dir).flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? pdfsUnder(p) : n.toLowerCase().endsWith('.pdf') ? [p] : [];
    });
  } catch {
    return [];
  }
}

describe.skipIf(pdfsUnder(PLANS).length === 0)('real plans', () => {
  it('every page 1 of every real PDF gives a sane result or a clean EngineInputError', async () => {
    for (const f of pdfsUnder(PLANS)) {
      const bytes = readFileSync(f);
      try {
        const r = await analyzePdf(bytes, opts);
        expect(r.metadata.units, f).toBe('mm');
        for (const room of r.rooms) {
          expect(room.ceiling_area, f).toBeGreaterThan(0);
          expect(Number.isFinite(room.perimeter_mm), f).toBe(true);
        }
      } catch (e) {
        expect(e, `${f}: ${(e as Error).message}`).toBeInstanceOf(EngineInputError);
      }
    }
  }, 300_000);
});

