import type { Database, QueryResult } from '../db/database.js';
import { inIndexOrder } from '../db/index-order.js';
import { OPERATOR_TENANT } from './fair-share.js';

/**
 * How a queue table is read fairly: which rows wait, which of those are due, whose they are, and in what order one
 * tenant's rows are taken. Identifiers and predicates come from code, never from input; values are bound parameters.
 */
export interface FairQueueTable {
  table: string;
  /** The predicate of the partial index that serves the claim (rows still waiting, due or not). */
  waiting: string;
  /** Of the waiting rows, those to take now (may name the statement's parameters). */
  due: string;
  /** One tenant's rows, first first (the index's columns after the owner). */
  order: string[];
  /** Lock the picked rows (FOR UPDATE SKIP LOCKED): a claim that updates them in the same statement. */
  lock: boolean;
  /** Columns `picked` also gives (besides `id`, `owner_key` and the `order` columns), read with the pick. */
  columns?: string[];
}

/** The placeholders of the pick's parameters in the statement that uses it. */
export interface FairPickParameters {
  /** text: the tenant key after which this round's turn starts ('' for the first). */
  after: string;
  /** int: tenants looked at in one round. */
  tenants: string;
  /** int: rows taken per tenant. */
  perTenant: string;
  /** text[]: tenants not served this round (their work in hand is not done). */
  busy: string;
  /** int: rows taken in all. */
  limit: string;
}

/** The tenant key of a row: the owner column, the operator's rows under OPERATOR_TENANT (as tenantOf keys them). */
export const OWNER_KEY = `COALESCE(customer_id, '${OPERATOR_TENANT}')`;

/**
 * A `WITH RECURSIVE` prefix defining `picked(id, owner_key, ...order, ...columns)` and `walk(walked_to, walked)`: up
 * to `tenants` tenants that have waiting rows, walked in key order from `after` (one index probe per tenant: a
 * tenant's backlog is skipped, not scanned, however long it is), and for each tenant not busy its first `perTenant`
 * due rows, at most `limit` in all. Every tenant with due work gets its share in a round, whatever another tenant has
 * waiting; `walk` says where the round stopped, where the next starts (FairTurn). The table needs an index on
 * (OWNER_KEY, ...order) WHERE <waiting>.
 */
export function fairPick(queue: FairQueueTable, p: FairPickParameters): string {
  const { table, waiting, due, order, lock } = queue;
  const ordered = order.map((column) => `r.${column}`).join(', ');
  const read = [...new Set(['id', ...order, ...(queue.columns ?? [])])];
  return `WITH RECURSIVE owners(owner_key, walked) AS (
    (SELECT ${OWNER_KEY}, 1 FROM ${table} WHERE ${waiting} AND ${OWNER_KEY} > ${p.after} ORDER BY 1 LIMIT 1)
    UNION ALL
    SELECT (SELECT ${OWNER_KEY} FROM ${table} WHERE ${waiting} AND ${OWNER_KEY} > owners.owner_key ORDER BY 1 LIMIT 1),
      owners.walked + 1
    FROM owners WHERE owners.owner_key IS NOT NULL AND owners.walked < ${p.tenants}
  ), picked AS (
    SELECT ${read.map((column) => `r.${column}`).join(', ')}, owners.owner_key FROM owners CROSS JOIN LATERAL (
      SELECT ${read.join(', ')} FROM ${table}
      WHERE ${OWNER_KEY} = owners.owner_key AND ${waiting} AND ${due}
      ORDER BY ${order.join(', ')} LIMIT ${p.perTenant}${lock ? ' FOR UPDATE SKIP LOCKED' : ''}) r
    WHERE owners.owner_key IS NOT NULL AND owners.owner_key <> ALL(${p.busy}::text[])
    ORDER BY ${ordered} LIMIT ${p.limit}
  ), walk AS (
    SELECT max(owner_key) AS walked_to, count(owner_key)::int AS walked FROM owners
  )`;
}

/**
 * Runs a statement built on `fairPick` with bitmap and sequential scans off, in a transaction of its own. Each
 * tenant's rows must be read by walking the queue's index in order, stopping after the tenant's share; statistics
 * taken while a queue was empty say a tenant has a few rows waiting, and the planner then reads all of them through
 * a bitmap and sorts them (33 ms, not 0.03, for a tenant with 20,000 events waiting behind an import, on every
 * claim), or scans the table to join the rows it picked (docs/decisions.md, "A fair pick walks each tenant's index").
 */
export function runFairPick<Row>(db: Database, text: string, values: unknown[]): Promise<QueryResult<Row>> {
  return inIndexOrder(db, (tx) => tx.query<Row>(text, values));
}

/** Where the next round's walk starts: after the last tenant walked, or from the first once a walk reached the end. */
export class FairTurn {
  private after = '';

  constructor(readonly tenants: number) {}

  get start(): string {
    return this.after;
  }

  /** Records where a round of `tenants` (this turn's, unless the round walked fewer) stopped (`walk` of fairPick). */
  walked(walkedTo: string | null, walked: number, tenants = this.tenants): void {
    this.after = walked >= tenants && walkedTo !== null ? walkedTo : '';
  }
}
