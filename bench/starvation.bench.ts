import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Latencies, measureStarvation } from './starvation-scenario.js';

/**
 * Does a tenant's hostile program hold the process for others? Runs the starvation scenario (starvation-scenario.ts)
 * on one service process: BENCH_SECONDS idle (default 10), then as long under 4 hostile clients. Targets:
 * `/health/live` p99 < 50 ms and an ordinary read p99 < 100 ms under the hostile load. Usage: `npm run
 * bench:starvation` (embedded database; DATABASE_URL=postgres://... for PostgreSQL).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const config = loadConfig({
  DATABASE_URL: process.env.DATABASE_URL || 'memory://',
  OPERATOR_CLIENT_SECRET: 'bench-operator-secret',
  ADMIN_PASSWORD: 'bench-admin-password',
  LOG_LEVEL: 'silent',
  NOTIFICATION_WORKER: 'off',
  TOKEN_RATE_LIMIT: '1000000',
});
const app = await buildApp(config);
await app.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.app.server.address() as { port: number };
const tokenAnswer = await app.app.inject({
  method: 'POST',
  url: '/iam/tokens',
  payload: { realmName: 'operator', grantType: 'client_credentials', clientSecret: 'bench-operator-secret' },
});
const figures = await measureStarvation(
  app,
  { origin: `http://127.0.0.1:${port}`, token: tokenAnswer.json().access_token },
  seconds,
);
const line = (name: string, l: Latencies, target?: number) =>
  `${name.padEnd(34)} ${String(l.count).padStart(6)} requests   p50 ${l.p50.toFixed(1).padStart(6)} ms   p99 ${l.p99.toFixed(1).padStart(6)} ms   max ${l.max.toFixed(1).padStart(6)} ms${target === undefined ? '' : `   target p99 < ${target} ms: ${l.p99 < target ? 'met' : 'NOT met'}`}`;
console.log(
  `\n${seconds} s idle, then ${seconds} s under 4 hostile clients (${config.databaseUrl?.startsWith('postgres') ? 'PostgreSQL' : 'PGlite'}, one process)\n`,
);
console.log(line('/health/live, idle', figures.idle.health));
console.log(line('GET /terms/{id}, idle', figures.idle.read));
console.log(line('/health/live, hostile programs', figures.hostile.health, 50));
console.log(line('GET /terms/{id}, hostile programs', figures.hostile.read, 100));
console.log(
  `\nhostile requests sent: ${figures.hostile.hostileRequests}; programs run (priced reads, renders, events matched): ${figures.hostile.programsRun}`,
);
await app.app.close();
process.exit(0);
