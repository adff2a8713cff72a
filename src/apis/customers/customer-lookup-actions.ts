import Type from 'typebox';
import { type ActionDefinition, defineAction, LookupId, PageSchema, Ref } from '../../platform/resource/declare.js';
import { IdParamsSchema, withVersion } from '../../platform/resource/shapes.js';
import type { CustomerSchema } from './customer.schema.js';
import type { CustomerLookups } from './customer-lookups.js';
import { PublicCustomerSchema, PublicLookupQuerySchema } from './customer-public-view.js';

type Action = ActionDefinition<typeof CustomerSchema>;

const NameParams = Type.Object({ name: LookupId({ description: 'customer name (by-name) or realm name (by-realm)' }) });

/** Deprecated, still served; tenant rules apply. */
function deprecatedLookups(lookups: CustomerLookups): Action[] {
  return (
    [
      [
        'by-name/:name',
        'name',
        'getCustomerByName',
        'Get a customer by exact name (the first created, if several share it)',
      ],
      ['by-realm/:name', 'realmName', 'getCustomerByRealm', 'Get a customer by realm name'],
    ] as const
  ).map(([path, field, operationId, summary]) =>
    defineAction({
      on: 'collection',
      path,
      method: 'GET',
      operationId,
      summary,
      deprecated: true,
      headers: ['etag'],
      params: NameParams,
      run: async ({ principal, params, reply }) =>
        withVersion(reply, await lookups.findBy(principal, field, params.name)),
    }),
  );
}

/** No token: the public view only, of any customer (it holds nothing private). */
function publicLookups(lookups: CustomerLookups): Action[] {
  const common = { method: 'GET' as const, public: true, response: PublicCustomerSchema };
  return [
    defineAction({
      ...common,
      on: 'collection',
      path: 'public',
      operationId: 'listPublicCustomers',
      summary: 'Public views of customers by ids or by name (not both); no token needed',
      description: 'Give `id` (a comma list of at most 500 ids) or `name`; neither or both answer 400.',
      query: PublicLookupQuerySchema,
      response: PageSchema(Ref(PublicCustomerSchema)),
      run: ({ query }) => lookups.publicViews(query),
    }),
    defineAction({
      ...common,
      on: 'collection',
      path: 'public/:pathOrId',
      operationId: 'getPublicCustomer',
      summary: 'Public view of a customer by realm name or id; no token needed',
      params: Type.Object({ pathOrId: LookupId({ description: 'realm name or customer id' }) }),
      run: ({ params }) => lookups.publicView(params.pathOrId),
    }),
    defineAction({
      ...common,
      on: 'collection',
      path: ':id/public',
      operationId: 'getCustomerPublicView',
      summary: 'Public view of a customer by id; no token needed',
      params: IdParamsSchema,
      run: ({ params }) => lookups.publicView(params.id),
    }),
  ];
}

export function customerLookupActions(lookups: CustomerLookups): Action[] {
  return [...deprecatedLookups(lookups), ...publicLookups(lookups)];
}
