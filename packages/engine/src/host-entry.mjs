// Engine host process entry (host-pool.ts forks it): registers tsx so the TypeScript engine loads the same
// way in dev, CLI and vitest, then serves engine calls from its parent.
const { register } = await import('tsx/esm/api');
register();
await import('./engine-host.ts');
