import { buildApp } from './app.js';
import { ConfigError, loadConfig, prepareDataDir, type Config } from './config.js';
import { driverError } from './platform/db/connection-failures.js';

/**
 * `npm run worker`: notification dispatch and delivery without the HTTP API, so API processes can run with
 * NOTIFICATION_WORKER=off and workers scale on their own. Several workers share the work through their claims.
 */
function fail(message: string): never {
  process.stderr.write(`worker start-up failed: ${message}\n`);
  process.exit(1);
}

function configure(): Config {
  try {
    const config = loadConfig({ ...process.env, NOTIFICATION_WORKER: 'on' });
    // The embedded database is one process's (the server's); workers of their own need a PostgreSQL server.
    if (config.databaseUrl === undefined || config.databaseUrl === 'memory://') throw new ConfigError('DATABASE_URL must name a PostgreSQL server (postgres://...) for a worker of its own');
    prepareDataDir(config.dataDir);
    return config;
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String((error as Error).message).split('\n')[0]!);
  }
}

async function main() {
  const config = configure();
  const { app } = await buildApp(config).catch((error: unknown) => fail(`could not open the database: ${String((driverError(error) as Error).message).split('\n')[0]}`));
  app.log.info('notification worker running');
  const stop = (signal: NodeJS.Signals) => {
    app.log.info({ signal }, 'worker shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The loop's timers do not hold the process open: this one does, until a signal.
  setInterval(() => undefined, 1 << 30);
}

void main();
