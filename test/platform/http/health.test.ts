import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../src/platform/db/database.js';
import { listMigrations } from '../../../src/platform/db/migrate.js';
import { checkReadiness } from '../../../src/platform/http/health.js';
import { useApp } from '../../support/fixture.js';

const { t } = await useApp();

describe('GET /health/live', () => {
  it('answers 200 {status: ok} without a token, not cacheable', async () => {
    const res = await t.request('GET', '/health/live', undefined);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /health/ready', () => {
  it('answers 200 when the database answers and every migration is applied', async () => {
    const res = await t.request('GET', '/health/ready', undefined);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers 503 in the error shape while a migration is not applied', async () => {
    const last = listMigrations().at(-1)!.version;
    await t.built.db.query('DELETE FROM schema_migrations WHERE version = $1', [last]);
    try {
      const res = await t.request('GET', '/health/ready', undefined);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        error: 'Service Unavailable',
        status: 503,
        path: '/health/ready',
        message: 'not ready: 1 database migration(s) not applied yet',
      });
    } finally {
      await t.built.db.query('INSERT INTO schema_migrations (version) VALUES ($1)', [last]);
    }
    expect((await t.request('GET', '/health/ready', undefined)).status).toBe(200);
  });

  it('answers 503 when the database does not answer, without revealing the driver error', async () => {
    const down = vi.spyOn(t.built.db, 'query').mockRejectedValueOnce(new Error('connect ECONNREFUSED 10.1.2.3:5432'));
    const res = await t.request('GET', '/health/ready', undefined);
    down.mockRestore();
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 503, message: 'not ready: the database is not reachable' });
    expect(res.raw.body).not.toContain('10.1.2.3');
  });
});

describe('checkReadiness', () => {
  it('reports the database unreachable when it does not answer within the timeout', async () => {
    const hanging = { query: () => new Promise(() => undefined) } as unknown as Database;
    expect(await checkReadiness(hanging, 10)).toMatchObject({ ready: false, reason: 'the database is not reachable' });
  });
});
