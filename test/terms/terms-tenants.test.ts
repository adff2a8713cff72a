import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { createItem, expectSimpleError, KINDS, unique } from './terms-factories.js';

const { t, operator } = await useApp({ operator: true });

async function ids(path: string, token: string, query: string): Promise<string[]> {
  const res = await t.request('GET', `${path}?${query}`, token);
  if (res.status !== 200) throw new Error(`list answered ${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as any).items.map((i: any) => i.id);
}

describe.each(KINDS.map((k) => [k.path, k] as const))('%s across tenants', (path, kind) => {
  it("gives a tenant's record the tenant's customerId, whatever the body leaves out", async () => {
    const a = await t.tenant();
    const created = await createItem(t, a.token, kind);
    expect(created.customerId).toBe(a.customerId);
    const { rows } = await t.built.db.query(`SELECT customer_id FROM ${kind.table} WHERE id = $1`, [created.id]);
    expect(rows[0]).toEqual({ customer_id: a.customerId });
  });

  it('accepts a body naming the tenant itself as customer', async () => {
    const a = await t.tenant();
    expect((await createItem(t, a.token, kind, { customerId: a.customerId })).customerId).toBe(a.customerId);
  });

  it("hides another tenant's record: 404 on get and update, absent from lists and recaps", async () => {
    const a = await t.tenant();
    const b = await t.tenant();
    const tag = unique('iso');
    const mine = await createItem(t, a.token, kind, { [kind.tagField]: tag });
    const theirs = await createItem(t, b.token, kind, { [kind.tagField]: tag });
    expectSimpleError(await t.request('GET', `${path}/${theirs.id}`, a.token), 404, 'was not found');
    expectSimpleError(await t.request('PUT', `${path}/${theirs.id}`, a.token, kind.body()), 404, 'was not found');
    expect(await ids(path, a.token, `${kind.tagField}=${tag}`)).toEqual([mine.id]);
    expect(await ids(path, a.token, `customerId=${b.customerId}`)).toEqual([]);
    const recap = await t.request('GET', `${path}/recap?target=customerId&${kind.tagField}=${tag}`, a.token);
    expect((recap.body as any).items).toEqual([{ targetValue: a.customerId, count: 1 }]);
    expect((await t.request('GET', `${path}/${theirs.id}`, b.token)).body).toMatchObject({ dbVersion: 0 });
  });

  it('answers 403 to a tenant creating a record for another customer, and stores nothing', async () => {
    const a = await t.tenant();
    const tag = unique('forbidden');
    const res = await t.request(
      'POST',
      path,
      a.token,
      kind.body({ customerId: 'cust-someone-else', [kind.tagField]: tag }),
    );
    expectSimpleError(res, 403, 'cust-someone-else');
    expect(await ids(path, operator, `${kind.tagField}=${tag}`)).toEqual([]);
  });

  it("keeps a record's customer when its tenant's update names another customer", async () => {
    const a = await t.tenant();
    const created = await createItem(t, a.token, kind);
    const res = await t.request(
      'PUT',
      `${path}/${created.id}`,
      a.token,
      kind.body({ customerId: 'cust-someone-else' }),
    );
    expect(res.status).toBe(200);
    expect((res.body as any).customerId).toBe(a.customerId);
  });

  it("lets tenants read the operator's records but answers 403 to their updates", async () => {
    const a = await t.tenant();
    const tag = unique('operator');
    const shared = await createItem(t, operator, kind, { [kind.tagField]: tag });
    expect(shared.customerId).toBeUndefined();
    expect((await t.request('GET', `${path}/${shared.id}`, a.token)).status).toBe(200);
    expect(await ids(path, a.token, `${kind.tagField}=${tag}`)).toEqual([shared.id]);
    expectSimpleError(
      await t.request(
        'PUT',
        `${path}/${shared.id}`,
        a.token,
        kind.body({ [kind.tagField]: tag, lastUpdateReason: 'hijack' }),
      ),
      403,
      'operator',
    );
    expect((await t.request('GET', `${path}/${shared.id}`, operator)).body).toMatchObject({ dbVersion: 0 });
    expect((await t.request('PUT', `${path}/${shared.id}`, operator, kind.body({ [kind.tagField]: tag }))).status).toBe(
      200,
    );
  });

  it("lets a tenant with authorizedCustomers see and act on those customers' records", async () => {
    const other = await t.tenant();
    const a = await t.tenant(unique('cust'), [other.customerId]);
    const outsider = await t.tenant();
    const tag = unique('authorized');
    const otherRecord = await createItem(t, other.token, kind, { [kind.tagField]: tag });
    const own = await createItem(t, a.token, kind, { [kind.tagField]: tag });
    const outsiderRecord = await createItem(t, outsider.token, kind, { [kind.tagField]: tag });
    expect((await t.request('GET', `${path}/${otherRecord.id}`, a.token)).status).toBe(200);
    expect(await ids(path, a.token, `${kind.tagField}=${tag}`)).toEqual([otherRecord.id, own.id]);
    expect(
      (await t.request('PUT', `${path}/${otherRecord.id}`, a.token, kind.body({ [kind.tagField]: tag }))).status,
    ).toBe(200);
    expect((await createItem(t, a.token, kind, { customerId: other.customerId })).customerId).toBe(other.customerId);
    expect((await t.request('GET', `${path}/${outsiderRecord.id}`, a.token)).status).toBe(404);
    expect((await t.request('GET', `${path}/${own.id}`, other.token)).status).toBe(404);
  });

  it('shows the operator every record', async () => {
    const a = await t.tenant();
    const b = await t.tenant();
    const tag = unique('all');
    const records = [
      await createItem(t, a.token, kind, { [kind.tagField]: tag }),
      await createItem(t, b.token, kind, { [kind.tagField]: tag }),
      await createItem(t, operator, kind, { [kind.tagField]: tag }),
    ];
    expect(await ids(path, operator, `${kind.tagField}=${tag}`)).toEqual(records.map((r) => r.id));
    expect((await t.request('PUT', `${path}/${records[0]!.id}`, operator, kind.body())).body).toMatchObject({
      customerId: a.customerId,
      dbVersion: 1,
    });
  });
});

describe('/terms scopes', () => {
  it('answers 403 to a write with a read-only token, and lets it read', async () => {
    const a = await t.tenant();
    const readOnly = (
      await t.token({
        realmName: a.realm,
        grantType: 'client_credentials',
        clientSecret: a.clientSecret,
        scope: 'terms:read',
      })
    ).access_token as string;
    const created = await createItem(t, a.token, KINDS[0]!);
    expectSimpleError(await t.request('POST', '/terms', readOnly, KINDS[0]!.body()), 403, 'terms:write');
    expectSimpleError(await t.request('PUT', `/terms/${created.id}`, readOnly, KINDS[0]!.body()), 403, 'terms:write');
    expect((await t.request('GET', `/terms/${created.id}`, readOnly)).status).toBe(200);
  });

  it('answers 403 to every terms route for a token without terms scopes', async () => {
    const a = await t.tenant();
    const other = (
      await t.token({
        realmName: a.realm,
        grantType: 'client_credentials',
        clientSecret: a.clientSecret,
        scope: 'catalog:read',
      })
    ).access_token as string;
    for (const url of ['/terms', '/terms/x', '/terms/recap?target=status', '/company-terms/unwind?target=startDate']) {
      expectSimpleError(await t.request('GET', url, other), 403, 'terms:read');
    }
  });
});
