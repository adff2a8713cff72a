import type { Database } from '../db/database.js';
import { mayActFor, tenantScopeOf, type Principal } from '../auth/principal.js';
import { ForbiddenError, NotFoundError, StaleVersionError } from '../errors/domain-errors.js';
import { recordChange } from '../events/outbox.js';
import { newId } from '../ids.js';
import type { Doc } from './document-paths.js';
import { isArraySchema, project, schemaAt, withPath, type JsonSchemaNode } from './document-paths.js';
import { arrayTarget, parseListingQuery, singleTarget } from './listing-query.js';
import { keepReadOnly, keepStoredSecrets, maskSecrets, writableFields } from './record-fields.js';
import type { ResourceDefinition } from './resource-definition.js';
import * as repository from './resource-repository.js';

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
  ) {}

  private get table() {
    return this.definition.table;
  }

  private present(doc: Doc): Doc {
    return maskSecrets(this.definition, doc);
  }

  async get(principal: Principal, id: string): Promise<StoredRecord> {
    const row = await repository.findById(this.db, this.table, id, tenantScopeOf(principal));
    if (!row) throw new NotFoundError(this.definition.displayName, id);
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
    const path = singleTarget(this.definition, target);
    const isArray = isArraySchema(schemaAt(this.definition.schema as unknown as JsonSchemaNode, path));
    const { groups, total } = await repository.recapRecords(this.db, this.table, listing, tenantScopeOf(principal), path, isArray);
    return pageOf(groups, listing.page, listing.size, total);
  }

  async unwind(principal: Principal, query: Record<string, unknown>): Promise<Page<Doc>> {
    const { target, ...rest } = query;
    const listing = parseListingQuery(this.definition, rest);
    const path = arrayTarget(this.definition, target);
    const { rows, total } = await repository.unwindRecords(this.db, this.table, listing, tenantScopeOf(principal), path);
    const items = rows.map(({ doc, element }) => ({ ...withPath(this.present(doc), path, element ?? undefined), empty: element === null }));
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
    const now = new Date().toISOString();
    const customerId = this.definition.tenant === 'self' ? undefined : this.customerIdForCreate(principal, body.customerId);
    return this.db.transaction(async (tx) => {
      const id = newId();
      let doc: Doc = { ...writableFields(this.definition, body), id, createDate: now, updateDate: now, dbVersion: 0 };
      if (customerId) doc.customerId = customerId;
      if (this.definition.hooks.beforeCreate) doc = await this.definition.hooks.beforeCreate(doc, { principal, tx });
      const ownerId = this.definition.tenant === 'self' ? id : (customerId ?? null);
      await repository.insertRecord(tx, this.table, doc as Doc & { id: string; createDate: string; updateDate: string }, ownerId);
      await recordChange(tx, { fact: 'created', subject: this.definition.name, customerId: ownerId, before: undefined, after: this.present(doc) });
      return { doc: this.present(doc), dbVersion: 0 };
    });
  }

  /**
   * PUT replaces the stored document: absent fields are cleared, except the server-managed ones and secrets the
   * body leaves out. `expectedVersion` (If-Match) and a `dbVersion` in the body must both match the stored one.
   */
  async update(principal: Principal, id: string, body: Doc, expectedVersion?: number): Promise<StoredRecord> {
    return this.db.transaction(async (tx) => {
      const row = await repository.findById(tx, this.table, id, tenantScopeOf(principal), true);
      if (!row) throw new NotFoundError(this.definition.displayName, id);
      if (row.customer_id === null && !principal.isOperator) {
        throw new ForbiddenError(`${this.definition.displayName} ${id} belongs to the operator and is read-only for customers`, { resourceId: id, resourceType: this.definition.name });
      }
      for (const submitted of [expectedVersion, body.dbVersion]) {
        if (typeof submitted === 'number' && submitted !== row.db_version) throw new StaleVersionError(this.definition.displayName, id, row.db_version, submitted);
      }
      const stored = row.doc;
      let doc: Doc = keepReadOnly(this.definition, keepStoredSecrets(this.definition, writableFields(this.definition, body), stored), stored);
      doc = { ...doc, id, createDate: stored.createDate, updateDate: new Date().toISOString(), dbVersion: row.db_version + 1 };
      if (stored.customerId !== undefined) doc.customerId = stored.customerId;
      if (this.definition.hooks.beforeUpdate) doc = await this.definition.hooks.beforeUpdate(doc, stored, { principal, tx });
      await repository.replaceRecord(tx, this.table, id, doc as Doc & { updateDate: string; dbVersion: number });
      await recordChange(tx, { fact: 'updated', subject: this.definition.name, customerId: row.customer_id, before: this.present(stored), after: this.present(doc) });
      return { doc: this.present(doc), dbVersion: row.db_version + 1 };
    });
  }
}

