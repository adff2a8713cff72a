import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { OPERATOR_SECRET } from '../support/test-app.js';
import { expectSimpleError } from '../terms/terms-factories.js';
import { pathOf, send, storedFiles, uniqueContent, uploadFile } from './asset-kit.js';

const a = await useApp({ dataDir: true, operator: true, tenant: true });
const { operator, tenant } = a;

const uploadMany = async (token: string, count: number, label = 'many') => {
  const uploaded: Record<string, any>[] = [];
  for (let i = 0; i < count; i += 1)
    uploaded.push((await uploadFile(a.t, token, uniqueContent(`${label}-${i}`), `${label}-${i}.txt`)).body);
  return uploaded;
};

/** The SHA-256 of these assets' content: the names of their objects in the store. */
const contentHashes = async (ids: string[]) =>
  (
    await a.t.built.db.query<{ content_hash: string }>('SELECT content_hash FROM assets WHERE id = ANY($1::text[])', [
      ids,
    ])
  ).rows.map((row) => row.content_hash);

const deleteIds = (token: string, ids: string[]) =>
  send(
    a.t,
    'DELETE',
    '/assets',
    token,
    ids.map((id) => ({ name: 'ids', data: id })),
  );

describe('GET /assets', () => {
  it('answers the page shape with 50 items per page by default, oldest first', async () => {
    const mine = await uploadMany(tenant.token, 3, 'listed');
    const res = await a.t.request('GET', `/assets?customerId=${tenant.customerId}`, operator);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: expect.any(Array),
      last: true,
      number: 0,
      size: 50,
      totalItems: 3,
      totalPages: 1,
    });
    const items = (res.body as any).items as Record<string, any>[];
    expect(items.map((item) => item.id)).toEqual(mine.map((m) => m.id));
    expect(items[0]).toEqual({
      ...mine[0],
      customerId: tenant.customerId,
      createDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
  });

  it('pages with page and size', async () => {
    const tagged = await a.t.tenant();
    const uploaded = await uploadMany(tagged.token, 5, 'paged');
    const res = await a.t.request('GET', `/assets?customerId=${tagged.customerId}&page=1&size=2`, operator);
    expect(res.body).toMatchObject({ number: 1, size: 2, totalItems: 5, totalPages: 3, last: false });
    expect((res.body as any).items.map((i: any) => i.id)).toEqual(uploaded.slice(2, 4).map((u) => u.id));
    const past = await a.t.request('GET', `/assets?customerId=${tagged.customerId}&page=9&size=2`, operator);
    expect(past.body).toMatchObject({ items: [], totalItems: 5, last: true });
  });

  it('answers 400 for a size above 500 or an unknown parameter', async () => {
    expectSimpleError(await a.t.request('GET', '/assets?size=501', operator), 400, 'size must be at most 500');
    expect((await a.t.request('GET', '/assets?size=500', operator)).status).toBe(200);
    expectSimpleError(await a.t.request('GET', '/assets?color=red', operator), 400, 'color');
  });

  it('answers an empty page for a customerId no customer can have (NUL, unpaired surrogate)', async () => {
    for (const id of ['%00', 'a%00b', '%ED%A0%80']) {
      const res = await a.t.request('GET', `/assets?customerId=${id}`, operator);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ items: [], totalItems: 0 });
    }
  });

  it('needs a token with assets:read: none answers 401, one without the scope 403', async () => {
    expectSimpleError(await a.t.request('GET', '/assets', undefined), 401);
    const writer = await a.t.token({
      realmName: 'operator',
      grantType: 'client_credentials',
      clientSecret: OPERATOR_SECRET,
      scope: 'assets:write operator',
    });
    expectSimpleError(await a.t.request('GET', '/assets', writer.access_token), 403, 'assets:read');
  });
});

describe('DELETE /assets', () => {
  it('deletes by repeated multipart ids fields: 200 with deleted and notFound; content and record are gone', async () => {
    const [one, two] = await uploadMany(operator, 2, 'doomed');
    const hashes = await contentHashes([one!.id, two!.id]);
    const unknown = 'f'.repeat(64);
    const res = await deleteIds(operator, [one!.id, two!.id, unknown, 'not-an-id']);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: [one!.id, two!.id], notFound: [unknown, 'not-an-id'] });
    expect(storedFiles(a.dataDir).some((path) => hashes.some((hash) => path.endsWith(hash)))).toBe(false);
    expect((await a.t.inject({ method: 'GET', url: pathOf(one!.url) })).statusCode).toBe(404);
    const again = await deleteIds(operator, [one!.id]);
    expect(again.body).toEqual({ deleted: [], notFound: [one!.id] });
  });

  it('accepts a comma list in one field and a JSON body {ids}', async () => {
    const [one, two, three] = await uploadMany(operator, 3, 'comma');
    const comma = await send(a.t, 'DELETE', '/assets', operator, [{ name: 'ids', data: `${one!.id},${two!.id}` }]);
    expect(comma.body).toEqual({ deleted: [one!.id, two!.id], notFound: [] });
    const json = await a.t.request('DELETE', '/assets', operator, { ids: [three!.id, three!.id] });
    expect(json.status).toBe(200);
    expect(json.body).toEqual({ deleted: [three!.id], notFound: [] });
  });

  it('emits a deleted event per deleted asset', async () => {
    const [one] = await uploadMany(tenant.token, 1, 'evented');
    await deleteIds(operator, [one!.id]);
    const { rows } = await a.t.built.db.query<{ event: any }>(
      `SELECT event FROM outbox WHERE subject = 'asset' AND event -> 'involved' -> 'asset' ->> 'id' = $1 ORDER BY occurred_at, id`,
      [one!.id],
    );
    expect(rows.map((r) => r.event.fact)).toEqual(['created', 'deleted']);
    expect(rows[1]!.event.customerId).toBe(tenant.customerId);
  });

  it('lets deleted content be uploaded again', async () => {
    const content = uniqueContent('phoenix');
    const first = (await uploadFile(a.t, operator, content, 'phoenix.txt')).body;
    await deleteIds(operator, [first.id]);
    const second = await uploadFile(a.t, operator, content, 'reborn.txt');
    expect(second.body).toMatchObject({ filename: 'reborn.txt' });
    expect(second.body.id).not.toBe(first.id);
    const res = await a.t.inject({ method: 'GET', url: pathOf(second.body.url) });
    expect(res.rawPayload.equals(content)).toBe(true);
  });

  it('accepts 1000 ids and answers 400 for 1001, deleting nothing', async () => {
    const [keep] = await uploadMany(operator, 1, 'kept');
    const filler = Array.from({ length: 999 }, (_, i) => i.toString(16).padStart(64, '0'));
    const thousand = await deleteIds(operator, [...filler, 'x']);
    expect(thousand.status).toBe(200);
    expect(thousand.body.notFound).toHaveLength(1000);
    expectSimpleError(await deleteIds(operator, [...filler, 'x', keep!.id]), 400, 'at most 1000');
    expectSimpleError(
      await a.t.request('DELETE', '/assets', operator, { ids: [...filler, 'x', keep!.id] }),
      400,
      'at most 1000',
    );
    expect((await a.t.inject({ method: 'GET', url: pathOf(keep!.url) })).statusCode).toBe(200);
  });

  it('answers 400 without ids, 415 without a body', async () => {
    expectSimpleError(await a.t.request('DELETE', '/assets', operator, { ids: [] }), 400);
    expectSimpleError(
      await send(a.t, 'DELETE', '/assets', operator, [{ name: 'other', data: 'x' }]),
      400,
      'at least one',
    );
    expectSimpleError(await a.t.request('DELETE', '/assets', operator), 415);
  });

  it('is for the operator only: a customer token answers 403 and deletes nothing', async () => {
    const [mine] = await uploadMany(tenant.token, 1, 'protected');
    expectSimpleError(await deleteIds(tenant.token, [mine!.id]), 403, 'operator');
    expectSimpleError(await a.t.request('DELETE', '/assets', tenant.token, { ids: [mine!.id] }), 403);
    expect((await a.t.inject({ method: 'GET', url: pathOf(mine!.url) })).statusCode).toBe(200);
  });
});
