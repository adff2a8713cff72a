import type { TObject } from 'typebox';
import type { Principal, TenantScope } from '../../auth/principal.js';
import type { Queryable, Transaction } from '../../db/database.js';
import type { AnyResourceKind, ResourceKind } from './kind.js';
import type { ListingQuery, ListingSource } from './listing.js';
import type { CreateOptions, Doc, Page, RecordOf, StoredRecord, StoredRow, WriteOptions } from './record.js';

/**
 * What hooks, actions and views may do with a kind's records: the engine's service (service/resource-service.ts)
 * implements it with every rule (tenant, dbVersion, secrets, references, events); declarations see only this, so the
 * declaring layer depends on no layer above it.
 */
/** A map of the documents whose keys a CSV export makes columns: where it is, and how many maps deep to go. */
export interface MapAt {
  path: string[];
  levels: number;
}

export interface RecordStore<S extends TObject = TObject> {
  readonly definition: ResourceKind<S>;
  now(): Date;
  /** The rows of this kind `principal` may see (operator records only where the kind shares them). */
  scopeOf(principal: Principal): TenantScope;
  /** The record as callers may see it: write-only values masked. */
  present(doc: Doc): RecordOf<S>;
  /** The stored record with its secrets in clear, for the platform's own use; never for an answer. */
  withSecretsOpened(doc: Doc): RecordOf<S>;
  /** The visible stored row whose key is `key`, or 404 (locked with `forUpdate`). */
  findVisible(db: Queryable, principal: Principal, key: string, forUpdate?: boolean): Promise<StoredRow>;
  /** The visible records among `ids`, by id; ids not found or not visible are absent. */
  getMany(principal: Principal, ids: string[], options?: { db?: Queryable }): Promise<Map<string, RecordOf<S>>>;
  get(principal: Principal, key: string, options?: { version?: number; db?: Queryable }): Promise<StoredRecord<S>>;
  listRecords(
    principal: Principal,
    query: Record<string, unknown>,
    source?: ListingSource,
    options?: { db?: Queryable; fixedShape?: boolean },
  ): Promise<{ listing: ListingQuery; docs: RecordOf<S>[]; total: number }>;
  list(principal: Principal, query: Record<string, unknown>): Promise<Page<Doc>>;
  recap(principal: Principal, query: Record<string, unknown>): Promise<Page<{ targetValue: string; count: number }>>;
  unwind(principal: Principal, query: Record<string, unknown>): Promise<Page<Doc>>;
  search(principal: Principal, query: Record<string, unknown>): Promise<Page<Doc>>;
  /**
   * Every visible record a listing query matches (its filters and `q`; no paging), in id order, `batch` at a time:
   * each batch is read after the previous one was consumed (keyset, no transaction held), so an export of any size
   * keeps a constant memory.
   */
  batches(principal: Principal, query: Record<string, unknown>, batch: number): AsyncGenerator<RecordOf<S>[]>;
  /**
   * `batches` as NDJSON: each record's JSON as served, a line each, one text a batch. A kind without secrets is served
   * as stored, so its JSON is PostgreSQL's text of the document (keys in its order, a space after `:` and `,`): the
   * same values as a read answers, neither parsed nor written by the service.
   */
  jsonLines(principal: Principal, query: Record<string, unknown>, batch: number): AsyncGenerator<string>;
  /** The distinct key tuples the matches of a listing query hold in the map at `path`, `levels` maps deep, sorted. */
  mapKeys(principal: Principal, query: Record<string, unknown>, maps: MapAt[]): Promise<string[][][]>;
  /**
   * The ids of the visible records of `owner` (null: the operator's) whose `field` is one of `values`, by value, read
   * on the kind's unique key `customerId` + `field` (which it must declare).
   */
  idsByUnique(
    principal: Principal,
    field: string,
    owner: string | null,
    values: string[],
    options?: { db?: Queryable },
  ): Promise<Map<string, string>>;
  /** The owner a create by `principal` gives a record asking for `requested`; null: the operator's. */
  ownerForCreate(principal: Principal, requested: unknown): string | null;
  create(principal: Principal, body: Doc, options?: CreateOptions): Promise<StoredRecord<S>>;
  /**
   * Creates `bodies` as one create each would, in a few statements; `redo` names the bodies one create would (or
   * might) refuse, and then none is stored: create those alone and the others again.
   */
  createMany(
    principal: Principal,
    bodies: Doc[],
    options: { tx: Transaction },
  ): Promise<{ created: StoredRecord<S>[] } | { redo: number[] }>;
  /**
   * `createMany` in two steps, so a caller may prepare the next batch while the database writes this one: the
   * records checked and computed (`redo`: those one create would refuse), then `write`, their statements. `pause`
   * is awaited after each record (default: turns of the event loop's TURN_MS).
   */
  prepareMany(
    principal: Principal,
    bodies: Doc[],
    options: { tx: Transaction; pause?: () => Promise<void> },
  ): Promise<{ redo: number[] } | { write: () => Promise<{ created: StoredRecord<S>[] } | { redo: number[] }> }>;
  update(principal: Principal, key: string, body: Doc, options?: WriteOptions): Promise<StoredRecord<S>>;
  /**
   * `update` with `keepUnchanged` of each of `updates` (a record's id and a body), together: their rows read and
   * locked in one statement, the records that change written in a few. Answers the positions found unchanged and
   * those updated; the others (a refusal, among others) go to `update`, nothing of them written.
   */
  updateMany(
    principal: Principal,
    updates: { id: string; body: Doc }[],
    options: { tx: Transaction },
  ): Promise<{ unchanged: Set<number>; updated: Set<number> }>;
  act(
    principal: Principal,
    key: string,
    change: (doc: RecordOf<S>, stored: { dbVersion: number }) => RecordOf<S> | Promise<RecordOf<S>>,
    /** `credential`: the change manages this credential of the owner: the owner's and the operator's only (403). */
    options?: WriteOptions & { fact?: string; credential?: string },
  ): Promise<StoredRecord<S>>;
  delete(principal: Principal, key: string, options?: WriteOptions): Promise<void>;
  /**
   * Computes again, in `tx`, the words of the records among `ids` (a kind with word search), whose documents did not
   * change but a record their words come from did; no version, no event. Each row is locked and read at its current
   * version first.
   */
  refreshWords(tx: Transaction, ids: string[]): Promise<void>;
}

/** A derived view's items for records a caller already holds (a recommendation prices the products it found). */
export interface ViewReader {
  compute(principal: Principal, docs: Doc[], query?: Record<string, unknown>): Promise<Doc[]>;
}

/** Every kind's records, by kind, so one API reads or writes another's under the caller's tenant rules. */
export interface RecordStores {
  of<S extends TObject>(definition: ResourceKind<S>): RecordStore<S>;
  named(name: string): RecordStore;
  viewOf(view: { name: string }): ViewReader;
  definitions(): AnyResourceKind[];
}
