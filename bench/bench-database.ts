import pg from 'pg';
import { type Config, loadConfig } from '../src/config.js';

/** The PostgreSQL server the benchmarks run on: DATABASE_URL, or the local default. */
export const BENCH_DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** Without the password, so the line naming the server never shows a secret. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

/** Why the benchmark cannot run on BENCH_DATABASE_URL, in one line, or undefined when the server answers. */
export async function unreachableDatabase(): Promise<string | undefined> {
  const need = 'the benchmark needs a PostgreSQL server: set DATABASE_URL=postgres://user@host:port/db';
  if (!/^postgres(ql)?:\/\//.test(BENCH_DATABASE_URL)) return `${need} (DATABASE_URL is ${shown(BENCH_DATABASE_URL)})`;
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL, connectionTimeoutMillis: 5000 });
  // A refused connection also emits 'error' on the client; the rejected connect() below reports it.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (error) {
    // A host name with several addresses fails as an AggregateError, whose own message is empty.
    const failure = error as Error & { code?: string; errors?: Error[] };
    const detail = failure.message || failure.errors?.[0]?.message || failure.code || failure.name;
    return `${need}; ${shown(BENCH_DATABASE_URL)} is not reachable: ${detail.split('\n')[0]}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The service's configuration for a bench server: its own schema on the bench database, quiet logs, any port, no
 * token rate limit; `extra` settings on top.
 */
export function benchServerConfig(schema: string, extra: Record<string, string> = {}): Config {
  return loadConfig({
    DATABASE_URL: BENCH_DATABASE_URL,
    DATABASE_SCHEMA: schema,
    OPERATOR_CLIENT_SECRET: 'bench-operator-secret',
    ADMIN_PASSWORD: 'bench-admin-password',
    LOG_LEVEL: 'warn',
    PORT: '0',
    TOKEN_RATE_LIMIT: '100000',
    ...extra,
  });
}
