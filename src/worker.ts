import { type Config, ConfigError, loadConfig, prepareDataDir } from './config.js';
import { driverError } from './platform/db/connection-failures.js';
import { buildWorker } from './worker-app.js';

/**
 * `npm run worker`: the background jobs of every module (notification dispatch and delivery, subscription expiry,
 * the purges) without the HTTP API, so API processes can run with JOBS=off and workers scale on their own. Several
 * workers share the work through their claims. It serves its health and metrics on WORKER_PORT, and nothing else.
 */
function fail(message: string): never {
  process.stderr.write(`worker start-up failed: ${message}\n`);
  process.exit(1);
}

function configure(): Config {
  try {
    // A worker runs the jobs whatever JOBS (or its old name) says: API processes and workers often share one environment.
    const config = loadConfig({ ...process.env, JOBS: 'on', NOTIFICATION_WORKER: undefined });
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
  const { app, jobs } = await buildWorker(config).catch((error: unknown) =>
    fail(`could not open the database: ${String((driverError(error) as Error).message).split('\n')[0]}`),
  );
  await app
    .listen({ port: config.workerPort, host: config.host })
    .catch((error: unknown) =>
      fail(`cannot listen on ${config.host}:${config.workerPort}: ${(error as Error).message}`),
    );
  app.log.info(
    { port: config.workerPort, jobs: jobs.names },
    `worker running ${jobs.names.length} jobs; health and metrics on port ${config.workerPort}`,
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
