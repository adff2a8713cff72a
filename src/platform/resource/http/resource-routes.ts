import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type, { type TObject, type TSchema } from 'typebox';
import { principalOf } from '../../auth/authenticate.js';
import { errorResponses } from '../../errors/error-schemas.js';
import { NoBody, withHeaders } from '../../http/response-declarations.js';
import { LookupId, Ref } from '../../schema-types.js';
import type { AnyResourceKind } from '../declare/kind.js';
import { PageSchema } from '../declare/record.js';
import type { AnyResourceDefinition } from '../declare/resource-definition.js';
import type { ResourceService } from '../service/resource-service.js';
import { draftSchemaOf, listedRecordSchemaOf, recordSchemaOf } from './record-shapes.js';
import { IfMatchHeadersSchema, listQuerySchema, RecapItemSchema, UnwoundItemSchema } from './resource-schemas.js';
import { parseIfMatch, withVersion } from './versions.js';

/** The path parameter naming one record (`id`, `subscriptionId`, `model`). */
export function keyParamsSchema(definition: AnyResourceKind) {
  const { param, field } = definition.key;
  return Type.Object({
    [param]: LookupId({
      description: field === 'id' ? 'opaque id' : `the record's ${field}`,
      ...(field === 'id' ? {} : { 'x-record-field': field }),
    }),
  });
}

/** The record key among a route's path parameters (its path names it, so the router always matched one). */
export function keyOf(definition: AnyResourceKind, params: Record<string, unknown>): string {
  const key = params[definition.key.param];
  if (typeof key !== 'string') throw new Error(`the route has no path parameter ${definition.key.param}`);
  return key;
}

/**
 * `{$ref}` to a shared schema, added to the app once (it becomes an OpenAPI component named by its `$id`), typed as
 * the schema; a schema without `$id` is used as it is.
 */
export function sharedRef<T extends TSchema>(app: FastifyInstance, schema: T): T {
  const id = (schema as { $id?: string }).$id;
  if (!id) return schema;
  if (!app.getSchema(id)) app.addSchema(schema);
  return Ref(schema);
}

/** `{$ref}` to the record as answered (its `$id`, with the server-set fields required). */
export function recordRef(app: FastifyInstance, definition: AnyResourceDefinition): TObject {
  return sharedRef(app, recordSchemaOf(definition));
}

export function routeConfig(definition: AnyResourceDefinition, access: 'read' | 'write') {
  return { scope: `${definition.scopeArea}:${access}`, errorShape: definition.errorShape };
}

/** Registers the generic operations a kind declares: list, recap, unwind, search, get, create, update, delete. */
export function registerResourceRoutes(untyped: FastifyInstance, service: ResourceService) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { definition } = service;
  const { path, operations: ids, tag } = definition;
  const read = routeConfig(definition, 'read');
  const write = routeConfig(definition, 'write');
  // Answers (id, dates and dbVersion always there) and bodies (TermsItemDraft) are separate shapes.
  const ref = recordRef(app, definition);
  const draftRef = sharedRef(app, draftSchemaOf(definition));
  const listedRef = sharedRef(app, listedRecordSchemaOf(definition));
  const recordPath = `${path}/:${definition.key.param}`;
  const errors = (codes: number[]) => errorResponses(definition.errorShape, codes);
  // 409 only where a declared unique key can be taken (a POST declares it anyway, for Idempotency-Key).
  const taken = definition.unique.length > 0 ? [409] : [];
  // An update also answers 409 when a stored secret does not open and the body does not replace it.
  const updateConflicts = definition.unique.length > 0 || definition.secret.length > 0 ? [409] : [];

  if (ids.list) {
    app.get(path, {
      config: read,
      schema: {
        operationId: ids.list,
        tags: [tag],
        summary: `List ${definition.displayName}s`,
        querystring: listQuerySchema(definition),
        response: { 200: PageSchema(listedRef, definition.pageFields?.schema) },
      },
      handler: async (request) => ({
        ...(await service.list(principalOf(request), request.query)),
        ...definition.pageFields?.values,
      }),
    });
  }
  if (ids.create) {
    app.post(path, {
      config: write,
      schema: {
        operationId: ids.create,
        tags: [tag],
        summary: `Create a ${definition.displayName}`,
        body: draftRef,
        response: {
          201: withHeaders(ref, 'etag', 'location'),
          ...errors([...taken, ...(definition.hookErrors.create ?? [])]),
        },
      },
      handler: async (request, reply) => {
        const created = await service.create(principalOf(request), request.body);
        reply.code(201).header('location', `${path}/${encodeURIComponent(String(created.doc[definition.key.field]))}`);
        if (definition.secretShownOnCreate) reply.header('cache-control', 'no-store');
        return withVersion(reply, created);
      },
    });
  }
  for (const [operation, suffix, summary, item] of [
    ['recap', 'recap', `Count ${definition.displayName}s per value of the target field`, Ref(RecapItemSchema)],
    ['unwind', 'unwind', 'One item per element of the target array field', UnwoundItemSchema],
  ] as const) {
    const operationId = ids[operation];
    if (!operationId) continue;
    app.get(`${path}/${suffix}`, {
      config: read,
      schema: {
        operationId,
        tags: [tag],
        summary,
        querystring: listQuerySchema(definition, true),
        response: { 200: PageSchema(item) },
      },
      handler: (request) => service[operation](principalOf(request), request.query),
    });
  }
  if (definition.search) registerSearchRoute(untyped, service, listedRef);
  if (ids.get) {
    const versioned = definition.history
      ? Type.Object(
          {
            version: Type.Optional(
              Type.Integer({
                minimum: 0,
                maximum: 2_147_483_647,
                description: 'a past dbVersion of the record; 404 when there is none',
              }),
            ),
          },
          { additionalProperties: false },
        )
      : Type.Object({}, { additionalProperties: false });
    app.get(recordPath, {
      config: read,
      schema: {
        operationId: ids.get,
        tags: [tag],
        summary: `Get a ${definition.displayName} by ${definition.key.field}`,
        params: keyParamsSchema(definition),
        querystring: versioned,
        response: { 200: withHeaders(ref, 'etag'), ...errors([404]) },
      },
      handler: async (request, reply) => {
        // A kind without history takes no query parameter at all: its `version` is then undefined.
        const { version }: { version?: number } = request.query;
        return withVersion(
          reply,
          await service.get(principalOf(request), keyOf(definition, request.params), { version }),
        );
      },
    });
  }
  if (ids.update) {
    app.put(recordPath, {
      config: write,
      schema: {
        operationId: ids.update,
        tags: [tag],
        summary: `Replace a ${definition.displayName}`,
        params: keyParamsSchema(definition),
        headers: IfMatchHeadersSchema,
        body: draftRef,
        response: {
          200: withHeaders(ref, 'etag'),
          ...errors([404, ...updateConflicts, 412, ...(definition.hookErrors.update ?? [])]),
        },
      },
      handler: async (request, reply) => {
        const expectedVersion = parseIfMatch(request.headers['if-match']);
        return withVersion(
          reply,
          await service.update(principalOf(request), keyOf(definition, request.params), request.body, {
            expectedVersion,
          }),
        );
      },
    });
  }
  if (ids.delete) {
    app.delete(recordPath, {
      config: write,
      schema: {
        operationId: ids.delete,
        tags: [tag],
        summary: `Delete a ${definition.displayName}`,
        params: keyParamsSchema(definition),
        headers: IfMatchHeadersSchema,
        response: { 204: NoBody({ description: 'deleted' }), ...errors([404, 412]) },
      },
      handler: async (request, reply) => {
        await service.delete(principalOf(request), keyOf(definition, request.params), {
          expectedVersion: parseIfMatch(request.headers['if-match']),
        });
        return reply.code(204).send();
      },
    });
  }
}

function registerSearchRoute(untyped: FastifyInstance, service: ResourceService, listedRef: TObject) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { definition } = service;
  const feature = definition.search!;
  const listing = listQuerySchema(definition);
  const querystring = Type.Object(
    {
      ...listing.properties,
      [feature.textParam]: Type.String({
        minLength: 1,
        maxLength: 1000,
        description: 'the text to find: words, "a phrase", -excluded, or',
      }),
      locale: Type.Optional(
        Type.String({
          maxLength: 35,
          description: 'the language of the text (`fr_FR`): also matches other forms of its words',
        }),
      ),
    },
    { additionalProperties: false },
  );
  app.get(`${definition.path}/search`, {
    config: routeConfig(definition, 'read'),
    schema: {
      operationId: feature.operationId,
      tags: [definition.tag],
      summary: feature.summary ?? `Search ${definition.displayName}s by text, best matches first`,
      querystring,
      response: { 200: PageSchema(listedRef) },
    },
    handler: (request) => service.search(principalOf(request), request.query),
  });
}
