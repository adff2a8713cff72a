import formBody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ApiContext, ApiModule, StartedApi } from './apis/api-module.js';
import { type Iam, registerIamRoutes, startIam } from './apis/iam/iam.module.js';
import { rateLimitError } from './apis/iam/token.routes.js';
import { apiModules } from './apis/index.js';
import type { Config } from './config.js';
import { registerAuthentication } from './platform/auth/authenticate.js';
import { type Clock, systemClock } from './platform/clock.js';
import { DataEncryption } from './platform/crypto/data-encryption.js';
import { loadDataEncryptionKey } from './platform/crypto/data-encryption-key.js';
import type { Database } from './platform/db/database.js';
import { migrate } from './platform/db/migrate.js';
import { openDatabase } from './platform/db/open-database.js';
import { handleFrameworkError, registerErrorHandler } from './platform/errors/error-handler.js';
import { DetailedErrorSchema, SimpleErrorSchema } from './platform/errors/error-schemas.js';
import { bodyDeadline } from './platform/http/body-deadline.js';
import { clientErrorHandler, trackRequestsInFlight } from './platform/http/client-errors.js';
import { refuseUnknownQueryParameters } from './platform/http/closed-querystring.js';
import { registerConditionalGet } from './platform/http/conditional-get.js';
import { connectionDrain } from './platform/http/connection-drain.js';
import { registerConsoleSite } from './platform/http/console-site.js';
import { registerCors } from './platform/http/cors.js';
import { healthRoutes } from './platform/http/health.js';
import { idempotency } from './platform/http/idempotency.js';
import { registerLargePayloadBytes } from './platform/http/large-payload-bytes.js';
import { type LogStream, loggerOptions } from './platform/http/logging.js';
import { metricsRoutes } from './platform/http/metrics.js';
import { type OpenApiAdditions, registerDocsUi, registerOpenApi } from './platform/http/openapi.js';
import { schemaController } from './platform/http/schema-compilers.js';
import { serverTimeoutOptions } from './platform/http/server-timeouts.js';
import { newId } from './platform/ids.js';
import { registerResource, registerView } from './platform/registry/engine.js';
import { RecapItemSchema } from './platform/registry/resource-schemas.js';
import { ensureStorage } from './platform/registry/resource-storage.js';
import { ServiceRegistry } from './platform/registry/service-registry.js';

export interface App {
  app: FastifyInstance;
  db: Database;
  iam: Iam;
  /** Every kind's service, as the APIs reach one another's records. */
  services: ServiceRegistry;
  clock: Clock;
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
  /** The only paths this app answers (`npm run worker`: health and metrics); any other is a 404. */
  servesOnly?: readonly string[];
}

/** Builds the whole service on `config`; production (`server.ts`) and tests both use this. */
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
    frameworkErrors: handleFrameworkError,
    schemaController: schemaController(),
    // Start-up compiles every route's schemas (the OpenAPI plugin's onRoute work included): on a busy 2-core machine
    // that has taken more than Fastify's default 10 s per plugin. A start that really hangs still fails, after a minute.
    pluginTimeout: 60_000,
    ...serverTimeoutOptions(config.timeouts),
    clientErrorHandler: clientErrorHandler(config.timeouts),
    // connectionDrain answers our 503 instead.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  }).withTypeProvider<TypeBoxTypeProvider>();
  options.instrument?.(app);
  if (options.servesOnly) {
    const served = new Set(options.servesOnly);
    app.addHook('onRequest', async (request, reply) => {
      if (!served.has(request.url.split('?')[0]!))
        return reply
          .code(404)
          .send({
            error: 'Not Found',
            message: `this process serves ${[...served].join(', ')} only`,
            path: request.url.split('?')[0],
            status: 404,
            timestamp: clock.now().getTime(),
          });
    });
  }

  const db = await openDatabase(config, (error) => app.log.error({ err: error }, 'after-commit work failed'));
  app.addHook('onClose', async () => db.close());
  await migrate(db, config.databaseSchema);
  const iam = await startIam(db, config, app.log, clock);
  app.addHook('onClose', async () => iam.stop());

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Bodies are JSON (forms only on the token endpoints); anything else is a 415 rather than a guess.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);
  await registerCors(app, config.corsOrigins);
  await app.register(connectionDrain);
  await app.register(trackRequestsInFlight);
  await app.register(bodyDeadline, { timeoutMs: config.timeouts.bodyMs });
  for (const schema of [SimpleErrorSchema, DetailedErrorSchema, RecapItemSchema]) app.addSchema(schema);
  refuseUnknownQueryParameters(app);
  registerConditionalGet(app);
  registerLargePayloadBytes(app);
  const openApi = await registerOpenApi(app);
  await app.register(rateLimit, { global: false, errorResponseBuilder: rateLimitError });
  registerAuthentication(app, iam.verifier);
  await app.register(metricsRoutes, { db });
  await app.register(healthRoutes, { db });
  const key = loadDataEncryptionKey(config);
  if (key.warning) app.log.warn(key.warning);
  const encryption = new DataEncryption(key.key);
  // Before any route: it attaches itself to each POST route as the route is added.
  await app.register(idempotency, { db, encryption });

  await app.register(async (iamScope) => {
    // Only the token endpoints take form bodies (RFC 6749); everywhere else a form body is a 415.
    await iamScope.register(formBody);
    registerIamRoutes(iamScope, iam, config);
  });
  const services = new ServiceRegistry();
  await startApis(
    app,
    { db, config, log: app.log, clock, iam, services, encryption },
    [...apiModules, ...(options.extraModules ?? [])],
    openApi,
  );

  await registerDocsUi(app);
  if (!options.servesOnly) await registerConsoleSite(app);
  await app.ready();
  return { app, db, iam, services, clock };
}

/**
 * Starts each API, makes sure the storage its kinds declare exists, then serves its kinds and views through the
 * engine and registers what it routes itself.
 */
async function startApis(
  app: FastifyInstance,
  api: ApiContext,
  modules: ApiModule[],
  openApi: OpenApiAdditions,
): Promise<void> {
  const started: StartedApi[] = [];
  for (const module of modules) started.push(await module.start(api));
  await ensureStorage(
    api.db,
    api.config.databaseSchema,
    started.flatMap((s) => s.resources ?? []),
  );
  for (const { resources = [], views = [], schemas = [], routes, webhooks, stop } of started) {
    for (const schema of schemas) app.addSchema(schema);
    if (webhooks) openApi.webhooks.push(webhooks);
    for (const definition of resources) registerResource(app, definition, api);
    for (const view of views) registerView(app, view, api);
    if (routes) await app.register(routes);
    if (stop) app.addHook('onClose', async () => stop());
  }
  api.services.assertReferencesResolve();
}
