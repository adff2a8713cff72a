import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { BENCH_DATABASE_URL } from './bench-database.js';

/**
 * Child process of `soak.bench.ts`: the service as `npm start` runs it (API and notification worker in one process)
 * on its own schema of the bench database, with a tenant realm. Prints the port and the tokens' secrets.
 */
const schema = `bench_soak_${process.pid}`;
const operatorSecret = 'soak-operator-secret';
const config = loadConfig({
  DATABASE_URL: BENCH_DATABASE_URL,
  DATABASE_SCHEMA: schema,
  OPERATOR_CLIENT_SECRET: operatorSecret,
  ADMIN_PASSWORD: 'soak-admin-password',
  LOG_LEVEL: 'warn',
  PORT: '0',
  TOKEN_RATE_LIMIT: '100000',
  OUTBOUND_ALLOWLIST: '127.0.0.1',
  NOTIFICATION_POLL_MS: '100',
  DATA_DIR: `/tmp/${schema}`,
  DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
});
const built = await buildApp(config);
const customerId = 'soak-customer';
const realm = 'soak-realm';
const { clientSecret } = await built.db.transaction((tx) => built.iam.realms.provisionRealm(tx, realm, customerId));
await built.app.listen({ port: 0, host: '127.0.0.1' });
const port = (built.app.server.address() as { port: number }).port;
process.stdout.write(`${JSON.stringify({ port, operatorSecret, realm, clientSecret, customerId })}\n`);

process.on('SIGTERM', async () => {
  await built.app.close();
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
  process.exit(0);
});
