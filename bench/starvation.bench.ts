import { databaseName, startBenchApp } from './bench-app.js';
import { type Latencies, measureStarvation } from './starvation-scenario.js';

/**
 * Does a tenant's hostile program hold the process for others? Runs the starvation scenario (starvation-scenario.ts)
 * on one service process: BENCH_SECONDS idle (default 10), then as long under 4 hostile clients. Targets:
 * `/health/live` p99 < 50 ms and an ordinary read p99 < 100 ms under the hostile load. Usage: `npm run
 * bench:starvation` (embedded database; DATABASE_URL=postgres://... for PostgreSQL).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const { app, config, origin, operatorToken } = await startBenchApp({ JOBS: 'off' });
const figures = await measureStarvation(app, { origin, token: operatorToken }, seconds);
const line = (name: string, l: Latencies, target?: number) =>
  `${name.padEnd(34)} ${String(l.count).padStart(6)} requests   p50 ${l.p50.toFixed(1).padStart(6)} ms   p99 ${l.p99.toFixed(1).padStart(6)} ms   max ${l.max.toFixed(1).padStart(6)} ms${target === undefined ? '' : `   target p99 < ${target} ms: ${l.p99 < target ? 'met' : 'NOT met'}`}`;
console.log(`\n${seconds} s idle, then ${seconds} s under 4 hostile clients (${databaseName(config)}, one process)\n`);
console.log(line('/health/live, idle', figures.idle.health));
console.log(line('GET /terms/{id}, idle', figures.idle.read));
console.log(line('/health/live, hostile programs', figures.hostile.health, 50));
console.log(line('GET /terms/{id}, hostile programs', figures.hostile.read, 100));
console.log(
  `\nhostile requests sent: ${figures.hostile.hostileRequests}; programs run (priced reads, renders, events matched): ${figures.hostile.programsRun}`,
);
await app.app.close();
process.exit(0);
