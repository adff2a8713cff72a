import type { TObject } from 'typebox';
import type { Queryable } from '../db/database.js';
import type { Principal } from '../auth/principal.js';
import type { ScopeArea } from '../auth/scopes.js';
import type { Doc } from './document-paths.js';

/** How a list filter matches: equality on a scalar, or "contains any of" on an array field. */
export type FilterKind = 'string' | 'integer' | 'number' | 'boolean' | 'string-array';

export interface FilterSpec {
  /** Dot path of the field in the record; defaults to the filter's name. */
  path?: string;
  kind: FilterKind;
  description?: string;
}

export interface WriteContext {
  principal: Principal;
  tx: Queryable;
  /**
   * Create only: values a hook generated that this response alone shows in clear (a client secret), by dot path,
   * applied after masking. The engine neither stores them nor puts them in the event.
   */
  revealOnce?: Record<string, unknown>;
}

export interface ResourceHooks {
  /** Runs in the write transaction before a create is stored; may change the document or throw a DomainError. */
  beforeCreate?(doc: Doc, ctx: WriteContext): Promise<Doc> | Doc;
  /** Runs in the write transaction before an update is stored, with the stored record. */
  beforeUpdate?(doc: Doc, previous: Doc, ctx: WriteContext): Promise<Doc> | Doc;
  /** Runs once a create or update has been committed, with the record as returned (e.g. to drop a cached copy). */
  afterCommit?(doc: Doc): void;
}

export interface OperationIds {
  list: string;
  create: string;
  get: string;
  update: string;
  recap?: string;
  unwind?: string;
}

/**
 * One resource kind, declared once. The engine derives its routes, repository, OpenAPI entries,
 * tenant rule and events from this.
 */
export interface ResourceDefinition<S extends TObject = TObject> {
  /** Event subject and OpenAPI name, kebab case: `terms`, `company-terms`. */
  name: string;
  /** Human name used in messages: `terms item`. */
  displayName: string;
  /** URL path of the collection: `/terms`. */
  path: string;
  table: string;
  /** The stored and returned record, shared fields included. */
  schema: S;
  /** The routes require `<scopeArea>:read` (list, get, recap, unwind) or `<scopeArea>:write` (create, update). */
  scopeArea: ScopeArea;
  tag: string;
  operationIds: OperationIds;
  filters: Record<string, FilterSpec>;
  /** Ignored when sent in a body (server-managed fields are always ignored). */
  readOnly: string[];
  /** Dot paths of write-only values: masked in responses, kept when an update leaves them out. */
  secret: string[];
  /** `customerId`: the record's customerId decides; `self`: the record is a customer (its id is the tenant). */
  tenant: 'customerId' | 'self';
  errorShape: 'simple' | 'detailed';
  defaultPageSize: number;
  hooks: ResourceHooks;
  /**
   * The create answer reveals a generated secret once (a client secret): it is sent with `Cache-Control: no-store`
   * and never kept for Idempotency-Key replay, so the clear secret exists nowhere but in that one answer.
   */
  secretShownOnCreate: boolean;
}

type Optional = 'filters' | 'readOnly' | 'secret' | 'tenant' | 'errorShape' | 'defaultPageSize' | 'hooks' | 'secretShownOnCreate';

export function defineResource<S extends TObject>(definition: Omit<ResourceDefinition<S>, Optional> & Partial<Pick<ResourceDefinition<S>, Optional>>): ResourceDefinition<S> {
  return {
    filters: {},
    readOnly: [],
    secret: [],
    tenant: 'customerId',
    errorShape: 'simple',
    defaultPageSize: 20,
    hooks: {},
    secretShownOnCreate: false,
    ...definition,
  };
}

/** Fields the server manages on every record; a body may carry them but they are never taken from it. */
export const SERVER_MANAGED_FIELDS = ['id', 'createDate', 'updateDate', 'dbVersion', 'customerId'] as const;

export const MASK = '********';
