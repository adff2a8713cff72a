/** The one database interface the application uses; PGlite and PostgreSQL both implement it. */
export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * The statement's text depends on nothing a request chooses (an engine read by id): it may be prepared once per
   * connection and its plan reused (prepared-statements.ts).
   */
  prepare?: boolean;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<Row>>;
}

/** A transaction in progress: queries run in it, and work registered with `afterCommit` runs only if it commits. */
export interface Transaction extends Queryable {
  afterCommit(callback: () => void): void;
}

/** The connection pool as it stands (PostgreSQL), for the metrics. */
export interface PoolStats {
  size: number;
  idle: number;
  waiting: number;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** PostgreSQL's pool now; the embedded database has none. */
  poolStats?(): PoolStats;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The after-commit callbacks of one transaction. They run once the commit is done; one that throws is reported to
 * `onError` and the others still run, since the change they follow is committed whatever they do.
 */
export class CommitCallbacks {
  private readonly callbacks: (() => void)[] = [];

  add(callback: () => void): void {
    this.callbacks.push(callback);
  }

  run(onError: (error: unknown) => void): void {
    for (const callback of this.callbacks.splice(0)) {
      try {
        callback();
      } catch (error) {
        onError(error);
      }
    }
  }
}

/** Where a failing after-commit callback is reported (the app's logger). */
export type CallbackErrorReporter = (error: unknown) => void;

/** Thrown by `work` to roll its transaction back on purpose (a dry run) and still hand back what it computed. */
class Discarded<T> {
  constructor(readonly value: T) {}
}

/**
 * Runs `work` in a transaction that `work` may discard (a dry run): then nothing it wrote is kept and no after-commit
 * work runs, yet its value is returned.
 */
export async function discardableTransaction<T>(
  db: Database,
  work: (tx: Transaction, discard: () => void) => Promise<T>,
): Promise<T> {
  let discarded = false;
  try {
    return await db.transaction(async (tx) => {
      const value = await work(tx, () => {
        discarded = true;
      });
      if (discarded) throw new Discarded(value);
      return value;
    });
  } catch (outcome) {
    if (outcome instanceof Discarded) return outcome.value as T;
    throw outcome;
  }
}

/** Reads outside a transaction, behind the transaction interface (after-commit work runs at once: nothing is pending). */
export function autocommit(db: Queryable): Transaction {
  return { query: (sql, params, options) => db.query(sql, params, options), afterCommit: (callback) => callback() };
}
