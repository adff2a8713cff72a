import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Agent, request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type LogLine, ServerProcess } from '../ops/server-process.js';
import { onPostgres } from '../support/database-kind.js';
import { freePort } from '../support/free-port.js';
import { unique } from '../support/unique.js';
import { sleep } from '../support/wait.js';
import { expectSimpleError, termsBody } from '../terms/terms-factories.js';
import { PrivatePostgres, postgresBinaries } from './private-postgres.js';

/**
 * PostgreSQL stopped and started again under a load of writes, with the real server process (`src/server.ts`) on a
 * PostgreSQL cluster of this test's own (the shared one serves other test files meanwhile). While the database is
 * away, readiness and the API answer 503; once it is back the service recovers by itself; every write answered 2xx
 * is in the database. Runs when DATABASE_URL names a PostgreSQL server (the suite's PostgreSQL run).
 */
const binaries = postgresBinaries();
const skipped = !onPostgres
  ? 'runs on PostgreSQL only (DATABASE_URL=postgres://...)'
  : 'missing' in binaries
    ? binaries.missing
    : undefined;

const WRITERS = 8;
const SECRET = 'restart-test-operator-secret';
/** Beyond this a request is a hang: no answer at all, where a 503 was due. */
const CLIENT_TIMEOUT_MS = 30_000;

interface Outcome {
  status: number | 'no answer';
  id?: string;
  sentAt: number;
  answeredAt: number;
  body?: unknown;
}

let cluster: PrivatePostgres;
let server: ServerProcess;
let dataDir: string;
let origin: string;
let agent: Agent;
let token: string;
/** The load of the test running, stopped after it whatever happened. */
let load: WriteLoad | undefined;

async function send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await request(`${origin}${path}`, {
    method,
    dispatcher: agent,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.body.text();
  return {
    status: response.statusCode,
    body: text && String(response.headers['content-type']).includes('json') ? JSON.parse(text) : text,
  };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, limitMs = 60_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await sleep(50);
  }
  throw new Error(`gave up waiting for ${what}; server stderr: ${server.stderr.slice(-2000)}`);
}

const readiness = async () => (await request(`${origin}/health/ready`, { dispatcher: agent })).statusCode;

/** Writers creating terms items in a loop until stopped; every answer is kept. */
class WriteLoad {
  readonly outcomes: Outcome[] = [];
  private running = true;
  private readonly loops: Promise<void>[];

  constructor(readonly tag: string) {
    this.loops = Array.from({ length: WRITERS }, (_, writer) => this.loop(writer));
  }

  private async loop(writer: number) {
    for (let n = 0; this.running; n += 1) {
      const sentAt = Date.now();
      try {
        const { status, body } = await send(
          'POST',
          '/terms',
          termsBody({ lastUpdater: this.tag, template: `writer-${writer}-${n}` }),
        );
        this.outcomes.push({
          status,
          sentAt,
          answeredAt: Date.now(),
          ...(status === 201 ? { id: body.id } : { body }),
        });
        if (status !== 201) await sleep(20);
      } catch (error) {
        this.outcomes.push({ status: 'no answer', sentAt, answeredAt: Date.now(), body: String(error) });
      }
    }
  }

  acknowledged(after = 0): Outcome[] {
    return this.outcomes.filter(
      (o) => typeof o.status === 'number' && o.status >= 200 && o.status < 300 && o.sentAt >= after,
    );
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }
}

async function storedIds(ids: string[]): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('SELECT id FROM terms WHERE id = ANY($1)', [ids]);
    return new Set(rows.map((r) => r.id));
  } finally {
    await client.end();
  }
}

async function rowsTagged(tag: string): Promise<number> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    return (
      await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM terms WHERE doc ->> 'lastUpdater' = $1`, [tag])
    ).rows[0]!.n;
  } finally {
    await client.end();
  }
}

describe.skipIf(skipped !== undefined)(
  `PostgreSQL restarted under a load of writes${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    beforeAll(async () => {
      cluster = await PrivatePostgres.create((binaries as { bin: string }).bin);
      await cluster.start();
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      dataDir = mkdtempSync(join(tmpdir(), 'restart-'));
      agent = new Agent({
        connections: WRITERS * 2,
        headersTimeout: CLIENT_TIMEOUT_MS,
        bodyTimeout: CLIENT_TIMEOUT_MS,
      });
      server = new ServerProcess({
        DATABASE_URL: cluster.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        OPERATOR_CLIENT_SECRET: SECRET,
        ADMIN_PASSWORD: 'restart-admin-password',
        LOG_LEVEL: 'info',
      });
      // Starting takes long on a busy CI machine (tsx compiles the sources, migrations run): the hook allows 120 s.
      await until('the server to be ready', async () => ((await readiness()) === 200 ? true : undefined), 100_000);
      const answer = await request(`${origin}/iam/tokens`, {
        method: 'POST',
        dispatcher: agent,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ realmName: 'operator', grantType: 'client_credentials', clientSecret: SECRET }),
      });
      token = ((await answer.body.json()) as { access_token: string }).access_token;
    });

    afterEach(async () => {
      await load?.stop();
      load = undefined;
    });

    afterAll(async () => {
      // A server that died tells why (its last log lines) instead of leaving only an ECONNREFUSED.
      if (server && server.child.exitCode !== null)
        console.error(
          `server exited ${server.child.exitCode}:\n${server.stderr.slice(-3000)}\n${server.stdout.slice(-3000)}`,
        );
      server?.kill();
      await server?.exited;
      await agent?.destroy();
      await cluster?.destroy();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it.each(['fast', 'immediate'] as const)(
      'stop -m %s: 503 while it is away, recovery by itself, nothing acknowledged lost',
      async (mode) => {
        const writes = new WriteLoad(unique('restart'));
        load = writes;
        await until('100 writes acknowledged', async () => (writes.acknowledged().length >= 100 ? true : undefined));

        const stoppedAt = Date.now();
        await cluster.stop(mode);
        const downAt = Date.now();
        expect(await readiness()).toBe(503);
        const refusedRead = await send('GET', '/terms?size=1');
        expectSimpleError(refusedRead, 503, 'the database is not reachable');
        // The writers meet the outage too: their answers are 503, not 500, and come back at once.
        await until('writers to meet the outage', async () =>
          writes.outcomes.filter((o) => o.sentAt >= downAt && o.status === 503).length >= 20 ? true : undefined,
        );
        for (const o of writes.outcomes.filter((o) => o.sentAt >= downAt)) expect(o.status).toBe(503);

        const startedAt = Date.now();
        await cluster.start();
        const upAt = Date.now();
        await until('readiness to answer 200 again', async () => ((await readiness()) === 200 ? true : undefined));
        const readyAt = Date.now();
        await until('a write acknowledged after the restart', async () =>
          writes.acknowledged(upAt).length > 0 ? true : undefined,
        );
        const firstWriteAt = Math.min(...writes.acknowledged(upAt).map((o) => o.answeredAt));
        await until('100 writes acknowledged after the restart', async () =>
          writes.acknowledged(upAt).length >= 100 ? true : undefined,
        );
        await writes.stop();

        const statuses = new Set(writes.outcomes.map((o) => o.status));
        expect(
          [...statuses].sort(),
          JSON.stringify(writes.outcomes.filter((o) => o.status !== 201 && o.status !== 503).slice(0, 3)),
        ).toEqual([201, 503]);
        const acknowledged = writes.acknowledged().map((o) => o.id!);
        const stored = await storedIds(acknowledged);
        expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
        const extra = (await rowsTagged(writes.tag)) - acknowledged.length;
        expect(server.child.exitCode).toBeNull();

        // Background tasks (notification dispatch and delivery, revocation polling) that failed meanwhile recover too.
        const since = (l: LogLine) => Number(l.time) >= stoppedAt;
        const tasks = (msg: string) =>
          new Set(
            server
              .logLines()
              .filter((l) => since(l) && l.msg === msg)
              .map((l) => String(l.task)),
          );
        const failedTasks = tasks('background task failed; retrying every tick');
        await until('the failed background tasks to recover', async () =>
          [...failedTasks].every((task) => tasks('background task recovered').has(task)) ? true : undefined,
        );
        // What the server logged at warn and above: the outage, and never a 500's `request failed`.
        const logged = new Map<string, number>();
        for (const line of server.logLines().filter((l) => since(l) && Number(l.level) >= 40))
          logged.set(String(line.msg), (logged.get(String(line.msg)) ?? 0) + 1);
        expect(logged.has('request failed')).toBe(false);

        const refused = writes.outcomes.filter((o) => o.status === 503);
        const slowest503 = Math.max(...refused.map((o) => o.answeredAt - o.sentAt));
        console.info(
          `stop -m ${mode}: ${writes.outcomes.length} requests, ${acknowledged.length} acknowledged and all stored, ${refused.length} answered 503 (slowest ${slowest503} ms), ` +
            `${extra} stored without acknowledgement; pg_ctl stop took ${downAt - stoppedAt} ms, start ${upAt - startedAt} ms; ` +
            `ready ${readyAt - upAt} ms and first write ${firstWriteAt - upAt} ms after PostgreSQL was back; server log: ${JSON.stringify(Object.fromEntries(logged))}; tasks failed and recovered: ${[...failedTasks].join(', ')}`,
        );
      },
    );
  },
);
