import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { claimsOf, createUser, type Json, unique, userLogin } from './iam-kit.js';

/** What a customer's token may see and manage, established by the token alone. */
const { t, operator } = await useApp({ operator: true });

const terms = (overrides: Json = {}) => ({
  startDate: '2026-01-01T00:00:00Z',
  template: unique('tpl'),
  model: 'MOR',
  ...overrides,
});

async function createTerms(token: string, overrides: Json = {}): Promise<Json> {
  const res = await t.request('POST', '/terms', token, terms(overrides));
  if (res.status !== 201) throw new Error(`terms creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Json;
}

describe('tenant isolation through tokens (records)', () => {
  it("answers 404 to one tenant for another tenant's record, and 200 to its owner and to the operator", async () => {
    const a = await t.tenant();
    const b = await t.tenant();
    const record = await createTerms(a.token);
    expect(record.customerId).toBe(a.customerId);
    expect((await t.request('GET', `/terms/${record.id}`, a.token)).status).toBe(200);
    expect((await t.request('GET', `/terms/${record.id}`, operator)).status).toBe(200);
    const hidden = await t.request('GET', `/terms/${record.id}`, b.token);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ status: 404, path: `/terms/${record.id}` });
  });

  it("leaves another tenant's records out of a tenant's list", async () => {
    const a = await t.tenant();
    const b = await t.tenant();
    const mine = await createTerms(b.token);
    const theirs = await createTerms(a.token);
    const listed = ((await t.request('GET', '/terms?size=500', b.token)).body as { items: Json[] }).items.map(
      (i) => i.id,
    );
    expect(listed).toContain(mine.id);
    expect(listed).not.toContain(theirs.id);
  });

  it('answers 403 when a tenant writes a record for another customer', async () => {
    const a = await t.tenant();
    const b = await t.tenant();
    const res = await t.request('POST', '/terms', a.token, terms({ customerId: b.customerId }));
    expect(res.status).toBe(403);
  });

  it('lets a tenant see records of its authorizedCustomers', async () => {
    const owner = await t.tenant();
    const record = await createTerms(owner.token);
    const partner = await t.tenant(unique('cust'), [owner.customerId]);
    expect((await t.request('GET', `/terms/${record.id}`, partner.token)).status).toBe(200);
  });

  it("scopes a customer realm user's password token to that customer", async () => {
    const a = await t.tenant();
    const b = await t.tenant();
    const user = await createUser(t, a.realm, operator);
    const session = await userLogin(t, a.realm, user);
    expect(claimsOf(session.access_token).customerId).toBe(a.customerId);
    const ofA = await createTerms(a.token);
    const ofB = await createTerms(b.token);
    expect((await t.request('GET', `/terms/${ofA.id}`, session.access_token)).status).toBe(200);
    expect((await t.request('GET', `/terms/${ofB.id}`, session.access_token)).status).toBe(404);
    expect((await createTerms(session.access_token)).customerId).toBe(a.customerId);
  });
});

describe('tenant isolation through tokens (realm users)', () => {
  it("answers 404 to a tenant listing, creating or deleting users of another tenant's realm", async () => {
    const a = await t.tenant();
    const b = await t.tenant();
    const userOfB = await createUser(t, b.realm, b.token);
    const list = await t.request('GET', `/iam/realms/${b.realm}/users`, a.token);
    expect(list.status).toBe(404);
    expect(list.body).toMatchObject({ status: 404, path: `/iam/realms/${b.realm}/users` });
    expect(
      (
        await t.request('POST', `/iam/realms/${b.realm}/users`, a.token, {
          username: unique('intruder'),
          password: 'long-enough-pw',
        })
      ).status,
    ).toBe(404);
    expect((await t.request('DELETE', `/iam/realms/${b.realm}/users/${userOfB.id}`, a.token)).status).toBe(404);
    // B's user is untouched.
    expect((await userLogin(t, b.realm, userOfB)).access_token).toEqual(expect.any(String));
  });

  it("answers 403 for the realm users of a customer whose records the token may see (authorizedCustomers): credentials are the owner's", async () => {
    const owner = await t.tenant();
    const partner = await t.tenant(unique('cust'), [owner.customerId]);
    expect((await t.request('GET', `/iam/realms/${owner.realm}/users`, partner.token)).status).toBe(403);
    expect(
      (
        await t.request('POST', `/iam/realms/${owner.realm}/users`, partner.token, {
          username: unique('minted'),
          password: 'long-enough-pw',
        })
      ).status,
    ).toBe(403);
  });

  it("answers 404 to a tenant for the operator realm's users", async () => {
    const a = await t.tenant();
    expect((await t.request('GET', '/iam/realms/operator/users', a.token)).status).toBe(404);
    expect(
      (
        await t.request('POST', '/iam/realms/operator/users', a.token, {
          username: unique('intruder'),
          password: 'long-enough-pw',
        })
      ).status,
    ).toBe(404);
  });

  it('lets a tenant list and manage the users of its own realm, and the operator those of any realm', async () => {
    const a = await t.tenant();
    const own = await createUser(t, a.realm, a.token);
    const byOperator = await createUser(t, a.realm, operator);
    const seenByTenant = (
      (await t.request('GET', `/iam/realms/${a.realm}/users`, a.token)).body as { items: Json[] }
    ).items.map((u) => u.id);
    expect(seenByTenant.sort()).toEqual([own.id, byOperator.id].sort());
    expect((await t.request('GET', `/iam/realms/${a.realm}/users`, operator)).status).toBe(200);
  });

  it('never gives a user of a customer realm the operator scope, whoever creates it', async () => {
    const a = await t.tenant();
    const res = await t.request('POST', `/iam/realms/${a.realm}/users`, operator, {
      username: unique('u'),
      password: 'long-enough-pw',
      scope: 'operator terms:read',
    });
    expect(res.status).toBe(201);
    expect((res.body as Json).scope).toBe('terms:read');
    const onlyOperator = await t.request('POST', `/iam/realms/${a.realm}/users`, operator, {
      username: unique('u'),
      password: 'long-enough-pw',
      scope: 'operator',
    });
    expect(onlyOperator.status).toBe(400);
  });
});
