import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startBenchServer, startChildServer } from './child-server.js';
import { processCpuSeconds } from './process-cpu.js';

/**
 * Recommendations under load on PostgreSQL: a 5-item cart against RULES rules (default 1,000) and PRODUCTS products
 * (default 10,000) of one customer (see recommendations-server.ts for the data), requested with the customer's
 * token at 10 and 50 connections. Usage: `npm run bench:recommendations` (BENCH_SECONDS per run, default 10;
 * BENCH_WARM_UP seconds of load before, default 5; CARTS carts asked in turn, default 1).
 * Then, in the same run, a bare node:http server sends the same answer's bytes at 10 connections: the machine's
 * ceiling for an answer of that size at that moment (its speed changes by up to 2 times within an hour).
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const P99_TARGET_MS = 50;
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP ?? 5);

interface Handshake {
  port: number;
  token: string;
  cartIds: string[];
  products: number;
  rules: number;
  seedSeconds: number;
  work: { leaves: number; recommended: number; reported: number };
}

process.stderr.write(`seeding ${process.env.PRODUCTS ?? 10_000} products and ${process.env.RULES ?? 1_000} rules...\n`);
const { child, server } = await startBenchServer<Handshake>('./recommendations-server.ts');
const url = `http://127.0.0.1:${server.port}/recommendations/cart?cartId=${server.cartIds[0]}`;
const headers = { authorization: `Bearer ${server.token}` };
// CARTS > 1: each connection asks for the carts in turn (the answer's shape printed below is cart 0's).
const requests =
  server.cartIds.length > 1 ? server.cartIds.map((id) => ({ path: `/recommendations/cart?cartId=${id}` })) : undefined;
const load = (connections: number, duration: number) =>
  autocannon({ url, connections, duration, headers, ...(requests ? { requests } : {}) });

try {
  console.log(
    `\n${server.products} products and ${server.rules} rules of one customer, seeded in ${server.seedSeconds.toFixed(1)} s`,
  );
  console.log(
    `one request: a 5-item cart -> ${server.work.leaves} filled leaves, ${server.work.recommended} recommended (priced) products, ${server.work.reported} reported candidates`,
  );
  console.log(
    `${server.cartIds.length > 1 ? `${server.cartIds.length} carts of 5 popular products asked in turn; ` : ''}${WARM_UP_SECONDS} s of warm-up, then ${DURATION} s per run, PostgreSQL, one service process\n`,
  );
  // Warm-up: about 1,500 requests, so V8 has optimised what runs once per request and every pooled connection has
  // prepared its statements; a service runs for days, the bench measures that steady state.
  await load(10, WARM_UP_SECONDS);
  for (const connections of [10, 50]) {
    const cpuBefore = processCpuSeconds(child.pid);
    const result = await load(connections, DURATION);
    const cpuUsed = (processCpuSeconds(child.pid) ?? NaN) - (cpuBefore ?? NaN);
    const cpuPerRequest = Number.isNaN(cpuUsed)
      ? ''
      : `   service CPU ${((cpuUsed * 1000) / result.requests.total).toFixed(2)} ms/request`;
    const failed = result.non2xx + result.errors;
    const verdict =
      connections === 10
        ? `   target p99 <= ${P99_TARGET_MS} ms: ${result.latency.p99 <= P99_TARGET_MS ? 'met' : 'NOT met'}`
        : '';
    console.log(
      `cart recommendations ${String(connections).padStart(2)} conn ${result.requests.average.toFixed(0).padStart(6)} recommendations/s   p50 ${String(result.latency.p50).padStart(3)} ms   p99 ${String(result.latency.p99).padStart(3)} ms${cpuPerRequest}${verdict}${failed ? `   ${failed} FAILED responses` : ''}`,
    );
  }
  await printCeiling();
} finally {
  child.kill('SIGTERM');
}

/** The same answer's bytes from a bare server, at 10 connections, after the service's runs (it is idle meanwhile). */
async function printCeiling(): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'bench-reco-'));
  const file = join(directory, 'answer.json');
  writeFileSync(file, Buffer.from(await (await fetch(url, { headers })).arrayBuffer()));
  process.env.ANSWER_FILE = file;
  const { child: bare, server: fixed } = await startChildServer<{ port: number }>('./fixed-answer-server.ts');
  try {
    const result = await autocannon({ url: `http://127.0.0.1:${fixed.port}/`, connections: 10, duration: DURATION });
    console.log(
      `same answer, bare node:http  10 conn ${result.requests.average.toFixed(0).padStart(6)} answers/s           p50 ${String(result.latency.p50).padStart(3)} ms   p99 ${String(result.latency.p99).padStart(3)} ms   (the machine's ceiling for this answer now)`,
    );
  } finally {
    bare.kill('SIGTERM');
    rmSync(directory, { recursive: true, force: true });
  }
}
