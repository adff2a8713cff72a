import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import pg from 'pg';
import { request } from 'undici';
import { bulkNdjson } from './bulk-rows.js';
import { startChildServer } from './child-server.js';
import { type Caller, call, clientToken, created, probe } from './http-calls.js';
import { latencies } from './latencies.js';
import { BackendCpu, processCpuSeconds } from './process-cpu.js';

/**
 * `npm run bench:bulk`: the bulk catalogue on PostgreSQL (DATABASE_URL; the embedded database when unset). Imports
 * ROWS products (default 100,000) of one customer from an NDJSON upload with nothing else running, then DURING_ROWS
 * more while another customer reads its products without a pause; exports them all as NDJSON and as CSV, and
 * imports the export again with mode=upsert (every row unchanged), then the second file with every product renamed
 * (every row updated; UPSERT=0 skips both). Prints import and export rows
 * per second, the service's peak memory (in a process of its own), the other tenant's read p99 quiet and during the
 * second import, and, on PostgreSQL, the CPU milliseconds per row of the first import, the service's and its
 * PostgreSQL backends' (named by `application_name`): a figure a machine shared with other work disturbs far less
 * than rows/s. The service prints its event loop's delay (p50, p99, max) four times: over the set-up, the quiet
 * reads, the import alone and the import beside the reads. Runs in a schema of its own, dropped at the end.
 */
const ROWS = Number(process.env.ROWS ?? 100_000);
const PROBE_SECONDS = Number(process.env.PROBE_SECONDS ?? 5);
/** Rows of the second import, made while the other tenant reads (DURING_ROWS; default a fifth of ROWS, 10,000 at least). */
const DURING_ROWS = Number(process.env.DURING_ROWS ?? Math.min(ROWS, Math.max(10_000, Math.round(ROWS / 5))));
const schema = `bench_bulk_${randomBytes(4).toString('hex')}`;

const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);
process.env.BENCH_SCHEMA = schema;
const databaseUrl = process.env.DATABASE_URL;
const onPostgres = databaseUrl?.startsWith('postgres') === true;
if (onPostgres) {
  const named = new URL(databaseUrl!);
  named.searchParams.set('application_name', schema);
  process.env.DATABASE_URL = named.toString();
}
const { child, server } = await startChildServer<{ port: number; operatorToken: string; database: string }>(
  './bulk-server.ts',
);
const origin = `http://127.0.0.1:${server.port}`;
/** The service's resident memory (its own process: the bench's client is not counted), sampled every 100 ms. */
const serverRss = () => {
  const line = readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) * 1024 : 0;
};
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, serverRss());
}, 100);
const watcher = onPostgres ? new pg.Client({ connectionString: databaseUrl }) : undefined;
await watcher?.connect();
const backends = watcher && new BackendCpu((text, values) => watcher.query(text, values), schema);
// A sample still running when the watcher ends fails: nothing to report then.
const backendSampler = setInterval(() => void backends?.sample().catch(() => undefined), 250);
type Cpu = { service: number; database: number };
/** CPU seconds used so far by the service and by its PostgreSQL backends. */
const cpuNow = async (): Promise<Cpu> => ({
  service: processCpuSeconds(child.pid) ?? 0,
  database: (await backends?.sample()) ?? 0,
});
const minus = (after: Cpu, before: Cpu): Cpu => ({
  service: after.service - before.service,
  database: after.database - before.database,
});

async function customer(origin: string, operator: Caller, name: string): Promise<Caller> {
  const body = await created(operator, '/customers', { name, vatNumber: 'FR12345678901', features: { seller: true } });
  const secret = (body.iamClient as { clientSecret: string }).clientSecret;
  return { origin, token: await clientToken(origin, String(body.realmName), secret) };
}

async function upload(caller: Caller, rows: number, prefix: string): Promise<string> {
  return uploadFile(caller, Readable.from(bulkNdjson(rows, prefix)), '');
}

async function uploadFile(caller: Caller, file: Readable, query: string): Promise<string> {
  const answer = await request(`${caller.origin}/product-imports${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${caller.token}`, 'content-type': 'application/x-ndjson' },
    body: file,
  });
  const body = (await answer.body.json()) as { id?: string };
  if (answer.statusCode !== 202 || !body.id)
    throw new Error(`upload answered ${answer.statusCode}: ${JSON.stringify(body)}`);
  return body.id;
}

async function finished(caller: Caller, id: string): Promise<Record<string, unknown>> {
  for (;;) {
    const { status, json } = await call(caller, 'GET', `/product-imports/${id}`);
    if (status !== 200) throw new Error(`GET /product-imports/${id} answered ${status}: ${JSON.stringify(json)}`);
    if (['SUCCEEDED', 'FAILED', 'CANCELLED'].includes(String(json.status))) return json;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Uploads `rows` new products and waits for the import's end: the record, and the seconds from upload to end. */
async function timedImport(caller: Caller, rows: number, prefix: string) {
  const started = performance.now();
  const id = await upload(caller, rows, prefix);
  const uploaded = (performance.now() - started) / 1000;
  const record = await finished(caller, id);
  return { record, uploaded, seconds: (performance.now() - started) / 1000 };
}

async function exportRows(caller: Caller, format: string): Promise<{ rows: number; seconds: number }> {
  const started = performance.now();
  const answer = await request(`${caller.origin}/products/export?format=${format}`, {
    headers: { authorization: `Bearer ${caller.token}` },
  });
  let rows = 0;
  for await (const chunk of answer.body as AsyncIterable<Buffer>)
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows += 1;
  return { rows: format === 'csv' ? rows - 1 : rows, seconds: (performance.now() - started) / 1000 };
}

const readsOf = (reader: Caller, ids: string[]) => () => {
  const id = ids[Math.floor(Math.random() * ids.length)];
  return Math.random() < 0.5
    ? call(reader, 'GET', `/products/${id}`)
    : call(reader, 'GET', '/products?sellingStores=store-3&size=20');
};

try {
  const operator = { origin, token: server.operatorToken };
  const importer = await customer(origin, operator, `Bulk importer ${schema}`);
  const reader = await customer(origin, operator, `Bulk reader ${schema}`);
  const readerImport = await upload(reader, 2000, 'READ');
  await finished(reader, readerImport);
  const { json: page } = await call(reader, 'GET', '/products?size=200&target=id');
  const ids = (page.items as { id: string }[]).map((item) => item.id);

  // Each figure is printed as soon as it is measured: a run stopped half-way still tells what it saw.
  console.log(`bulk catalogue on ${server.database}, ${ROWS} rows (${new Date().toISOString()})`);
  child.kill('SIGUSR2');
  const quiet = latencies(await probe(performance.now() + PROBE_SECONDS * 1000, readsOf(reader, ids)));
  child.kill('SIGUSR2');
  // The import alone (the machine otherwise idle): its speed, memory and CPU per row.
  const cpuBefore = await cpuNow();
  const alone = await timedImport(importer, ROWS, 'BULK');
  const cpu = minus(await cpuNow(), cpuBefore);
  console.log(`import alone: ${alone.record.status}, created ${alone.record.created}, failed ${alone.record.failed}`);
  console.log(
    `  upload read in ${alone.uploaded.toFixed(1)} s; import done in ${alone.seconds.toFixed(1)} s: ${Math.round(ROWS / alone.seconds)} rows/s; the service's peak RSS ${mib(peakRss)} MiB`,
  );
  if (onPostgres) {
    const perRow = (seconds: number) => ((seconds * 1000) / ROWS).toFixed(3);
    console.log(
      `  CPU per row (upload and import): the service ${perRow(cpu.service)} ms, its PostgreSQL backends ${perRow(cpu.database)} ms`,
    );
  }
  // Another import while the other tenant reads without a pause: its reads' p99, and the import's speed meanwhile.
  let reading = true;
  const samples: number[] = [];
  const reads = (async () => {
    while (reading) {
      const t0 = performance.now();
      await readsOf(reader, ids)();
      samples.push(performance.now() - t0);
    }
  })();
  child.kill('SIGUSR2');
  const shared = await timedImport(importer, DURING_ROWS, 'SHARED');
  reading = false;
  await reads;
  child.kill('SIGUSR2');
  const during = latencies(samples);
  console.log(
    `import of ${DURING_ROWS} rows while another tenant reads: ${shared.record.status}, ${Math.round(DURING_ROWS / shared.seconds)} rows/s`,
  );
  console.log(
    `another tenant's reads (get + filtered list), p99: quiet ${quiet.p99.toFixed(1)} ms (${quiet.count} calls), during the import ${during.p99.toFixed(1)} ms (${during.count} calls): ${(during.p99 / quiet.p99).toFixed(2)}x`,
  );
  peakRss = 0;
  const ndjsonExport = await exportRows(importer, 'ndjson');
  console.log(
    `export ndjson: ${ndjsonExport.rows} rows in ${ndjsonExport.seconds.toFixed(1)} s: ${Math.round(ndjsonExport.rows / ndjsonExport.seconds)} rows/s`,
  );
  const csvExport = await exportRows(importer, 'csv');
  console.log(
    `export csv:    ${csvExport.rows} rows in ${csvExport.seconds.toFixed(1)} s: ${Math.round(csvExport.rows / csvExport.seconds)} rows/s; the service's peak RSS while exporting ${mib(peakRss)} MiB`,
  );
  if (process.env.UPSERT === '0') console.log('upserts: skipped (UPSERT=0)');
  else {
    // The export streamed straight into an upsert import: every row is found unchanged.
    const exported = await request(`${importer.origin}/products/export`, {
      headers: { authorization: `Bearer ${importer.token}` },
    });
    const upsertStarted = performance.now();
    const upsert = await finished(importer, await uploadFile(importer, Readable.from(exported.body), '?mode=upsert'));
    const upsertSeconds = (performance.now() - upsertStarted) / 1000;
    console.log(
      `upsert of the export: ${upsert.status}, unchanged ${upsert.unchanged}, updated ${upsert.updated}, created ${upsert.created}, failed ${upsert.failed}: ${Math.round((ROWS + DURING_ROWS) / upsertSeconds)} rows/s`,
    );
    // The second file again with every product renamed: every row an update.
    const changedStarted = performance.now();
    const file = Readable.from(bulkNdjson(DURING_ROWS, 'SHARED', 1));
    const changed = await finished(importer, await uploadFile(importer, file, '?mode=upsert'));
    const changedSeconds = (performance.now() - changedStarted) / 1000;
    console.log(
      `upsert of ${DURING_ROWS} changed rows: ${changed.status}, updated ${changed.updated}, failed ${changed.failed}: ${Math.round(DURING_ROWS / changedSeconds)} rows/s`,
    );
  }
} finally {
  clearInterval(sampler);
  clearInterval(backendSampler);
  await watcher?.end();
  // The server drops its schema on SIGTERM.
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}
