import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig, prepareDataDir } from './config.js';
import { driverError } from './platform/db/connection-failures.js';
import { type DataDirLock, LOCK_FILE, lockDataDir } from './platform/db/data-dir-lock.js';
import { checkPortFree } from './platform/http/port-check.js';
import { startAnnouncement } from './start-announcement.js';

/** Orchestrators usually wait 30 s after SIGTERM before SIGKILL; finish first, with a margin. */
const SHUTDOWN_GRACE_MS = 25_000;

/** A start-up failure is one line on stderr and exit code 1 (docs/product-decisions.md §1). */
function fail(message: string): never {
  process.stderr.write(`start-up failed: ${message}\n`);
  process.exit(1);
}

function firstLine(error: unknown): string {
  // At start-up the operator needs the driver's reason (`connect ECONNREFUSED host:port`), not the 503's message.
  const reason = driverError(error);
  return (reason instanceof Error ? reason.message : String(reason)).split('\n')[0] ?? '';
}

function configure(): Config {
  try {
    const config = loadConfig(process.env);
    prepareDataDir(config.dataDir);
    return config;
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : firstLine(error));
  }
}

function listenProblem(error: NodeJS.ErrnoException, config: Config): string {
  if (error.code === 'EADDRINUSE') return `port ${config.port} is already in use`;
  if (error.code === 'EACCES') return `port ${config.port} needs privileges this process does not have`;
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
    return `HOST ${config.host} is not an address of this machine`;
  return firstLine(error);
}

/** The embedded database on disk is one process's: a second server on the same DATA_DIR stops here. */
function lockEmbeddedDatabase(config: Config): DataDirLock | undefined {
  if (config.databaseUrl !== undefined) return undefined;
  try {
    return lockDataDir(config.dataDir);
  } catch (error) {
    fail(firstLine(error));
  }
}

async function start(config: Config): Promise<FastifyInstance> {
  // Port first: a port in use is reported without touching the database.
  await checkPortFree(config.host, config.port).catch((error: unknown) =>
    fail(listenProblem(error as NodeJS.ErrnoException, config)),
  );
  const lock = lockEmbeddedDatabase(config);
  let app: FastifyInstance;
  try {
    app = (await buildApp(config)).app;
  } catch (error) {
    fail(`could not open the database or prepare the service: ${firstLine(error)}`);
  }
  if (lock?.tookOverFrom)
    app.log.warn(
      { stalePid: lock.tookOverFrom.pid, since: lock.tookOverFrom.since },
      `took over ${LOCK_FILE} in DATA_DIR from a server that is gone`,
    );
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => undefined);
    fail(listenProblem(error as NodeJS.ErrnoException, config));
  }
  return app;
}

/**
 * SIGTERM/SIGINT: stop accepting connections, close idle keep-alive ones, let in-flight requests finish, close the
 * database, exit 0. A shutdown that hangs past the grace period exits 1 rather than waiting for SIGKILL.
 */
function closeOnSignals(app: FastifyInstance) {
  let closing = false;
  const shutDown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => {
      app.log.error(`shutdown took longer than ${SHUTDOWN_GRACE_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => {
        app.log.info('shut down');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutDown);
  process.on('SIGINT', shutDown);
}

async function main() {
  const config = configure();
  const app = await start(config);
  const { msg, ...where } = startAnnouncement(config);
  app.log.info(where, msg);
  closeOnSignals(app);
}

void main();
