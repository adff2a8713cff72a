import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { findBinary } from '../../deploy/cluster.js';
import { type HaCluster, type NodeState, primaryOf, startHaCluster } from '../../deploy/ha-cluster.js';
import { autoFailoverInstall } from '../../deploy/pg-auto-failover.js';
import { productBody } from '../catalog/catalog-factories.js';
import { ServerProcess } from '../ops/server-process.js';
import { onPostgres } from '../support/database-kind.js';
import { freePort } from '../support/free-port.js';
import { sleep } from '../support/wait.js';
import { WriteLoad } from './write-load.js';

/**
 * Issue 33 item 3: the service on a highly available PostgreSQL (deploy/ha-cluster.ts: a pg_auto_failover monitor, a
 * primary and a synchronous secondary, haproxy in front) while clients create products; the primary's machine dies
 * (its keeper and postgres killed with SIGKILL). The secondary is promoted, the service answers 503 meanwhile and
 * then writes again by itself, every write answered 201 is there, and the old primary, started again, rejoins as
 * the secondary. Runs in the suite's PostgreSQL pass (its own cluster on free ports: the shared server is untouched).
 */
const install = autoFailoverInstall();
const skipped = !onPostgres
  ? 'runs on PostgreSQL only (DATABASE_URL=postgres://...): it starts PostgreSQL servers of its own'
  : 'missing' in install
    ? install.missing
    : !findBinary('haproxy')
      ? 'haproxy is not installed (deploy/install-packages.sh installs it; .ci/run does)'
      : undefined;
if (skipped) console.warn(`failover test skipped: ${skipped}`);

const WRITERS = 6;
const SECRET = 'failover-test-operator-secret';
/** Beyond this a request is a hang, where a 503 was due. */
const CLIENT_TIMEOUT_MS = 30_000;

let dir: string | undefined;
let cluster: HaCluster | undefined;
let server: ServerProcess | undefined;
let agent: Agent | undefined;
let load: WriteLoad | undefined;

afterAll(async () => {
  await load?.stop();
  if (server && server.child.exitCode !== null)
    console.error(`server exited ${server.child.exitCode}:\n${server.stderr.slice(-3000)}`);
  server?.kill();
  await server?.exited;
  await agent?.destroy();
  await cluster?.stop().catch(() => cluster?.killNow());
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Polls `check` (a failed probe is a no) until it holds; fails naming `what` after `limitMs`. */
async function until(what: string, check: () => Promise<boolean> | boolean, limitMs = 90_000): Promise<void> {
  const deadline = performance.now() + limitMs;
  while (!(await Promise.resolve().then(check).catch(rethrowExit))) {
    if (performance.now() > deadline) throw new Error(`gave up waiting until ${what}`);
    await sleep(50);
  }
}

/** A probe that failed is a no, unless the server it probes has exited. */
function rethrowExit(error: Error): false {
  if (error.message.startsWith('the server exited')) throw error;
  return false;
}

/** The real server process on the HA cluster, through haproxy; ready once it answers /health/ready with 200. */
async function startService(
  on: HaCluster,
  workDir: string,
): Promise<{ origin: string; readiness: () => Promise<number> }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  server = new ServerProcess({
    DATABASE_URL: on.databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(workDir, 'service'),
    OPERATOR_CLIENT_SECRET: SECRET,
    ADMIN_PASSWORD: 'failover-admin-password',
    LOG_LEVEL: 'warn',
  });
  const readiness = async () => (await request(`${origin}/health/ready`, { dispatcher: agent })).statusCode;
  // Starting takes long on a busy machine (tsx compiles the sources, migrations run); a server that exits says why.
  await until(
    'the service is ready',
    async () => {
      if (server!.child.exitCode !== null) throw new Error(`the server exited: ${server!.stderr.slice(-2000)}`);
      return (await readiness()) === 200;
    },
    180_000,
  );
  return { origin, readiness };
}

/** Every answer was 201 or 503 (no 500, no hang), and the 503s all came between the kill and the first write after it. */
function expectOnlyTheSwitchRefused(writes: WriteLoad, killedAt: number, resumedAt: number): void {
  const statuses = new Set(writes.outcomes.map((o) => String(o.status)));
  const failed = server!.logLines().filter((line) => line.msg === 'request failed');
  expect(
    [...statuses].sort(),
    JSON.stringify({ unexpected: writes.unexpected().slice(0, 3), failed: failed.slice(0, 2) }),
  ).toEqual(['201', '503']);
  const refused = writes.outcomes.filter((o) => o.status === 503);
  expect(refused.filter((o) => o.answeredAt < killedAt)).toEqual([]);
  expect(refused.filter((o) => o.sentAt > resumedAt)).toEqual([]);
  expect(failed).toEqual([]);
}

const isSecondary = (name: string) => (states: NodeState[]) =>
  states.some((node) => node.name === name && node.reported === 'secondary' && node.assigned === 'secondary');

describe.skipIf(skipped !== undefined)(
  `PostgreSQL with pg_auto_failover under a load of writes${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    it('fails over to the secondary when the primary dies: 503 meanwhile, every acknowledged write kept, the old primary rejoins as secondary', async () => {
      dir = mkdtempSync(join(tmpdir(), 'failover-'));
      const startedAt = performance.now();
      const ha = await startHaCluster({
        dir,
        database: 'shop',
        monitorPort: 0,
        nodePorts: [0, 0],
        frontPort: 0,
        initdbWithoutSync: true,
      });
      cluster = ha;
      agent = new Agent({
        connections: WRITERS * 2,
        headersTimeout: CLIENT_TIMEOUT_MS,
        bodyTimeout: CLIENT_TIMEOUT_MS,
      });
      // The service migrates on the primary while the secondary copies it.
      const [, { origin, readiness }] = await Promise.all([ha.synchronous(), startService(ha, dir)]);
      const startupMs = performance.now() - startedAt;
      const writes = new WriteLoad(origin, agent, SECRET, WRITERS, () => productBody());
      load = writes;
      await writes.start();
      await until('60 writes acknowledged', () => writes.acknowledged().length >= 60);

      const old = ha.node(primaryOf(await ha.states())!.name);
      const killedAt = performance.now();
      await ha.kill(old);
      // No node can have been promoted yet: the service answers 503, readiness too.
      expect(await readiness()).toBe(503);
      expect(await writes.send('GET', '/products?size=1')).toMatchObject({
        status: 503,
        body: { message: 'the database is not reachable; retry the request' },
      });
      const promoted = primaryOf(
        await ha.waitFor('the secondary is promoted', (states) => (primaryOf(states)?.name ?? old.name) !== old.name),
      )!;
      const promotedAt = performance.now();
      await until('30 writes acknowledged after the kill', () => writes.acknowledged(killedAt).length >= 30);
      await writes.stop();
      const resumedAt = Math.min(...writes.acknowledged(killedAt).map((o) => o.answeredAt));
      expectOnlyTheSwitchRefused(writes, killedAt, resumedAt);

      // The old primary's machine is back: its keeper asks the monitor, rewinds and follows the new primary. Meanwhile
      // every write answered 201 is read back through the service, from the new primary.
      const restartedAt = performance.now();
      ha.restart(old);
      const acknowledged = writes.acknowledged().map((o) => o.id!);
      expect(await writes.unreadable(acknowledged)).toEqual([]);
      // The monitor moves both nodes (the promoted one goes wait_primary -> primary as the old one catches up): wait
      // for the state where both have arrived, not the first one in which the old node reports secondary.
      const rejoined = await ha.waitFor(
        `${old.name} rejoins as the secondary of ${promoted.name}`,
        (states) => isSecondary(old.name)(states) && primaryOf(states)?.name === promoted.name,
      );
      const rejoinedAt = performance.now();
      expect(primaryOf(rejoined)?.name).toBe(promoted.name);
      // Writes commit with the rejoined node as the synchronous standby.
      expect((await writes.send('POST', '/products', productBody())).status).toBe(201);
      expect(server!.child.exitCode).toBeNull();

      const seconds = (ms: number) => Math.round(ms / 100) / 10;
      console.info(
        `failover: ${writes.outcomes.length} writes, ${acknowledged.length} acknowledged and all read back, ${writes.outcomes.length - acknowledged.length} answered 503; ` +
          `writes unavailable for ${seconds(resumedAt - killedAt)} s after the kill (the monitor showed ${promoted.name} writable after ${seconds(promotedAt - killedAt)} s); ` +
          `${old.name} back as secondary ${seconds(rejoinedAt - restartedAt)} s after its restart; cluster and service started in ${seconds(startupMs)} s`,
      );
    }, 420_000);
  },
);
