import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARIABLES, loadConfig } from './config.ts';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'plansight-config-'));
const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Variable names in the first column of the markdown table rows of `file`. */
function documentedVariables(file: string): Set<string> {
  const names = readFileSync(path.join(repoRoot, file), 'utf8').match(/^\| `([A-Z0-9_]+)` \|/gm) ?? [];
  return new Set(names.map((row) => row.slice(3, row.indexOf('`', 3))));
}

/** Every `import.meta.env.VITE_*` the front end reads (build-time variables). */
function webBuildVariables(): string[] {
  const dir = path.join(repoRoot, 'apps/web/src');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
  const names = files.flatMap((f) => [...readFileSync(path.join(dir, f), 'utf8').matchAll(/import\.meta\.env\.(VITE_[A-Z0-9_]+)/g)].map((m) => m[1]));
  return [...new Set(names)];
}

describe('loadConfig', () => {
  it('uses embedded defaults and keeps a generated JWT secret in DATA_DIR', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.embedded).toBe(true);
    expect(first.PORT).toBe(3000);
    expect(first.SEED_DEMO).toBe(true);
    expect(first.PUBLIC_URL).toBe('http://localhost:3000');
    expect(first.JWT_SECRET).toBe(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim());
    expect(loadConfig({ DATA_DIR: dir }).JWT_SECRET).toBe(first.JWT_SECRET);
  });

  it('switches to PostgreSQL and turns the demo seed off with DATABASE_URL', () => {
    const cfg = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u:p@localhost:5432/db', JWT_SECRET: 'x'.repeat(40) });
    expect(cfg.embedded).toBe(false);
    expect(cfg.SEED_DEMO).toBe(false);
  });

  it('lists every invalid variable at once', () => {
    try {
      loadConfig({ DATA_DIR: tempDir(), PORT: 'abc', ROLE: 'boss', JWT_SECRET: 'short' });
      expect.unreachable('loadConfig accepted invalid configuration');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      expect(msg).toContain('PORT');
      expect(msg).toContain('ROLE');
      expect(msg).toContain('JWT_SECRET must be at least 32 characters');
    }
  });

  it('requires JWT_SECRET in production on PostgreSQL', () => {
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', DATABASE_URL: 'postgres://u:p@localhost/db' }),
    ).toThrow(/JWT_SECRET: required/);
  });

  it('gives a developer test payments and the demo account, and production neither', () => {
    const dev = loadConfig({ DATA_DIR: tempDir() });
    expect([dev.PAYMENTS, dev.SEED_DEMO]).toEqual(['test', true]);
    const prod = loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production' });
    expect([prod.PAYMENTS, prod.SEED_DEMO]).toEqual(['off', false]);
    const stripe = loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(stripe.PAYMENTS).toBe('stripe');
  });

  it('refuses to start in production with test payments or the demo account unless forced, saying why', () => {
    const prod = { DATA_DIR: tempDir(), NODE_ENV: 'production' };
    expect(() => loadConfig({ ...prod, PAYMENTS: 'test' })).toThrow(/PAYMENTS: `test` in production would credit plans without any payment/);
    expect(() => loadConfig({ ...prod, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO: the demo account's password is public/);
    expect(() => loadConfig({ ...prod, PAYMENTS: 'stripe' })).toThrow(/PAYMENTS: `stripe` needs STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...prod, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/STRIPE_WEBHOOK_SECRET: required in production/);
    const forced = loadConfig({ ...prod, PAYMENTS: 'test', SEED_DEMO: 'true', ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true', ALLOW_DEMO_IN_PRODUCTION: 'true' });
    expect([forced.PAYMENTS, forced.SEED_DEMO]).toEqual(['test', true]);
  });

  it('takes TRUST_PROXY as a hop count or proxy addresses, and refuses `true` (trust every hop)', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: `true` would trust every X-Forwarded-For hop/);
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY: not a hop count/);
  });

  it('strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'https://app.example.com/' }).PUBLIC_URL).toBe('https://app.example.com');
  });

  it('is documented: the README and docs/config.md list every variable the server and the web build read', () => {
    const read = [...ENV_VARIABLES, ...webBuildVariables()];
    expect(read).toContain('VITE_API_URL');
    for (const file of ['README.md', 'docs/config.md']) {
      const documented = documentedVariables(file);
      expect(read.filter((name) => !documented.has(name)), file).toEqual([]);
    }
  });
});
