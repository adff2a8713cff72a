import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { principalOf } from '../../platform/auth/authenticate.js';
import { errorResponses } from '../../platform/errors/error-schemas.js';
import type { Doc } from '../../platform/registry/document-paths.js';
import { IdParamsSchema, PageSchema } from '../../platform/registry/resource-schemas.js';
import { MAX_PAGE_SIZE } from '../../platform/registry/listing-query.js';
import { Obj } from '../../platform/registry/schema-types.js';
import { customerResource } from './customer.resource.js';
import { RemotePriceFilteringSchema } from './customer.schema.js';
import { PublicCustomerSchema, PublicLookupQuerySchema, type PublicLookup } from './customer-public-view.js';
import type { CustomerService } from './customer.service.js';

const TAG = customerResource.tag;
const customerRef = { $ref: 'Customer#' };
const publicRef = { $ref: 'PublicCustomer#' };
const read = { scope: 'customers:read' };
const write = { scope: 'customers:write' };
const isPublic = { public: true };

const RemotePriceFilteringUpdateSchema = Obj(
  {
    remotePriceFilteringDataByCustomerId: Type.Record(Type.String(), RemotePriceFilteringSchema, {
      minProperties: 1,
      maxProperties: MAX_PAGE_SIZE,
      description: 'customer id -> its new remotePriceFiltering (replaces the stored one)',
    }),
  },
  { $id: 'RemotePriceFilteringUpdate', title: 'Remote price filtering by customer id' },
);

const NameParams = Type.Object({ name: Type.String({ description: 'customer name (by-name) or realm name (by-realm)' }) });
const PathOrIdParams = Type.Object({ pathOrId: Type.String({ description: 'realm name or customer id' }) });

/** The Customer API routes the engine does not derive: lookups, public views and actions. Signing is in `customer-signing.routes.ts`. */
export function registerCustomerRoutes(app: FastifyInstance, customers: CustomerService) {
  for (const schema of [PublicCustomerSchema, RemotePriceFilteringUpdateSchema]) app.addSchema(schema);
  registerActionRoutes(app, customers);
  registerLookupRoutes(app, customers);
  registerPublicRoutes(app, customers);
}

function registerActionRoutes(app: FastifyInstance, customers: CustomerService) {
  app.put('/customers/remote-price-filtering', {
    config: write,
    schema: {
      operationId: 'updateRemotePriceFiltering',
      tags: [TAG],
      summary: "Replace several customers' remotePriceFiltering in one transaction (all or nothing)",
      body: { $ref: 'RemotePriceFilteringUpdate#' },
      response: { 200: Type.Array(customerRef as never, { description: 'the updated customers, in the order of the body' }), ...errorResponses() },
    },
    handler: (request) => {
      const body = request.body as { remotePriceFilteringDataByCustomerId: Record<string, Doc> };
      return customers.updateRemotePriceFiltering(principalOf(request), body.remotePriceFilteringDataByCustomerId);
    },
  });

  app.post('/customers/:id/client-secret', {
    // A retry must not replay a stored answer holding a secret: each call rotates, and the last answer is the valid secret.
    config: { ...write, idempotency: false },
    schema: {
      operationId: 'rotateCustomerClientSecret',
      tags: [TAG],
      summary: "Rotate the customer's client secret; the answer shows the new secret once",
      params: IdParamsSchema,
      response: { 200: customerRef, ...errorResponses() },
    },
    handler: async (request, reply) => {
      const rotated = await customers.rotateClientSecret(principalOf(request), (request.params as { id: string }).id);
      reply.header('etag', `"${rotated.dbVersion}"`).header('cache-control', 'no-store');
      return rotated.doc;
    },
  });
}

/** Deprecated, still served; tenant rules apply. */
function registerLookupRoutes(app: FastifyInstance, customers: CustomerService) {
  for (const [path, field, operationId] of [
    ['/customers/by-name/:name', 'name', 'getCustomerByName'],
    ['/customers/by-realm/:name', 'realmName', 'getCustomerByRealm'],
  ] as const) {
    app.get(path, {
      config: read,
      schema: {
        operationId,
        tags: [TAG],
        deprecated: true,
        summary: field === 'name' ? 'Get a customer by exact name (the first created, if several share it)' : 'Get a customer by realm name',
        params: NameParams,
        response: { 200: customerRef, ...errorResponses() },
      },
      handler: async (request, reply) => {
        const found = await customers.findBy(principalOf(request), field, (request.params as { name: string }).name);
        reply.header('etag', `"${found.dbVersion}"`);
        return found.doc;
      },
    });
  }
}

/** No token: the public view only. */
function registerPublicRoutes(app: FastifyInstance, customers: CustomerService) {
  app.get('/customers/public', {
    config: isPublic,
    schema: {
      operationId: 'listPublicCustomers',
      tags: [TAG],
      summary: 'Public views of customers by ids or by name (not both); no token needed',
      querystring: PublicLookupQuerySchema,
      response: { 200: PageSchema(publicRef), ...errorResponses('simple', [400, 500]) },
    },
    handler: (request) => customers.publicViews(request.query as PublicLookup),
  });

  app.get('/customers/public/:pathOrId', {
    config: isPublic,
    schema: {
      operationId: 'getPublicCustomer',
      tags: [TAG],
      summary: 'Public view of a customer by realm name or id; no token needed',
      params: PathOrIdParams,
      response: { 200: publicRef, ...errorResponses('simple', [404, 500]) },
    },
    handler: (request) => customers.publicView((request.params as { pathOrId: string }).pathOrId),
  });

  app.get('/customers/:id/public', {
    config: isPublic,
    schema: {
      operationId: 'getCustomerPublicView',
      tags: [TAG],
      summary: 'Public view of a customer by id; no token needed',
      params: IdParamsSchema,
      response: { 200: publicRef, ...errorResponses('simple', [404, 500]) },
    },
    handler: (request) => customers.publicView((request.params as { id: string }).id),
  });
}
