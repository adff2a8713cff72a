import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TObject } from 'typebox';
import { principalOf } from '../auth/authenticate.js';
import type { Database } from '../db/database.js';
import { errorResponses } from '../errors/error-schemas.js';
import type { Doc } from './document-paths.js';
import type { ResourceDefinition } from './resource-definition.js';
import { IdParamsSchema, IfMatchHeadersSchema, PageSchema, RecapItemSchema, listQuerySchema, listedSchemaOf, UnwoundItemSchema } from './resource-schemas.js';
import { ResourceService } from './resource-service.js';

/** `"3"`, `W/"3"` or `3` -> 3; `*` -> no check; anything else can never match the stored version. */
export function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"?(\d+)"?\s*$/.exec(header);
  return match ? Number(match[1]) : -1;
}

function withVersion(reply: FastifyReply, record: { doc: Doc; dbVersion: number }): Doc {
  reply.header('etag', `"${record.dbVersion}"`);
  return record.doc;
}

/** Registers list, create, get, update (and recap/unwind when declared) for one resource kind. */
export function registerResourceRoutes(app: FastifyInstance, definition: ResourceDefinition, db: Database): ResourceService {
  const service = new ResourceService(definition, db, app.log);
  const { path, operationIds: ids, tag, scopeArea } = definition;
  const read = { scope: `${scopeArea}:read`, errorShape: definition.errorShape };
  const write = { scope: `${scopeArea}:write`, errorShape: definition.errorShape };
  const record = definition.schema as TObject & { $id: string };
  const listed = listedSchemaOf(definition);
  app.addSchema(record);
  app.addSchema(listed);
  const ref = { $ref: `${record.$id}#` };
  const listedRef = { $ref: `${(listed as { $id?: string }).$id}#` };

  app.get(path, {
    config: read,
    schema: { operationId: ids.list, tags: [tag], summary: `List ${definition.displayName}s`, querystring: listQuerySchema(definition), response: { 200: PageSchema(listedRef), ...errorResponses(definition.errorShape) } },
    handler: (request) => service.list(principalOf(request), request.query as Record<string, unknown>),
  });

  app.post(path, {
    config: definition.secretShownOnCreate ? { ...write, idempotency: false } : write,
    schema: { operationId: ids.create, tags: [tag], summary: `Create a ${definition.displayName}`, body: ref, response: { 201: ref, ...errorResponses(definition.errorShape) } },
    handler: async (request, reply) => {
      const created = await service.create(principalOf(request), request.body as Doc);
      reply.code(201).header('location', `${path}/${created.doc.id}`);
      if (definition.secretShownOnCreate) reply.header('cache-control', 'no-store');
      return withVersion(reply, created);
    },
  });

  if (ids.recap) {
    app.get(`${path}/recap`, {
      config: read,
      schema: { operationId: ids.recap, tags: [tag], summary: `Count ${definition.displayName}s per value of the target field`, querystring: listQuerySchema(definition, true), response: { 200: PageSchema(RecapItemSchema), ...errorResponses(definition.errorShape) } },
      handler: (request) => service.recap(principalOf(request), request.query as Record<string, unknown>),
    });
  }
  if (ids.unwind) {
    app.get(`${path}/unwind`, {
      config: read,
      schema: { operationId: ids.unwind, tags: [tag], summary: `One item per element of the target array field`, querystring: listQuerySchema(definition, true), response: { 200: PageSchema(UnwoundItemSchema), ...errorResponses(definition.errorShape) } },
      handler: (request) => service.unwind(principalOf(request), request.query as Record<string, unknown>),
    });
  }

  app.get(`${path}/:id`, {
    config: read,
    schema: { operationId: ids.get, tags: [tag], summary: `Get a ${definition.displayName} by id`, params: IdParamsSchema, response: { 200: ref, ...errorResponses(definition.errorShape) } },
    handler: async (request, reply) => withVersion(reply, await service.get(principalOf(request), (request.params as { id: string }).id)),
  });

  app.put(`${path}/:id`, {
    config: write,
    schema: { operationId: ids.update, tags: [tag], summary: `Replace a ${definition.displayName}`, params: IdParamsSchema, headers: IfMatchHeadersSchema, body: ref, response: { 200: ref, ...errorResponses(definition.errorShape) } },
    handler: async (request, reply) => {
      const expected = parseIfMatch(request.headers['if-match']);
      const updated = await service.update(principalOf(request), (request.params as { id: string }).id, request.body as Doc, expected);
      return withVersion(reply, updated);
    },
  });
  return service;
}
