import type { TObject } from 'typebox';
import type { Principal } from '../../platform/auth/principal.js';
import type { Queryable } from '../../platform/db/database.js';
import type { ListingSource, RecordOf, RecordStore } from '../../platform/resource/declare.js';
import { MAX_FILTER_VALUES, MAX_PAGE_SIZE } from '../../platform/resource/shapes.js';

/**
 * Every visible record matching `query`, read page by page in `db` (an action's transaction), oldest first. The
 * operations that need all of them (a customer's products, the variants of a page) are bounded by what a customer
 * stores, not by a request. Its filters are the caller's code, so its statements may be prepared.
 */
export async function listAll<S extends TObject>(
  records: RecordStore<S>,
  principal: Principal,
  db: Queryable,
  query: Record<string, unknown>,
  source?: ListingSource,
): Promise<RecordOf<S>[]> {
  const all: RecordOf<S>[] = [];
  for (let page = 0; ; page += 1) {
    const { docs, total } = await records.listRecords(
      principal,
      { ...query, sort: ['createDate,asc', 'id,asc'], page, size: MAX_PAGE_SIZE },
      source,
      { db, fixedShape: true },
    );
    all.push(...docs);
    if (docs.length === 0 || all.length >= total) return all;
  }
}

/**
 * The visible records whose `field` (a string filter of the kind) is any of `values` (and, given, of `customerId`),
 * asked in chunks the listing accepts.
 */
export async function listWhereAnyOf<S extends TObject>(
  records: RecordStore<S>,
  principal: Principal,
  db: Queryable,
  field: string,
  values: string[],
  customerId?: string,
): Promise<RecordOf<S>[]> {
  const found: RecordOf<S>[] = [];
  const owner = customerId === undefined ? {} : { customerId };
  for (let start = 0; start < values.length; start += MAX_FILTER_VALUES) {
    const query = { [field]: values.slice(start, start + MAX_FILTER_VALUES), ...owner };
    found.push(...(await listAll(records, principal, db, query)));
  }
  return found;
}
