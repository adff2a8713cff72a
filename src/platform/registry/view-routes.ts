import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type, { type TObject } from 'typebox';
import { principalOf } from '../auth/authenticate.js';
import type { Principal } from '../auth/principal.js';
import type { Database } from '../db/database.js';
import { errorResponses } from '../errors/error-schemas.js';
import { type Doc, project } from './document-paths.js';
import { type ListingSource, parseTargets } from './listing-query.js';
import { keyOf, keyParamsSchema, routeConfig, sharedRef } from './resource-routes.js';
import { listedSchemaOf, listQuerySchema, PageSchema } from './resource-schemas.js';
import { type Page, pageOf, type ResourceService } from './resource-service.js';
import type { AnyViewDefinition, ViewLookup } from './resource-view.js';
import type { ServiceRegistry } from './service-registry.js';

interface ViewDeps {
  db: Database;
  services: ServiceRegistry;
}

/** Splits a request's query into the view's own parameters and the listing's. */
function splitQuery(
  view: AnyViewDefinition,
  query: Record<string, unknown>,
): { own: Record<string, unknown>; listing: Record<string, unknown> } {
  const names = new Set(Object.keys(view.query?.properties ?? {}));
  const own: Record<string, unknown> = {};
  const listing: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) (names.has(name) ? own : listing)[name] = value;
  return { own, listing };
}

/** Lists and reads a view: the source's listing and tenant rule, then the view's `compute` on the page. */
export class ViewService {
  constructor(
    readonly view: AnyViewDefinition,
    private readonly source: ResourceService<TObject>,
    private readonly deps: ViewDeps,
  ) {}

  private get listingSource(): ListingSource {
    return {
      ...this.source.definition,
      filters: this.view.filters ?? this.source.definition.filters,
      displayName: this.view.displayName,
    };
  }

  private context(principal: Principal, own: Record<string, unknown>) {
    return { principal, query: own, services: this.deps.services, db: this.deps.db, now: this.source.now() };
  }

  async list(principal: Principal, query: Record<string, unknown>): Promise<Page<Doc>> {
    const { own, listing } = splitQuery(this.view, query);
    const { target, ...rest } = listing;
    // `target` names fields of the view's items, which the stored records may not have.
    const targets = parseTargets({ schema: this.view.schema, displayName: this.view.displayName }, target);
    const { listing: parsed, docs, total } = await this.source.listRecords(principal, rest, this.listingSource);
    const items = (await this.view.compute(docs, this.context(principal, own))) as Doc[];
    return pageOf(
      targets.length ? items.map((item) => project(item, targets)) : items,
      parsed.page,
      parsed.size,
      total,
    );
  }

  async get(principal: Principal, key: string, query: Record<string, unknown>): Promise<Doc> {
    const { doc } = await this.source.get(principal, key);
    const [item] = (await this.view.compute([doc], this.context(principal, query))) as Doc[];
    return item!;
  }

  /** The item a lookup finds by its own keys, computed with the view's query parameters. */
  async lookup(
    principal: Principal,
    lookup: ViewLookup,
    params: Record<string, string>,
    query: Record<string, unknown>,
  ): Promise<Doc> {
    const { own, listing: lookupQuery } = splitQuery(this.view, query);
    const ctx = this.context(principal, own);
    const doc = await lookup.find({ ...ctx, params, lookupQuery });
    const [item] = (await this.view.compute([doc], ctx)) as Doc[];
    return item!;
  }

  /** The view of records a caller already holds (a recommendation prices the products it found). */
  async compute(principal: Principal, docs: Doc[], query: Record<string, unknown> = {}): Promise<Doc[]> {
    return (await this.view.compute(docs, this.context(principal, query))) as Doc[];
  }
}

export function registerViewRoutes(app: FastifyInstance, views: ViewService) {
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
      handler: (request) => views.list(principalOf(request), request.query as Record<string, unknown>),
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
      handler: (request: FastifyRequest) =>
        views.get(principalOf(request), keyOf(source, request), request.query as Record<string, unknown>),
    });
  }
  for (const lookup of view.lookups ?? []) {
    app.get(lookup.path, {
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
      handler: (request: FastifyRequest) =>
        views.lookup(
          principalOf(request),
          lookup,
          request.params as Record<string, string>,
          request.query as Record<string, unknown>,
        ),
    });
  }
}
