import type { TObject } from 'typebox';
import type { Principal } from '../../auth/principal.js';
import type { Transaction } from '../../db/database.js';
import type { RecordKey, ResourceKind, WordText } from './kind.js';
import type { RecordOf } from './record.js';
import type { RecordStore, RecordStores } from './record-store.js';
import type { ActionDefinition } from './resource-action.js';

/** What a create or update hook is given: the writer, the write's transaction and time, and the records it may read. */
export interface WriteContext<S extends TObject = TObject> {
  principal: Principal;
  tx: Transaction;
  now: Date;
  /** The kind's own records (read them in `tx`). */
  records: RecordStore<S>;
  /** Every kind's records, by declaration, under the same rules. */
  services: RecordStores;
  /**
   * Create only: values a hook generated that this response alone shows in clear (a client secret), by dot path,
   * applied after masking. The engine neither stores them nor puts them in the event.
   */
  revealOnce?: Record<string, unknown>;
}

/** What the word hooks are given: the write's transaction and every kind's records (read them as SYSTEM_PRINCIPAL). */
export interface WordsContext<S extends TObject = TObject> {
  tx: Transaction;
  records: RecordStore<S>;
  services: RecordStores;
}

/** Typed from the kind's schema. Declared as methods, so a kind's definition is a `ResourceDefinition` of any schema. */
export interface ResourceHooks<S extends TObject = TObject> {
  /** Runs in the write transaction before a create is stored; may change the document or throw a DomainError. */
  beforeCreate?(doc: RecordOf<S>, ctx: WriteContext<S>): Promise<RecordOf<S>> | RecordOf<S>;
  /** Runs in the write transaction before an update is stored, with the stored record. */
  beforeUpdate?(doc: RecordOf<S>, previous: RecordOf<S>, ctx: WriteContext<S>): Promise<RecordOf<S>> | RecordOf<S>;
  /**
   * A kind with word search: texts of other records its words include besides its own `words.fields` (the texts of
   * a record it names), read in the write's transaction. Runs on every write of the record and on `refreshWords`.
   */
  wordsFrom?(doc: RecordOf<S>, ctx: WordsContext<S>): Promise<WordText[]>;
  /**
   * Runs in the write transaction once a create, update or action is stored (`previous`: the stored record before,
   * none on create): to keep the words of records whose `wordsFrom` reads this one current (`refreshWords`).
   */
  afterWrite?(doc: RecordOf<S>, previous: RecordOf<S> | undefined, ctx: WordsContext<S>): Promise<void>;
  /**
   * `afterWrite` of the records one batch stored together (`createMany`, `updateMany`), in one call: a kind whose
   * `afterWrite` reads the database declares it to read once for the batch, not once a record (a bulk upsert renaming
   * 500 products looked for each one's variants alone). Declared, it runs instead of `afterWrite` for those records.
   */
  afterWrites?(writes: { doc: RecordOf<S>; previous: RecordOf<S> | undefined }[], ctx: WordsContext<S>): Promise<void>;
  /** Runs once a write (create, update, action, delete) has been committed, with the record as returned (e.g. to drop a cached copy). */
  afterCommit?(doc: RecordOf<S>): void;
}

/** A kind with its behaviour: the hooks its writes run and the actions it serves, typed from its schema. */
export interface ResourceDefinition<S extends TObject = TObject> extends ResourceKind<S> {
  hooks: ResourceHooks<S>;
  actions: ActionDefinition<S>[];
}

type KindDefaulted =
  | 'operations'
  | 'key'
  | 'filters'
  | 'readOnly'
  | 'secret'
  | 'tenant'
  | 'errorShape'
  | 'defaultPageSize'
  | 'history'
  | 'unique'
  | 'dates'
  | 'secretShownOnCreate'
  | 'hookErrors';

/** A kind's data as written: what is left out takes the engine's default. */
export type KindDeclaration<S extends TObject> = Omit<ResourceKind<S>, KindDefaulted> &
  Partial<Pick<ResourceKind<S>, Exclude<KindDefaulted, 'key'>>> & { key?: Partial<RecordKey> };

export type ResourceDeclaration<S extends TObject> = KindDeclaration<S> &
  Partial<Pick<ResourceDefinition<S>, 'hooks' | 'actions'>>;

export function defineResource<S extends TObject>(declaration: ResourceDeclaration<S>): ResourceDefinition<S> {
  const { hooks = {}, actions = [], ...kind } = declaration;
  return { ...defineKind(kind), hooks, actions };
}

/**
 * A kind's data alone, for a kind whose own hooks or actions read it back (its operations' schemas derive from it, its
 * actions read its records): they import the kind, and the declaration, `defineResource({ ...kind, hooks, actions })`,
 * imports them, without an import cycle.
 */
export function defineKind<S extends TObject>(declaration: KindDeclaration<S>): ResourceKind<S> {
  const { key, ...rest } = declaration;
  return {
    operations: {},
    filters: {},
    readOnly: [],
    secret: [],
    tenant: 'customerId',
    errorShape: 'simple',
    defaultPageSize: 20,
    history: false,
    unique: [],
    dates: 'iso',
    secretShownOnCreate: false,
    hookErrors: {},
    ...rest,
    key: { param: 'id', field: 'id', ...key },
  };
}

/** Any kind, whatever its schema (hooks and actions are methods, so this holds every definition). */
// biome-ignore lint/suspicious/noExplicitAny: a definition of any schema (hooks and actions are methods, so this holds every definition).
export type AnyResourceDefinition = ResourceDefinition<any>;
