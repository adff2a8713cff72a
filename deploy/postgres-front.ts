import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ClusterProcess, fill, findBinary } from './cluster.js';
import { primaryCheckAnswer, primaryCheckRequest } from './postgres-primary-check.js';

/**
 * haproxy as the one address of a replicated PostgreSQL (deploy/haproxy-postgres.cfg): it passes each connection to
 * the node that answers its check as a primary. `pg` connects to one host only (no multi-host connection string,
 * no target_session_attrs): docs/decisions.md.
 */

const DEPLOY = fileURLToPath(new URL('./', import.meta.url));

export interface PostgresFrontOptions {
  /** Its configuration file and log go here. */
  dir: string;
  /** postgres://user@host:port/database: haproxy listens on its port. */
  databaseUrl: string;
  bindAddress: string;
  nodes: { name: string; port: number }[];
  echo: boolean;
}

/** A connection through the front reaches a node that takes writes: the primary. */
async function reachesPrimary(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ transaction_read_only: string }>('SHOW transaction_read_only');
    return rows[0]?.transaction_read_only === 'off';
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Starts haproxy and waits until a connection through it reaches the primary. */
export async function startPostgresFront(options: PostgresFrontOptions): Promise<ClusterProcess> {
  const binary = findBinary('haproxy');
  if (!binary) throw new Error('haproxy is needed: run deploy/install-packages.sh');
  const cfg = fill(readFileSync(join(DEPLOY, 'haproxy-postgres.cfg'), 'utf8'), {
    BIND_ADDR: options.bindAddress,
    FRONT_PORT: new URL(options.databaseUrl).port,
    CHECK_REQUEST: primaryCheckRequest('postgres', 'postgres'),
    CHECK_ANSWER: primaryCheckAnswer(),
    SERVERS: options.nodes.map((node) => `    server ${node.name} 127.0.0.1:${node.port} check`).join('\n'),
  });
  const file = join(options.dir, 'haproxy-postgres.cfg');
  writeFileSync(file, cfg);
  const haproxy = new ClusterProcess(
    'haproxy-postgres',
    binary,
    ['-db', '-f', file],
    { PATH: process.env.PATH ?? '' },
    join(options.dir, 'logs', 'haproxy-postgres.out'),
    options.echo,
  );
  haproxy.start();
  await haproxy.until('it reaches the primary', () => reachesPrimary(options.databaseUrl), 30_000);
  return haproxy;
}
