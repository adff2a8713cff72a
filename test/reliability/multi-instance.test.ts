import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Cluster, findBinary, startCluster, startPgbouncer } from '../../deploy/cluster.js';
import { openDatabase } from '../../src/platform/db/open-database.js';
import { WebhookReceiver } from '../notifications/webhook-receiver.js';
import type { Json } from '../support/json.js';
import { TEST_SETTINGS } from '../support/test-settings.js';
import { sleep, until } from '../support/wait.js';

/**
 * Issue 12 item 2: two API processes behind haproxy and two workers, all through pgbouncer in transaction pooling mode,
 * under a mixed load; one API process and one worker are killed with SIGKILL and restarted mid-load.
 */

const databaseUrl = process.env.DATABASE_URL ?? '';
const skipReason = !databaseUrl.startsWith('postgres')
  ? 'it needs PostgreSQL (DATABASE_URL=postgres://...): several processes cannot share the embedded database'
  : !findBinary('haproxy') || !findBinary('pgbouncer')
    ? 'haproxy or pgbouncer is not installed (deploy/install-packages.sh installs them; .ci/run does)'
    : undefined;
if (skipReason) console.warn(`multi-instance test skipped: ${skipReason}`);

/** Revocations by another instance are picked up by polling every second (docs/decisions.md#revocation-from-an-in-memory-list). */
const REVOCATION_POLL_MS = 1000;
const OPERATOR_SECRET = 'multi-instance-operator-secret';
const schema = `mi_${randomBytes(5).toString('hex')}`;
/** Made when a test runs: a skipped file leaves nothing behind. */
let scratch: string | undefined;
const dataDir = () => (scratch ??= mkdtempSync(join(tmpdir(), 'multi-instance-')));
let cluster: Cluster | undefined;
let hooks: WebhookReceiver | undefined;
const direct = new pg.Client({ connectionString: databaseUrl });

afterAll(async () => {
  await cluster?.stop();
  await hooks?.close();
  if (!skipReason) {
    await direct.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await direct.end();
  }
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function call(
  base: string,
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
): Promise<{ status: number; body: Json }> {
  const response = await fetch(base + path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  // haproxy's own answers (502, 503) are HTML.
  const json = (response.headers.get('content-type') ?? '').includes('json');
  return { status: response.status, body: json && text ? (JSON.parse(text) as Json) : {} };
}

/** What the load saw; only 2xx answers count as acknowledged. */
class Tally {
  readonly statuses = new Map<string, number>();
  /** Terms created (201), with the template of the last acknowledged replace and of an unanswered one after it. */
  readonly terms = new Map<string, { acknowledged: string; unanswered?: string }>();
  readonly events: string[] = [];
  firstFailureAt: number | undefined;
  lastFailureAt: number | undefined;

  count(outcome: string) {
    this.statuses.set(outcome, (this.statuses.get(outcome) ?? 0) + 1);
    if (!/^2/.test(outcome)) {
      this.firstFailureAt ??= performance.now();
      this.lastFailureAt = performance.now();
    }
  }

  get acknowledged(): number {
    return [...this.statuses].filter(([outcome]) => /^2/.test(outcome)).reduce((sum, [, n]) => sum + n, 0);
  }
}

/** One client: creates terms, replaces its latest, publishes events and reads, until `stop()` says so. */
async function client(base: string, token: string, subject: string, tally: Tally, stop: () => boolean): Promise<void> {
  let latest: { id: string; dbVersion: number } | undefined;
  for (let step = 0; !stop(); step += 1) {
    const op = step % 4;
    try {
      if (op === 0 || (op === 1 && !latest)) {
        const template = `<p>${randomBytes(4).toString('hex')}</p>`;
        const res = await call(base, 'POST', '/terms', token, {
          startDate: '2026-01-01T00:00:00Z',
          template,
          model: 'MOR',
        });
        tally.count(String(res.status));
        if (res.status === 201) {
          tally.terms.set(res.body.id, { acknowledged: template });
          latest = { id: res.body.id, dbVersion: res.body.dbVersion };
        }
      } else if (op === 1) {
        const term = latest!;
        const template = `<p>v${term.dbVersion + 1} ${randomBytes(4).toString('hex')}</p>`;
        const record = tally.terms.get(term.id)!;
        record.unanswered = template;
        const res = await call(base, 'PUT', `/terms/${term.id}`, token, {
          startDate: '2026-01-01T00:00:00Z',
          template,
          model: 'MOR',
          dbVersion: term.dbVersion,
        });
        tally.count(String(res.status));
        if (res.status === 200) {
          tally.terms.set(term.id, { acknowledged: template });
          term.dbVersion = res.body.dbVersion;
        } else {
          // An answer that is not 200 may still hide a commit (a 502 after the work was done): start a fresh record.
          latest = undefined;
        }
      } else if (op === 2) {
        const res = await call(base, 'POST', '/events', token, {
          fact: 'paid',
          subject,
          involved: { order: { id: `o-${step}` } },
        });
        tally.count(String(res.status));
        if (res.status === 202) tally.events.push(res.body.id);
      } else {
        const res = await call(base, 'GET', latest ? `/terms/${latest.id}` : '/terms?size=5', token);
        tally.count(String(res.status));
      }
    } catch (error) {
      tally.count(`error ${(error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).name}`);
      if (op === 1) latest = undefined;
      await sleep(50);
    }
  }
}

async function operatorToken(base: string): Promise<string> {
  const res = await call(base, 'POST', '/iam/tokens', undefined, {
    realmName: 'operator',
    grantType: 'client_credentials',
    clientSecret: OPERATOR_SECRET,
  });
  if (res.status !== 200) throw new Error(`token: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access_token as string;
}

/** Claims the worker held when it died: the only notifications that may reach the receiver twice. */
async function leasedBy(pid: number): Promise<Set<string>> {
  const { rows } = await direct.query<{ id: string }>(
    `SELECT id FROM "${schema}".notifications WHERE locked_by LIKE $1`,
    [`%:${pid}:%`],
  );
  return new Set(rows.map((row) => row.id));
}

/** Requests an API process answered since it started, health checks and metrics aside (from its own /metrics). */
async function served(port: number | undefined): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  let total = 0;
  for (const match of text.matchAll(/^http_request_duration_seconds_count\{([^}]*)\} (\d+)$/gm)) {
    if (!/route="\/(health|metrics)/.test(match[1]!)) total += Number(match[2]);
  }
  return total;
}

describe.skipIf(skipReason !== undefined)(
  'two API processes behind haproxy and two workers, through pgbouncer in transaction pooling mode',
  () => {
    it('loses no acknowledged write, delivers every notification, and spreads revocation when an API process and a worker are killed mid-load', async () => {
      await direct.connect();
      hooks = await WebhookReceiver.start();
      // A slow receiver keeps the workers' claims open long enough for the kill to land in the middle of deliveries.
      hooks.fallback = { status: 200, body: 'ok', delayMs: 300 };
      const startedAt = performance.now();
      cluster = await startCluster({
        databaseUrl,
        schema,
        dataEncryptionKey: randomBytes(32).toString('base64'),
        operatorClientSecret: OPERATOR_SECRET,
        adminPassword: 'multi-instance-admin',
        frontPort: 0,
        dataDir: dataDir(),
        env: {
          ...TEST_SETTINGS,
          LOG_LEVEL: 'warn',
          NOTIFICATION_POLL_MS: '100',
          NOTIFICATION_LEASE: '10',
          OUTBOUND_ALLOWLIST: '127.0.0.1',
          NOTIFICATION_RETRY_SCHEDULE: '0s,1s,2s,4s,8s',
        },
      });
      const startupMs = performance.now() - startedAt;
      const base = cluster.url;
      const operator = await operatorToken(base);
      const subject = `order-${randomBytes(3).toString('hex')}`;
      const definition = await call(base, 'POST', '/notification-definitions', operator, {
        name: `paid-${subject}`,
        eventMatcher: { fact: 'paid', subject },
        mainIdJsonPath: '$.involved.order.id',
        notificationPayload: {
          subject: 'Order {{ event.involved.order.id }} paid',
          content: 'paid',
          type: 'ORDER_PAID',
        },
      });
      expect(definition.status).toBe(201);
      const receiver = await call(base, 'POST', '/notification-receivers', operator, {
        name: `hooks-${subject}`,
        status: 'ACTIVE',
        url: hooks.url,
        notificationDefinitionIds: [definition.body.id],
      });
      expect(receiver.status).toBe(201);

      // The mixed load, through haproxy.
      const tally = new Tally();
      let stopping = false;
      const loadStartedAt = performance.now();
      const clients = Array.from({ length: 6 }, () => client(base, operator, subject, tally, () => stopping));
      await until('the load is under way', async () => tally.acknowledged >= 60 && tally.events.length >= 10, 30_000);

      // SIGKILL one API process and one worker mid-load, then start them again.
      const [api, worker] = [cluster.apis[0]!, cluster.workers[0]!];
      const workerPid = worker.pid!;
      await until('the worker to be killed holds claims', async () => (await leasedBy(workerPid)).size > 0, 30_000);
      const killedAt = performance.now();
      await Promise.all([api.kill('SIGKILL'), worker.kill('SIGKILL')]);
      const inFlight = await leasedBy(workerPid);
      expect(inFlight.size, 'claims the killed worker held').toBeGreaterThan(0);
      const [apiRestartMs, workerRestartMs] = await Promise.all([cluster.restart(api), cluster.restart(worker)]);
      // The load goes on 2 s after the restarted process is ready: haproxy checks every 500 ms and sends it requests again.
      await sleep(2000);
      stopping = true;
      await Promise.all(clients);
      const loadMs = performance.now() - loadStartedAt;
      // haproxy sent the restarted process its share again.
      const servedAfterRestart = await served(api.port);
      expect(servedAfterRestart).toBeGreaterThan(0);

      // Every acknowledged create and replace is in the database.
      const ids = [...tally.terms.keys()];
      const { rows: stored } = await direct.query<{ id: string; template: string }>(
        `SELECT id, doc->>'template' AS template FROM "${schema}".terms WHERE id = ANY($1)`,
        [ids],
      );
      const templates = new Map(stored.map((row) => [row.id, row.template]));
      expect(
        ids.filter((id) => !templates.has(id)),
        'acknowledged creates missing',
      ).toEqual([]);
      const lost = [...tally.terms].filter(
        ([id, t]) => templates.get(id) !== t.acknowledged && templates.get(id) !== t.unanswered,
      );
      expect(lost, 'acknowledged replaces missing').toEqual([]);
      const { rows: events } = await direct.query<{ id: string }>(
        `SELECT id FROM "${schema}".outbox WHERE id = ANY($1)`,
        [tally.events],
      );
      expect(events.length, 'acknowledged events stored').toBe(tally.events.length);

      // Every event's notification is delivered; only a claim of the killed worker may reach the receiver twice.
      const seen = () => new Set(hooks!.received.map((hook) => hook.headers['webhook-id'] as string));
      const notifications = async () =>
        (
          await direct.query<{ id: string; event_id: string; status: string; tries: number }>(
            `SELECT id, event_id, status, tries FROM "${schema}".notifications WHERE definition_id = $1`,
            [definition.body.id],
          )
        ).rows;
      const drainStartedAt = performance.now();
      await until(
        'every acknowledged event is notified and delivered',
        async () => {
          const rows = await notifications();
          const notified = new Set(rows.map((row) => row.event_id));
          const received = seen();
          return (
            tally.events.every((id) => notified.has(id)) &&
            rows.every((row) => row.status === 'SUCCESS' && received.has(row.id))
          );
        },
        60_000,
      );
      const drainMs = performance.now() - drainStartedAt;
      const deliveries = new Map<string, number>();
      for (const hook of hooks.received)
        deliveries.set(
          hook.headers['webhook-id'] as string,
          (deliveries.get(hook.headers['webhook-id'] as string) ?? 0) + 1,
        );
      const twice = [...deliveries].filter(([, n]) => n > 1).map(([id]) => id);
      expect(
        twice.filter((id) => !inFlight.has(id)),
        'delivered twice without a killed claim',
      ).toEqual([]);
      expect(
        [...deliveries].filter(([, n]) => n > 2),
        'delivered more than twice',
      ).toEqual([]);

      // A session ended on the instance that was never killed stops working on the restarted one within the poll.
      const [survivor, restarted] = [`http://127.0.0.1:${cluster.apis[1]!.port}`, `http://127.0.0.1:${api.port}`];
      const doomed = await operatorToken(survivor);
      expect((await call(restarted, 'GET', '/terms?size=1', doomed)).status).toBe(200);
      expect((await call(survivor, 'DELETE', '/iam/tokens/invalidate', doomed)).status).toBeLessThan(300);
      const revokedAt = performance.now();
      expect((await call(survivor, 'GET', '/terms?size=1', doomed)).status).toBe(401);
      await until(
        'the restarted instance refuses the ended session',
        async () => (await call(restarted, 'GET', '/terms?size=1', doomed)).status === 401,
        10_000,
      );
      const revocationMs = performance.now() - revokedAt;
      // The documented second, plus one poll of slack for a loaded machine's timers.
      expect(revocationMs).toBeLessThan(2 * REVOCATION_POLL_MS + 1000);

      const figures = {
        startupMs: Math.round(startupMs),
        loadMs: Math.round(loadMs),
        outcomes: Object.fromEntries(tally.statuses),
        acknowledged: tally.acknowledged,
        termsCreated: ids.length,
        events: tally.events.length,
        notificationsDelivered: deliveries.size,
        deliveredTwice: twice.length,
        killedWorkerClaims: inFlight.size,
        servedByRestartedApi: servedAfterRestart,
        servedBySurvivor: await served(cluster.apis[1]!.port),
        apiRestartMs: Math.round(apiRestartMs),
        workerRestartMs: Math.round(workerRestartMs),
        failuresWindowMs:
          tally.firstFailureAt === undefined ? 0 : Math.round(tally.lastFailureAt! - tally.firstFailureAt),
        firstFailureAfterKillMs:
          tally.firstFailureAt === undefined ? undefined : Math.round(tally.firstFailureAt - killedAt),
        drainMs: Math.round(drainMs),
        revocationMs: Math.round(revocationMs),
      };
      console.info(`multi-instance figures: ${JSON.stringify(figures)}`);
    }, 300_000);
  },
);

describe.skipIf(skipReason !== undefined)('the service behind a pgbouncer that drops its search_path', () => {
  it('refuses to start, naming connect_query, rather than write its tables into public', async () => {
    const logDir = join(dataDir(), 'bare-pgbouncer');
    const bouncer = await startPgbouncer({ databaseUrl, schema, logDir, setSearchPath: false });
    try {
      const opening = openDatabase(
        {
          databaseUrl: bouncer.pooledDatabaseUrl,
          dataDir: logDir,
          databaseSchema: `${schema}_bare`,
          databasePreparedStatements: false,
        },
        (error) => {
          throw error;
        },
      );
      await expect(opening).rejects.toThrow(
        `not DATABASE_SCHEMA "${schema}_bare": a connection pooler that drops the options startup parameter must set it itself (pgbouncer: connect_query='SET search_path TO "${schema}_bare"')`,
      );
    } finally {
      await bouncer.process.stop(5000, 'SIGINT');
      rmSync(bouncer.runDir, { recursive: true, force: true });
      await direct.query(`DROP SCHEMA IF EXISTS "${schema}_bare"`);
    }
  });
});
