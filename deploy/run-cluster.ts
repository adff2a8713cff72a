import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startCluster } from './cluster.js';

/**
 * `npm run cluster`: two API processes behind haproxy (JOBS=off) and two workers running the jobs, all through pgbouncer
 * (transaction pooling) to one PostgreSQL. Ctrl-C stops everything. docs/deployment.md explains each part.
 *
 * Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), DATABASE_SCHEMA (default public),
 * CLUSTER_PORT (haproxy, default 8080), CLUSTER_APIS / CLUSTER_WORKERS (default 2 each), DATA_DIR (default
 * ./data/cluster), DATA_ENCRYPTION_KEY, OPERATOR_CLIENT_SECRET and ADMIN_PASSWORD (kept in DATA_DIR when unset),
 * and any other setting of the service (LOG_LEVEL, NOTIFICATION_POLL_MS...), passed to every process.
 */

const SERVICE_SETTINGS = ['LOG_LEVEL', 'NOTIFICATION_POLL_MS', 'NOTIFICATION_LEASE', 'OUTBOX_RETENTION_DAYS', 'NOTIFICATION_RETRY_SCHEDULE', 'OUTBOUND_ALLOWLIST', 'SMTP_URL', 'MAIL_FROM', 'ASSET_STORE', 'S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'ACCESS_TOKEN_TTL', 'REFRESH_TOKEN_TTL'];

/** A secret from the environment, or the one kept in DATA_DIR from an earlier run (created the first time). */
function secret(name: string, dataDir: string, make: () => string): string {
  const given = process.env[name];
  if (given) return given;
  const file = join(dataDir, `cluster-${name.toLowerCase().replace(/_/g, '-')}`);
  if (!existsSync(file)) {
    writeFileSync(file, make(), { mode: 0o600 });
    process.stdout.write(`${name} was unset: generated one in ${file}\n`);
  }
  return readFileSync(file, 'utf8').trim();
}

async function main() {
  const dataDir = resolve(process.env.DATA_DIR || 'data/cluster');
  mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = {};
  for (const name of SERVICE_SETTINGS) if (process.env[name]) env[name] = process.env[name]!;
  const cluster = await startCluster({
    databaseUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
    schema: process.env.DATABASE_SCHEMA || 'public',
    dataEncryptionKey: secret('DATA_ENCRYPTION_KEY', dataDir, () => randomBytes(32).toString('base64')),
    operatorClientSecret: secret('OPERATOR_CLIENT_SECRET', dataDir, () => randomBytes(18).toString('base64url')),
    adminPassword: secret('ADMIN_PASSWORD', dataDir, () => randomBytes(18).toString('base64url')),
    frontPort: Number(process.env.CLUSTER_PORT || 8080),
    bindAddress: process.env.CLUSTER_BIND || '0.0.0.0',
    apiCount: Number(process.env.CLUSTER_APIS || 2),
    workerCount: Number(process.env.CLUSTER_WORKERS || 2),
    dataDir,
    env,
    echo: true,
  });
  process.stdout.write(
    [
      `cluster ready: ${cluster.url} (haproxy)`,
      ...cluster.apis.map((api) => `  ${api.name}: pid ${api.pid}, http://127.0.0.1:${api.port}`),
      ...cluster.workers.map((worker) => `  ${worker.name}: pid ${worker.pid}`),
      `  pgbouncer: ${cluster.pooledDatabaseUrl} (transaction pooling), pid ${cluster.pgbouncer.pid}`,
      `  logs: ${cluster.logDir}`,
      'Ctrl-C stops every process.',
      '',
    ].join('\n'),
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('stopping the cluster\n');
    cluster.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // The terminal closed: stop too, rather than leave the processes behind.
  process.on('SIGHUP', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`cluster start-up failed: ${(error as Error).message}\n`);
  process.exit(1);
});
