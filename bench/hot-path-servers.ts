import Fastify from 'fastify';
import pg from 'pg';
import { termsResource } from '../src/apis/terms/terms.resource.js';
import { buildApp } from '../src/app.js';
import { POOL_SIZE } from '../src/platform/db/postgres-database.js';
import { BENCH_DATABASE_URL, benchServerConfig } from './bench-database.js';
import { profileLoad } from './load-profile.js';

/**
 * Child process of `hot-path.bench.ts`: the full service, and three bare Fastify servers on the same database that
 * each add one layer of the service's `GET /terms/{id}`:
 *   1. bare: the single-row query and JSON.stringify, nothing else;
 *   2. + token: the service's own access-token verifier on the bearer token (the tenant's principal);
 *   3. + engine: the engine's read (tenant rule, visibility, document) instead of the raw query.
 * The service adds its hooks (request id, drain, metrics, conditional GET), validation and schema serialisation.
 * Prints what the load generator needs: the ports, a token, the id.
 */
const schema = `bench_hot_${process.pid}`;
const config = benchServerConfig(schema);
const built = await buildApp(config);
const { app, services, iam } = built;
await app.listen({ port: 0, host: '127.0.0.1' });
const portOf = (server: { server: { address(): unknown } }) => (server.server.address() as { port: number }).port;

const base = `http://127.0.0.1:${portOf(app)}`;
const post = async (path: string, body: unknown, token?: string) => {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, string>;
};
const token = (
  await post('/iam/tokens', {
    realmName: 'operator',
    grantType: 'client_credentials',
    clientSecret: config.operatorClientSecret,
  })
).access_token!;
const id = (
  await post(
    '/terms',
    {
      startDate: '2026-01-01T00:00:00Z',
      template: '<h1>Terms</h1>'.repeat(20),
      model: 'MOR',
      status: 'RUNNING',
      locale: 'en_GB',
    },
    token,
  )
).id!;

// The same pool size as the service's, no auth, no engine, no schema serialisation.
const pool = new pg.Pool({
  connectionString: BENCH_DATABASE_URL,
  max: POOL_SIZE,
  options: `-c search_path="${schema}"`,
});
const bearer = (header: string | undefined) => /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';

const bare = Fastify({ logger: false });
bare.get('/terms/:id', async (request, reply) => {
  const { rows } = await pool.query('SELECT doc FROM terms WHERE id = $1', [(request.params as { id: string }).id]);
  if (rows.length === 0) return reply.code(404).send({ status: 404 });
  return rows[0].doc;
});

const withToken = Fastify({ logger: false });
withToken.get('/terms/:id', async (request, reply) => {
  await iam.verifier.verify(bearer(request.headers.authorization));
  const { rows } = await pool.query('SELECT doc FROM terms WHERE id = $1', [(request.params as { id: string }).id]);
  if (rows.length === 0) return reply.code(404).send({ status: 404 });
  return rows[0].doc;
});

const withEngine = Fastify({ logger: false });
withEngine.get('/terms/:id', async (request) => {
  const principal = await iam.verifier.verify(bearer(request.headers.authorization));
  return (await services.of(termsResource).get(principal, (request.params as { id: string }).id)).doc;
});

for (const server of [bare, withToken, withEngine]) await server.listen({ port: 0, host: '127.0.0.1' });

const writeProfile = await profileLoad();
process.stdout.write(
  JSON.stringify({
    port: portOf(app),
    ports: { bare: portOf(bare), token: portOf(withToken), engine: portOf(withEngine), service: portOf(app) },
    token,
    id,
  }) + '\n',
);

process.on('SIGTERM', async () => {
  await writeProfile();
  for (const server of [bare, withToken, withEngine]) await server.close();
  await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await pool.end();
  await app.close();
  process.exit(0);
});
