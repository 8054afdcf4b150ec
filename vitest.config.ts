import { defineConfig } from 'vitest/config';

// Two tiers run by `npm test` (see scripts/test.mjs): unit tests beside the code, and integration tests
// (*.int.test.ts) through app.inject() against a real database. The integration tier runs once on PGlite
// and once on a real PostgreSQL server that the global setup starts from the machine's binaries.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['apps/**/src/**/*.test.{ts,tsx}', 'packages/**/{src,bench,test}/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/*.int.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'int',
          include: ['apps/**/{src,test}/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
