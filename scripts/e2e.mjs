#!/usr/bin/env node
// Browser tests: makes sure Debian's Chromium is there (installs it with apt-get as root when missing;
// CHROMIUM_PATH overrides), then runs the e2e/*.spec.ts files with Vitest + playwright-core against the built app.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
let chromium = candidates.find((p) => existsSync(p));
if (!chromium) {
  if (process.getuid?.() !== 0) {
    console.error('Chromium not found. Install Debian\'s chromium (apt-get install chromium) or set CHROMIUM_PATH.');
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const r = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (r.status !== 0 || !existsSync('/usr/bin/chromium')) {
    console.error('Could not install chromium with apt-get.');
    process.exit(1);
  }
  chromium = '/usr/bin/chromium';
}
if (!existsSync('apps/web/dist/index.html')) {
  const b = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const r = spawnSync('npx', ['vitest', 'run', '--project', 'e2e', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(r.status ?? 1);
