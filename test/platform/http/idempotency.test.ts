import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { purgeExpiredKeys } from '../../../src/platform/http/idempotency-store.js';
import { useApp } from '../../support/fixture.js';
import { OPERATOR_SECRET } from '../../support/test-app.js';

const { t, operator } = await useApp({ operator: true });

/** A terms body with a template of its own, so each test counts only its own rows. */
const terms = (template = `tpl-${randomUUID()}`, overrides: Record<string, unknown> = {}) => ({
  startDate: '2026-01-01T00:00:00Z',
  template,
  model: 'MOR',
  ...overrides,
});
const newKey = () => `key-${randomUUID()}`;

function post(token: string, body: unknown, key: string, path = '/terms') {
  return t.request('POST', path, token, body, { 'idempotency-key': key });
}

async function countTerms(template: string): Promise<number> {
  const { rows } = await t.built.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM terms WHERE doc->>'template' = $1`,
    [template],
  );
  return rows[0]!.n;
}

async function keyRows(key: string) {
  return (await t.built.db.query<{ state: string }>('SELECT state FROM idempotency_keys WHERE key = $1', [key])).rows;
}

describe('POST with Idempotency-Key', () => {
  it('replays the first answer for the same key and body without running the operation again', async () => {
    const body = terms();
    const key = newKey();
    const first = await post(operator, body, key);
    const second = await post(operator, body, key);
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.raw.body).toBe(first.raw.body);
    for (const header of ['content-type', 'location', 'etag'])
      expect(second.headers[header]).toBe(first.headers[header]);
    expect(await countTerms(body.template)).toBe(1);
  });

  it('treats the same fields in another order as the same request', async () => {
    const key = newKey();
    const template = `tpl-${randomUUID()}`;
    await post(operator, { template, model: 'MOR', startDate: '2026-01-01T00:00:00Z' }, key);
    const again = await post(operator, { startDate: '2026-01-01T00:00:00Z', model: 'MOR', template }, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await countTerms(template)).toBe(1);
  });

  it('answers 422 in the error shape when the key comes back with another body', async () => {
    const key = newKey();
    expect((await post(operator, terms(), key)).status).toBe(201);
    const other = terms();
    const res = await post(operator, other, key);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: 'Unprocessable Entity',
      status: 422,
      path: '/terms',
      message: expect.stringContaining('different request'),
    });
    expect(await countTerms(other.template)).toBe(0);
  });

  it('answers 422 when the key comes back on another path', async () => {
    const key = newKey();
    expect((await post(operator, terms(), key)).status).toBe(201);
    const companyTerms = {
      startDate: '2026-01-01T00:00:00Z',
      cancelPeriod: 'P14D',
      corporateUrl: 'https://example.org',
      contactForm: 'f',
      providerSasCapital: '1',
    };
    const res = await post(operator, companyTerms, key, '/company-terms');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ path: '/company-terms', message: expect.stringContaining('different request') });
  });

  it('answers 409 while a request with the same key is still running', async () => {
    const body = terms();
    const key = newKey();
    await post(operator, body, key);
    // As if that request had just started and not finished: its row is `running` and freshly locked.
    await t.built.db.query(`UPDATE idempotency_keys SET state = 'running', locked_at = now() WHERE key = $1`, [key]);
    const res = await post(operator, body, key);
    expect(res.status).toBe(409);
    expect((res.body as any).message).toContain('still being processed');
    expect(await countTerms(body.template)).toBe(1);
  });

  it('runs concurrent duplicates once: the other one is refused or replayed', async () => {
    const body = terms();
    const key = newKey();
    const answers = await Promise.all([post(operator, body, key), post(operator, body, key)]);
    const original = answers.filter((a) => a.status === 201 && a.headers['idempotent-replayed'] === undefined);
    const others = answers.filter((a) => !original.includes(a));
    expect(original).toHaveLength(1);
    expect(others[0]!.status === 409 || others[0]!.headers['idempotent-replayed'] === 'true').toBe(true);
    expect(await countTerms(body.template)).toBe(1);
  });

  it('takes over a key left running by a request that died more than 60 s ago', async () => {
    const body = terms();
    const key = newKey();
    await post(operator, body, key);
    await t.built.db.query(
      `UPDATE idempotency_keys SET state = 'running', locked_at = now() - interval '2 minutes' WHERE key = $1`,
      [key],
    );
    const retried = await post(operator, body, key);
    expect(retried.status).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    // The dead request's work is not known to have happened, so the retry runs the operation (documented).
    expect(await countTerms(body.template)).toBe(2);
    expect((await post(operator, body, key)).raw.body).toBe(retried.raw.body);
  });

  it('does not store a refused request (400), so the key can be used with a corrected body', async () => {
    const key = newKey();
    const body = terms();
    const invalid = await post(operator, { ...body, model: 'NOT-A-MODEL' }, key);
    expect(invalid.status).toBe(400);
    expect(await keyRows(key)).toEqual([]);
    const valid = await post(operator, body, key);
    expect(valid.status).toBe(201);
    expect(valid.headers['idempotent-replayed']).toBeUndefined();
    expect(await countTerms(body.template)).toBe(1);
  });

  it('frees the key when the operation itself refuses the request (403)', async () => {
    const tenant = await t.tenant();
    const key = newKey();
    const body = terms();
    const refused = await post(tenant.token, { ...body, customerId: 'someone-else' }, key);
    expect(refused.status).toBe(403);
    expect(await keyRows(key)).toEqual([]);
    expect((await post(tenant.token, body, key)).status).toBe(201);
  });

  it('does not store a server fault (5xx): the retry runs the operation', async () => {
    const key = newKey();
    const body = terms();
    const fault = vi.spyOn(t.built.db, 'transaction').mockRejectedValueOnce(new Error('connection lost'));
    const failed = await post(operator, body, key);
    fault.mockRestore();
    expect(failed.status).toBe(500);
    expect(await keyRows(key)).toEqual([]);
    const retried = await post(operator, body, key);
    expect(retried.status).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await countTerms(body.template)).toBe(1);
  });

  it('scopes keys to the caller: another tenant using the same key gets its own result', async () => {
    const key = newKey();
    const tenant = await t.tenant();
    const mine = await post(operator, terms(), key);
    const theirsBody = terms();
    const theirs = await post(tenant.token, theirsBody, key);
    expect(theirs.status).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect((theirs.body as any).id).not.toBe((mine.body as any).id);
    expect((theirs.body as any).customerId).toBe(tenant.customerId);
    expect((await post(tenant.token, theirsBody, key)).raw.body).toBe(theirs.raw.body);
    expect(await countTerms(theirsBody.template)).toBe(1);
  });

  it('refuses a key longer than 255 characters with 400 and runs nothing', async () => {
    const body = terms();
    const res = await post(operator, body, 'k'.repeat(256));
    expect(res.status).toBe(400);
    expect((res.body as any).message).toContain('idempotency-key');
    expect(await countTerms(body.template)).toBe(0);
    expect((await post(operator, body, 'k'.repeat(255))).status).toBe(201);
  });

  it('refuses an empty key with 400 and runs nothing', async () => {
    const body = terms();
    const res = await post(operator, body, '');
    expect(res.status).toBe(400);
    expect((res.body as any).message).toContain('idempotency-key');
    expect(await countTerms(body.template)).toBe(0);
  });

  it('leaves requests without the header alone: each one runs', async () => {
    const body = terms();
    await t.request('POST', '/terms', operator, body);
    await t.request('POST', '/terms', operator, body);
    expect(await countTerms(body.template)).toBe(2);
  });

  it('runs the request anew once the key is older than 24 h, and the purge deletes such keys', async () => {
    const key = newKey();
    await post(operator, terms(), key);
    await t.built.db.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1`, [
      key,
    ]);
    const other = terms();
    expect((await post(operator, other, key)).status).toBe(201);
    expect(await countTerms(other.template)).toBe(1);

    await t.built.db.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1`, [
      key,
    ]);
    const fresh = newKey();
    await post(operator, terms(), fresh);
    expect(await purgeExpiredKeys(t.built.db)).toBeGreaterThanOrEqual(1);
    expect(await keyRows(key)).toEqual([]);
    expect(await keyRows(fresh)).toEqual([{ state: 'done' }]);
  });

  it('never replays token responses: the public token endpoints ignore the header', async () => {
    const key = newKey();
    const body = { realmName: 'operator', grantType: 'client_credentials', clientSecret: OPERATOR_SECRET };
    const first = await t.request('POST', '/iam/tokens', undefined, body, { 'idempotency-key': key });
    const second = await t.request('POST', '/iam/tokens', undefined, body, { 'idempotency-key': key });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect((second.body as any).access_token).not.toBe((first.body as any).access_token);
    expect(await keyRows(key)).toEqual([]);
  });

  it('documents the header on POST operations in the OpenAPI document', async () => {
    const doc = (await t.request('GET', '/openapi.json', undefined)).body as any;
    const parameter = doc.paths['/terms'].post.parameters.find((p: any) => p.name === 'idempotency-key');
    expect(parameter).toMatchObject({ in: 'header', required: false, schema: { type: 'string', maxLength: 255 } });
    expect(JSON.stringify(doc.paths['/iam/tokens'].post.parameters ?? [])).not.toContain('idempotency-key');
  });
});
