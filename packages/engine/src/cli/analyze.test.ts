import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { roomsPdf } from '../test-pdfs.js';

const CLI = fileURLToPath(new URL('../../scripts/analyze.mjs', import.meta.url));
const run = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });

describe('analyze CLI (bundled on first use)', () => {
  it('prints only the result JSON on stdout for a plan', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-'));
    try {
      const pdf = join(dir, 'plan.pdf');
      writeFileSync(pdf, await roomsPdf([{ x: 1000, y: 1000, w: 4000, h: 3000 }]));
      const r = run([pdf, '--page', '1', '--scale', '1:100', '--ceiling', '2400']);
      expect(r.status, r.stderr).toBe(0);
      const result = JSON.parse(r.stdout);
      expect(result.rooms).toHaveLength(1);
      expect(result.rooms[0].ceiling_area / 1e6).toBeCloseTo(12, 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('exits non-zero with a message on stderr and nothing on stdout for bad input', () => {
    const r = run(['/nonexistent/plan.pdf', '--scale', 'one to a hundred']);
    expect(r.status).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/--scale must look like 1:100/);
  }, 60_000);
});
