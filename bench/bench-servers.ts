import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { BENCH_DATABASE_URL } from './bench-database.js';

/**
 * Child process of `terms-get.bench.ts`: starts the full service and a bare Fastify route doing the same
 * single-row query on the same database, creates one terms item, and prints what the load generator needs.
 */
const databaseUrl = BENCH_DATABASE_URL;
const schema = `bench_${process.pid}`;
const secret = 'bench-operator-secret';
const config = loadConfig({ DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, OPERATOR_CLIENT_SECRET: secret, ADMIN_PASSWORD: 'bench-admin-password', LOG_LEVEL: 'warn', PORT: '0', TOKEN_RATE_LIMIT: '100000' });
const { app } = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const servicePort = (app.server.address() as { port: number }).port;

const post = async (path: string, body: unknown, token?: string) => {
  const res = await fetch(`http://127.0.0.1:${servicePort}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, string>;
};
const token = (await post('/iam/tokens', { realmName: 'operator', grantType: 'client_credentials', clientSecret: secret })).access_token!;
const id = (await post('/terms', { startDate: '2026-01-01T00:00:00Z', template: '<h1>Terms</h1>'.repeat(20), model: 'MOR', status: 'RUNNING', locale: 'en_GB' }, token)).id!;

// The baseline: the same query, the same pool size, no auth, no engine, no schema serialisation.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: `-c search_path="${schema}"` });
const bare = Fastify({ logger: false });
bare.get('/terms/:id', async (request, reply) => {
  const { rows } = await pool.query('SELECT doc FROM terms WHERE id = $1', [(request.params as { id: string }).id]);
  if (rows.length === 0) return reply.code(404).send({ status: 404 });
  return rows[0].doc;
});
await bare.listen({ port: 0, host: '127.0.0.1' });
const barePort = (bare.server.address() as { port: number }).port;

process.stdout.write(JSON.stringify({ servicePort, barePort, token, id }) + '\n');

process.on('SIGTERM', async () => {
  await bare.close();
  await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await pool.end();
  await app.close();
  process.exit(0);
});
