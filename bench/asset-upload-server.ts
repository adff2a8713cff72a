import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

/**
 * Child process of `asset-upload.bench.ts`: the full service on a real port (embedded database in memory unless
 * DATABASE_URL says otherwise, in a schema of its own that is dropped at exit; assets in a temporary DATA_DIR).
 * Prints its port and an operator token.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'asset-bench-'));
const secret = 'bench-operator-secret';
const databaseUrl = process.env.DATABASE_URL || 'memory://';
const schema = `bench_${process.pid}`;
const config = loadConfig({
  DATABASE_URL: databaseUrl,
  DATABASE_SCHEMA: schema,
  DATA_DIR: dataDir,
  OPERATOR_CLIENT_SECRET: secret,
  ADMIN_PASSWORD: 'bench-admin-password',
  LOG_LEVEL: 'warn',
  PORT: '0',
});
const { app } = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const response = await fetch(`http://127.0.0.1:${port}/iam/tokens`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ realmName: 'operator', grantType: 'client_credentials', clientSecret: secret }),
});
const token = ((await response.json()) as { access_token: string }).access_token;
process.stdout.write(`${JSON.stringify({ port, token })}\n`);

process.on('SIGTERM', async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl.startsWith('postgres')) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }
  process.exit(0);
});
