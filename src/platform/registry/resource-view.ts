import type { Static, TObject } from 'typebox';
import type { Principal } from '../auth/principal.js';
import type { Queryable } from '../db/database.js';
import type { FilterSpec, RecordOf, ResourceDefinition } from './resource-definition.js';
import type { ServiceRegistry } from './service-registry.js';

export interface ViewContext {
  principal: Principal;
  /** The view's own query parameters (country, currency, ...), validated against `query`. */
  query: Record<string, unknown>;
  services: ServiceRegistry;
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
  /** The view of each record, in order; one call per page, so related records load once. */
  compute(records: RecordOf<S>[], ctx: ViewContext): Promise<Static<V>[]>;
}

export function defineView<S extends TObject, V extends TObject>(view: ViewDefinition<S, V>): ViewDefinition<S, V> {
  return view;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyViewDefinition = ViewDefinition<any, any>;
