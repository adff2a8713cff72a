import type { TObject } from 'typebox';
import type { Principal } from '../../auth/principal.js';
import type { Database } from '../../db/database.js';
import type { ListingSource } from '../declare/listing.js';
import { type Doc, type Page, pageOf } from '../declare/record.js';
import type { RecordStores, ViewReader } from '../declare/record-store.js';
import type { AnyViewDefinition, ViewLookup } from '../declare/resource-view.js';
import { project } from '../document/document-paths.js';
import { parseTargets } from '../sql/listing-query.js';
import type { ResourceService } from './resource-service.js';

interface ViewDeps {
  db: Database;
  services: RecordStores;
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
export class ViewService implements ViewReader {
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
