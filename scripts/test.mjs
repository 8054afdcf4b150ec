#!/usr/bin/env node
// `npm test`: every check, in order, failing fast. Typecheck, lint, unit tests, integration tests on PGlite
// and on a real PostgreSQL server (started by the harness), build, then browser tests in Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const steps = [];
const run = (name, cmd, args, env = {}) => steps.push({ name, cmd, args, env });

function hasPostgres() {
  if (process.env.PG_BIN && existsSync(`${process.env.PG_BIN}/initdb`)) return true;
  if (existsSync('/usr/lib/postgresql')) {
    for (const v of readdirSync('/usr/lib/postgresql')) if (existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)) return true;
  }
  return spawnSync('sh', ['-c', 'command -v initdb'], { stdio: 'ignore' }).status === 0;
}

run('typecheck', 'npx', ['tsc', '-p', '.']);
run('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
run('unit tests', 'npx', ['vitest', 'run', '--project', 'unit']);
run('integration tests (PGlite)', 'npx', ['vitest', 'run', '--project', 'int'], { TEST_DB: 'pglite' });
if (hasPostgres()) {
  run('integration tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'int'], { TEST_DB: 'postgres' });
} else {
  console.warn('\n!!! PostgreSQL server binaries (initdb, pg_ctl) not found: SKIPPING the PostgreSQL integration tier.');
  console.warn('!!! Install them (apt-get install postgresql) or set PG_BIN to run it.\n');
}
run('build', 'npm', ['run', 'build']);
run('browser tests', 'node', ['scripts/e2e.mjs']);

const only = process.argv.slice(2);
const started = Date.now();
for (const s of steps) {
  if (only.length && !only.some((o) => s.name.includes(o))) continue;
  const t0 = Date.now();
  console.log(`\n=== ${s.name}`);
  const r = spawnSync(s.cmd, s.args, { stdio: 'inherit', env: { ...process.env, ...s.env } });
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`\n=== FAILED: ${s.name} (${secs}s)`);
    process.exit(r.status ?? 1);
  }
  console.log(`=== ok: ${s.name} (${secs}s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s`);
