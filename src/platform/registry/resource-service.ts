import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/database.js';
import { mayActFor, tenantScopeOf, type Principal } from '../auth/principal.js';
import { ForbiddenError, NotFoundError, StaleVersionError } from '../errors/domain-errors.js';
import { recordChange } from '../events/outbox.js';
import { newId } from '../ids.js';
import type { Doc } from './document-paths.js';
import { isArraySchema, project, schemaAt, splitPath, withPath, type JsonSchemaNode } from './document-paths.js';
import { arrayTarget, parseListingQuery, recapTarget } from './listing-query.js';
import { keepReadOnly, keepStoredSecrets, maskSecrets, writableFields } from './record-fields.js';
import type { ResourceDefinition } from './resource-definition.js';
import * as repository from './resource-repository.js';
import { assertStorable, isStorableText } from './storable-text.js';

export interface Page<T> {
  items: T[];
  last: boolean;
  number: number;
  size: number;
  totalItems: number;
  totalPages: number;
}

export function pageOf<T>(items: T[], page: number, size: number, totalItems: number): Page<T> {
  const totalPages = Math.ceil(totalItems / size);
  return { items, last: page >= totalPages - 1, number: page, size, totalItems, totalPages };
}

export interface StoredRecord {
  doc: Doc;
  dbVersion: number;
}

/**
 * The generic engine behind every resource kind: tenant isolation, dbVersion checks, replace semantics,
 * secrets and events are enforced here, once, for all of them.
 */
export class ResourceService {
  constructor(
    readonly definition: ResourceDefinition,
    private readonly db: Database,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** The write is committed: a failing after-commit hook is logged, never turned into an error for a done change. */
  private afterCommit(doc: Doc): void {
    try {
      this.definition.hooks.afterCommit?.(doc);
    } catch (error) {
      this.log?.error({ err: error, resource: this.definition.name, id: doc.id }, 'after-commit hook failed');
    }
  }

  private get table() {
    return this.definition.table;
  }

  private present(doc: Doc): Doc {
    return maskSecrets(this.definition, doc);
  }

  /** The visible stored row, or 404; an id no record can have (NUL, unpaired surrogate) is not looked up. */
  async findVisible(db: Queryable, principal: Principal, id: string, forUpdate = false): Promise<repository.StoredRow> {
    const row = isStorableText(id) ? await repository.findById(db, this.table, id, tenantScopeOf(principal), forUpdate) : undefined;
    if (!row) throw new NotFoundError(this.definition.displayName, id);
    return row;
  }

  /** Operator records (no customerId) are read-only for customers' tokens. */
  private assertWritable(principal: Principal, row: repository.StoredRow, id: string): void {
    if (row.customer_id === null && !principal.isOperator) {
      throw new ForbiddenError(`${this.definition.displayName} ${id} belongs to the operator and is read-only for customers`, { resourceId: id, resourceType: this.definition.name });
    }
  }

  async get(principal: Principal, id: string): Promise<StoredRecord> {
    const row = await this.findVisible(this.db, principal, id);
    return { doc: this.present(row.doc), dbVersion: row.db_version };
  }

  async list(principal: Principal, query: Record<string, unknown>): Promise<Page<Doc>> {
    const listing = parseListingQuery(this.definition, query);
    const { docs, total } = await repository.listRecords(this.db, this.table, listing, tenantScopeOf(principal));
    const items = docs.map((doc) => this.present(doc)).map((doc) => (listing.targets.length ? project(doc, listing.targets) : doc));
    return pageOf(items, listing.page, listing.size, total);
  }

  async recap(principal: Principal, query: Record<string, unknown>): Promise<Page<{ targetValue: string; count: number }>> {
    const { target, ...rest } = query;
    const listing = parseListingQuery(this.definition, rest);
    const path = recapTarget(this.definition, target);
    const isArray = isArraySchema(schemaAt(this.definition.schema as unknown as JsonSchemaNode, path));
    const { groups, total } = await repository.recapRecords(this.db, this.table, listing, tenantScopeOf(principal), path, isArray);
    return pageOf(groups, listing.page, listing.size, total);
  }

  async unwind(principal: Principal, query: Record<string, unknown>): Promise<Page<Doc>> {
    const { target, ...rest } = query;
    const listing = parseListingQuery(this.definition, rest);
    const path = arrayTarget(this.definition, target);
    const { rows, total } = await repository.unwindRecords(this.db, this.table, listing, tenantScopeOf(principal), path);
    const items = rows.map(({ doc, element, empty }) => ({ ...withPath(this.present(doc), path, empty ? undefined : element), empty }));
    return pageOf(items, listing.page, listing.size, total);
  }

  private customerIdForCreate(principal: Principal, requested: unknown): string | null {
    const customerId = typeof requested === 'string' && requested !== '' ? requested : undefined;
    if (customerId === undefined) {
      // A tenant's record belongs to the tenant; only the operator creates operator-wide records.
      return principal.isOperator ? null : (principal.customerId ?? null);
    }
    if (!mayActFor(principal, customerId)) throw new ForbiddenError(`this token may not act for customer ${customerId}`, { resourceId: customerId, resourceType: 'customer' });
    return customerId;
  }

  async create(principal: Principal, body: Doc): Promise<StoredRecord> {
    assertStorable(body, 'body');
    const now = new Date().toISOString();
    const customerId = this.definition.tenant === 'self' ? undefined : this.customerIdForCreate(principal, body.customerId);
    const revealOnce: Doc = {};
    const created = await this.db.transaction(async (tx) => {
      const id = newId();
      let doc: Doc = { ...writableFields(this.definition, body), id, createDate: now, updateDate: now, dbVersion: 0 };
      if (customerId) doc.customerId = customerId;
      if (this.definition.hooks.beforeCreate) doc = await this.definition.hooks.beforeCreate(doc, { principal, tx, revealOnce });
      const ownerId = this.definition.tenant === 'self' ? id : (customerId ?? null);
      await repository.insertRecord(tx, this.table, doc as Doc & { id: string; createDate: string; updateDate: string }, ownerId);
      await recordChange(tx, { fact: 'created', subject: this.definition.name, customerId: ownerId, before: undefined, after: doc, mask: (d) => this.present(d) });
      return { doc: this.present(doc), dbVersion: 0 };
    });
    this.afterCommit(created.doc);
    const shown = Object.entries(revealOnce).reduce((doc, [path, value]) => withPath(doc, splitPath(path), value), created.doc);
    return { ...created, doc: shown };
  }

  /**
   * PUT replaces the stored document: absent fields are cleared, except the server-managed ones and secrets the
   * body leaves out. `expectedVersion` (If-Match) and a `dbVersion` in the body must both match the stored one.
   */
  async update(principal: Principal, id: string, body: Doc, expectedVersion?: number): Promise<StoredRecord> {
    assertStorable(body, 'body');
    const updated = await this.db.transaction(async (tx) => {
      const row = await this.findVisible(tx, principal, id, true);
      this.assertWritable(principal, row, id);
      for (const submitted of [expectedVersion, body.dbVersion]) {
        if (typeof submitted === 'number' && submitted !== row.db_version) throw new StaleVersionError(this.definition.displayName, id, row.db_version, submitted);
      }
      const stored = row.doc;
      let doc: Doc = keepReadOnly(this.definition, keepStoredSecrets(this.definition, writableFields(this.definition, body), stored), stored);
      doc = { ...doc, id, createDate: stored.createDate, updateDate: new Date().toISOString(), dbVersion: row.db_version + 1 };
      if (stored.customerId !== undefined) doc.customerId = stored.customerId;
      if (this.definition.hooks.beforeUpdate) doc = await this.definition.hooks.beforeUpdate(doc, stored, { principal, tx });
      await repository.replaceRecord(tx, this.table, id, doc as Doc & { updateDate: string; dbVersion: number });
      await recordChange(tx, { fact: 'updated', subject: this.definition.name, customerId: row.customer_id, before: stored, after: doc, mask: (d) => this.present(d) });
      return { doc: this.present(doc), dbVersion: row.db_version + 1 };
    });
    this.afterCommit(updated.doc);
    return updated;
  }

  /**
   * An action on one record (cancel, rotate a secret, ...), in the caller's transaction: the visible record is locked,
   * `change` applied, `updateDate` and `dbVersion` + 1 set, and the action's event recorded. Hooks do not run; the
   * caller runs `committed` once its transaction is done.
   */
  async act(tx: Queryable, principal: Principal, id: string, change: (doc: Doc) => Doc | Promise<Doc>, fact = 'updated'): Promise<StoredRecord> {
    const row = await this.findVisible(tx, principal, id, true);
    this.assertWritable(principal, row, id);
    const dbVersion = row.db_version + 1;
    const doc: Doc = { ...(await change(row.doc)), id, updateDate: new Date().toISOString(), dbVersion };
    await repository.replaceRecord(tx, this.table, id, doc as Doc & { updateDate: string; dbVersion: number });
    await recordChange(tx, { fact, subject: this.definition.name, customerId: row.customer_id, before: row.doc, after: doc, mask: (d) => this.present(d) });
    return { doc: this.present(doc), dbVersion };
  }

  /** Runs the after-commit hook for a record changed by `act`, once the caller's transaction has committed. */
  committed(doc: Doc): void {
    this.afterCommit(doc);
  }
}
