import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request } from 'undici';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { onPostgres } from '../support/database-kind.js';
import { declaredJobs, enabledJobsIn } from '../support/declared-jobs.js';
import { freePort } from '../support/free-port.js';
import { ADMIN_PASSWORD, OPERATOR_SECRET, startTestApp, type TestApp } from '../support/test-app.js';
import { TEST_SETTINGS } from '../support/test-settings.js';
import { until } from '../support/wait.js';
import { createDefinition, createReceiver, publish, unique } from './notification-factories.js';
import { WebhookReceiver } from './webhook-receiver.js';

// Workers open the receivers' sealed secrets: every process on the database shares the app's key.
const DATA_ENCRYPTION_KEY = randomBytes(32).toString('base64');
const apps: TestApp[] = [];
const receivers: WebhookReceiver[] = [];
const workers: ChildProcess[] = [];

afterEach(async () => {
  for (const worker of workers.splice(0)) if (worker.exitCode === null) worker.kill('SIGKILL');
  for (const receiver of receivers.splice(0)) await receiver.close();
});
afterAll(async () => {
  for (const app of apps) await app.close();
});

/** A definition on `paid/<subject>` and a receiver at `url`, and `count` events. */
async function scenario(t: TestApp, url: string, count: number) {
  const operator = await t.operator();
  const subject = unique('order');
  const definition = await createDefinition(t, operator, {
    eventMatcher: { fact: 'paid', subject },
    mainIdJsonPath: '$.involved.order.id',
  });
  await createReceiver(t, operator, { url, notificationDefinitionIds: [definition.id] });
  for (let i = 0; i < count; i += 1)
    await publish(t, operator, { fact: 'paid', subject, involved: { order: { id: `o-${i}` } } });
  return definition;
}

async function statuses(t: TestApp, definitionId: string): Promise<string[]> {
  const { rows } = await t.built.db.query<{ status: string }>(
    'SELECT status FROM notifications WHERE definition_id = $1',
    [definitionId],
  );
  return rows.map((row) => row.status);
}

describe('the notification loop inside the server process', () => {
  it('dispatches and delivers by itself when NOTIFICATION_WORKER is on', async () => {
    const t = await startTestApp({
      NOTIFICATION_WORKER: 'on',
      NOTIFICATION_POLL_MS: '50',
      OUTBOUND_ALLOWLIST: '127.0.0.1',
    });
    apps.push(t);
    const hooks = await WebhookReceiver.start();
    receivers.push(hooks);
    const definition = await scenario(t, hooks.url, 3);
    await until('three hooks arrived', async () => hooks.received.length === 3, 60_000);
    await until(
      'the records say SUCCESS',
      async () => (await statuses(t, definition.id)).join() === 'SUCCESS,SUCCESS,SUCCESS',
      60_000,
    );
    const metrics = await t.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/notification_deliveries_total\{outcome="success"\} [3-9]/);
    expect(metrics.body).toContain('notification_dispatch_lag_seconds_count');
    expect(metrics.body).toMatch(/^notification_outbox_backlog 0$/m);
    expect(metrics.body).toMatch(/^notification_outbox_oldest_age_seconds 0$/m);
  }, 180_000);
});

/** `npm run worker` processes on the test app's schema. */
function startWorker(t: TestApp, name: string, port = 0): ChildProcess {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    ...TEST_SETTINGS,
    DATABASE_URL: t.config.databaseUrl!,
    DATABASE_SCHEMA: t.config.databaseSchema,
    OPERATOR_CLIENT_SECRET: OPERATOR_SECRET,
    ADMIN_PASSWORD,
    OUTBOUND_ALLOWLIST: '127.0.0.1',
    NOTIFICATION_POLL_MS: '50',
    NOTIFICATION_LEASE: '15',
    LOG_LEVEL: 'warn',
    DATA_DIR: `/tmp/worker-${name}-${process.pid}`,
    DATA_ENCRYPTION_KEY,
    // Health and metrics on a port of its own (by default one the system chooses): workers run side by side.
    WORKER_PORT: String(port),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  workers.push(child);
  return child;
}

describe.skipIf(!onPostgres)('worker processes (npm run worker, PostgreSQL)', () => {
  it('loses nothing when a worker is killed with SIGKILL mid-batch, and two workers deliver each try once', async () => {
    const t = await startTestApp({ DATA_ENCRYPTION_KEY, OUTBOUND_ALLOWLIST: '127.0.0.1' });
    apps.push(t);
    const hooks = await WebhookReceiver.start();
    receivers.push(hooks);
    // Slow answers keep the first worker in the middle of its batch when it is killed.
    hooks.fallback = { status: 200, body: 'ok', delayMs: 1000 };
    const definition = await scenario(t, hooks.url, 60);
    const first = startWorker(t, 'a');
    await until('the first worker is delivering', async () => hooks.received.length >= 3);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    // What the killed worker had claimed and not recorded: the only records that may be delivered twice.
    const { rows: leased } = await t.built.db.query<{ id: string }>(
      'SELECT id FROM notifications WHERE definition_id = $1 AND locked_by IS NOT NULL',
      [definition.id],
    );
    const inFlight = new Set(leased.map((row) => row.id));
    expect(inFlight.size).toBeGreaterThan(0);
    const arrivedBeforeKill = hooks.received.length;
    startWorker(t, 'b');
    startWorker(t, 'c');
    await until(
      'every record is SUCCESS',
      async () => {
        const all = await statuses(t, definition.id);
        return all.length === 60 && all.every((status) => status === 'SUCCESS');
      },
      90_000,
    );
    const counts = new Map<string, number>();
    for (const hook of hooks.received)
      counts.set(hook.headers['webhook-id'] as string, (counts.get(hook.headers['webhook-id'] as string) ?? 0) + 1);
    expect(counts.size).toBe(60);
    // Only what the killed worker had sent without recording it may arrive twice; the two live workers never overlap.
    const twice = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
    expect(twice.filter((id) => !inFlight.has(id))).toEqual([]);
    expect(
      [...counts].filter(([, n]) => n > 2),
      'delivered more than twice',
    ).toEqual([]);
    expect(hooks.received.length - arrivedBeforeKill).toBeGreaterThan(0);
    const { rows } = await t.built.db.query<{ tries: number }>(
      'SELECT tries FROM notifications WHERE definition_id = $1',
      [definition.id],
    );
    expect(
      rows.filter((row) => row.tries !== 1),
      'tries other than 1',
    ).toEqual([]);
  }, 180_000);

  it('serves its health and metrics (deliveries, jobs, database) on WORKER_PORT, runs every shared job every module declares, and nothing of the API', async () => {
    const t = await startTestApp({ DATA_ENCRYPTION_KEY, OUTBOUND_ALLOWLIST: '127.0.0.1' });
    apps.push(t);
    const shared = (await declaredJobs(t))
      .filter((job) => job.slot === 'jobs')
      .map((job) => job.name)
      .sort();
    const hooks = await WebhookReceiver.start();
    receivers.push(hooks);
    const definition = await scenario(t, hooks.url, 3);
    const port = await freePort();
    startWorker(t, 'metrics', port);
    await until(
      'the worker delivered',
      async () => {
        const all = await statuses(t, definition.id);
        return all.length === 3 && all.every((status) => status === 'SUCCESS');
      },
      60_000,
    );
    const get = async (path: string, method: 'GET' | 'POST' = 'GET') => {
      const response = await request(`http://127.0.0.1:${port}${path}`, {
        method,
        ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
      });
      return { status: response.statusCode, text: await response.body.text() };
    };
    await until(
      'the worker listens',
      async () => (await get('/health/ready').catch(() => ({ status: 0 }))).status === 200,
      30_000,
    );
    expect((await get('/health/live')).status).toBe(200);
    const metrics = await get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toMatch(/notification_deliveries_total\{outcome="success"\} [1-9]/);
    expect(metrics.text).toMatch(/job_runs_total\{job="notification delivery",outcome="success"\} [1-9]/);
    expect(metrics.text).toContain('db_up 1');
    // Every job a module declares as shared work, and not the revocation poll (a worker checks no token).
    expect(enabledJobsIn(metrics.text)).toEqual(shared);
    for (const [path, method] of [
      ['/terms', 'GET'],
      ['/iam/tokens', 'POST'],
      ['/subscriptions', 'GET'],
      ['/openapi.json', 'GET'],
      ['/docs', 'GET'],
      ['/console', 'GET'],
    ] as const) {
      expect((await get(path, method)).status, `${method} ${path}`).toBe(404);
    }
  }, 90_000);
});
