import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReplicaPair, serverBinaries } from '../../deploy/replica-pair.js';
import { parseLsn } from '../../src/platform/db/lsn.js';
import { type Json, productBody } from '../catalog/catalog-factories.js';
import { onPostgres } from '../support/database-kind.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { sleep } from '../support/wait.js';

/**
 * Issue 33 item 4: DATABASE_REPLICA_URL. Read-only requests are answered from a streaming replica, a client that sends
 * back the `X-Min-LSN` of its write reads that write, and a replica that stops serving never fails a read. Runs in the
 * suite's PostgreSQL pass, on a primary and a replica of its own (deploy/replica-pair.ts: the shared server is
 * untouched). Replay paused on the replica (`pg_wal_replay_pause()`) makes what it answers visibly older.
 */
const binaries = serverBinaries();
const skipped = !onPostgres
  ? 'runs on PostgreSQL only (DATABASE_URL=postgres://...): it starts PostgreSQL servers of its own'
  : 'missing' in binaries
    ? binaries.missing
    : undefined;
if (skipped) console.warn(`read replica test skipped: ${skipped}`);

let pair: ReplicaPair | undefined;
let t: TestApp | undefined;
let replica: pg.Client | undefined;

beforeAll(async () => {
  if (skipped) return;
  pair = await ReplicaPair.start({ throwaway: true });
  replica = new pg.Client({ connectionString: pair.replicaUrl });
  await replica.connect();
  // A bound far above the test's length: the replica stays eligible while its replay is paused.
  t = await startTestApp({
    DATABASE_URL: pair.primaryUrl,
    DATABASE_REPLICA_URL: pair.replicaUrl,
    REPLICA_MAX_LAG: '600',
  });
}, 240_000);

afterAll(async () => {
  await t?.close();
  await replica?.end().catch(() => undefined);
  await pair?.destroy();
});

async function until(what: string, check: () => Promise<boolean>, limitMs = 30_000): Promise<void> {
  const deadline = performance.now() + limitMs;
  while (!(await check().catch(() => false))) {
    if (performance.now() > deadline) throw new Error(`gave up waiting until ${what}`);
    await sleep(50);
  }
}

/** The replica has replayed `lsn`, and the service's freshness poll (every 100 ms) has seen it. */
async function replayed(lsn: string): Promise<void> {
  await until(`the replica replayed ${lsn}`, async () => {
    const { rows } = await replica!.query<{ at: string }>('SELECT pg_last_wal_replay_lsn()::text AS at');
    return parseLsn(rows[0]!.at)! >= parseLsn(lsn)!;
  });
  await sleep(300);
}

async function pauseReplay(): Promise<void> {
  await replica!.query('SELECT pg_wal_replay_pause()');
  await until('replay is paused', async () => {
    const { rows } = await replica!.query<{ state: string }>('SELECT pg_get_wal_replay_pause_state() AS state');
    return rows[0]!.state === 'paused';
  });
}

async function resumeReplay(): Promise<void> {
  await replica!.query('SELECT pg_wal_replay_resume()');
}

/** A write's answer, which must carry the position of the write. */
function positionOf(res: { status: number; headers: Record<string, unknown>; body: unknown }, status: number): string {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const lsn = res.headers['x-min-lsn'];
  expect(typeof lsn === 'string' && parseLsn(lsn) !== undefined, `X-Min-LSN: ${String(lsn)}`).toBe(true);
  return lsn as string;
}

describe.skipIf(skipped !== undefined)(
  `reads on a streaming replica (DATABASE_REPLICA_URL)${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    it('answers a read without X-Min-LSN from the replica, and the writer sending its X-Min-LSN reads its own writes', async () => {
      const { token } = await t!.tenant();
      const body = productBody();
      const created = await t!.request('POST', '/products', token, body);
      const id = (created.body as Json).id as string;
      await replayed(positionOf(created, 201));
      await pauseReplay();
      try {
        const renamed = await t!.request('PUT', `/products/${id}`, token, { ...body, genericName: 'Renamed' });
        const renamedAt = positionOf(renamed, 200);
        const added = await t!.request('POST', '/products', token, productBody());
        const addedId = (added.body as Json).id as string;
        const addedAt = positionOf(added, 201);

        // Without X-Min-LSN: the replica, which stopped before the rename and the second product.
        const stale = await t!.request('GET', `/products/${id}`, token);
        expect(stale.status).toBe(200);
        expect((stale.body as Json).genericName).toBe(body.genericName);
        expect((await t!.request('GET', `/products/${addedId}`, token)).status).toBe(404);
        const staleList = await t!.request('GET', '/products', token);
        expect(((staleList.body as Json).items as Json[]).map((item) => item.id)).toEqual([id]);

        // With the position of the writer's last write: the primary, since the replica has not replayed it.
        const own = await t!.request('GET', `/products/${id}`, token, undefined, { 'x-min-lsn': addedAt });
        expect((own.body as Json).genericName).toBe('Renamed');
        expect(
          (await t!.request('GET', `/products/${addedId}`, token, undefined, { 'x-min-lsn': addedAt })).status,
        ).toBe(200);
        const ownList = await t!.request('GET', '/products', token, undefined, { 'x-min-lsn': renamedAt });
        expect(((ownList.body as Json).items as Json[]).map((item) => item.id).sort()).toEqual([id, addedId].sort());
        // A position that names none reads the primary too, rather than failing.
        const garbled = await t!.request('GET', `/products/${id}`, token, undefined, { 'x-min-lsn': 'yesterday' });
        expect((garbled.body as Json).genericName).toBe('Renamed');
        // The replica keeps the tenant rule: another customer sees nothing of this one there either.
        const other = await t!.tenant();
        expect((await t!.request('GET', `/products/${id}`, other.token)).status).toBe(404);
        expect(((await t!.request('GET', '/products', other.token)).body as Json).items).toEqual([]);
      } finally {
        await resumeReplay();
      }
      // Replay resumed: the replica catches up, and a read without X-Min-LSN sees the rename.
      await until('the replica answers the rename', async () => {
        const res = await t!.request('GET', `/products/${id}`, token);
        return (res.body as Json).genericName === 'Renamed';
      });
    });

    it('answers reads from the primary, all 2xx, while the replica is stopped, and from the replica again once it is back', async () => {
      const { token } = await t!.tenant();
      const created = await t!.request('POST', '/products', token, productBody());
      const id = (created.body as Json).id as string;
      await replayed(positionOf(created, 201));
      await replica!.end();
      replica = undefined;
      await pair!.replica.stop('immediate');

      // Every read answered, at once and later (before and after the freshness poll notices), none of them from a replica.
      const statuses: number[] = [];
      for (let round = 0; round < 10; round++) {
        const answers = await Promise.all([
          t!.request('GET', `/products/${id}`, token),
          t!.request('GET', '/products?size=5', token),
          t!.request('GET', '/products?q=product', token),
          t!.request('GET', '/products/export', token),
        ]);
        for (const answer of answers) {
          expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
          statuses.push(answer.status);
        }
        await sleep(50);
      }
      expect(new Set(statuses)).toEqual(new Set([200]));
      const renamed = await t!.request('PUT', `/products/${id}`, token, {
        ...productBody(),
        genericName: 'While down',
      });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(((await t!.request('GET', `/products/${id}`, token)).body as Json).genericName).toBe('While down');

      // Back: it catches up, then serves again (paused, it answers what it had).
      await pair!.replica.start();
      replica = new pg.Client({ connectionString: pair!.replicaUrl });
      await replica.connect();
      await replayed(positionOf(renamed, 200));
      await pauseReplay();
      try {
        await t!.request('PUT', `/products/${id}`, token, { ...productBody(), genericName: 'After' });
        await sleep(300);
        expect(((await t!.request('GET', `/products/${id}`, token)).body as Json).genericName).toBe('While down');
      } finally {
        await resumeReplay();
      }
    });
  },
);
