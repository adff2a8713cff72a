import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ApiModule } from './apis/api-module.js';
import type { Iam } from './apis/iam/iam.js';
import { registerApiRoutes } from './apis/route-apis.js';
import type { Config } from './config.js';
import { registerAuthentication } from './platform/auth/authenticate.js';
import { type Clock, systemClock } from './platform/clock.js';
import type { Database } from './platform/db/database.js';
import { DetailedErrorSchema, SimpleErrorSchema } from './platform/errors/error-schemas.js';
import { bodyDeadline } from './platform/http/body-deadline.js';
import { clientErrorHandler, trackRequestsInFlight } from './platform/http/client-errors.js';
import { refuseUnknownQueryParameters } from './platform/http/closed-querystring.js';
import { registerConditionalGet } from './platform/http/conditional-get.js';
import { connectionDrain } from './platform/http/connection-drain.js';
import { registerConsoleSite } from './platform/http/console-site.js';
import { registerCors } from './platform/http/cors.js';
import { frameworkErrorHandler, registerErrorHandler } from './platform/http/error-handler.js';
import { idempotency } from './platform/http/idempotency.js';
import { registerLargePayloadBytes } from './platform/http/large-payload-bytes.js';
import { type LogStream, loggerOptions } from './platform/http/logging.js';
import { registerDocsUi, registerOpenApi } from './platform/http/openapi.js';
import { registerOperationsRoutes } from './platform/http/operations-routes.js';
import { registerReadRouting } from './platform/http/read-routing.js';
import { countRequests } from './platform/http/request-load.js';
import { schemaController } from './platform/http/schema-compilers.js';
import { serverTimeoutOptions } from './platform/http/server-timeouts.js';
import { newId } from './platform/ids.js';
import { runsIn } from './platform/jobs/job.js';
import { type RunningJobs, startJobs } from './platform/jobs/job-runner.js';
import type { ServiceRegistry } from './platform/resource/index.js';
import { RecapItemSchema } from './platform/resource/index.js';
import { startServices } from './process-services.js';

export interface App {
  app: FastifyInstance;
  db: Database;
  iam: Iam;
  /** Every kind's service, as the APIs reach one another's records. */
  services: ServiceRegistry;
  clock: Clock;
  /** The jobs this process runs: every declared one with JOBS=on, else only those of the API's own memory. */
  jobs: RunningJobs;
}

export interface BuildOptions {
  /** Tests capture the logs. */
  logStream?: LogStream;
  /** Tests move time instead of sleeping. */
  clock?: Clock;
  /** APIs served besides the product's (tests declare kinds of their own). */
  extraModules?: ApiModule[];
  /** Tests add hooks before any route exists (the response checks of test/support). */
  instrument?: (app: FastifyInstance) => void;
}

/**
 * Builds the whole service on `config`; production (`server.ts`) and tests both use this: the APIs' services, their
 * routes, and their jobs when JOBS=on (`npm run worker`, worker-app.ts, runs the jobs without the routes).
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const { logStream, clock = systemClock } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : newId();
    },
    bodyLimit: config.bodyLimit,
    // Asset file names travel in the path; longer or malformed parameters answer 404 in our error shape.
    routerOptions: { maxParamLength: 1024 },
    frameworkErrors: frameworkErrorHandler(clock),
    schemaController: schemaController(),
    // Start-up compiles every route's schemas (the OpenAPI plugin's onRoute work included): on a busy 2-core machine
    // that has taken more than Fastify's default 10 s per plugin. A start that really hangs still fails, after a minute.
    pluginTimeout: 60_000,
    ...serverTimeoutOptions(config.timeouts),
    clientErrorHandler: clientErrorHandler(config.timeouts, clock),
    // connectionDrain answers our 503 instead.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  }).withTypeProvider<TypeBoxTypeProvider>();
  options.instrument?.(app);

  const { db, apis } = await startServices(config, { clock, log: app.log, extraModules: options.extraModules });
  app.addHook('onClose', async () => db.close());
  // onClose hooks run last added first: the jobs end their batch, then the APIs close what they opened, then the database.
  let jobs: RunningJobs | undefined;
  app.addHook('onClose', async () => {
    await jobs?.stop();
    await apis.stop();
  });
  const { iam, services, encryption } = apis.context;

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Before authentication and every other hook that reads: with a read replica, each request's reads are routed.
  registerReadRouting(app, db);
  // Bodies are JSON (the IAM module adds forms to its token endpoints); anything else is a 415 rather than a guess.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app, clock);
  await registerCors(app, config.corsOrigins);
  await app.register(connectionDrain);
  await app.register(trackRequestsInFlight);
  await app.register(countRequests, { load: apis.context.requests });
  await app.register(bodyDeadline, { timeoutMs: config.timeouts.bodyMs });
  for (const schema of [SimpleErrorSchema, DetailedErrorSchema, RecapItemSchema]) app.addSchema(schema);
  refuseUnknownQueryParameters(app);
  registerConditionalGet(app);
  registerLargePayloadBytes(app);
  const openApi = await registerOpenApi(app);
  registerAuthentication(app, iam.verifier);
  await registerOperationsRoutes(app, db, apis.metrics);
  // Before any route: it attaches itself to each POST route as the route is added.
  await app.register(idempotency, { db, encryption });
  await registerApiRoutes(app, apis, openApi);

  await registerDocsUi(app);
  await registerConsoleSite(app);
  await app.ready();
  jobs = startJobs(
    apis.jobs.filter((job) => runsIn(job, config.jobs ? ['jobs', 'api'] : ['api'])),
    app.log,
  );
  for (const metric of jobs.metrics) app.metrics.registerMetric(metric);
  return { app, db, iam, services, clock, jobs };
}
