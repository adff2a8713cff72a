import { execFileSync } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { ReplicaPair } from '../deploy/replica-pair.js';
import { startChildServer, stopBench } from './child-server.js';

/**
 * Reads with one streaming replica vs without (issue 33 item 4): `npm run bench:replica` starts a PostgreSQL primary
 * and a replica of it on this machine (deploy/replica-pair.ts), seeds PRODUCTS products (default 10,000) over 100
 * customers, and serves them from one process three times, on the same data: without DATABASE_REPLICA_URL, with it,
 * and with the primary named as the replica ("routing only": never a standby, so every read goes to the primary
 * through the routing, whose own cost this shows).
 * A mix of reads (get, filtered list with totalItems, word search, priced get) runs on each in rotating rounds
 * (ROUNDS, default 3, of ROUND_SECONDS, default 10) at 10 and 50 connections; printed: the median requests per
 * second of each, their ratio, and the transactions each server ran (where the reads went). On one machine both
 * servers share its cores: the figures show the cost of routing and what a replica takes off the primary, not
 * the gain of a replica on a machine of its own.
 */
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const ROUND_SECONDS = Number(process.env.ROUND_SECONDS ?? 10);

interface Handshake {
  port: number;
  replicaPort: number;
  routingPort: number;
  token: string;
  id: string;
  customerId: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const load = () =>
  execFileSync('uptime', { encoding: 'utf8' })
    .trim()
    .replace(/^.*load average: /, '');

/** Transactions a server has run in the bench database (a standby counts its own). */
async function transactions(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    'SELECT (xact_commit + xact_rollback)::text AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  return Number(rows[0]!.n);
}

const pair = await ReplicaPair.start({ throwaway: true }).catch((error: Error) => stopBench(error.message));
const clients = [
  new pg.Client({ connectionString: pair.primaryUrl }),
  new pg.Client({ connectionString: pair.replicaUrl }),
];
let child: Awaited<ReturnType<typeof startChildServer>>['child'] | undefined;
try {
  await Promise.all(clients.map((client) => client.connect()));
  process.env.PRIMARY_URL = pair.primaryUrl;
  process.env.REPLICA_URL = pair.replicaUrl;
  process.stderr.write(`seeding ${process.env.PRODUCTS ?? 10_000} products on a primary with a streaming replica...\n`);
  const started = await startChildServer<Handshake>('./replica-server.ts');
  child = started.child;
  const { server } = started;
  const mix = [
    `/products/${server.id}`,
    `/products?customerId=${server.customerId}&status=ENABLED&sellingStores=store-eu&size=20`,
    '/products?q=product%205&size=20',
    `/priced-products/${server.id}?country=FR&currency=EUR`,
  ];
  const run = async (port: number, connections: number, seconds: number) => {
    const before = await Promise.all(clients.map(transactions));
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections,
      duration: seconds,
      headers: { authorization: `Bearer ${server.token}` },
      requests: mix.map((path) => ({ method: 'GET' as const, path })),
    });
    const after = await Promise.all(clients.map(transactions));
    return {
      rps: result.requests.average,
      p99: result.latency.p99,
      failed: result.non2xx + result.errors,
      onPrimary: after[0]! - before[0]!,
      onReplica: after[1]! - before[1]!,
    };
  };
  const modes = [
    { name: 'primary only', port: server.port },
    { name: 'one replica', port: server.replicaPort },
    { name: 'routing only', port: server.routingPort },
  ];
  for (const mode of modes) await run(mode.port, 10, 3);
  console.log(
    `\nread mix (get, filtered list with totalItems, q search, priced get), ${ROUNDS} rotating rounds of ${ROUND_SECONDS} s, load average before: ${load()}\n`,
  );
  for (const connections of [10, 50]) {
    const results = new Map<string, Awaited<ReturnType<typeof run>>[]>(modes.map((mode) => [mode.name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      const order = modes.map((_, k) => modes[(k + round) % modes.length]!);
      for (const mode of order) results.get(mode.name)!.push(await run(mode.port, connections, ROUND_SECONDS));
    }
    const base = median(results.get('primary only')!.map((r) => r.rps));
    for (const mode of modes) {
      const runs = results.get(mode.name)!;
      const rps = median(runs.map((r) => r.rps));
      const seconds = ROUNDS * ROUND_SECONDS;
      const sum = (pick: (r: (typeof runs)[number]) => number) => runs.reduce((total, r) => total + pick(r), 0);
      console.log(
        `${mode.name.padEnd(13)} ${String(connections).padStart(2)} conn ${rps.toFixed(0).padStart(6)} req/s (median; rounds ${runs.map((r) => r.rps.toFixed(0)).join(', ')})  ×${(rps / base).toFixed(2)}  p99 ${median(runs.map((r) => r.p99))} ms  transactions/s on primary ${(sum((r) => r.onPrimary) / seconds).toFixed(0)}, on replica ${(sum((r) => r.onReplica) / seconds).toFixed(0)}${sum((r) => r.failed) ? `  ${sum((r) => r.failed)} FAILED` : ''}`,
      );
    }
  }
  console.log(`\nload average after: ${load()}`);
} finally {
  child?.kill('SIGTERM');
  await Promise.allSettled(clients.map((client) => client.end()));
  await pair.destroy();
}
