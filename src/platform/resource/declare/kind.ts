import type { TObject, TProperties } from 'typebox';
import type { ScopeArea } from '../../auth/scopes.js';
import type { Doc } from './record.js';

/**
 * Where a kind's records name records of other kinds, by path: dot-separated fields, a field ending `[]` for each
 * element of its list (`productId`, `items[].productId`, `notificationDefinitionIds[]`). Each path names the kind
 * (its `name`) whose record the value is the id of.
 */
export type ReferencePaths = Record<string, string>;

/** How a list filter matches: equality on a scalar, or "contains any of" on an array field. */
export type FilterKind = 'string' | 'integer' | 'number' | 'boolean' | 'string-array';

export interface FilterSpec {
  /** Dot path of the field in the record; defaults to the filter's name. */
  path?: string;
  kind: FilterKind;
  description?: string;
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
 * Word search on the kind's listings (`GET {path}?q=...`, and the views over it): every word of the query must be a
 * word of the record or its start, case and accents ignored (document/search-words.ts). The engine keeps each record's
 * words in its `words` column (a tsvector under a GIN index), computed on every write from `fields` and from the
 * texts the kind's `wordsFrom` hook adds (texts of records it names).
 */
export type WordWeight = 'A' | 'B' | 'C' | 'D';

/** A text a record's words are taken from: a string, or a map of locale -> text (every locale's words). */
export interface WordText {
  value: unknown;
  weight: WordWeight;
}

export interface WordSearch {
  /** The listing's query parameter: `q`. */
  param: string;
  /** Own text fields (plain strings or maps of locale -> text) with their rank weight, A highest. */
  fields: Record<string, WordWeight>;
  description: string;
}

/**
 * One resource kind, declared once. The engine derives its routes, storage, OpenAPI entries, tenant rule and events
 * from this.
 */
export interface ResourceKind<S extends TObject = TObject> {
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
  /** Without `sort`, listings answer the newest records first (a log, a job's runs); by default the oldest first. */
  newestFirst?: boolean;
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
  words?: WordSearch;
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

/** Any kind, whatever its schema. */
// biome-ignore lint/suspicious/noExplicitAny: a kind of any schema.
export type AnyResourceKind = ResourceKind<any>;
