import { databaseName, startBenchApp } from './bench-app.js';
import type { Latencies } from './latencies.js';
import { measureNoisyNeighbour } from './noisy-neighbour-scenario.js';

/**
 * Does one tenant's load slow another's? Runs the noisy-neighbour scenario (noisy-neighbour-scenario.ts) on one
 * service process running its jobs: BENCH_SECONDS with tenant B alone (default 10), then as long with 4 of tenant
 * A's clients looping over its most expensive allowed work. Prints B's read, sign-in and web hook delivery latency,
 * quiet and under A's load. Usage: `npm run bench:starvation` (embedded database; DATABASE_URL=postgres://... for
 * PostgreSQL), after the starvation scenario.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const { app, config, origin, operatorToken } = await startBenchApp({
  JOBS: 'on',
  NOTIFICATION_POLL_MS: '20',
  OUTBOUND_ALLOWLIST: '127.0.0.1',
});
const figures = await measureNoisyNeighbour({ origin, token: operatorToken }, seconds);
const row = (name: string, quiet: Latencies, noisy: Latencies) =>
  `${name.padEnd(26)} ${String(quiet.count).padStart(5)} ${quiet.p50.toFixed(1).padStart(8)} ${quiet.p99.toFixed(1).padStart(8)}   ${String(noisy.count).padStart(5)} ${noisy.p50.toFixed(1).padStart(8)} ${noisy.p99.toFixed(1).padStart(8)}   ${(noisy.p99 / Math.max(quiet.p99, 0.1)).toFixed(2).padStart(6)}`;
console.log(
  `\nTenant B, ${seconds} s alone, then ${seconds} s beside tenant A's 4 clients (${databaseName(config)}, one process, jobs on)\n`,
);
console.log(
  `${'B, ms'.padEnd(26)} ${'quiet: n'.padStart(5)}      p50      p99   ${'noisy: n'.padStart(5)}      p50      p99   p99 ×`,
);
console.log(row('GET /products/{id}', figures.quiet.read, figures.noisy.read));
console.log(row('sign-in (password grant)', figures.quiet.signIn, figures.noisy.signIn));
console.log(row('web hook, event to arrival', figures.quiet.delivery, figures.noisy.delivery));
console.log(`\nA's requests under load: ${JSON.stringify(figures.attack)}`);
await app.app.close();
process.exit(0);
