import type { FastifyReply } from 'fastify';
import type { Static, TObject, TSchema } from 'typebox';
import type { Principal } from '../../auth/principal.js';
import type { Transaction } from '../../db/database.js';
import type { ResponseHeader } from '../../http/response-headers.js';
import type { RecordOf } from './record.js';
import type { RecordStore, RecordStores } from './record-store.js';

export type ActionMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What every action's `run` receives. */
export interface ActionContext<
  S extends TObject,
  B extends TSchema = TSchema,
  Q extends TObject = TObject,
  P extends TObject = TObject,
> {
  principal: Principal;
  /** The action's transaction (GET actions: a plain connection). */
  tx: Transaction;
  /** Validated against the declared schemas. */
  body: Static<B>;
  query: Static<Q>;
  params: Static<P>;
  /** The kind's own service. */
  records: RecordStore<S>;
  /** Every kind's service, to read or write other kinds under the same rules. */
  services: RecordStores;
  now: Date;
  reply: FastifyReply;
  /** Roll the transaction back once `run` returns (a dry run): nothing it wrote is kept, no event is emitted. */
  discard(): void;
}

/** A record action also receives the record its path names, visible to the caller (and locked when it changes it). */
export interface RecordActionContext<
  S extends TObject,
  B extends TSchema = TSchema,
  Q extends TObject = TObject,
  P extends TObject = TObject,
> extends ActionContext<S, B, Q, P> {
  record: RecordOf<S>;
  dbVersion: number;
}

interface ActionBase<B extends TSchema = TSchema, Q extends TObject = TObject, P extends TObject = TObject> {
  /**
   * The path below the record (`cancel`, `duplicate/:customerId`) or the collection (`import`); a collection action's
   * path starting with `/` is the whole path (`/recommendations/cart`: a computation over the kind, not below it).
   */
  path: string;
  method?: ActionMethod;
  operationId: string;
  summary: string;
  description?: string;
  /** `<scopeArea>:read` or `:write`; default read for GET, write otherwise. */
  access?: 'read' | 'write';
  /** Open to anyone, no token (public lookups). */
  public?: boolean;
  body?: B;
  query?: Q;
  /** Path parameters beyond the record key. */
  params?: P;
  /** The answer's schema; default the record. */
  response?: TSchema;
  /**
   * Writes the answer's JSON itself, exactly as `response` would serialize it, when it can do so for less (it keeps
   * the bytes of cached parts); the schema still declares the answer.
   */
  writeJson?: (answer: never) => Buffer;
  /** Default 200. */
  status?: number;
  /** Other success statuses `run` may set with `ctx.reply.code()` (an import answers 201 or 200), same answer schema. */
  alsoAnswers?: number[];
  /** A reading-shaped action that replaces the record itself (`run` calling `records.update`) and honours `If-Match`. */
  ifMatch?: boolean;
  /** Error codes the action may answer, besides the engine's. */
  errors?: number[];
  /** The answer must not be cached (it shows a secret once). */
  noStore?: boolean;
  /**
   * The credential of the record's owner this action manages (`'client secret'`): only the owner and the operator
   * may call it; a token acting for the owner through `authorizedCustomers` gets 403 (auth/credentials.ts).
   */
  credential?: string;
  deprecated?: boolean;
  /** Headers every success answer carries (a changing action's ETag is declared by the engine). */
  headers?: ResponseHeader[];
}

/** What a changing action hands back: the new record, and optionally another answer or values shown once. */
export interface ChangeOutcome<S extends TObject> {
  record: RecordOf<S>;
  /** The answer, when it is not the stored record. */
  response?: unknown;
  /** Values this answer alone shows in clear over the stored record (a new secret), by dot path; never stored. */
  reveal?: Record<string, unknown>;
}

/**
 * An action on one record that changes it: the engine locks the visible record, runs `change`, stores what it returns
 * with `dbVersion` + 1, writes the event with `fact`, answers `response` (default the stored record) with its ETag.
 */
export interface ChangingRecordAction<
  S extends TObject,
  B extends TSchema = TSchema,
  Q extends TObject = TObject,
  P extends TObject = TObject,
> extends ActionBase<B, Q, P> {
  on: 'record';
  fact: string;
  change(ctx: RecordActionContext<S, B, Q, P>): Promise<ChangeOutcome<S>>;
}

/** An action on one record that leaves it as it is (read it, derive other records from it). */
export interface ReadingRecordAction<
  S extends TObject,
  B extends TSchema = TSchema,
  Q extends TObject = TObject,
  P extends TObject = TObject,
> extends ActionBase<B, Q, P> {
  on: 'record';
  fact?: undefined;
  run(ctx: RecordActionContext<S, B, Q, P>): Promise<unknown>;
}

/** An action on the collection (import, bulk updates, lookups by other keys). */
export interface CollectionAction<
  S extends TObject,
  B extends TSchema = TSchema,
  Q extends TObject = TObject,
  P extends TObject = TObject,
> extends ActionBase<B, Q, P> {
  on: 'collection';
  run(ctx: ActionContext<S, B, Q, P>): Promise<unknown>;
}

export type ActionDefinition<
  S extends TObject = TObject,
  B extends TSchema = TSchema,
  Q extends TObject = TObject,
  P extends TObject = TObject,
> = ChangingRecordAction<S, B, Q, P> | ReadingRecordAction<S, B, Q, P> | CollectionAction<S, B, Q, P>;

/**
 * An action whose `run` (or `change`) reads `body`, `query` and `params` typed from the schemas it declares. The kind
 * comes from where the action goes: `const importProduct: ActionDefinition<typeof ProductSchema> = defineAction({...})`.
 */
export function defineAction<
  S extends TObject,
  B extends TSchema = TSchema,
  Q extends TObject = TObject,
  P extends TObject = TObject,
>(action: ActionDefinition<S, B, Q, P>): ActionDefinition<S, B, Q, P> {
  return action;
}

export function actionMethod(action: ActionBase): ActionMethod {
  return action.method ?? 'POST';
}

export function actionAccess(action: ActionBase): 'read' | 'write' {
  return action.access ?? (actionMethod(action) === 'GET' ? 'read' : 'write');
}
