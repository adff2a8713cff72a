import Type, { type Static, type TObject, type TProperties, type TSchema } from 'typebox';
import type { Transaction } from '../../db/database.js';
import type { Doc } from '../../json-document.js';

export type { Doc };

/** A stored record of a kind, as its schema types it. */
export type RecordOf<S extends TObject> = Static<S> & Doc;

/** Fields the server manages on every record; a body may carry them but they are never taken from it. */
export const SERVER_MANAGED_FIELDS = ['id', 'createDate', 'updateDate', 'dbVersion', 'customerId'] as const;

/** What answers show in place of a write-only value. */
export const MASK = '********';

/** A record's row as stored: the document and the engine's columns every rule reads. */
export interface StoredRow {
  doc: Doc;
  db_version: number;
  customer_id: string | null;
}

/** A record as a service answers it: its document and its version (the ETag). */
export interface StoredRecord<S extends TObject = TObject> {
  doc: RecordOf<S>;
  dbVersion: number;
  /** An update asked to keep an unchanged record as it is (`keepUnchanged`) found nothing to change: nothing was written. */
  unchanged?: true;
}

export interface Page<T> {
  items: T[];
  last: boolean;
  number: number;
  size: number;
  totalItems: number;
  totalPages: number;
}

/**
 * The page shape of every listing, typed by its item: `PageSchema(Ref(RealmUserSchema))` is a page of RealmUsers
 * (the item is usually a `Ref`, so the item schema stays one component of the OpenAPI document). `extra`: fields
 * a kind's pages carry besides these.
 */
// biome-ignore lint/complexity/noBannedTypes: `{}` is the empty property set, spread into the page's properties.
export function PageSchema<Item extends TSchema, Extra extends TProperties = {}>(item: Item, extra?: Extra) {
  return Type.Object({
    items: Type.Array(item),
    last: Type.Boolean(),
    number: Type.Integer({ description: 'zero-based page index' }),
    size: Type.Integer(),
    totalItems: Type.Integer(),
    totalPages: Type.Integer(),
    ...extra,
  });
}

export function pageOf<T>(items: T[], page: number, size: number, totalItems: number): Page<T> {
  const totalPages = Math.ceil(totalItems / size);
  return { items, last: page >= totalPages - 1, number: page, size, totalItems, totalPages };
}

/** Writes may join the caller's transaction (one domain operation, one transaction, all its events). */
export interface WriteOptions {
  tx?: Transaction;
  /** If-Match, or the version an action was based on: 412 when the record has moved on. */
  expectedVersion?: number;
  /**
   * An update whose result equals the stored record (but for `updateDate` and `dbVersion`) writes nothing: no version,
   * no event (a bulk upsert of an unchanged row).
   */
  keepUnchanged?: boolean;
}

/** How a create may be told the new record's id: one the server generated ahead (a bulk import staged under it). */
export interface CreateOptions {
  tx?: Transaction;
  id?: string;
}
