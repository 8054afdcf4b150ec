/**
 * Child process for measure-restart.int.test.ts: a ROLE=worker server on the given database whose engine call
 * announces itself and then never returns, so the test can kill the process mid-job (SIGKILL, no clean-up).
 * Usage: node --import tsx measure-crash-worker.ts <dataDir> [databaseUrl]
 */
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { startBackground } from '../src/jobs/start.js';
import { FAST_WORKER } from './measure-support.js';

const [dataDir, dbUrl] = process.argv.slice(2);
const config = loadConfig({
  NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'test-secret-test-secret-test-secret-000', LOG_LEVEL: 'silent',
  SEED_DEMO: 'false', WEB_DIST_DIR: path.join(dataDir, 'no-web'), ROLE: 'worker', ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
});
const database = await openDatabase(dbUrl ? { url: dbUrl } : { dataDir });
const { app, ctx } = await buildApp(config, { database, logger: false });
await startBackground(app, ctx, {
  analysis: {
    ...FAST_WORKER,
    analyze: () => {
      console.log('ANALYSIS_STARTED');
      return new Promise(() => undefined);
    },
  },
});
console.log('WORKER_READY');
