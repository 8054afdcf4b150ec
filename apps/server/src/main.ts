import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { startBackground } from './jobs/start.js';
import { warmUp } from './warm-up.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { app, ctx } = await buildApp(config);
  await startBackground(app, ctx);
  if (config.ROLE !== 'worker') {
    await warmUp(app, ctx);
    await app.listen({ port: config.PORT, host: config.HOST });
    app.log.info(`Plansight is running at ${config.PUBLIC_URL}`);
  } else {
    app.log.info('Plansight worker started (ROLE=worker)');
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

void main();
