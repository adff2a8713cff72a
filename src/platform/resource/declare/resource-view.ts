import type { Static, TObject } from 'typebox';
import type { Principal } from '../../auth/principal.js';
import type { Queryable } from '../../db/database.js';
import type { FilterSpec } from './kind.js';
import type { RecordOf } from './record.js';
import type { RecordStores } from './record-store.js';
import type { ResourceDefinition } from './resource-definition.js';

export interface ViewContext {
  principal: Principal;
  /** The view's own query parameters (country, currency, ...), validated against `query`. */
  query: Record<string, unknown>;
  services: RecordStores;
  db: Queryable;
  now: Date;
}

export interface ViewRoute {
  /** `/priced-products`; a get route's path names the source's key parameter: `/priced-products/:id`. */
  path: string;
  operationId: string;
  summary?: string;
  description?: string;
}

/** What a lookup's `find` receives: the view's context plus its own path and query parameters. */
export interface ViewLookupContext extends ViewContext {
  params: Record<string, string>;
  /** The lookup's own query parameters (the view's are in `query`). */
  lookupQuery: Record<string, unknown>;
}

/**
 * One item of the view found by other keys than the record key (a product's next generation by customer and
 * publisher reference): `find` answers the source record (or throws NotFoundError), the view computes its item.
 */
export interface ViewLookup<S extends TObject = TObject> {
  /** The whole path, e.g. `/priced-products/next-generation/:customerId/:publisherRefId`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  params?: TObject;
  /** Query parameters of the lookup itself, besides the view's. */
  query?: TObject;
  find(ctx: ViewLookupContext): Promise<RecordOf<S>>;
}

/**
 * A read model derived from a source kind (priced products from products): its listing, filters, paging and tenant
 * rule are the source's; it adds its own query parameters and computes each item from the stored records.
 */
export interface ViewDefinition<S extends TObject = TObject, V extends TObject = TObject> {
  name: string;
  displayName: string;
  source: ResourceDefinition<S>;
  /** One item of the view, as answered. */
  schema: V;
  tag?: string;
  list?: ViewRoute;
  get?: ViewRoute;
  /** The listing's filters; default the source's. */
  filters?: Record<string, FilterSpec>;
  /** Query parameters of the view itself, for its list and get. */
  query?: TObject;
  /** Reads of one item by other keys than the record key. */
  lookups?: ViewLookup<S>[];
  /** The view of each record, in order; one call per page, so related records load once. */
  compute(records: RecordOf<S>[], ctx: ViewContext): Promise<Static<V>[]>;
}

export function defineView<S extends TObject, V extends TObject>(view: ViewDefinition<S, V>): ViewDefinition<S, V> {
  return view;
}

// biome-ignore lint/suspicious/noExplicitAny: a view of any source and item schema (its methods take them typed).
export type AnyViewDefinition = ViewDefinition<any, any>;
