import type { paths } from '../../api/openapi';
import type { ListFilter } from '../../ui/list-page/list-filters';
import { type ListSearch, sortKeys } from '../../ui/list-search';
import { PRODUCT_FILTER_FIELDS } from './product-filter-fields';

/** The query `GET /products` takes, as the OpenAPI document declares it. */
export type ProductListQuery = NonNullable<paths['/products']['get']['parameters']['query']>;
/** Parameters of the listing that are not filters: paging, sort, projection and the text search `q`. */
type Listing = 'page' | 'size' | 'sort' | 'pageable' | 'predicate' | 'target' | 'q';
type Filter = Exclude<keyof ProductListQuery, Listing>;
type KeysOf<T> = { [K in Filter]-?: NonNullable<ProductListQuery[K]> extends T ? K : never }[Filter];

/** Every filter of `GET /products`, in the order the filter panel shows them; the type check fails when the API adds one. */
export const TEXT_FILTERS = [
  'publisherRefId',
  'genericName',
  'codeName',
  'productFamily',
  'lifeTime',
  'customerId',
  'parentId',
  'catalogId',
  'descriptionId',
  'fulfillmentTemplate',
  'subscriptionTemplate',
  'priceFunction',
  'releaseDate',
] as const satisfies readonly KeysOf<string>[];
export const CHOICE_FILTERS = {
  status: ['ENABLED', 'DISABLED'],
  type: ['SOFTWARE', 'GAMES', 'CASUAL', 'SERVICE', 'B2C', 'B2B', 'HARDWARE'],
  salesMode: ['BILLING_PLAN', 'STANDARD'],
} as const satisfies Partial<Record<KeysOf<string>, readonly string[]>>;
export const LIST_FILTERS = [
  'sellingStores',
  'blackListedCountries',
  'nextGenerationOf',
] as const satisfies readonly KeysOf<string[]>[];
export const BOOLEAN_FILTERS = ['physical'] as const satisfies readonly KeysOf<boolean>[];

type Listed =
  | (typeof TEXT_FILTERS)[number]
  | keyof typeof CHOICE_FILTERS
  | (typeof LIST_FILTERS)[number]
  | (typeof BOOLEAN_FILTERS)[number];
type Missing = Exclude<Filter, Listed>;
// A compile error names any filter of the API not offered above.
export const everyFilterListed: [Missing] extends [never] ? true : Missing = true;

/** The text search of the list (the API's `q`: names, references, code names, description texts), kept in the URL as `q`. */
export const SEARCH_PARAMETER = 'q' satisfies keyof ProductListQuery;

export const PRODUCT_LIST_SEARCH = [
  ...TEXT_FILTERS,
  ...Object.keys(CHOICE_FILTERS),
  ...LIST_FILTERS,
  ...BOOLEAN_FILTERS,
  SEARCH_PARAMETER,
];

/** Labels for the filters whose field names do not read as words. */
const FILTER_LABELS: Record<string, string> = {
  publisherRefId: 'Publisher reference',
  genericName: 'Name',
  codeName: 'Code name',
  productFamily: 'Product family',
  lifeTime: 'Lifetime',
  customerId: 'Customer',
  parentId: 'Variant of',
  catalogId: 'Catalog id',
  descriptionId: 'Description',
  fulfillmentTemplate: 'Fulfillment template',
  subscriptionTemplate: 'Subscription template',
  priceFunction: 'Priced by',
  releaseDate: 'Release date',
  status: 'Status',
  type: 'Type',
  salesMode: 'Sales mode',
  sellingStores: 'Selling stores',
  blackListedCountries: 'Blacklisted countries',
  nextGenerationOf: 'Next generation of',
};

/** The filters most lists need, shown always; the others open under "More filters". */
const FIRST = new Set<string>(['lifeTime', 'productFamily', 'sellingStores']);

/** A filter picked where it names something (a record, a country, a lifetime, a date), else typed. */
const typed = (name: string, list: boolean): ListFilter => {
  const base = { name, label: FILTER_LABELS[name] ?? name, more: !FIRST.has(name) };
  const field = PRODUCT_FILTER_FIELDS[name];
  if (field) return { ...base, kind: 'field', field };
  return { ...base, kind: 'text', placeholder: list ? 'any of: a, b, …' : undefined };
};

/** Every filter of `GET /products`, as the list page shows them: the search, choices, then typed texts and lists. */
export const PRODUCT_FILTERS: ListFilter[] = [
  {
    name: SEARCH_PARAMETER,
    label: 'Search',
    kind: 'text',
    type: 'search',
    description: 'Words of the marketing names and descriptions, "a phrase", -excluded, or',
  },
  ...(Object.entries(CHOICE_FILTERS) as [string, readonly string[]][]).map(
    ([name, values]): ListFilter => ({ name, label: FILTER_LABELS[name] ?? name, kind: 'choice', data: [...values] }),
  ),
  {
    name: 'physical',
    label: 'Delivery',
    kind: 'choice',
    data: [
      { value: 'true', label: 'Physical' },
      { value: 'false', label: 'Digital' },
    ],
  },
  ...[...TEXT_FILTERS, ...LIST_FILTERS]
    .filter((name) => FIRST.has(name))
    .map((name) => typed(name, (LIST_FILTERS as readonly string[]).includes(name))),
  ...TEXT_FILTERS.filter((name) => !FIRST.has(name)).map((name) => typed(name, false)),
  ...LIST_FILTERS.filter((name) => !FIRST.has(name)).map((name) => typed(name, true)),
];

const text = (value: string | number | undefined) => (value === undefined || value === '' ? undefined : String(value));

/** The API's query for the list's URL state: page, size, sort and the filters set (the search is resolved apart). */
export function productListQuery(search: ListSearch): ProductListQuery {
  const query: ProductListQuery = {
    page: search.page,
    size: search.size,
    sort: sortKeys(search.sort),
  };
  for (const name of [...TEXT_FILTERS, ...(Object.keys(CHOICE_FILTERS) as (keyof typeof CHOICE_FILTERS)[])]) {
    const value = text(search[name]);
    if (value) query[name] = value;
  }
  for (const name of LIST_FILTERS) {
    const value = text(search[name]);
    if (value)
      query[name] = value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
  }
  const physical = text(search.physical);
  if (physical === 'true' || physical === 'false') query.physical = physical === 'true';
  return query;
}
