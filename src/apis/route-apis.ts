import type { FastifyInstance } from 'fastify';
import type { OpenApiAdditions } from '../platform/http/openapi.js';
import { routeResource, routeView } from '../platform/resource/index.js';
import type { StartedApis } from './start-apis.js';

/**
 * Serves the started APIs over HTTP, in module order: their shared schemas, their kinds and views through the
 * engine, then what each routes itself (in a scope of its own), and their OpenAPI `webhooks`.
 */
export async function registerApiRoutes(
  app: FastifyInstance,
  apis: StartedApis,
  openApi: OpenApiAdditions,
): Promise<void> {
  for (const { declared, resources, views } of apis.modules) {
    for (const schema of declared.schemas ?? []) app.addSchema(schema);
    if (declared.webhooks) openApi.webhooks.push(declared.webhooks);
    for (const service of resources) routeResource(app, service, apis.context);
    for (const service of views) routeView(app, service);
    if (declared.routes) await app.register(declared.routes);
  }
}
