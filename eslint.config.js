import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'bench-out/**', 'e2e/screenshots/**', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['warn', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-empty': ['warn', { allowEmptyCatch: true }],
      // TypeScript checks names; scripts run in Node.
      'no-undef': 'off',
    },
  },
  {
    // Dependencies point one way: the engine knows nothing of the apps or contracts.
    files: ['packages/engine/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@plansight/*', '**/apps/**'] }] },
  },
  {
    // source/ is the only engine code that knows pdf.js or the canvas: core/ and measure/ work on plain
    // primitives (and measure/ also runs in the browser).
    files: ['packages/engine/src/core/**/*.ts', 'packages/engine/src/measure/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@plansight/*', '**/apps/**', 'pdfjs-dist', 'pdfjs-dist/*', '@napi-rs/canvas', 'node:*'] }],
    },
  },
  {
    // Contracts are imported by both sides and import neither.
    files: ['packages/contracts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@plansight/*', '**/apps/**'] }] },
  },
  {
    // The web app talks to the server only over HTTP, through the contracts.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@plansight/server', '@plansight/engine', '**/apps/server/**'], message: 'web -> contracts only' },
          { group: ['../../features/*/*', '../../../features/*/*', '../*/components/*', '../*/api/*'], message: 'import another feature through its index' }] },
      ],
    },
  },
);
