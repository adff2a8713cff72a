import type { Static, TObject, TProperties } from 'typebox';
import type { Principal } from '../auth/principal.js';
import type { ScopeArea } from '../auth/scopes.js';
import type { Transaction } from '../db/database.js';
import type { Doc } from './document-paths.js';
import type { ReferencePaths } from './record-references.js';
import type { ActionDefinition } from './resource-action.js';

/** How a list filter matches: equality on a scalar, or "contains any of" on an array field. */
export type FilterKind = 'string' | 'integer' | 'number' | 'boolean' | 'string-array';

export interface FilterSpec {
  /** Dot path of the field in the record; defaults to the filter's name. */
  path?: string;
  kind: FilterKind;
  description?: string;
}

/** A stored record of a kind, as its schema types it. */
export type RecordOf<S extends TObject> = Static<S> & Doc;

export interface WriteContext {
  principal: Principal;
  tx: Transaction;
  now: Date;
  /**
   * Create only: values a hook generated that this response alone shows in clear (a client secret), by dot path,
   * applied after masking. The engine neither stores them nor puts them in the event.
   */
  revealOnce?: Record<string, unknown>;
}

/** Typed from the kind's schema. Declared as methods, so a kind's definition is a `ResourceDefinition` of any schema. */
export interface ResourceHooks<S extends TObject = TObject> {
  /** Runs in the write transaction before a create is stored; may change the document or throw a DomainError. */
  beforeCreate?(doc: RecordOf<S>, ctx: WriteContext): Promise<RecordOf<S>> | RecordOf<S>;
  /** Runs in the write transaction before an update is stored, with the stored record. */
  beforeUpdate?(doc: RecordOf<S>, previous: RecordOf<S>, ctx: WriteContext): Promise<RecordOf<S>> | RecordOf<S>;
  /** Runs once a write (create, update, action, delete) has been committed, with the record as returned (e.g. to drop a cached copy). */
  afterCommit?(doc: RecordOf<S>): void;
}

/** The generic operations a kind may offer; each one present is served under its operationId. */
export type Operation = 'list' | 'get' | 'create' | 'update' | 'delete' | 'recap' | 'unwind';
export type Operations = Partial<Record<Operation, string>>;

/** How one record is addressed in paths: `/{path}/{param}`, matched against `field` (the id unless declared). */
export interface RecordKey {
  param: string;
  field: string;
}

/**
 * An index the kind's own SQL needs: `expression` and `where` are SQL over the table's columns (`doc`), written in the
 * declaration, never taken from input. Named `<table>_<name>_idx`.
 */
export interface StoredIndex {
  name: string;
  expression: string;
  where?: string;
}

/** A unique key: `customerId` (the owning tenant) and dot paths of the record; a record missing one of them is not constrained. */
export interface UniqueKey {
  fields: string[];
}

/** Full-text search over declared text fields (plain strings, or maps of locale -> text), served at `GET {path}/search`. */
export interface SearchFeature {
  fields: string[];
  operationId: string;
  /** The query parameter carrying the text: `req` in the Product API. */
  textParam: string;
  summary?: string;
}

/**
 * One resource kind, declared once. The engine derives its routes, storage, OpenAPI entries, tenant rule and events
 * from this.
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
  /** Routes require `<scopeArea>:read` (reads) or `<scopeArea>:write` (writes). */
  scopeArea: ScopeArea;
  tag: string;
  /** The operations served, by operationId. */
  operations: Operations;
  key: RecordKey;
  filters: Record<string, FilterSpec>;
  /** Ignored when sent in a body (server-managed fields are always ignored). */
  readOnly: string[];
  /** Dot paths of write-only values: masked in responses, kept when an update leaves them out. */
  secret: string[];
  /** `customerId`: the record's customerId decides; `self`: the record is a customer (its id is the tenant). */
  tenant: 'customerId' | 'self';
  /**
   * Records the operator owns (no customerId) are the operator's alone. A kind whose operator records are platform
   * defaults that every tenant reads (the platform's terms, its standard subscription models) says here why; tenants
   * read them with the kind's read scope and never write them.
   */
  sharedOperatorRecords?: string;
  errorShape: 'simple' | 'detailed';
  defaultPageSize: number;
  hooks: ResourceHooks<S>;
  actions: ActionDefinition<S>[];
  /**
   * Facts its records are written with besides those of its generic operations and changing actions (a job's,
   * another kind's action), with what emits each. They join the event catalogue and the OpenAPI `webhooks`; a write
   * with a fact nothing declares is refused, so the catalogue cannot miss one.
   */
  emits?: { fact: string; by: string }[];
  /**
   * Fields naming records of other kinds, by path (record-references.ts): `{ productId: 'product',
   * 'items[].productId': 'product' }`. Every write checks that each id it adds names a record the writer may see,
   * and answers 400 naming the field otherwise.
   */
  references?: ReferencePaths;
  /** Every version of a record is kept (same transaction); `GET {path}/{id}?version=N` reads one. */
  history: boolean;
  search?: SearchFeature;
  unique: UniqueKey[];
  /**
   * Documents read lately are kept in each process (document-cache.ts), up to `megabytes` of stored size: reads by id
   * and listings then fetch only the documents that changed. For kinds read many at a time (products, rules).
   */
  cache?: { megabytes: number };
  /** Indexes for the kind's own statements (a background job's query), beside the engine's. */
  indexes?: StoredIndex[];
  /** `createDate`/`updateDate` as ISO 8601 UTC text, or as epoch milliseconds (subscriptions). */
  dates: 'iso' | 'epoch-ms';
  /** Fields every list page of the kind carries besides the page shape (a subscription page's `format`), with their schemas. */
  pageFields?: { schema: TProperties; values: Doc };
  /**
   * The create answer reveals a generated secret once (a client secret): it is sent with `Cache-Control: no-store`.
   * An Idempotency-Key replay answers it again (kept sealed at rest, for the caller and key only), so a client
   * retrying after a lost answer holds the secret the record has.
   */
  secretShownOnCreate: boolean;
  /** Statuses the kind's hooks answer on create or update besides the engine's own (a realm name taken elsewhere: 409). */
  hookErrors: { create?: number[]; update?: number[] };
}

type Defaulted =
  | 'operations'
  | 'key'
  | 'filters'
  | 'readOnly'
  | 'secret'
  | 'tenant'
  | 'errorShape'
  | 'defaultPageSize'
  | 'hooks'
  | 'actions'
  | 'history'
  | 'unique'
  | 'dates'
  | 'secretShownOnCreate'
  | 'hookErrors';

export type ResourceDeclaration<S extends TObject> = Omit<ResourceDefinition<S>, Defaulted | 'key'> &
  Partial<Pick<ResourceDefinition<S>, Exclude<Defaulted, 'key'>>> & { key?: Partial<RecordKey> };

export function defineResource<S extends TObject>(declaration: ResourceDeclaration<S>): ResourceDefinition<S> {
  const { key, ...rest } = declaration;
  return {
    operations: {},
    filters: {},
    readOnly: [],
    secret: [],
    tenant: 'customerId',
    errorShape: 'simple',
    defaultPageSize: 20,
    hooks: {},
    actions: [],
    history: false,
    unique: [],
    dates: 'iso',
    secretShownOnCreate: false,
    hookErrors: {},
    ...rest,
    key: { param: 'id', field: 'id', ...key },
  };
}

/** Fields the server manages on every record; a body may carry them but they are never taken from it. */
export const SERVER_MANAGED_FIELDS = ['id', 'createDate', 'updateDate', 'dbVersion', 'customerId'] as const;

export const MASK = '********';

/** Any kind, whatever its schema (hooks and actions are methods, so this holds every definition). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyResourceDefinition = ResourceDefinition<any>;
