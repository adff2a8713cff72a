import { describe, expect, it } from 'vitest';
import { purgeOldActivity } from '../../src/apis/activity/activity.service.js';
import { ManualClock } from '../../src/platform/clock.js';
import { createProduct } from '../catalog/catalog-factories.js';
import { createUser, userLogin } from '../iam/iam-kit.js';
import { createReceiver } from '../notifications/notification-factories.js';
import { useApp } from '../support/fixture.js';
import type { Json } from '../support/json.js';
import { OPERATOR_SECRET } from '../support/test-app.js';
import { termsBody } from '../terms/terms-factories.js';

const DAY_MS = 86_400_000;
const clock = new ManualClock(Date.now());
const { t } = await useApp({ clock });

/** Tokens are taken when needed: the clock moves, and a token taken long before would have expired. */
const operatorToken = async (scope?: string): Promise<string> =>
  (await t.token({ realmName: 'operator', grantType: 'client_credentials', clientSecret: OPERATOR_SECRET, scope }))
    .access_token as string;

async function created(token: string, path: string, body: Json): Promise<Json> {
  const res = await t.request<Json>('POST', path, token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function activity(token: string, query = ''): Promise<Json[]> {
  const res = await t.request<Json>('GET', `/activity${query}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items as Json[];
}

/** A tenant with a realm user: its client's token and the user's. */
async function tenantWithUser(customerId?: string, authorized: string[] = []) {
  const tenant = await t.tenant(customerId, authorized);
  const user = await createUser(t, tenant.realm, tenant.token);
  const userToken = (await userLogin(t, tenant.realm, user)).access_token as string;
  return {
    ...tenant,
    user,
    userToken,
    clientActor: { type: 'CLIENT', id: `client:${tenant.realm}`, name: tenant.realm },
  };
}

describe('GET /activity', () => {
  it('shows a create, an update and an action by a user, a client and the operator, newest first, with who made each', async () => {
    const a = await tenantWithUser();
    const terms = await created(a.userToken, '/terms', termsBody({ template: 'first' }));
    clock.advance(1000);
    const put = await t.request('PUT', `/terms/${terms.id}`, a.token, termsBody({ template: 'second' }));
    expect(put.status).toBe(200);

    const items = await activity(a.token, `?recordId=${terms.id}`);
    expect(items.map((item) => item.fact)).toEqual(['updated', 'created']);
    expect(items[0]).toMatchObject({
      subject: 'terms',
      recordId: terms.id,
      customerId: a.customerId,
      actor: a.clientActor,
      delta: { template: 'second', dbVersion: 1 },
      previous: { template: 'first', dbVersion: 0 },
    });
    expect(items[1]).toMatchObject({
      actor: { type: 'USER', id: a.user.id, name: a.user.username },
      delta: { template: 'first' },
      previous: {},
    });
    expect(Date.parse(items[0]!.at as string)).toBeGreaterThan(Date.parse(items[1]!.at as string));

    // The operator's action on the tenant's receiver: a new signing secret, masked in the activity.
    const receiver = await createReceiver(t, a.token);
    clock.advance(1000);
    const rotated = await t.request<Json>(
      'POST',
      `/notification-receivers/${receiver.id}/signing-secret`,
      await operatorToken(),
    );
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const secret = rotated.body.signingSecret as string;
    const res = await t.request<Json>('GET', `/activity?recordId=${receiver.id}`, a.token);
    expect(res.body.items).toMatchObject([
      {
        fact: 'updated',
        subject: 'notification-receiver',
        actor: { type: 'OPERATOR', id: 'client:operator', name: 'operator' },
        delta: { signingSecret: '********', dbVersion: 1 },
        previous: { signingSecret: '********' },
      },
      { fact: 'created', actor: a.clientActor },
    ]);
    expect(JSON.stringify(res.body)).not.toContain(secret);
    expect(JSON.stringify(res.body)).not.toContain(receiver.signingSecret as string);
    const { rows } = await t.built.db.query<{ text: string }>(
      'SELECT delta::text || previous::text AS text FROM activity WHERE record_id = $1',
      [receiver.id],
    );
    for (const row of rows) expect(row.text).not.toContain(secret);
  });

  it("names the operator's administrator by its username", async () => {
    const admin = (await t.token({ realmName: 'operator', username: 'admin', password: t.config.adminPassword }))
      .access_token as string;
    const terms = await created(admin, '/terms', termsBody());
    const [entry] = await activity(admin, `?recordId=${terms.id}`);
    expect(entry).toMatchObject({ fact: 'created', customerId: null, actor: { type: 'OPERATOR', name: 'admin' } });
  });

  it('filters by subject, recordId, actor (id or name), fact, customerId and from/to', async () => {
    const a = await tenantWithUser();
    const first = await created(a.userToken, '/terms', termsBody());
    const start = clock.now().toISOString();
    clock.advance(60_000);
    const middle = clock.now().toISOString();
    const second = await created(a.token, '/terms', termsBody());
    await t.request('PUT', `/terms/${second.id}`, a.token, termsBody({ template: 'changed' }));
    const receiver = await createReceiver(t, a.token);
    clock.advance(60_000);
    const end = clock.now().toISOString();
    const ids = (items: Json[]) => items.map((item) => `${item.fact} ${item.recordId}`);

    expect(ids(await activity(a.token, '?subject=notification-receiver'))).toEqual([`created ${receiver.id}`]);
    expect(ids(await activity(a.token, `?recordId=${second.id}`))).toEqual([
      `updated ${second.id}`,
      `created ${second.id}`,
    ]);
    expect(ids(await activity(a.token, `?actor=${a.user.id}`))).toEqual([`created ${first.id}`]);
    expect(ids(await activity(a.token, `?actor=${a.user.username}`))).toEqual([`created ${first.id}`]);
    expect(ids(await activity(a.token, '?fact=updated&subject=terms'))).toEqual([`updated ${second.id}`]);
    expect(ids(await activity(a.token, `?from=${start}&to=${middle}`))).toEqual([`created ${first.id}`]);
    expect(ids(await activity(a.token, `?from=${middle}&to=${end}`))).toEqual([
      `created ${receiver.id}`,
      `updated ${second.id}`,
      `created ${second.id}`,
    ]);
    expect(await activity(a.token, `?customerId=${a.customerId}&recordId=${first.id}`)).toHaveLength(1);
    const page = await t.request<Json>('GET', `/activity?size=2&page=1&customerId=${a.customerId}`, a.token);
    expect(page.body).toMatchObject({ number: 1, size: 2, totalItems: 4, totalPages: 2, last: true });
    expect(ids(page.body.items as Json[])).toEqual([`created ${second.id}`, `created ${first.id}`]);
  });

  it("never shows another tenant's or the operator's records; a reseller sees its authorized customer's", async () => {
    const a = await tenantWithUser();
    const b = await tenantWithUser();
    const reseller = await tenantWithUser(undefined, [a.customerId]);
    const ofA = await created(a.token, '/terms', termsBody());
    const ofB = await created(b.token, '/terms', termsBody());
    const ofOperator = await created(await operatorToken(), '/terms', termsBody());
    const recordIds = async (token: string, query = '') =>
      (await activity(token, `?size=500${query}`)).map((item) => item.recordId);

    expect(await recordIds(a.token)).toContain(ofA.id);
    expect(await recordIds(a.token)).not.toContain(ofB.id);
    expect(await recordIds(a.token)).not.toContain(ofOperator.id);
    expect(await recordIds(a.token, `&recordId=${ofB.id}`)).toEqual([]);
    expect(await recordIds(a.token, `&customerId=${b.customerId}`)).toEqual([]);
    expect(await recordIds(b.token)).not.toContain(ofA.id);
    expect(await recordIds(reseller.token)).toContain(ofA.id);
    expect(await recordIds(reseller.token)).not.toContain(ofB.id);
    expect(await recordIds(reseller.token, `&customerId=${a.customerId}`)).toContain(ofA.id);
    const operator = await recordIds(await operatorToken());
    expect(operator).toEqual(expect.arrayContaining([ofA.id, ofB.id, ofOperator.id]));
  });

  it('shows only the kinds whose read scope the token holds', async () => {
    const terms = await created(await operatorToken(), '/terms', termsBody());
    expect(await activity(await operatorToken('catalog:read operator'), `?recordId=${terms.id}`)).toEqual([]);
    expect(await activity(await operatorToken('terms:read operator'), `?recordId=${terms.id}`)).toHaveLength(1);
  });

  it("shows a store's end user nothing, though its token reads the catalogue", async () => {
    const a = await tenantWithUser();
    const product = await createProduct(t, a.token);
    expect(await activity(a.token, `?recordId=${product.id}`)).toHaveLength(1);
    const endUser = await t.token({
      grantType: 'end_user_credentials',
      realmName: a.realm,
      clientSecret: a.clientSecret,
      customerId: a.customerId,
      storeId: 'store-1',
      email: 'shopper@example.com',
    });
    expect(endUser.scope).toBe('catalog:read recommendations:read');
    const res = await t.request<Json>('GET', '/activity', endUser.access_token as string);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ items: [], totalItems: 0 });
  });

  it('answers 400 naming an unknown filter, or a date that does not exist', async () => {
    const token = await operatorToken();
    const unknown = await t.request<Json>('GET', '/activity?who=me', token);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('who');
    const date = await t.request<Json>('GET', '/activity?from=2026-02-31T00:00:00Z', token);
    expect(date.status).toBe(400);
    expect(date.body.message).toContain('from');
  });

  it('needs a token', async () => {
    expect((await t.request('GET', '/activity', undefined)).status).toBe(401);
  });
});

describe('the activity purge (ACTIVITY_RETENTION)', () => {
  it('deletes the entries older than the retention and keeps the others', async () => {
    expect(t.config.activityRetentionSeconds).toBe(90 * 86_400);
    const old = await created(await operatorToken(), '/terms', termsBody());
    clock.advance(60 * DAY_MS);
    const recent = await created(await operatorToken(), '/terms', termsBody());
    clock.advance(31 * DAY_MS);

    expect(await purgeOldActivity({ db: t.built.db, clock }, t.config.activityRetentionSeconds)).toBeGreaterThan(0);
    const token = await operatorToken();
    expect(await activity(token, `?recordId=${old.id}`)).toEqual([]);
    expect(await activity(token, `?recordId=${recent.id}`)).toHaveLength(1);
  });
});
