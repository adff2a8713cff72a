import { type Principal, tenantScopeOf } from '../../platform/auth/principal.js';
import type { Queryable } from '../../platform/db/database.js';
import { NotFoundError, ValidationError } from '../../platform/errors/domain-errors.js';
import type { RecordStore, StoredRecord } from '../../platform/resource/declare.js';
import { type Page, pageOf } from '../../platform/resource/declare.js';
import { isStorableText } from '../../platform/resource/documents.js';
import { parseListingQuery } from '../../platform/resource/shapes.js';
import * as repo from './customer.repository.js';
import type { CustomerSchema } from './customer.schema.js';
import { MAX_PUBLIC_IDS, type PublicCustomer, type PublicLookup, toPublicView } from './customer-public-view.js';

type Customers = RecordStore<typeof CustomerSchema>;

/** Lookups beyond the engine's get by id: by name or realm (deprecated), and the public views (no token). */
export class CustomerLookups {
  constructor(
    private readonly db: Queryable,
    private readonly customers: () => Customers,
  ) {}

  /** Deprecated lookups: by exact name (the first created, names not being unique) or by realm name; tenant rules apply. */
  async findBy(
    principal: Principal,
    field: 'name' | 'realmName',
    value: string,
  ): Promise<StoredRecord<typeof CustomerSchema>> {
    const row = isStorableText(value)
      ? await repo.findVisibleBy(this.db, field, value, tenantScopeOf(principal, false))
      : undefined;
    if (!row) throw new NotFoundError(this.customers().definition.displayName, `with ${field} ${value}`);
    return { doc: this.customers().present(row.doc), dbVersion: row.db_version };
  }

  /** Public view by id or realm name; no token needed. */
  async publicView(idOrRealm: string): Promise<PublicCustomer> {
    const doc = isStorableText(idOrRealm) ? await repo.findByIdOrRealm(this.db, idOrRealm) : undefined;
    if (!doc) throw new NotFoundError(this.customers().definition.displayName, idOrRealm);
    return toPublicView(doc);
  }

  /** Public views of the customers with these ids, or with this exact name (one or the other: 400 for both or neither). */
  async publicViews(query: PublicLookup): Promise<Page<PublicCustomer>> {
    const ids = (query.id ?? [])
      .flatMap((value) => value.split(','))
      .map((id) => id.trim())
      .filter(Boolean);
    const name = query.name;
    if (ids.length > 0 && name !== undefined)
      throw new ValidationError(
        'querystring.id and querystring.name cannot be combined: look customers up by ids or by name',
      );
    if (ids.length === 0 && (name === undefined || name === ''))
      throw new ValidationError('querystring.id (a comma list of ids) or querystring.name is required');
    if (ids.length > MAX_PUBLIC_IDS)
      throw new ValidationError(`querystring.id must list at most ${MAX_PUBLIC_IDS} ids`);
    const { page, size } = parseListingQuery(this.customers().definition, {
      page: query.page,
      size: query.size,
      pageable: query.pageable,
    });
    const storable = ids.filter(isStorableText);
    if (name !== undefined && !isStorableText(name)) return pageOf([], page, size, 0);
    const { docs, total } = await repo.listPublic(
      this.db,
      name !== undefined ? { name } : { ids: storable },
      size,
      page * size,
    );
    return pageOf(docs.map(toPublicView), page, size, total);
  }
}
