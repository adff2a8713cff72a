import { LRUCache } from 'lru-cache';
import type { TenantScope } from '../../auth/principal.js';
import type { Queryable } from '../../db/database.js';
import { deepFreeze } from '../../deep-freeze.js';
import type { ListingQuery } from '../declare/listing.js';
import type { Doc, StoredRow } from '../declare/record.js';
import type { Kind } from '../sql/statements.js';
import type { ListingCounts } from './listing-counts.js';
import * as repository from './repository.js';

/** A stored row as last read, with the version it was read at (`xmin` and `ctid`, see sql/statements.ts). */
interface Copy {
  rowVersion: string;
  row: StoredRow;
  size: number;
}

const MEGABYTE = 1024 * 1024;

/**
 * The stored documents of one kind that reads met lately, each with its row version. A read still asks the database,
 * with the tenant rule and filters as always, but only for ids and row versions; documents travel, and are parsed,
 * only when a copy here is missing or no longer current. A copy is never served stale: the database says whether it
 * is the current version, in the same statement (or snapshot) that would have read the document. What this spares is
 * the database turning documents into text and the service parsing them back, most of a read of many documents.
 *
 * Copies are deep-frozen (one object serves every request that reads it) and weighed by their stored size; the
 * least recently used go first.
 */
export class DocumentCache {
  private readonly copies: LRUCache<string, Copy>;

  constructor(megabytes: number) {
    this.copies = new LRUCache<string, Copy>({ maxSize: megabytes * MEGABYTE, sizeCalculation: (copy) => copy.size });
  }

  /** The visible rows among `ids`, as `repository.findByIds` answers them. */
  async findByIds(db: Queryable, kind: Kind, ids: string[], scope: TenantScope): Promise<StoredRow[]> {
    return [...(await this.currentRows(db, kind, ids, scope)).values()];
  }

  /** A listing page as `repository.listRecords` answers it, documents read only for rows whose copy is not current. */
  async listRecords(
    db: Queryable,
    kind: Kind,
    query: ListingQuery,
    scope: TenantScope,
    counts?: ListingCounts,
  ): Promise<{ docs: Doc[]; total: number }> {
    const { rows, total } = await repository.listRowVersions(db, kind, query, scope, counts);
    const found = new Map<string, StoredRow>();
    for (const { id, row_version } of rows) {
      const copy = this.copies.get(id);
      if (copy?.rowVersion === row_version) found.set(id, copy.row);
    }
    const missing = rows.filter(({ id }) => !found.has(id)).map(({ id }) => id);
    if (missing.length) for (const [id, row] of await this.currentRows(db, kind, missing, scope)) found.set(id, row);
    // A row deleted between the two statements is left out, as a listing a moment later would leave it out.
    const docs: Doc[] = [];
    for (const { id } of rows) {
      const row = found.get(id);
      if (row) docs.push(row.doc);
    }
    return { docs, total };
  }

  /** The visible rows among `ids` by id, each from its copy when that is current. */
  private async currentRows(
    db: Queryable,
    kind: Kind,
    ids: string[],
    scope: TenantScope,
  ): Promise<Map<string, StoredRow>> {
    // Held until the answer: an eviction meanwhile must not lose a copy the database was told is current.
    const held = ids.map((id) => this.copies.get(id));
    const rows = await repository.findCurrentByIds(
      db,
      kind,
      ids,
      scope,
      held.map((copy) => copy?.rowVersion ?? ''),
    );
    const copyOf = new Map(ids.map((id, i) => [id, held[i]]));
    return new Map(rows.map((row) => [row.id, row.doc === null ? copyOf.get(row.id)!.row : this.keep(row)]));
  }

  private keep(row: repository.VersionedRow): StoredRow {
    const stored = deepFreeze({ doc: row.doc!, db_version: row.db_version, customer_id: row.customer_id });
    this.copies.set(row.id, { rowVersion: row.row_version, row: stored, size: Math.max(1, row.doc_size ?? 1) });
    return stored;
  }
}
