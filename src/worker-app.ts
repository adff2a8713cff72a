import Fastify, { type FastifyInstance } from 'fastify';
import type { ApiModule } from './apis/api-module.js';
import type { Config } from './config.js';
import { type Clock, systemClock } from './platform/clock.js';
import type { Database } from './platform/db/database.js';
import { SimpleErrorSchema } from './platform/errors/error-schemas.js';
import { frameworkErrorHandler, registerErrorHandler } from './platform/http/error-handler.js';
import { type LogStream, loggerOptions } from './platform/http/logging.js';
import { registerOperationsRoutes } from './platform/http/operations-routes.js';
import { schemaController } from './platform/http/schema-compilers.js';
import { runsIn } from './platform/jobs/job.js';
import { type RunningJobs, startJobs } from './platform/jobs/job-runner.js';
import type { ServiceRegistry } from './platform/resource/index.js';
import { startServices } from './process-services.js';

export interface Worker {
  /** Serves `/health/live`, `/health/ready` and `/metrics` only; every other path is a 404. */
  app: FastifyInstance;
  db: Database;
  services: ServiceRegistry;
  clock: Clock;
  jobs: RunningJobs;
}

export interface WorkerOptions {
  /** Tests capture the logs. */
  logStream?: LogStream;
  /** Tests move time instead of sleeping. */
  clock?: Clock;
  /** Modules started besides the product's (tests declare jobs of their own). */
  extraModules?: ApiModule[];
}

/**
 * `npm run worker`: every module's services (what the jobs write through: the kinds' services, the IAM, the outbound
 * clients, the mail transport), every shared job, and the operations routes; no API route, no token check. Closing
 * its `app` stops the jobs, then the modules, then the database.
 */
export async function buildWorker(config: Config, options: WorkerOptions = {}): Promise<Worker> {
  const { clock = systemClock } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    frameworkErrors: frameworkErrorHandler(clock),
    schemaController: schemaController(),
    forceCloseConnections: 'idle',
  });
  // The jobs run on the primary (they write, and they claim): a worker has no use for a read replica.
  const { db, apis } = await startServices(
    { ...config, databaseReplicaUrl: undefined },
    { clock, log: app.log, extraModules: options.extraModules },
  );
  app.addHook('onClose', async () => db.close());
  // onClose hooks run last added first: the jobs end their batch, then the modules close what they opened, then the database.
  let jobs: RunningJobs | undefined;
  app.addHook('onClose', async () => {
    await jobs?.stop();
    await apis.stop();
  });
  registerErrorHandler(app, clock);
  app.addSchema(SimpleErrorSchema);
  await registerOperationsRoutes(app, db, apis.metrics);
  await app.ready();
  jobs = startJobs(
    apis.jobs.filter((job) => runsIn(job, ['jobs'])),
    app.log,
  );
  for (const metric of jobs.metrics) app.metrics.registerMetric(metric);
  return { app, db, services: apis.context.services, clock, jobs };
}
