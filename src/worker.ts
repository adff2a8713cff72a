import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig, prepareDataDir } from './config.js';
import { driverError } from './platform/db/connection-failures.js';

/**
 * `npm run worker`: notification dispatch and delivery without the HTTP API, so API processes can run with
 * NOTIFICATION_WORKER=off and workers scale on their own. Several workers share the work through their claims. It
 * serves its health and metrics on WORKER_PORT, and nothing else.
 */
const SERVED = ['/health/live', '/health/ready', '/metrics'];
function fail(message: string): never {
  process.stderr.write(`worker start-up failed: ${message}\n`);
  process.exit(1);
}

function configure(): Config {
  try {
    const config = loadConfig({ ...process.env, NOTIFICATION_WORKER: 'on' });
    // The embedded database is one process's (the server's); workers of their own need a PostgreSQL server.
    if (config.databaseUrl === undefined || config.databaseUrl === 'memory://')
      throw new ConfigError('DATABASE_URL must name a PostgreSQL server (postgres://...) for a worker of its own');
    prepareDataDir(config.dataDir);
    return config;
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String((error as Error).message).split('\n')[0]!);
  }
}

async function main() {
  const config = configure();
  const { app } = await buildApp(config, { servesOnly: SERVED }).catch((error: unknown) =>
    fail(`could not open the database: ${String((driverError(error) as Error).message).split('\n')[0]}`),
  );
  await app
    .listen({ port: config.workerPort, host: config.host })
    .catch((error: unknown) =>
      fail(`cannot listen on ${config.host}:${config.workerPort}: ${(error as Error).message}`),
    );
  app.log.info(
    { port: config.workerPort },
    `notification worker running; health and metrics on port ${config.workerPort}`,
  );
  const stop = (signal: NodeJS.Signals) => {
    app.log.info({ signal }, 'worker shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

void main();
