import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import pg from 'pg';
import { request } from 'undici';
import { BENCH_DATABASE_URL, unreachableDatabase } from './bench-database.js';
import { bulkNdjson, bulkProduct } from './bulk-rows.js';
import { startChildServer, stopBench } from './child-server.js';
import { type Caller, call, clientToken, created } from './http-calls.js';
import { BackendCpu, processCpuSeconds } from './process-cpu.js';

/**
 * `npm run bench:export`: `GET /products/export` alone, on PostgreSQL. ROWS products (default 100,000) of one customer
 * are seeded once (IMPORTED of them, at most 100,000 by default, through the import, the others copied in SQL)
 * into the schema SCHEMA (default `bench_export_<ROWS>`), which is kept for the next run (DROP=1
 * drops it at the end); then ROUNDS (default 3) exports of each of FORMATS (default `csv-after-write,csv,ndjson`) print
 * rows/s, the
 * CPU per row of the service and of its PostgreSQL backends (which a busy machine disturbs far less than rows/s),
 * the service's peak RSS, and the load average.
 * `csv-after-write` is a CSV export that follows a write of the customer's products (a product created through the
 * API before each round's pair of those exports, the same products for both services): the map keys each service
 * keeps under the owners' generation are out of date, as after any write; `csv` follows another CSV export.
 * BASE=<a checkout> (e.g. /work/main) starts a second service from that checkout on the same schema and interleaves
 * its exports with this tree's: a before/after in one run. CHECK=1 also says whether both answered the same bytes.
 * The service runs in a process of its own, as in `bench:bulk`; BENCH_NODE_FLAGS profiles it (`--cpu-prof`).
 */
const ROWS = Number(process.env.ROWS ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const FORMATS = (process.env.FORMATS ?? 'csv-after-write,csv,ndjson').split(',');
const schema = process.env.SCHEMA ?? `bench_export_${ROWS}`;
const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);
const load = () => loadavg()[0]!.toFixed(1);
// The servers read their schema, and keep it when they stop, from these (bulk-server.ts).
process.env.BENCH_SCHEMA = schema;
process.env.KEEP_SCHEMA = '1';

interface Service {
  name: string;
  pid: number;
  /** Names the service's connections in pg_stat_activity, to count their backends' CPU. */
  application: string;
  origin: string;
  operatorToken: string;
  stop: () => Promise<void>;
}

async function start(name: string, checkout: string, application: string): Promise<Service> {
  const script = resolve(checkout, 'bench/bulk-server.ts');
  const url = new URL(BENCH_DATABASE_URL);
  url.searchParams.set('application_name', application);
  process.env.DATABASE_URL = url.toString();
  const { child, server } = await startChildServer<{ port: number; operatorToken: string }>(script);
  process.env.DATABASE_URL = BENCH_DATABASE_URL;
  return {
    name,
    pid: child.pid!,
    application,
    origin: `http://127.0.0.1:${server.port}`,
    operatorToken: server.operatorToken,
    stop: async () => {
      // KEEP_SCHEMA=1 keeps the catalogue; a checkout's server that does not know that switch is killed before it drops it.
      const exited = new Promise((done) => child.once('exit', done));
      child.kill(checkout === '.' ? 'SIGTERM' : 'SIGKILL');
      await exited;
    },
  };
}

const rssOf = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) * 1024 : 0;
};

/** `rows` products imported through `POST /product-imports` by `caller`, the import followed until it succeeded. */
async function importProducts(caller: Caller, rows: number): Promise<void> {
  const answer = await request(`${caller.origin}/product-imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${caller.token}`, 'content-type': 'application/x-ndjson' },
    body: Readable.from(bulkNdjson(rows, 'EXPORT')),
  });
  const { id } = (await answer.body.json()) as { id: string };
  for (;;) {
    const { json } = await call(caller, 'GET', `/product-imports/${id}`);
    if (json.status === 'SUCCEEDED') return;
    if (['FAILED', 'CANCELLED'].includes(String(json.status))) throw new Error(`the seeding import ${json.status}`);
    await new Promise((done) => setTimeout(done, 500));
  }
}

/**
 * Grows the catalogue from the `imported` products to ROWS by copying them in SQL, each copy with an id and a
 * publisherRefId of its own: the export reads the products table alone, and importing a million rows here takes
 * most of an hour.
 */
async function copyProducts(db: pg.Client, imported: number): Promise<void> {
  const { rows: columns } = await db.query(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'products' ORDER BY ordinal_position`,
    [schema],
  );
  const names = columns.map((column) => String(column.column_name));
  const copied = (name: string) => {
    if (name === 'id') return `p.id || 'x' || c`;
    if (name !== 'doc') return `p.${name}`;
    return `jsonb_set(jsonb_set(p.doc, '{id}', to_jsonb(p.id || 'x' || c)), '{publisherRefId}', to_jsonb((p.doc ->> 'publisherRefId') || 'x' || c))`;
  };
  for (let copy = 1; copy * imported < ROWS; copy += 1)
    await db.query(
      `INSERT INTO ${schema}.products (${names.join(', ')}) SELECT ${names.map(copied).join(', ')}
       FROM ${schema}.products p, (SELECT $1::int AS c) n WHERE p.id NOT LIKE '%x%' ORDER BY p.id LIMIT $2`,
      [copy, Math.min(imported, ROWS - copy * imported)],
    );
}

/**
 * The exporting customer's realm and secret, kept in the schema beside its catalogue; when absent, its catalogue is
 * made: IMPORTED products (default the lesser of ROWS and 100,000) through the import, the rest copied in SQL.
 */
async function exporter(service: Service): Promise<Caller> {
  const db = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await db.connect();
  try {
    await db.query(`CREATE TABLE IF NOT EXISTS ${schema}.bench_export_seed (realm text, secret text, rows int)`);
    const { rows } = await db.query(`SELECT realm, secret FROM ${schema}.bench_export_seed WHERE rows = $1`, [ROWS]);
    if (rows[0])
      return { origin: service.origin, token: await clientToken(service.origin, rows[0].realm, rows[0].secret) };
    const operator = { origin: service.origin, token: service.operatorToken };
    const body = await created(operator, '/customers', {
      name: `Exporter ${schema}`,
      vatNumber: 'FR12345678901',
      features: { seller: true },
    });
    const realm = String(body.realmName);
    const secret = (body.iamClient as { clientSecret: string }).clientSecret;
    const caller = { origin: service.origin, token: await clientToken(service.origin, realm, secret) };
    const started = performance.now();
    const imported = Math.min(ROWS, Number(process.env.IMPORTED ?? 100_000));
    await importProducts(caller, imported);
    await copyProducts(db, imported);
    // As a catalogue that has been in use: statistics, and the visibility map set (else the first export writes hint bits).
    await db.query(`VACUUM ANALYZE ${schema}.products`);
    console.log(
      `seeded ${ROWS} products (${imported} imported) in ${((performance.now() - started) / 1000).toFixed(0)} s (schema ${schema})`,
    );
    await db.query(`INSERT INTO ${schema}.bench_export_seed VALUES ($1, $2, $3)`, [realm, secret, ROWS]);
    return caller;
  } finally {
    await db.end();
  }
}

/**
 * CPU of the PostgreSQL backends serving each service (PostgreSQL on this machine, as the bench's default), sampled
 * while an export runs: a backend the pool closes meanwhile, or a parallel worker, still counts up to its last sample.
 */
const backendCpus = new Map<Service, BackendCpu>();
const backendCpu = (db: pg.Client, service: Service) => {
  const known =
    backendCpus.get(service) ?? new BackendCpu((text, values) => db.query(text, values), service.application);
  backendCpus.set(service, known);
  return known;
};

interface Figures {
  rows: number;
  seconds: number;
  firstByte: number;
  cpu: number;
  postgres: number;
  peakRss: number;
  bytes: number;
  hash: string;
}

async function exportOnce(db: pg.Client, service: Service, caller: Caller, format: string): Promise<Figures> {
  let peakRss = rssOf(service.pid);
  const backends = backendCpu(db, service);
  let sampling: Promise<unknown> = Promise.resolve();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssOf(service.pid));
    sampling = sampling.then(() => backends.sample());
  }, 50);
  const cpuBefore = processCpuSeconds(service.pid) ?? 0;
  const postgresBefore = await backends.sample();
  const started = performance.now();
  const answer = await request(`${service.origin}/products/export?format=${format}`, {
    headers: { authorization: `Bearer ${caller.token}` },
  });
  if (answer.statusCode !== 200) throw new Error(`export answered ${answer.statusCode}: ${await answer.body.text()}`);
  const hash = process.env.CHECK === '1' ? createHash('sha256') : undefined;
  let rows = 0;
  let bytes = 0;
  // The first bytes come once the export knows its columns (CSV) and read its first batch.
  let firstByte = 0;
  for await (const chunk of answer.body as AsyncIterable<Buffer>) {
    firstByte ||= (performance.now() - started) / 1000;
    hash?.update(chunk);
    bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const cpu = (processCpuSeconds(service.pid) ?? 0) - cpuBefore;
  await sampling;
  const postgres = (await backends.sample()) - postgresBefore;
  return {
    rows: format === 'csv' ? rows - 1 : rows,
    seconds,
    firstByte,
    cpu,
    postgres,
    peakRss,
    bytes,
    hash: hash?.digest('hex') ?? '',
  };
}

let touches = 0;

/** A write of the exporting customer's products (products cannot be deleted: one more product each time). */
async function touch(caller: Caller): Promise<void> {
  touches += 1;
  await created(caller, '/products', bulkProduct(touches, `TOUCH-${Date.now()}`));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const unreachable = await unreachableDatabase();
if (unreachable) stopBench(unreachable);
// A service that fails to start throws (no exit), so the `finally` below stops those already started.
const services = [await start('this tree', '.', `${schema}_tree`)];
const db = new pg.Client({ connectionString: BENCH_DATABASE_URL });
try {
  if (process.env.BASE) services.push(await start(`base (${process.env.BASE})`, process.env.BASE, `${schema}_base`));
  await db.connect();
  const seeded = await exporter(services[0]!);
  const callers = await Promise.all(
    services.map(async (service) => (service === services[0] ? seeded : { ...seeded, origin: service.origin })),
  );
  console.log(`export of ${ROWS} products on PostgreSQL (${new Date().toISOString()}), ${ROUNDS} rounds`);
  const results = new Map<string, Figures[]>();
  for (let round = 0; round < ROUNDS; round += 1)
    for (const format of FORMATS)
      for (const [n, service] of services.entries()) {
        // One write for both services: the keys each keeps are then out of date, and both export the same products.
        if (format === 'csv-after-write' && n === 0) await touch(callers[n]!);
        const figures = await exportOnce(db, service, callers[n]!, format.replace('-after-write', ''));
        const key = `${format} ${service.name}`;
        results.set(key, [...(results.get(key) ?? []), figures]);
        console.log(
          `  ${key}: ${figures.rows} rows in ${figures.seconds.toFixed(2)} s: ${Math.round(figures.rows / figures.seconds)} rows/s (first byte after ${figures.firstByte.toFixed(2)} s); CPU a row: service ${((figures.cpu / figures.rows) * 1e6).toFixed(1)} µs, PostgreSQL ${((figures.postgres / figures.rows) * 1e6).toFixed(1)} µs; peak RSS ${mib(figures.peakRss)} MiB; ${mib(figures.bytes)} MiB sent; load ${load()}${figures.hash ? `; sha256 ${figures.hash.slice(0, 12)}` : ''}`,
        );
      }
  console.log('medians:');
  for (const [key, runs] of results)
    console.log(
      `  ${key}: ${Math.round(median(runs.map((r) => r.rows / r.seconds)))} rows/s, CPU a row: service ${median(runs.map((r) => (r.cpu / r.rows) * 1e6)).toFixed(1)} µs, PostgreSQL ${median(runs.map((r) => (r.postgres / r.rows) * 1e6)).toFixed(1)} µs, peak RSS ${mib(Math.max(...runs.map((r) => r.peakRss)))} MiB`,
    );
} finally {
  await db.end().catch(() => undefined);
  for (const service of services) await service.stop();
  if (process.env.DROP === '1') {
    const db = new pg.Client({ connectionString: BENCH_DATABASE_URL });
    await db.connect();
    await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await db.end();
  }
}
