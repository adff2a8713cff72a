import { monitorEventLoopDelay } from 'node:perf_hooks';
import { databaseName, startBenchApp } from './bench-app.js';

/**
 * Child process of `bulk-catalogue.bench.ts`: the service alone in its process (jobs on), so the memory the bench
 * reports is the service's, not the client's that uploads and reads. Prints one JSON line (port, operator token,
 * database) and serves until SIGTERM, then drops its schema (unless KEEP_SCHEMA=1: `bulk-export.bench.ts` seeds a
 * catalogue once and exports it run after run).
 */
const schema = process.env.BENCH_SCHEMA!;
// Tokens last a day: a run of a million rows outlasts the default five minutes.
const { app, config, origin, operatorToken } = await startBenchApp({
  DATABASE_SCHEMA: schema,
  JOBS: 'on',
  ACCESS_TOKEN_TTL: '86400',
});
process.stdout.write(
  `${JSON.stringify({ port: Number(new URL(origin).port), operatorToken, database: databaseName(config) })}\n`,
);

// SIGUSR2: the event loop's delay since the last SIGUSR2 (p50, p99, max), on stderr; the bench sends it around a phase.
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
process.on('SIGUSR2', () => {
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  const memory = process.memoryUsage();
  const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);
  process.stderr.write(
    `  the service's event loop delay: p50 ${ms(loopDelay.percentile(50))} ms, p99 ${ms(loopDelay.percentile(99))} ms, max ${ms(loopDelay.max)} ms; now RSS ${mib(memory.rss)} MiB, heap ${mib(memory.heapUsed)}/${mib(memory.heapTotal)} MiB, external ${mib(memory.external)} MiB\n`,
  );
  loopDelay.reset();
});

process.once('SIGTERM', async () => {
  await app.app.close();
  if (config.databaseUrl?.startsWith('postgres') && process.env.KEEP_SCHEMA !== '1') {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  }
  process.exit(0);
});
