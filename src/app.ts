import Fastify, { type FastifyInstance } from 'fastify';
import formBody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.js';
import { resources, withAppHooks } from './apis/index.js';
import { customerRoutes, startCustomers } from './apis/customers/customers.module.js';
import { customerResource } from './apis/customers/customer.resource.js';
import { registerAssets } from './apis/assets/assets.module.js';
import { registerIamRoutes, startIam, type Iam } from './apis/iam/iam.module.js';
import { orderRoutes } from './apis/orders/orders.routes.js';
import { rateLimitError } from './apis/iam/token.routes.js';
import { registerAuthentication } from './platform/auth/authenticate.js';
import type { Database } from './platform/db/database.js';
import { migrate } from './platform/db/migrate.js';
import { openDatabase } from './platform/db/open-database.js';
import { handleFrameworkError, registerErrorHandler } from './platform/errors/error-handler.js';
import { DetailedErrorSchema, SimpleErrorSchema } from './platform/errors/error-schemas.js';
import { connectionDrain } from './platform/http/connection-drain.js';
import { healthRoutes } from './platform/http/health.js';
import { idempotency } from './platform/http/idempotency.js';
import { loggerOptions, type LogStream } from './platform/http/logging.js';
import { metricsRoutes } from './platform/http/metrics.js';
import { registerDocsUi, registerOpenApi } from './platform/http/openapi.js';
import { schemaController } from './platform/http/validator-compiler.js';
import { newId } from './platform/ids.js';
import { RecapItemSchema } from './platform/registry/resource-schemas.js';
import { registerResourceRoutes } from './platform/registry/resource-routes.js';

export interface App {
  app: FastifyInstance;
  db: Database;
  iam: Iam;
}

/** Builds the whole service on `config`; production (`server.ts`) and tests both use this. `logStream`: tests capture logs. */
export async function buildApp(config: Config, logStream?: LogStream): Promise<App> {
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
    schemaController,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<TypeBoxTypeProvider>();

  const db = await openDatabase(config);
  app.addHook('onClose', async () => db.close());
  await migrate(db, config.databaseSchema);
  const iam = await startIam(db, config, app.log);
  app.addHook('onClose', async () => iam.stop());

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Bodies are JSON (forms only on the token endpoints); anything else is a 415 rather than a guess.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);
  for (const schema of [SimpleErrorSchema, DetailedErrorSchema, RecapItemSchema]) app.addSchema(schema);
  await registerOpenApi(app, config.publicBaseUrl);
  await app.register(rateLimit, { global: false, errorResponseBuilder: rateLimitError });
  registerAuthentication(app, iam.verifier);
  await app.register(connectionDrain);
  await app.register(metricsRoutes);
  await app.register(healthRoutes, { db });
  // Before any route: it attaches itself to each POST route as the route is added.
  await app.register(idempotency, { db });

  await app.register(async (iamScope) => {
    // Only the token endpoints take form bodies (RFC 6749); everywhere else a form body is a 415.
    await iamScope.register(formBody);
    registerIamRoutes(iamScope, iam, config);
  });
  const customers = startCustomers(db, iam, config, app.log);
  const appHooks = { [customerResource.name]: customers.hooks };
  for (const definition of resources) registerResourceRoutes(app, withAppHooks(definition, appHooks), db);
  await app.register(customerRoutes, { customers });
  await registerAssets(app, db, config);
  await app.register(orderRoutes, { db });

  await registerDocsUi(app);
  await app.ready();
  return { app, db, iam };
}
