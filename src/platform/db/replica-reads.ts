import { AsyncLocalStorage } from 'node:async_hooks';
import { isConnectionFailure } from './connection-failures.js';
import type { Database, Queryable } from './database.js';
import type { ReplicaFreshness } from './replica-freshness.js';

/**
 * Where the statements of one read-only request (a GET of a read scope) go: outside transactions, to the replica
 * while it is fresh enough. http/read-routing.ts opens one for each such request; other requests have none.
 */
export interface RequestReads {
  /** The client's own writes reached this WAL position (`X-Min-LSN`): the replica serves only once it has replayed it. */
  readonly minLsn: bigint | undefined;
  /** On the primary from now on: the replica failed, or the request wrote (a later read must not go back in time). */
  pinned: boolean;
  /** Wrote on the primary: the answer tells the client the WAL position of its write. */
  wrote: boolean;
}

const READ_ONLY_TRANSACTION = '25006';

const errorCode = (error: unknown) => (error as { code?: unknown } | undefined)?.code;

const requestReads = new AsyncLocalStorage<RequestReads>();

/** Runs `work` (the rest of a request) with `reads` deciding where its statements go. */
export function withRequestReads(reads: RequestReads, work: () => void): void {
  requestReads.run(reads, work);
}

/**
 * Runs `work` with every statement on the primary, whatever request it serves: for what is kept beyond the request
 * (a process-wide cache), which must not hold data older than a write the process has already seen.
 */
export function onPrimary<T>(work: () => Promise<T>): Promise<T> {
  return requestReads.exit(work);
}

/**
 * The primary with a streaming replica beside it. Transactions, and every statement of a request that is not
 * read-only, run on the primary; a read-only request's statements run on the replica while it is fresh enough (within
 * REPLICA_MAX_LAG, and past the client's `X-Min-LSN`). A statement the replica fails (down, a write it refuses, a
 * conflict with recovery, a table it has not replayed yet) runs again on the primary, and the request stays there:
 * a replica never turns a read into an error. The statements are the same on both, tenant conditions included.
 */
export class ReplicatedDatabase implements Database {
  readonly kind = 'postgres';

  constructor(
    private readonly primary: Database,
    private readonly replica: Queryable & { close(): Promise<void> },
    private readonly freshness: ReplicaFreshness,
  ) {}

  query: Database['query'] = async (sql, params, options) => {
    const reads = requestReads.getStore();
    if (!reads) return this.primary.query(sql, params, options);
    if (!reads.pinned && this.freshness.serves(reads.minLsn)) {
      try {
        return await this.replica.query(sql, params, options);
      } catch (error) {
        reads.pinned = true;
        // 25006: a statement that writes, which a standby refuses; on the primary it writes, and the client learns where.
        if (errorCode(error) === READ_ONLY_TRANSACTION) reads.wrote = true;
        else if (isConnectionFailure(error)) this.freshness.lost(error);
      }
    }
    return this.primary.query(sql, params, options);
  };

  transaction: Database['transaction'] = (work) => {
    const reads = requestReads.getStore();
    if (reads) {
      reads.pinned = true;
      reads.wrote = true;
    }
    return this.primary.transaction(work);
  };

  poolStats = (): ReturnType<NonNullable<Database['poolStats']>> =>
    this.primary.poolStats?.() ?? { size: 0, idle: 0, waiting: 0 };

  /** The primary's WAL position now: every change committed before is at or before it. */
  async writePosition(): Promise<string> {
    const { rows } = await this.primary.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
    return rows[0]!.lsn;
  }

  async close(): Promise<void> {
    await this.freshness.stop();
    await this.replica.close().catch(() => undefined);
    await this.primary.close();
  }
}
