import type { TestProject } from 'vitest/node';
import { startPostgres, type RunningPostgres } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

let pg: RunningPostgres | undefined;

/** TEST_DB=postgres starts a real PostgreSQL server for the integration tier; otherwise PGlite is used. */
export async function setup(project: TestProject): Promise<void> {
  if (process.env.TEST_DB !== 'postgres') {
    project.provide('pgUrl', '');
    return;
  }
  pg = await startPostgres();
  project.provide('pgUrl', pg.url);
}

export async function teardown(): Promise<void> {
  pg?.stop();
}
