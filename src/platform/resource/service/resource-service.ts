import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import type { TObject } from 'typebox';
import { assertMayManageCredentials, mayManageCredentials } from '../../auth/credentials.js';
import { mayActFor, type Principal, type TenantScope, tenantScopeOf } from '../../auth/principal.js';
import type { Clock } from '../../clock.js';
import type { DataEncryption } from '../../crypto/data-encryption.js';
import type { Database, Queryable, Transaction } from '../../db/database.js';
import { inIndexOrder } from '../../db/index-order.js';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  StaleVersionError,
  ValidationError,
} from '../../errors/domain-errors.js';
import { turnTaker } from '../../event-loop-turns.js';
import { type ChangeDescription, changeRows, changesStatement, recordChange } from '../../events/outbox.js';
import { newId } from '../../ids.js';
import { declaredEvents } from '../declare/declared-events.js';
import type { ListingQuery, ListingSource } from '../declare/listing.js';
import {
  type CreateOptions,
  type Doc,
  MASK,
  type Page,
  pageOf,
  type RecordOf,
  type StoredRecord,
  type StoredRow,
  type WriteOptions,
} from '../declare/record.js';
import type { MapAt, RecordStore, RecordStores } from '../declare/record-store.js';
import type { ResourceDefinition } from '../declare/resource-definition.js';
import {
  getPath,
  isArraySchema,
  project,
  schemaAt,
  schemaNodeOf,
  splitPath,
  withPath,
} from '../document/document-paths.js';
import {
  keepReadOnly,
  keepStoredSecrets,
  maskSecrets,
  secretsSetBy,
  writableFields,
} from '../document/record-fields.js';
import { newReferences } from '../document/record-references.js';
import { openSecrets, openSecretsForWrite, sealSecrets } from '../document/sealed-secrets.js';
import { textSearchConfig } from '../document/search-text.js';
import { wordVector } from '../document/search-words.js';
import { assertStorable, isStorableText, UNSTORABLE_RULE } from '../document/storable-text.js';
import { arrayTarget, parseListingQuery, recapTarget } from '../sql/listing-query.js';
import type { RowWrite } from '../sql/statements.js';
import * as sql from '../sql/statements.js';
import { uniqueViolation } from '../sql/unique-keys.js';
import { DocumentCache } from '../store/document-cache.js';
import { KeptMapKeys } from '../store/kept-map-keys.js';
import { ListingCounts } from '../store/listing-counts.js';
import * as repository from '../store/repository.js';

export interface ServiceDeps {
  db: Database;
  clock: Clock;
  log?: FastifyBaseLogger;
  /** Seals the kind's declared secrets at rest; required when it declares any. */
  encryption?: DataEncryption;
  /** Every kind's service: the kinds a declared reference names are read through it. */
  services: RecordStores;
}

/** The longest search text a request may send. */
const MAX_SEARCH_TEXT = 1000;

/**
 * The generic engine behind every resource kind: tenant isolation, dbVersion checks, replace semantics, secrets,
 * history, unique keys and events are enforced here, once, for all of them.
 */
export class ResourceService<S extends TObject = TObject> implements RecordStore<S> {
  private readonly cache: DocumentCache | undefined;
  /** Exact counts of listings, each under the generation it was counted at. */
  private readonly counts = new ListingCounts();
  /** Map keys of listings (a CSV export's header), each under the generation it was read at. */
  private readonly keptMapKeys = new KeptMapKeys();
  private readonly facts: ReadonlySet<string>;

  constructor(
    readonly definition: ResourceDefinition<S>,
    private readonly deps: ServiceDeps,
  ) {
    if (definition.secret.length && !deps.encryption)
      throw new Error(`${definition.name} declares secrets: its service needs the data encryption key`);
    this.cache = definition.cache ? new DocumentCache(definition.cache.megabytes) : undefined;
    this.facts = new Set(declaredEvents(definition).map((event) => event.fact));
  }

  /** A fact the kind does not declare would be an event no catalogue, no web hook type and no receiver expects. */
  private assertDeclared(fact: string): void {
    if (!this.facts.has(fact))
      throw new Error(
        `${this.definition.name} records are written with fact "${fact}", which the kind does not declare (add it to emits)`,
      );
  }

  /**
   * The stored record with its secrets in clear, for the platform's own use (a worker calling out with them); never
   * for an answer. Throws DecryptionError when a secret was sealed under another key.
   */
  withSecretsOpened(doc: Doc): RecordOf<S> {
    return (
      this.definition.secret.length ? openSecrets(this.definition, this.deps.encryption!, doc) : doc
    ) as RecordOf<S>;
  }

  /**
   * The stored record in clear for a write based on `body` (none: an action). A secret that does not open (sealed
   * under another DATA_ENCRYPTION_KEY, or copied from another record) cannot be kept: 409 naming it, unless the body
   * sends a new value for it.
   */
  private openedForWrite(stored: Doc, key: string, body?: Doc): RecordOf<S> {
    if (!this.definition.secret.length) return stored as RecordOf<S>;
    const { doc, unopened } = openSecretsForWrite(this.definition, this.deps.encryption!, stored);
    // A read-only secret (generated) is never taken from a body: only a new record gets a new one.
    const generated = unopened.filter((field) => this.definition.readOnly.includes(field));
    const kept = unopened.filter((field) => {
      const sent = body === undefined ? undefined : getPath(body, splitPath(field));
      return generated.includes(field) || typeof sent !== 'string' || sent === MASK;
    });
    if (kept.length) {
      const remedy = generated.length
        ? `create the ${this.definition.displayName} again`
        : 'send a new value to replace it';
      throw new ConflictError(
        `${this.definition.displayName} ${key}: the stored ${kept.join(', ')} cannot be opened with this service's DATA_ENCRYPTION_KEY (sealed under another key, or copied from another record); ${remedy}`,
        { resourceId: key, resourceType: this.definition.name },
      );
    }
    return doc as RecordOf<S>;
  }

  /** The record as written to storage: declared secrets sealed (the service itself handles them in clear). */
  private sealed(doc: Doc): Doc {
    return this.definition.secret.length ? sealSecrets(this.definition, this.deps.encryption!, doc) : doc;
  }

  now(): Date {
    return this.deps.clock.now();
  }

  /** The rows of this kind `principal` may see (operator records only where the kind shares them). */
  scopeOf(principal: Principal): TenantScope {
    return tenantScopeOf(principal, this.definition.sharedOperatorRecords !== undefined);
  }

  /** The record as callers may see it: write-only values masked. */
  present(doc: Doc): RecordOf<S> {
    return maskSecrets(this.definition, doc) as RecordOf<S>;
  }

  private stamp(date: Date): string | number {
    return this.definition.dates === 'epoch-ms' ? date.getTime() : date.toISOString();
  }

  private inTransaction<T>(tx: Transaction | undefined, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return tx ? work(tx) : this.deps.db.transaction(work);
  }

  /** The write is committed: a failing after-commit hook is logged, never turned into an error for a done change. */
  private afterCommit(tx: Transaction, doc: Doc): void {
    const hook = this.definition.hooks.afterCommit;
    if (!hook) return;
    tx.afterCommit(() => {
      try {
        hook.call(this.definition.hooks, doc as RecordOf<S>);
      } catch (error) {
        this.deps.log?.error({ err: error, resource: this.definition.name, id: doc.id }, 'after-commit hook failed');
      }
    });
  }

  /** The visible stored row whose key is `key`, or 404; a key no record can have (NUL, unpaired surrogate) is not looked up. */
  async findVisible(db: Queryable, principal: Principal, key: string, forUpdate = false): Promise<StoredRow> {
    const row = isStorableText(key)
      ? await repository.findByKey(db, this.definition, key, this.scopeOf(principal), forUpdate)
      : undefined;
    if (!row) throw new NotFoundError(this.definition.displayName, key);
    return row;
  }

  /**
   * The visible records among `ids` (by id, whatever the kind's key), as stored with secrets masked, in one indexed
   * read; ids not found or not visible are simply absent (the caller reports them).
   */
  async getMany(
    principal: Principal,
    ids: string[],
    options: { db?: Queryable } = {},
  ): Promise<Map<string, RecordOf<S>>> {
    const wanted = [...new Set(ids.filter(isStorableText))];
    const found = new Map<string, RecordOf<S>>();
    if (wanted.length === 0) return found;
    const db = options.db ?? this.deps.db;
    const scope = this.scopeOf(principal);
    const rows = this.cache
      ? await this.cache.findByIds(db, this.definition, wanted, scope)
      : await repository.findByIds(db, this.definition, wanted, scope);
    for (const row of rows) {
      found.set(String(row.doc.id), this.present(row.doc) as RecordOf<S>);
    }
    return found;
  }

  /**
   * The ids of the visible records of `owner` (null: the operator's) whose `field` is one of `values`, by value, for
   * a kind declaring the unique key `customerId` + `field`: read on that key's index, so the cost follows the values
   * asked, not the records the owner holds (a bulk import's references).
   */
  async idsByUnique(
    principal: Principal,
    field: string,
    owner: string | null,
    values: string[],
    options: { db?: Queryable } = {},
  ): Promise<Map<string, string>> {
    const declared = this.definition.unique.some(
      (key) => key.fields.length === 2 && key.fields[0] === 'customerId' && key.fields[1] === field,
    );
    if (!declared) throw new Error(`${this.definition.name} declares no unique key customerId + ${field}`);
    const wanted = [...new Set(values.filter(isStorableText))];
    if (wanted.length === 0) return new Map();
    const rows = await repository.idsByUniqueKey(
      options.db ?? this.deps.db,
      this.definition,
      field,
      owner ?? '',
      wanted,
      this.scopeOf(principal),
    );
    return new Map(rows.map((row) => [row.value, row.id]));
  }

  /** Operator records (no customerId) are read-only for customers' tokens. */
  private assertWritable(principal: Principal, row: StoredRow, id: string): void {
    if (row.customer_id === null && !principal.isOperator) {
      throw new ForbiddenError(
        `${this.definition.displayName} ${id} belongs to the operator and is read-only for customers`,
        { resourceId: id, resourceType: this.definition.name },
      );
    }
  }

  /** A body setting a declared secret is a credential write: the owner's and the operator's only (auth/credentials.ts). */
  private assertSecretsSettable(
    principal: Principal,
    owner: string | null,
    body: Doc,
    stored: Doc | undefined,
    target: { resourceType: string; resourceId: string },
  ): void {
    const set = secretsSetBy(this.definition, body, stored);
    if (set.length)
      assertMayManageCredentials(principal, owner, {
        credential: `${this.definition.displayName} secret ${set.map((field) => `body.${field}`).join(', ')}`,
        ...target,
      });
  }

  private assertVersion(row: StoredRow, id: string, ...submitted: unknown[]): void {
    for (const version of submitted) {
      if (typeof version === 'number' && version !== row.db_version)
        throw new StaleVersionError(this.definition.displayName, id, row.db_version, version);
    }
  }

  /** One record; with `version`, that past version (kinds declaring `history`). */
  async get(
    principal: Principal,
    key: string,
    options: { version?: number; db?: Queryable } = {},
  ): Promise<StoredRecord<S>> {
    const db = options.db ?? this.deps.db;
    const row = await this.findVisible(db, principal, key);
    if (options.version === undefined || options.version === row.db_version)
      return { doc: this.present(row.doc), dbVersion: row.db_version };
    const past = this.definition.history
      ? await repository.findVersion(db, this.definition, String(row.doc.id), options.version, this.scopeOf(principal))
      : undefined;
    if (!past) throw new NotFoundError(this.definition.displayName, `${key} version ${options.version}`);
    return { doc: this.present(past.doc), dbVersion: past.db_version };
  }

  /**
   * A page of visible records as stored (secrets masked), read against `source` (a view's filters) or the kind;
   * `db` reads inside a transaction (an action's `ctx.tx`: on PGlite a query outside it would wait for ever);
   * `fixedShape` says code chose the filters, not a request (see `ListingQuery.fixedShape`).
   */
  async listRecords(
    principal: Principal,
    query: Record<string, unknown>,
    source: ListingSource = this.definition,
    options: { db?: Queryable; fixedShape?: boolean } = {},
  ): Promise<{ listing: ListingQuery; docs: RecordOf<S>[]; total: number }> {
    const parsed = parseListingQuery(source, query);
    const listing: ListingQuery = options.fixedShape ? { ...parsed, fixedShape: true } : parsed;
    const db = options.db ?? this.deps.db;
    const scope = this.scopeOf(principal);
    const { docs, total } = this.cache
      ? await this.cache.listRecords(db, this.definition, listing, scope, this.counts)
      : await repository.listRecords(db, this.definition, listing, scope, this.counts);
    return { listing, docs: docs.map((doc) => this.present(doc)), total };
  }

  async list(principal: Principal, query: Record<string, unknown>): Promise<Page<Doc>> {
    const { listing, docs, total } = await this.listRecords(principal, query);
    return pageOf(
      listing.targets.length ? docs.map((doc) => project(doc, listing.targets)) : docs,
      listing.page,
      listing.size,
      total,
    );
  }

  async recap(
    principal: Principal,
    query: Record<string, unknown>,
  ): Promise<Page<{ targetValue: string; count: number }>> {
    const { target, ...rest } = query;
    const listing = parseListingQuery(this.definition, rest);
    const path = recapTarget(this.definition, target);
    const isArray = isArraySchema(schemaAt(schemaNodeOf(this.definition.schema), path));
    const { groups, total } = await repository.recapRecords(
      this.deps.db,
      this.definition,
      listing,
      this.scopeOf(principal),
      path,
      isArray,
    );
    return pageOf(groups, listing.page, listing.size, total);
  }

  async unwind(principal: Principal, query: Record<string, unknown>): Promise<Page<Doc>> {
    const { target, ...rest } = query;
    const listing = parseListingQuery(this.definition, rest);
    const path = arrayTarget(this.definition, target);
    const { rows, total } = await repository.unwindRecords(
      this.deps.db,
      this.definition,
      listing,
      this.scopeOf(principal),
      path,
    );
    const items = rows.map(({ doc, element, empty }) => ({
      ...withPath(this.present(doc), path, empty ? undefined : element),
      empty,
    }));
    return pageOf(items, listing.page, listing.size, total);
  }

  /** Ranked full-text search over the declared fields; `locale` stems the query in its language too. */
  async search(principal: Principal, query: Record<string, unknown>): Promise<Page<Doc>> {
    const feature = this.definition.search;
    if (!feature) throw new Error(`${this.definition.name} declares no search`);
    const { [feature.textParam]: text, locale, ...rest } = query;
    const name = `querystring.${feature.textParam}`;
    if (typeof text !== 'string' || !text.trim())
      throw new ValidationError(`${name} is required: the text to search for`);
    if (text.length > MAX_SEARCH_TEXT)
      throw new ValidationError(`${name} must be at most ${MAX_SEARCH_TEXT} characters`);
    if (!isStorableText(text)) throw new ValidationError(`${name} ${UNSTORABLE_RULE}`);
    const listing = parseListingQuery(this.definition, rest);
    const config = textSearchConfig(typeof locale === 'string' ? locale : undefined);
    const { docs, total } = await repository.searchRecords(
      this.deps.db,
      this.definition,
      listing,
      this.scopeOf(principal),
      text,
      config,
    );
    const items = docs.map((doc) => this.present(doc));
    return pageOf(
      listing.targets.length ? items.map((doc) => project(doc, listing.targets)) : items,
      listing.page,
      listing.size,
      total,
    );
  }

  async *batches(principal: Principal, query: Record<string, unknown>, batch: number): AsyncGenerator<RecordOf<S>[]> {
    const listing = { ...parseListingQuery(this.definition, query), sort: [], page: 0, size: batch };
    const scope = this.scopeOf(principal);
    // Each page walks the id index from `after` (index-order.ts): stale statistics read every later match each time.
    const read = (after: string) =>
      inIndexOrder(this.deps.db, (tx) => repository.listAfter(tx, this.definition, listing, scope, after));
    for await (const docs of keysetPages(read, (doc) => String(doc.id), batch))
      yield docs.map((doc) => this.present(doc));
  }

  async *jsonLines(principal: Principal, query: Record<string, unknown>, batch: number): AsyncGenerator<string> {
    if (this.definition.secret.length) {
      // Served masked: the documents are read and their JSON written here.
      for await (const docs of this.batches(principal, query, batch))
        yield docs.map((doc) => `${JSON.stringify(doc)}\n`).join('');
      return;
    }
    // Served as stored: PostgreSQL writes each document's JSON, which is then only passed on.
    const listing = { ...parseListingQuery(this.definition, query), sort: [], page: 0, size: batch };
    const scope = this.scopeOf(principal);
    const read = (after: string) =>
      inIndexOrder(this.deps.db, (tx) => repository.jsonAfter(tx, this.definition, listing, scope, after));
    for await (const rows of keysetPages(read, (row) => row.id, batch)) {
      let text = '';
      for (const row of rows) text += `${row.json}\n`;
      yield text;
    }
  }

  /** The key tuples the matches of a listing query hold in each of `maps` (a CSV header's), in one scan. */
  async mapKeys(principal: Principal, query: Record<string, unknown>, maps: MapAt[]) {
    const listing = { ...parseListingQuery(this.definition, query), sort: [] };
    return this.deps.db.transaction(async (tx) => {
      // PostgreSQL guesses 100 keys a map, so its estimate for a few thousand records passes the JIT thresholds, and
      // compiling the plan cost a second where running it cost a tenth of that (measured at 10,000 products).
      await tx.query('SET LOCAL jit = off');
      return repository.mapKeys(tx, this.definition, listing, this.scopeOf(principal), maps, this.keptMapKeys);
    });
  }

  /** The owner a create by `principal` gives a record asking for `requested` (403 when it may not act for it); null: the operator's. */
  ownerForCreate(principal: Principal, requested: unknown): string | null {
    const customerId = typeof requested === 'string' && requested !== '' ? requested : undefined;
    if (customerId === undefined) {
      // A tenant's record belongs to the tenant; only the operator creates operator-wide records.
      return principal.isOperator ? null : (principal.customerId ?? null);
    }
    if (!mayActFor(principal, customerId))
      throw new ForbiddenError(`this token may not act for customer ${customerId}`, {
        resourceId: customerId,
        resourceType: 'customer',
      });
    return customerId;
  }

  /**
   * Each id a write adds along a declared reference must name a record `principal` may see (under the referenced
   * kind's own tenant rule), or the write answers 400 naming the field; ids the stored record already held are not
   * read again. Checked on the record about to be stored (after the kind's hooks: a value a hook drops is not
   * stored, so not checked), one read per referenced kind.
   */
  private async assertReferences(
    principal: Principal,
    tx: Transaction,
    doc: Doc,
    before: Doc | undefined,
  ): Promise<void> {
    for (const [path, kind] of Object.entries(this.definition.references ?? {})) {
      const named = newReferences(doc, path, before);
      if (named.length === 0) continue;
      const referenced = this.deps.services.named(kind);
      const visible = await referenced.getMany(
        principal,
        named.map((reference) => reference.id),
        { db: tx },
      );
      const missing = named.find((reference) => !visible.has(reference.id));
      if (missing) {
        const field = `body.${missing.at}`;
        throw new ValidationError(
          `${field} names no ${referenced.definition.displayName} this token may see: ${JSON.stringify(missing.id)}`,
          {
            resourceId: missing.id,
            resourceType: kind,
            specific: { field },
          },
        );
      }
    }
  }

  /** The positions of `docs` (new records) naming a reference `principal` may not see: one read per referenced kind. */
  private async unseenReferences(
    principal: Principal,
    tx: Transaction,
    docs: Doc[],
    befores: (Doc | undefined)[] = [],
  ): Promise<number[]> {
    const unseen = new Set<number>();
    for (const [path, kind] of Object.entries(this.definition.references ?? {})) {
      const named = docs.map((doc, index) => newReferences(doc, path, befores[index]));
      const ids = [...new Set(named.flat().map((reference) => reference.id))];
      if (ids.length === 0) continue;
      const visible = await this.deps.services.named(kind).getMany(principal, ids, { db: tx });
      named.forEach((references, index) => {
        if (references.some((reference) => !visible.has(reference.id))) unseen.add(index);
      });
    }
    return [...unseen];
  }

  private wordsContext(tx: Transaction) {
    return { tx, records: this, services: this.deps.services };
  }

  /** The words of `doc` (a kind with word search): its declared fields and what `wordsFrom` adds. */
  private async wordsOf(tx: Transaction, doc: Doc): Promise<string> {
    const own = Object.entries(this.definition.words?.fields ?? {}).map(([path, weight]) => ({
      value: getPath(doc, splitPath(path)),
      weight,
    }));
    const derived = (await this.definition.hooks.wordsFrom?.(doc as RecordOf<S>, this.wordsContext(tx))) ?? [];
    return wordVector([...own, ...derived]);
  }

  /** Stores the words of rows locked in `tx`, computed from their documents. */
  private async storeWords(tx: Transaction, rows: StoredRow[]): Promise<void> {
    const words: string[] = [];
    for (const row of rows) words.push(await this.wordsOf(tx, row.doc));
    await repository.updateWords(
      tx,
      this.definition,
      rows.map((row) => String(row.doc.id)),
      words,
    );
  }

  async refreshWords(tx: Transaction, ids: string[]): Promise<void> {
    if (!this.definition.words || ids.length === 0) return;
    await this.storeWords(tx, await repository.lockForWords(tx, this.definition, [...new Set(ids)]));
  }

  /**
   * Computes the words of records stored before the kind declared word search (its migration adds the column
   * empty), a batch per transaction; processes starting together share the work (rows locked are skipped).
   * Answers the number of records indexed.
   */
  async indexMissingWords(batch = 500): Promise<number> {
    if (!this.definition.words) return 0;
    let indexed = 0;
    for (;;) {
      const done = await this.deps.db.transaction(async (tx) => {
        const rows = await repository.lockWithoutWords(tx, this.definition, batch);
        await this.storeWords(tx, rows);
        return rows.length;
      });
      indexed += done;
      if (done < batch) return indexed;
    }
  }

  /**
   * Stores a new or changed record with its version, its event and its activity entry (by `principal`), in `tx`; a
   * taken unique key answers 409.
   */
  private async write(
    tx: Transaction,
    principal: Principal,
    fact: string,
    row: RowWrite,
    before: Doc | undefined,
  ): Promise<void> {
    this.assertDeclared(fact);
    const stored = await this.storedRow(tx, row);
    try {
      if (before === undefined) await repository.insertRecord(tx, this.definition, stored);
      else await repository.replaceRecord(tx, this.definition, stored);
    } catch (error) {
      throw uniqueViolation(this.definition, error, row.doc) ?? error;
    }
    if (this.definition.history) await repository.insertVersion(tx, this.definition, stored);
    await recordChange(tx, this.changeOf(principal, fact, row, before));
    await this.afterWrite(tx, row.doc, before);
  }

  /** The row as the table keeps it: secrets sealed, words computed (a kind with word search). */
  private async storedRow(tx: Transaction, row: RowWrite): Promise<RowWrite> {
    const words = this.definition.words ? await this.wordsOf(tx, row.doc) : undefined;
    return { ...row, doc: this.sealed(row.doc), ...(words === undefined ? {} : { words }) };
  }

  /** The change a write records: its event and activity entry, by `principal`, its values masked. */
  private changeOf(principal: Principal, fact: string, row: RowWrite, before: Doc | undefined): ChangeDescription {
    return {
      fact,
      subject: this.definition.name,
      customerId: row.customerId,
      before,
      after: row.doc,
      mask: (doc: Doc) => this.present(doc),
      occurredAt: row.updatedAt,
      by: principal,
    };
  }

  /** The kind's afterWrite hook, then its after-commit work. */
  private async afterWrite(tx: Transaction, doc: Doc, before: Doc | undefined): Promise<void> {
    await this.definition.hooks.afterWrite?.(
      doc as RecordOf<S>,
      before as RecordOf<S> | undefined,
      this.wordsContext(tx),
    );
    this.afterCommit(tx, this.present(doc));
  }

  /** `afterWrite` of the records a batch stored, through the kind's `afterWrites` when it declares one. */
  private async afterWrites(tx: Transaction, writes: { doc: Doc; before: Doc | undefined }[]): Promise<void> {
    const { afterWrites } = this.definition.hooks;
    if (!afterWrites) {
      for (const { doc, before } of writes) await this.afterWrite(tx, doc, before);
      return;
    }
    await afterWrites(
      writes.map(({ doc, before }) => ({ doc: doc as RecordOf<S>, previous: before as RecordOf<S> | undefined })),
      this.wordsContext(tx),
    );
    for (const { doc } of writes) this.afterCommit(tx, this.present(doc));
  }

  /**
   * A new record as `create` would store it, before it is written: owner, writable fields, stamps and the kind's
   * `beforeCreate` hook (which may write what the record needs, in `tx`). Throws the refusal a create answers.
   */
  private async prepareCreate(
    principal: Principal,
    tx: Transaction,
    body: Doc,
    now: Date,
    id: string,
  ): Promise<{ row: RowWrite; revealOnce: Doc; owner: string | null }> {
    assertStorable(body, 'body');
    const { definition } = this;
    const customerId = definition.tenant === 'self' ? undefined : this.ownerForCreate(principal, body.customerId);
    // Records that own themselves (customers) are created by the operator only; the others belong to `owner`.
    const owner = customerId ?? null;
    if (definition.tenant !== 'self')
      this.assertSecretsSettable(principal, owner, body, undefined, {
        resourceType: 'customer',
        resourceId: owner ?? '(the operator)',
      });
    const revealOnce: Doc = {};
    let doc = {
      ...writableFields(definition, body),
      id,
      createDate: this.stamp(now),
      updateDate: this.stamp(now),
      dbVersion: 0,
      // Cast: the schema holds the record only once the hooks and the checks below have run.
    } as unknown as RecordOf<S>;
    if (customerId) (doc as Doc).customerId = customerId;
    if (definition.hooks.beforeCreate)
      doc = await definition.hooks.beforeCreate(doc, {
        principal,
        tx,
        now,
        revealOnce,
        records: this,
        services: this.deps.services,
      });
    const ownerId = definition.tenant === 'self' ? id : (customerId ?? null);
    return { row: { id, doc, dbVersion: 0, customerId: ownerId, createdAt: now, updatedAt: now }, revealOnce, owner };
  }

  /**
   * The record as its creator sees it: a secret generated for it is shown to whom manages the owner's credentials; a
   * reseller creating a record for its customer gets it masked (the owner or the operator rotates it to learn it).
   */
  private revealed(principal: Principal, doc: Doc, revealOnce: Doc, owner: string | null): StoredRecord<S> {
    const reveal = this.definition.tenant === 'self' || mayManageCredentials(principal, owner) ? revealOnce : {};
    const shown = Object.entries(reveal).reduce<Doc>(
      (shownDoc, [path, value]) => withPath(shownDoc, splitPath(path), value),
      this.present(doc),
    );
    return { doc: shown as RecordOf<S>, dbVersion: 0 };
  }

  async create(principal: Principal, body: Doc, options: CreateOptions = {}): Promise<StoredRecord<S>> {
    return this.inTransaction(options.tx, async (tx) => {
      const now = this.now();
      const { row, revealOnce, owner } = await this.prepareCreate(principal, tx, body, now, options.id ?? newId());
      await this.assertReferences(principal, tx, row.doc, undefined);
      await this.write(tx, principal, 'created', row, undefined);
      return this.revealed(principal, row.doc, revealOnce, owner);
    });
  }

  /**
   * Creates `bodies` in `tx` as one `create` each would, in a few statements for all of them (a bulk import). When
   * one create would refuse its body (or might: a unique key taken), nothing of them is stored: the answer is
   * `redo`, the positions of those bodies, and the caller creates them alone (each answers its own refusal) and the
   * others together again. A database error leaves `tx` failed, as any statement's. Kinds with `search` vectors are
   * created alone.
   */
  async createMany(
    principal: Principal,
    bodies: Doc[],
    options: { tx: Transaction },
  ): Promise<{ created: StoredRecord<S>[] } | { redo: number[] }> {
    const prepared = await this.prepareMany(principal, bodies, options);
    return 'redo' in prepared ? prepared : prepared.write();
  }

  /**
   * `createMany` in two steps: the records as they will be stored (the checks of a create, their references read,
   * their words), then `write`, their statements. A caller may prepare the next batch while the database writes this
   * one (a bulk import), so the kind's `beforeCreate` must only compute here (it runs before the caller's savepoint),
   * as for every batch. `redo`: the positions of bodies one create would refuse; nothing was written. `pause`:
   * awaited after each record, to let other work run (default: turns of TURN_MS).
   */
  async prepareMany(
    principal: Principal,
    bodies: Doc[],
    options: { tx: Transaction; pause?: () => Promise<void> },
  ): Promise<{ redo: number[] } | { write: () => Promise<{ created: StoredRecord<S>[] } | { redo: number[] }> }> {
    const { tx } = options;
    this.assertDeclared('created');
    if (this.definition.search) return { redo: bodies.map((_, index) => index) };
    const now = this.now();
    const prepared: Awaited<ReturnType<typeof this.prepareCreate>>[] = [];
    const redo: number[] = [];
    // A batch is CPU work record by record: other requests run between turns (the caller's, when it gives them),
    // not after the whole batch.
    const pause = options.pause ?? turnTaker();
    for (const [index, body] of bodies.entries()) {
      try {
        prepared.push(await this.prepareCreate(principal, tx, body, now, newId()));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        redo.push(index);
      }
      await pause();
    }
    if (redo.length === 0)
      redo.push(
        ...(await this.unseenReferences(
          principal,
          tx,
          prepared.map((p) => p.row.doc),
        )),
      );
    if (redo.length > 0) return { redo };
    const rows: RowWrite[] = [];
    for (const { row } of prepared) {
      rows.push(await this.storedRow(tx, row));
      await pause();
    }
    // The statements are built here too (their JSON is most of a batch's CPU), so `write` only sends them.
    const changes = changeRows(prepared.map(({ row }) => this.changeOf(principal, 'created', row, undefined)));
    const records = sql.insertRecords(this.definition, rows, changes.json);
    return { write: () => this.writeMany(principal, tx, prepared, rows, records) };
  }

  /**
   * The statement of `prepareMany`'s records, their versions, events and activity entries: all of them stored, or
   * none and `redo` those whose unique key is taken (the records inserted are removed again; the statement wrote
   * nothing else of the batch).
   */
  private async writeMany(
    principal: Principal,
    tx: Transaction,
    prepared: Awaited<ReturnType<typeof this.prepareCreate>>[],
    rows: RowWrite[],
    records: sql.Statement,
  ): Promise<{ created: StoredRecord<S>[] } | { redo: number[] }> {
    const inserted = await repository.insertedBy(tx, records);
    const skipped = rows.flatMap((row, index) => (inserted.has(row.id) ? [] : [index]));
    if (skipped.length > 0) {
      // The versions, events and activity entries are written only with all the records: removing its records
      // leaves nothing of the batch, without the round trips of a savepoint around every batch.
      await repository.deleteRecords(tx, this.definition, [...inserted]);
      return { redo: skipped };
    }
    await this.afterWrites(
      tx,
      prepared.map(({ row }) => ({ doc: row.doc, before: undefined })),
    );
    return {
      created: prepared.map(({ row, revealOnce, owner }) => this.revealed(principal, row.doc, revealOnce, owner)),
    };
  }

  /**
   * PUT replaces the stored document: absent fields are cleared, except the server-managed ones and secrets the
   * body leaves out. `expectedVersion` (If-Match) and a `dbVersion` in the body must both match the stored one.
   */
  async update(principal: Principal, key: string, body: Doc, options: WriteOptions = {}): Promise<StoredRecord<S>> {
    assertStorable(body, 'body');
    return this.inTransaction(options.tx, async (tx) => {
      const row = await this.findVisible(tx, principal, key, true);
      const now = this.now();
      const { doc, stored, dbVersion } = await this.replacement(principal, tx, row, key, body, options, now);
      if (options.keepUnchanged && sameRecord(doc, stored))
        return { doc: this.present(stored), dbVersion: row.db_version, unchanged: true as const };
      await this.assertReferences(principal, tx, doc, stored);
      await this.write(
        tx,
        principal,
        'updated',
        { id: String(stored.id), doc, dbVersion, customerId: row.customer_id, createdAt: now, updatedAt: now },
        stored,
      );
      return { doc: this.present(doc), dbVersion };
    });
  }

  /**
   * The document an update of the locked `row` by `body` would store, with every check of `update` before its
   * references: secrets, owner, versions, read-only fields, the kind's `beforeUpdate`. Throws the refusal an update
   * answers.
   */
  private async replacement(
    principal: Principal,
    tx: Transaction,
    row: StoredRow,
    key: string,
    body: Doc,
    options: WriteOptions,
    now: Date,
  ): Promise<{ doc: RecordOf<S>; stored: RecordOf<S>; dbVersion: number }> {
    const { definition } = this;
    // Hooks and the kept secrets work on values in clear; write() seals them again.
    const stored = this.openedForWrite(row.doc, key, body);
    const id = String(stored.id);
    this.assertWritable(principal, row, id);
    this.assertSecretsSettable(principal, row.customer_id, body, stored, {
      resourceType: definition.name,
      resourceId: id,
    });
    this.assertVersion(row, id, options.expectedVersion, body.dbVersion);
    const dbVersion = row.db_version + 1;
    let doc = keepReadOnly(
      definition,
      keepStoredSecrets(definition, writableFields(definition, body), stored),
      stored,
    ) as RecordOf<S>;
    doc = { ...doc, id, createDate: stored.createDate, updateDate: this.stamp(now), dbVersion };
    if (stored.customerId !== undefined) (doc as Doc).customerId = stored.customerId;
    if (definition.hooks.beforeUpdate)
      doc = await definition.hooks.beforeUpdate(doc, stored as RecordOf<S>, {
        principal,
        tx,
        now,
        records: this,
        services: this.deps.services,
      });
    return { doc, stored, dbVersion };
  }

  /**
   * `update` with `keepUnchanged` of each of `updates` (a record's id and a body), in `tx`, in a few statements for
   * all of them (a bulk upsert): their rows are read and locked in one statement, each body goes through every check
   * of `update` (the same code), and the records that change are written together: their documents and versions in
   * one statement, their events and activity entries in another, then the kind's `afterWrite` for each (its
   * `afterWrites` for all of them, when declared). Answers the positions found unchanged (nothing written) and those
   * updated. The others (a refusal, a record not visible or named twice, a reference the writer may not see, a unique
   * key changed) are for `update`, one at a time: nothing of them was written. For a kind whose `beforeUpdate` only
   * computes (it runs here, and again in that `update`); a kind with `search` vectors only has its unchanged records
   * found.
   */
  async updateMany(
    principal: Principal,
    updates: { id: string; body: Doc }[],
    options: { tx: Transaction },
  ): Promise<{ unchanged: Set<number>; updated: Set<number> }> {
    const { tx } = options;
    const unchanged = new Set<number>();
    const updated = new Set<number>();
    const named = new Map<string, number>();
    for (const { id } of updates) named.set(id, (named.get(id) ?? 0) + 1);
    const ids = [...named.keys()].filter((id) => named.get(id) === 1 && isStorableText(id));
    if (ids.length === 0) return { unchanged, updated };
    const rows = await repository.findByIds(tx, this.definition, ids, this.scopeOf(principal), true);
    const rowOf = new Map(rows.map((row) => [String(row.doc.id), row]));
    const now = this.now();
    const pause = turnTaker();
    const changed: { index: number; row: RowWrite; before: Doc }[] = [];
    for (const [index, { id, body }] of updates.entries()) {
      const row = named.get(id) === 1 ? rowOf.get(id) : undefined;
      if (!row) continue;
      try {
        assertStorable(body, 'body');
        const { doc, stored, dbVersion } = await this.replacement(
          principal,
          tx,
          row,
          id,
          body,
          { keepUnchanged: true },
          now,
        );
        if (sameRecord(doc, stored)) unchanged.add(index);
        else if (!this.changesUniqueKey(doc, stored))
          changed.push({
            index,
            before: stored,
            row: { id: String(stored.id), doc, dbVersion, customerId: row.customer_id, createdAt: now, updatedAt: now },
          });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
      }
      await pause();
    }
    if (changed.length === 0 || this.definition.search) return { unchanged, updated };
    this.assertDeclared('updated');
    const unseen = new Set(
      await this.unseenReferences(
        principal,
        tx,
        changed.map((change) => change.row.doc),
        changed.map((change) => change.before),
      ),
    );
    const written = changed.filter((_, at) => !unseen.has(at));
    if (written.length === 0) return { unchanged, updated };
    const stored: RowWrite[] = [];
    for (const { row } of written) {
      stored.push(await this.storedRow(tx, row));
      await pause();
    }
    await repository.runBuilt(tx, sql.replaceRecords(this.definition, stored));
    await repository.runBuilt(
      tx,
      changesStatement(written.map(({ row, before }) => this.changeOf(principal, 'updated', row, before))),
    );
    await this.afterWrites(
      tx,
      written.map(({ row, before }) => ({ doc: row.doc, before })),
    );
    for (const { index } of written) updated.add(index);
    return { unchanged, updated };
  }

  /** Whether `doc` holds another value than `stored` in a field of a declared unique key (which `update` checks). */
  private changesUniqueKey(doc: Doc, stored: Doc): boolean {
    return this.definition.unique.some((key) =>
      key.fields.some((field) => !isDeepStrictEqual(getPath(doc, splitPath(field)), getPath(stored, splitPath(field)))),
    );
  }

  /**
   * An action on one record (cancel, rotate a secret, ...): the visible record is locked, `change` applied,
   * `updateDate` and `dbVersion` + 1 set, and the action's event recorded, in the caller's transaction or its own.
   * Create and update hooks do not run (the action is the rule); after-commit work does.
   */
  async act(
    principal: Principal,
    key: string,
    change: (doc: RecordOf<S>, stored: { dbVersion: number }) => RecordOf<S> | Promise<RecordOf<S>>,
    options: WriteOptions & { fact?: string; credential?: string } = {},
  ): Promise<StoredRecord<S>> {
    return this.inTransaction(options.tx, async (tx) => {
      const row = await this.findVisible(tx, principal, key, true);
      const id = String(row.doc.id);
      this.assertWritable(principal, row, id);
      if (options.credential)
        assertMayManageCredentials(principal, row.customer_id, {
          credential: options.credential,
          resourceType: this.definition.name,
          resourceId: id,
        });
      this.assertVersion(row, id, options.expectedVersion);
      const now = this.now();
      const dbVersion = row.db_version + 1;
      // Opened, so the change and the event's delta compare secrets in clear (write() seals them again).
      const before = this.openedForWrite(row.doc, key);
      const changed = await change(before, { dbVersion: row.db_version });
      await this.assertReferences(principal, tx, changed, before);
      const doc = {
        ...changed,
        id,
        createDate: row.doc.createDate,
        updateDate: this.stamp(now),
        dbVersion,
      } as RecordOf<S>;
      if (row.doc.customerId !== undefined) (doc as Doc).customerId = row.doc.customerId;
      await this.write(
        tx,
        principal,
        options.fact ?? 'updated',
        { id, doc, dbVersion, customerId: row.customer_id, createdAt: now, updatedAt: now },
        before,
      );
      return { doc: this.present(doc), dbVersion };
    });
  }

  /** Removes the record and its kept versions; the `deleted` event carries the record as it was. */
  async delete(principal: Principal, key: string, options: WriteOptions = {}): Promise<void> {
    this.assertDeclared('deleted');
    await this.inTransaction(options.tx, async (tx) => {
      const row = await this.findVisible(tx, principal, key, true);
      const id = String(row.doc.id);
      this.assertWritable(principal, row, id);
      this.assertVersion(row, id, options.expectedVersion);
      await repository.deleteRecord(tx, this.definition, id);
      if (this.definition.history) await repository.deleteVersions(tx, this.definition, id);
      const mask = (doc: Doc) => this.present(doc);
      await recordChange(tx, {
        fact: 'deleted',
        subject: this.definition.name,
        customerId: row.customer_id,
        before: row.doc,
        after: {},
        involved: row.doc,
        mask,
        occurredAt: this.now(),
        by: principal,
      });
      this.afterCommit(tx, this.present(row.doc));
    });
  }
}

/**
 * Every page `read` answers, each read after the previous page's last id (`idOf`) while the caller handles that
 * previous page, so the database and the service work at once; never more than one page ahead, so memory stays at
 * two pages. A page shorter than `size` is the last.
 */
async function* keysetPages<T>(
  read: (after: string) => Promise<T[]>,
  idOf: (item: T) => string,
  size: number,
): AsyncGenerator<T[]> {
  const readAhead = (after: string) => {
    const page = read(after);
    // Handled at once: a read ahead that fails while the caller is busy (or gone) is not an unhandled rejection;
    // awaiting it still throws.
    page.catch(() => undefined);
    return page;
  };
  let next: Promise<T[]> | undefined = readAhead('');
  while (next) {
    const page: T[] = await next;
    next = page.length < size ? undefined : readAhead(idOf(page.at(-1)!));
    if (page.length > 0) yield page;
  }
}

/** The same record but for what every write sets (`updateDate`, `dbVersion`); absent and undefined fields alike. */
function sameRecord(doc: Doc, stored: Doc): boolean {
  const comparable = ({ updateDate: _u, dbVersion: _v, ...rest }: Doc) => JSON.parse(JSON.stringify(rest)) as Doc;
  return isDeepStrictEqual(comparable(doc), comparable(stored));
}
