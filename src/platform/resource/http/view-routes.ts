import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type, { type Static, type TObject } from 'typebox';
import { principalOf } from '../../auth/authenticate.js';
import { errorResponses } from '../../errors/error-schemas.js';
import { PageSchema } from '../declare/record.js';
import type { ViewLookupContext } from '../declare/resource-view.js';
import type { ViewService } from '../service/view-service.js';
import { keyOf, keyParamsSchema, routeConfig, sharedRef } from './resource-routes.js';
import { listedSchemaOf, listQuerySchema } from './resource-schemas.js';

/**
 * A lookup's request as its `find` takes it: path parameters as text (checked by the lookup's `params` when it
 * declares them), the query validated against the view's and the lookup's `query` (TObjects, so typed no closer).
 */
interface LookupRequest {
  Params: ViewLookupContext['params'];
  Querystring: Static<TObject>;
}

export function registerViewRoutes(untyped: FastifyInstance, views: ViewService) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { view } = views;
  const source = view.source;
  const config = routeConfig(source, 'read');
  const tag = view.tag ?? source.tag;
  const itemRef = sharedRef(app, view.schema);
  const own = view.query?.properties ?? {};
  const errors = errorResponses(source.errorShape, [400, 401, 403, 404, 500]);
  if (view.list) {
    const listing = listQuerySchema({
      schema: source.schema,
      filters: view.filters ?? source.filters,
      defaultPageSize: source.defaultPageSize,
      ...(source.words ? { words: source.words } : {}),
    });
    app.get(view.list.path, {
      config,
      schema: {
        operationId: view.list.operationId,
        tags: [tag],
        summary: view.list.summary ?? `List ${view.displayName}s`,
        ...(view.list.description ? { description: view.list.description } : {}),
        querystring: Type.Object({ ...listing.properties, ...own }, { additionalProperties: false }),
        response: { 200: PageSchema(sharedRef(app, listedSchemaOf({ schema: view.schema }))), ...errors },
      },
      handler: (request) => views.list(principalOf(request), request.query),
    });
  }
  if (view.get) {
    app.get(view.get.path, {
      config,
      schema: {
        operationId: view.get.operationId,
        tags: [tag],
        summary: view.get.summary ?? `Get a ${view.displayName}`,
        ...(view.get.description ? { description: view.get.description } : {}),
        params: keyParamsSchema(source),
        querystring: Type.Object({ ...own }, { additionalProperties: false }),
        response: { 200: itemRef, ...errors },
      },
      handler: (request) => views.get(principalOf(request), keyOf(source, request.params), request.query),
    });
  }
  for (const lookup of view.lookups ?? []) {
    app.get<LookupRequest>(lookup.path, {
      config,
      schema: {
        operationId: lookup.operationId,
        tags: [tag],
        summary: lookup.summary,
        ...(lookup.description ? { description: lookup.description } : {}),
        ...(lookup.params ? { params: lookup.params } : {}),
        querystring: Type.Object({ ...own, ...(lookup.query?.properties ?? {}) }, { additionalProperties: false }),
        response: { 200: itemRef, ...errors },
      },
      handler: (request) => views.lookup(principalOf(request), lookup, request.params, request.query),
    });
  }
}
