import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { poolAcquire } from '../metrics/process-metrics.js';
import { asUnavailable } from './connection-failures.js';
import {
  type CallbackErrorReporter,
  CommitCallbacks,
  type Database,
  type Queryable,
  type QueryOptions,
  type QueryResult,
  type Transaction,
} from './database.js';
import { PreparedStatementNames } from './prepared-statements.js';
import { checkSearchPath } from './search-path-check.js';
import { withTextArrayLiterals } from './text-array-literal.js';

// int8 (counts, sums) come back as JavaScript numbers, as PGlite returns them.
pg.types.setTypeParser(20, (value) => Number(value));

export const POOL_SIZE = 10;
/**
 * How long a request waits for a connection (a new one, or a turn in the pool) before it answers 503: a server that
 * drops packets would otherwise hold the request for the kernel's two-minute TCP connect timeout.
 */
const CONNECT_TIMEOUT_MS = 10_000;

function wrap(result: pg.QueryResult): QueryResult<never> {
  return { rows: result.rows as never[], rowCount: result.rowCount ?? result.rows.length };
}

/**
 * A client checked out of the pool, for a transaction. While checked out it has no `error` listener of the pool's, and
 * a connection lost between two statements (the server shut down) would be an unhandled `error` event that ends the
 * process: the listener here keeps it, the next statement fails with it, and `release` drops the broken client.
 */
async function checkOut(pool: pg.Pool): Promise<{ client: pg.PoolClient; release: () => void }> {
  const started = performance.now();
  const client = await pool.connect().catch((error: unknown) => {
    throw asUnavailable(error);
  });
  poolAcquire.observe((performance.now() - started) / 1000);
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost = error;
  };
  client.on('error', onError);
  return {
    client,
    release: () => {
      client.removeListener('error', onError);
      client.release(lost);
    },
  };
}

/** A statement on a checked-out client; a lost connection is the 503 of the platform. */
async function onClient(client: pg.PoolClient, statement: pg.QueryConfig): Promise<pg.QueryResult> {
  try {
    return await client.query(statement);
  } catch (error) {
    throw asUnavailable(error);
  }
}

/** `CREATE SCHEMA IF NOT EXISTS` is not safe against a concurrent twin; a transaction-scoped lock serialises it. */
async function createSchema(pool: pg.Pool, schema: string): Promise<void> {
  const { client, release } = await checkOut(pool);
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`schema:${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    release();
  }
}

/** The statement `pg` sends: named (prepared once per connection) when the caller allows it and names are on. */
function statementMaker(preparedStatements: boolean) {
  const names = preparedStatements ? new PreparedStatementNames() : undefined;
  return (text: string, values: unknown[] | undefined, query?: QueryOptions): pg.QueryConfig => {
    const name = query?.prepare ? names?.nameOf(text) : undefined;
    const sent = withTextArrayLiterals(values);
    return name ? { text, values: sent, name } : { text, values: sent };
  };
}

/** A pool whose connections use `schema`; an idle client that lost its connection is replaced on the next checkout. */
function newPool(url: string, schema: string, size = POOL_SIZE): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: size,
    options: `-c search_path="${schema}"`,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  return pool;
}

/**
 * Statements outside transactions on a server that may be down, and nothing at opening: a streaming replica for reads
 * (replica-reads.ts), which must not stop the service from starting (its reads go to the primary meanwhile), or the
 * single connection (`poolSize` 1) that polls a server's WAL position without queueing behind requests.
 */
export function openPostgresReader(
  url: string,
  schema: string,
  options: { preparedStatements: boolean; poolSize?: number },
): Queryable & { close(): Promise<void> } {
  const statement = statementMaker(options.preparedStatements);
  const pool = newPool(url, schema, options.poolSize);
  return {
    // The driver's errors as they are: the caller tells a replica that is down from a statement it refuses.
    query: async (sql, params, query) => wrap(await pool.query(statement(sql, params, query))),
    close: () => pool.end(),
  };
}

/** A PostgreSQL server through a `pg` pool; every connection uses `schema`. */
export async function openPostgresDatabase(
  url: string,
  schema: string,
  onCallbackError: CallbackErrorReporter,
  options: { preparedStatements: boolean },
): Promise<Database> {
  const statement = statementMaker(options.preparedStatements);
  const pool = newPool(url, schema);
  try {
    await createSchema(pool, schema);
    await checkSearchPath({ query: async (sql, params) => wrap(await pool.query(sql, params)) }, schema);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    kind: 'postgres',
    async query(sql, params, query) {
      try {
        return wrap(await pool.query(statement(sql, params, query)));
      } catch (error) {
        throw asUnavailable(error);
      }
    },
    async transaction(work) {
      const { client, release } = await checkOut(pool);
      const callbacks = new CommitCallbacks();
      let value: Awaited<ReturnType<typeof work>>;
      try {
        await onClient(client, { text: 'BEGIN' });
        const scoped: Transaction = {
          query: async (sql, params, query) => wrap(await onClient(client, statement(sql, params, query))),
          afterCommit: (callback) => callbacks.add(callback),
        };
        value = await work(scoped);
        await onClient(client, { text: 'COMMIT' });
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        release();
      }
      callbacks.run(onCallbackError);
      return value;
    },
    poolStats: () => ({ size: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await pool.end();
    },
  };
}
