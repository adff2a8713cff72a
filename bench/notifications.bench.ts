import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { notificationDefinitionResource } from '../src/apis/notifications/notification-definition.resource.js';
import { notificationReceiverKind } from '../src/apis/notifications/notification-receiver.kind.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { SYSTEM_PRINCIPAL } from '../src/platform/auth/principal.js';
import { appendEvent, type PlatformEvent } from '../src/platform/events/outbox.js';
import { newId } from '../src/platform/ids.js';
import { BENCH_DATABASE_URL, unreachableDatabase } from './bench-database.js';

/**
 * Notification delivery on PostgreSQL with 1 and 2 `npm run worker` processes and a local web hook receiver:
 * deliveries/s for a burst of BURST events (default 3000) written at once, then event-to-delivery latency p50/p99 for
 * events written one by one at RATE per second (default 100) for LATENCY_SECONDS (default 5).
 * Usage: `npm run bench:notifications`. Targets: >= 500 deliveries/s, p50 <= 100 ms.
 */
const BURST = Number(process.env.BURST ?? 3000);
const RATE = Number(process.env.RATE ?? 100);
const LATENCY_SECONDS = Number(process.env.LATENCY_SECONDS ?? 5);

function stop(message: string): never {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(1);
}

const problem = await unreachableDatabase();
if (problem) stop(problem);

const schema = `bench_notif_${randomBytes(4).toString('hex')}`;
const env = {
  DATABASE_URL: BENCH_DATABASE_URL,
  DATABASE_SCHEMA: schema,
  LOG_LEVEL: 'silent',
  OPERATOR_CLIENT_SECRET: 'bench-secret',
  ADMIN_PASSWORD: 'bench-password',
  JOBS: 'off',
  DATA_DIR: `/tmp/${schema}`,
};
const { app, db, services } = await buildApp(loadConfig(env));

/** Arrival time (ms) of each notification, and the event's occurrence. */
const arrivals = new Map<string, { at: number; occurredAt: number; subject: string }>();
const receiver = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => {
    const hook = JSON.parse(body) as { notificationId: string; event: PlatformEvent };
    arrivals.set(hook.notificationId, {
      at: Date.now(),
      occurredAt: Date.parse(hook.event.occurredAt),
      subject: hook.event.subject,
    });
    response.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

/** A definition on `paid/<subject>` and a receiver at the local server. */
async function listen(subject: string): Promise<void> {
  const definition = await services.of(notificationDefinitionResource).create(SYSTEM_PRINCIPAL, {
    name: subject,
    eventMatcher: { fact: 'paid', subject },
    mainIdJsonPath: '$.involved.order.id',
    notificationPayload: { subject: 'Order {{ event.involved.order.id }}' },
  });
  await services
    .of(notificationReceiverKind)
    .create(SYSTEM_PRINCIPAL, { name: subject, status: 'ACTIVE', url, notificationDefinitionIds: [definition.doc.id] });
}

const eventOf = (subject: string, i: number): PlatformEvent => ({
  id: newId(),
  fact: 'paid',
  subject,
  customerId: null,
  occurredAt: new Date().toISOString(),
  what: { delta: { status: 'PAID' }, previous: {} },
  involved: { order: { id: `o-${i}` } },
});
const delivered = (subject: string) => [...arrivals.values()].filter((a) => a.subject === subject);

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return true;
}

function startWorkers(count: number): ChildProcess[] {
  return Array.from({ length: count }, () =>
    spawn(
      process.execPath,
      [...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', 'src/worker.ts'],
      {
        env: {
          ...process.env,
          ...env,
          OUTBOUND_ALLOWLIST: '127.0.0.1',
          NOTIFICATION_POLL_MS: '20',
          LOG_LEVEL: 'warn',
          WORKER_PORT: '0',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    ),
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

try {
  console.log(
    `\nPostgreSQL, local receiver; burst of ${BURST} events, then ${RATE} events/s for ${LATENCY_SECONDS} s\n`,
  );
  for (const count of [1, 2]) {
    const workers = startWorkers(count);
    try {
      const warm = `warm-${count}`;
      await listen(warm);
      await db.transaction((tx) => appendEvent(tx, eventOf(warm, 0)));
      if (!(await until(() => delivered(warm).length === 1, 120_000)))
        stop('the workers did not start within 2 minutes');

      const burst = `burst-${count}`;
      await listen(burst);
      await db.transaction(async (tx) => {
        for (let i = 0; i < BURST; i += 1) await appendEvent(tx, eventOf(burst, i));
      });
      const started = Date.now();
      const done = await until(() => delivered(burst).length === BURST, 300_000);
      const seconds = (Date.now() - started) / 1000;
      const rate = delivered(burst).length / seconds;

      const steady = `steady-${count}`;
      await listen(steady);
      const total = RATE * LATENCY_SECONDS;
      const begin = Date.now();
      for (let i = 0; i < total; i += 1) {
        await db.transaction((tx) => appendEvent(tx, eventOf(steady, i)));
        const wait = begin + ((i + 1) * 1000) / RATE - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      await until(() => delivered(steady).length === total, 60_000);
      const latencies = delivered(steady)
        .map((a) => a.at - a.occurredAt)
        .sort((a, b) => a - b);
      const p50 = percentile(latencies, 50);
      const p99 = percentile(latencies, 99);
      console.log(
        `${count} worker process${count > 1 ? 'es' : ''}: ${rate.toFixed(0).padStart(5)} deliveries/s${done ? '' : ' (INCOMPLETE)'} (target >= 500: ${rate >= 500 ? 'met' : 'NOT met'})   ` +
          `latency p50 ${p50} ms, p99 ${p99} ms over ${latencies.length} events (target p50 <= 100 ms: ${p50 <= 100 ? 'met' : 'NOT met'})`,
      );
    } finally {
      for (const worker of workers) worker.kill('SIGTERM');
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise((resolve) => (worker.exitCode === null ? worker.once('exit', resolve) : resolve(null))),
        ),
      );
    }
  }
} finally {
  receiver.close();
  await app.close();
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}
