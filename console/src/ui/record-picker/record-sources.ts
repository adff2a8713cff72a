import type { LinkOptions } from '@tanstack/react-router';
import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { fetchListing, type ListingPath, type ListingQuery } from '../list-page/listing';
import { type RecordPagePath, recordLink } from '../list-page/row-link';

/** A record as a picker offers it: its id and the name a person reads. */
export interface RecordOption {
  value: string;
  label: string;
  /** The name alone, where the label adds to it (a product's reference): what a link to the record reads. */
  name?: string;
}

/** Equality filters of the kind's listing that narrow what is offered (`customerId`, `priceFunction`). */
export type RecordScope = Record<string, string | undefined>;

/**
 * One kind of record a reference names, as pickers and names read it. `searches` kinds are searched by the API as one
 * types (the products' `q`); the others' listings filter by exact name only, so their first 500 by name (the API's
 * page) are read once and searched here.
 */
export interface RecordSource {
  /** The query cache's prefix: a write that invalidates the kind refreshes its pickers too. */
  key: readonly string[];
  /** What a record is, in words ("price function"). */
  noun: string;
  searches: boolean;
  list: (text: string, scope: RecordScope) => Promise<RecordOption[]>;
  one: (id: string) => Promise<RecordOption>;
  link?: (id: string) => LinkOptions;
  /** The scope its listing needs (customers: `customers:read`). */
  scope?: string;
}

const NAMES = { size: 500, sort: ['name,asc'], target: ['name'] };
const named = (item: { id: string; name?: string }): RecordOption => ({ value: item.id, label: item.name || item.id });
/** Equality filters set in the scope, as the listing's query takes them. */
const filtersOf = (scope: RecordScope) =>
  Object.fromEntries(Object.entries(scope).filter((entry): entry is [string, string] => Boolean(entry[1])));

const productOption = (product: { id: string; genericName?: string; publisherRefId?: string }): RecordOption => ({
  value: product.id,
  name: product.genericName || product.publisherRefId,
  label: product.genericName
    ? `${product.genericName} (${product.publisherRefId ?? product.id})`
    : (product.publisherRefId ?? product.id),
});

export const PRODUCTS: RecordSource = {
  key: ['products', 'picker'],
  noun: 'product',
  searches: true,
  list: async (text, scope) =>
    unwrap(
      await api.GET('/products', {
        params: {
          query: {
            size: 50,
            target: ['genericName', 'publisherRefId'],
            ...filtersOf(scope),
            ...(text ? { q: text } : { sort: ['genericName,asc'] }),
          },
        },
      }),
    ).items.map(productOption),
  one: async (id) => productOption(unwrap(await api.GET('/products/{id}', { params: { path: { id } } }))),
  link: (id) => recordLink('/products/$productId', id),
};

type Named = { id: string; name?: string };

/**
 * A kind a person names (`name`) and whose listing filters by exact name only: its first 500 by name are read once
 * (in the scope's filters) and searched in the page. Its pickers' cache key follows its listing's (a write that
 * invalidates the kind refreshes them), and a record links to its page, where it has one.
 */
const byName = (
  noun: string,
  listing: ListingPath,
  one: (id: string) => Promise<Named>,
  { key, page, scope }: { key?: string[]; page?: RecordPagePath; scope?: string } = {},
): RecordSource => ({
  key: [...(key ?? [listing.slice(1)]), 'picker'],
  noun,
  searches: false,
  list: async (_text, { customerId }) => {
    // Each of these listings sorts, projects and filters by these parameters, which its generic query cannot show.
    const query = { ...NAMES, ...(customerId ? { customerId } : {}) } as ListingQuery<typeof listing>;
    return (await fetchListing(listing, query)).items.map((item) => named(item as Named));
  },
  one: async (id) => named(await one(id)),
  link: page && ((id) => recordLink(page, id)),
  scope,
});

export const CUSTOMERS = byName(
  'customer',
  '/customers',
  async (id) => unwrap(await api.GET('/customers/{id}', { params: { path: { id } } })),
  { page: '/customers/$customerId', scope: 'customers:read' },
);

export const PRICE_FUNCTIONS = byName(
  'price function',
  '/price-functions',
  async (id) => unwrap(await api.GET('/price-functions/{id}', { params: { path: { id } } })),
  { key: ['price-functions', 'list'], page: '/price-functions/$priceFunctionId' },
);

export const NOTIFICATION_DEFINITIONS = byName(
  'definition',
  '/notification-definitions',
  async (id) => unwrap(await api.GET('/notification-definitions/{id}', { params: { path: { id } } })),
  { page: '/notification-definitions/$definitionId' },
);

export const NOTIFICATION_RECEIVERS = byName(
  'receiver',
  '/notification-receivers',
  async (id) => unwrap(await api.GET('/notification-receivers/{id}', { params: { path: { id } } })),
  { page: '/notification-receivers/$receiverId' },
);

export const RECOMMENDATION_RULES = byName(
  'rule',
  '/recommendation-rules',
  async (id) => unwrap(await api.GET('/recommendation-rules/{id}', { params: { path: { id } } })),
  { page: '/recommendation-rules/$ruleId' },
);

export const SUBSCRIPTION_MODELS = byName('subscription model', '/subscription-models', async (model) =>
  unwrap(await api.GET('/subscription-models/{model}', { params: { path: { model } } })),
);

const descriptionOption = (item: {
  id: string;
  description?: string;
  localizedMarketingName?: Record<string, string>;
}): RecordOption => ({
  value: item.id,
  label: item.description || Object.values(item.localizedMarketingName ?? {})[0] || item.id,
});

export const DESCRIPTIONS: RecordSource = {
  key: ['descriptions', 'picker'],
  noun: 'description',
  searches: true,
  list: async (text, scope) => {
    const query = { size: 50, target: ['description', 'localizedMarketingName'], ...filtersOf(scope) };
    const page = text
      ? await api.GET('/descriptions/search', { params: { query: { ...query, req: text } } })
      : await api.GET('/descriptions', { params: { query } });
    return unwrap(page).items.map(descriptionOption);
  },
  one: async (id) => descriptionOption(unwrap(await api.GET('/descriptions/{id}', { params: { path: { id } } }))),
};
