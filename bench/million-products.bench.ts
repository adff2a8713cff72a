import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_DATABASE_URL, unreachableDatabase } from './bench-database.js';
import { stopBench } from './child-server.js';
import { processCpuSeconds } from './process-cpu.js';

/**
 * `npm run bench:million`: the catalogue's reads as it grows to a million products (STAGES, default
 * 10000,100000,1000000) over 10,000 customers, on PostgreSQL (DATABASE_URL). At each stage, for a large customer
 * (a tenth of the products) and a customer of the long tail, each read runs BENCH_SECONDS (default 5) at CONNECTIONS
 * (default 10) and prints req/s, p50, p99, and the CPU per request of the service and of PostgreSQL (the
 * server's own backends, from /proc). The server prints, on stderr, the plans of the reads with `EXPLAIN (ANALYZE, BUFFERS)` at each stage (EXPLAIN=off to skip).
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);

interface Stage {
  port: number;
  stage: number;
  added: number;
  seedSeconds: number;
  token: string;
  tailToken: string;
  operatorToken: string;
  id: string;
  customerId: string;
}

/**
 * The bench server's connections carry an application name of their own, so PostgreSQL's CPU per request is that of
 * its backends only: the machine's other PostgreSQL processes (other work, connections that come and go) are not
 * counted.
 */
const APPLICATION = `bench-million-${process.pid}`;
const serverUrl = `${BENCH_DATABASE_URL}${BENCH_DATABASE_URL.includes('?') ? '&' : '?'}application_name=${APPLICATION}`;
const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL });

/** CPU seconds of the bench server's PostgreSQL backends (each from /proc). */
async function postgresCpuSeconds(): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [
    APPLICATION,
  ]);
  return new Map(rows.map(({ pid }) => [pid, processCpuSeconds(pid) ?? 0]));
}

/** The CPU seconds the backends of `before` spent since (a backend gone meanwhile counts none). */
async function postgresCpuSince(before: Map<number, number>): Promise<number> {
  const after = await postgresCpuSeconds();
  let spent = 0;
  for (const [pid, seconds] of after) spent += seconds - (before.get(pid) ?? 0);
  return spent;
}

function reads(stage: Stage) {
  const filters = `customerId=${stage.customerId}&status=ENABLED`;
  const enabled = `${filters}&sellingStores=store-eu&size=20`;
  return [
    { name: 'get product', path: `/products/${stage.id}` },
    { name: 'filtered list + total', path: `/products?${enabled}`, target: '>= 850 req/s, p99 <= 25 ms' },
    { name: 'search q, large', path: '/products?q=product%205&size=20', target: 'p99 <= 50 ms' },
    { name: 'search q, long tail', path: '/products?q=fjord&size=20', tail: true },
    { name: 'priced get', path: `/priced-products/${stage.id}?country=FR&currency=EUR` },
    { name: 'priced list', path: `/priced-products?${filters}&sellingStoreS=store-eu&size=20&country=FR&currency=EUR` },
    { name: 'inherited list', path: `/products/inherited?customerId=${stage.customerId}&size=20` },
    { name: 'list, long tail', path: '/products?size=20', tail: true },
  ];
}

async function measure(stage: Stage, read: ReturnType<typeof reads>[number], pid: number | undefined) {
  const headers = { authorization: `Bearer ${read.tail ? stage.tailToken : stage.token}` };
  const url = `http://127.0.0.1:${stage.port}${read.path}`;
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  const service = processCpuSeconds(pid) ?? 0;
  const postgres = await postgresCpuSeconds();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const requests = result.requests.total || 1;
  const perRequest = (seconds: number) => ((seconds * 1000) / requests).toFixed(3);
  const failed = result.non2xx + result.errors;
  console.log(
    `${read.name.padEnd(22)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(result.latency.p50).padStart(3)} ms  p99 ${String(result.latency.p99).padStart(3)} ms  CPU ms/req service ${perRequest((processCpuSeconds(pid) ?? 0) - service)}, PostgreSQL ${perRequest(await postgresCpuSince(postgres))}${read.target ? `  (target ${read.target})` : ''}${failed ? `  ${failed} FAILED` : ''}`,
  );
}

const problem = await unreachableDatabase();
if (problem) stopBench(problem);
await admin.connect();
const child = spawn(process.execPath, ['--import', 'tsx', new URL('./million-server.ts', import.meta.url).pathname], {
  stdio: ['pipe', 'pipe', 'inherit'],
  env: { ...process.env, DATABASE_URL: serverUrl },
});
child.once('exit', (code) => code && stopBench(`the bench server exited with code ${code}`));
const lines = createInterface({ input: child.stdout! });
try {
  for await (const line of lines) {
    // The server's handshake lines; anything else it prints (its log lines) goes to stderr.
    const stage = line.startsWith('{"port"') ? (JSON.parse(line) as Stage) : undefined;
    if (!stage) {
      process.stderr.write(`${line}\n`);
      continue;
    }
    console.log(
      `\n${stage.stage} products (PostgreSQL; ${stage.added} added in ${stage.seedSeconds.toFixed(0)} s, ${(stage.added / stage.seedSeconds).toFixed(0)} products/s); ${CONNECTIONS} connections, ${DURATION} s a read`,
    );
    for (const read of reads(stage)) await measure(stage, read, child.pid);
    child.stdin!.write('next\n');
  }
} finally {
  child.stdin!.end();
  await admin.end();
}
