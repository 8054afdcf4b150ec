import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

let server: ChildProcess | undefined;
let dataDir = '';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts the real server (built front end, embedded PGlite, outbox mail) on a free port for the browser tests. */
export async function setup(project: TestProject): Promise<void> {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'plansight-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // (every request of the browser tests comes from one address: the per-address allowances are scaled up, or
  // the suite's sign-ups and logins would run into the login limit of 10 a minute whenever it runs fast)
  server = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'test', ABUSE_LIMITS_SCALE: '100', LOGIN_RATE_LIMIT_PER_MIN: '1000' },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  // A loaded machine (parallel builds) can take longer to compile and start the server; E2E_SERVER_START_MS allows for it.
  const startMs = Number(process.env.E2E_SERVER_START_MS ?? 90_000);
  const deadline = Date.now() + startMs;
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start within ${startMs / 1000} s`);
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
}

export async function teardown(): Promise<void> {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    await new Promise((r) => setTimeout(r, 1500));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
