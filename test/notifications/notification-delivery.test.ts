import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimDue } from '../../src/apis/notifications/notification.repository.js';
import { ManualClock } from '../../src/platform/clock.js';
import { useApp } from '../support/fixture.js';
import { OPERATOR_SECRET } from '../support/test-app.js';
import { dispatchAll, notificationsOf, workerFor } from './notification-drivers.js';
import {
  createDefinition,
  createReceiver,
  expectSealedAtRest,
  type Json,
  publish,
  unique,
} from './notification-factories.js';
import { WebhookReceiver } from './webhook-receiver.js';

let operator: string;
let hooks: WebhookReceiver;
// Real time at the start, so the signature's timestamp is within the verifier's tolerance on the first try.
const clock = new ManualClock(Date.now());
const SECOND = 1000;

const { t } = await useApp({ env: { OUTBOUND_ALLOWLIST: '127.0.0.1' }, clock });
beforeEach(async () => {
  // The clock moves on in tests: each test takes a token valid at its start.
  operator = (await t.token({ realmName: 'operator', grantType: 'client_credentials', clientSecret: OPERATOR_SECRET }))
    .access_token;
  hooks = await WebhookReceiver.start();
});
afterEach(async () => hooks.close());

/** A definition and a receiver at the test's HTTP receiver, one dispatched event; answers them and the record. */
async function pending(receiver: Json = {}, schedule?: number[]) {
  const subject = unique('order');
  const definition = await createDefinition(t, operator, {
    eventMatcher: { fact: 'paid', subject },
    mainIdJsonPath: '$.involved.order.id',
    notificationPayload: {
      subject: 'Order {{ event.involved.order.id }} paid',
      content: '{{ event.what.delta.amount }} EUR',
      type: 'ORDER_PAID',
    },
  });
  const created = await createReceiver(t, operator, {
    url: hooks.url,
    notificationDefinitionIds: [definition.id],
    ...receiver,
  });
  const orderId = unique('o');
  await publish(t, operator, {
    fact: 'paid',
    subject,
    what: { delta: { amount: 42 } },
    involved: { order: { id: orderId } },
  });
  await dispatchAll(t, schedule);
  const [record] = await notificationsOf(t, operator, definition.id);
  return { definition, receiver: created, record: record!, orderId };
}

/** The record as the API answers it now (with a token valid at the clock's current time). */
async function reread(id: string): Promise<Json> {
  const token = (
    await t.token({ realmName: 'operator', grantType: 'client_credentials', clientSecret: OPERATOR_SECRET })
  ).access_token;
  const res = await t.request('GET', `/notifications/${id}`, token);
  expect(res.status).toBe(200);
  return res.body as Json;
}

describe('web hook delivery', () => {
  it('posts the signed body once due, with fixed headers, and records the success', async () => {
    const { receiver, record, orderId } = await pending({
      httpClientConfiguration: {
        httpHeaders: { 'X-Team': ['orders', 'eu'], 'X-City': ['Z\u00fcrich'], Authorization: ['Basic eDp5'] },
      },
    });
    hooks.answer({ status: 204 });
    const { worker, close } = workerFor(t);
    expect(await worker.deliverDue()).toBe(1);
    await close();
    await expectSealedAtRest(t, receiver.id, [receiver.signingSecret]);
    const [hook] = hooks.received;
    const verified = new Webhook(receiver.signingSecret).verify(
      hook!.body,
      hook!.headers as Record<string, string>,
    ) as Json;
    expect(verified).toMatchObject({
      notificationId: record.id,
      event: { fact: 'paid', involved: { order: { id: orderId } } },
      payload: { subject: `Order ${orderId} paid`, content: '42 EUR', type: 'ORDER_PAID' },
    });
    expect(hook!.headers).toMatchObject({
      'webhook-id': record.id,
      'content-type': 'application/json',
      'x-team': 'orders, eu',
      'x-city': 'Z\u00fcrich',
      authorization: 'Basic eDp5',
    });
    const stored = await reread(record.id);
    expect(stored).toMatchObject({
      status: 'SUCCESS',
      retryCount: 1,
      retryLeft: 7,
      lastTryTimestamp: clock.now().getTime(),
      errors: [],
      webHookPayload: hook!.body,
      webHookResponse: 'HTTP 204',
      dbVersion: 1,
    });
    expect(stored.nextTryTimestamp).toBeUndefined();
    expect(await workerFor(t).worker.deliverDue()).toBe(0);
  });

  it('signs with the old and the new secret for the grace period after a rotation, then with the new one only', async () => {
    const { receiver, record } = await pending();
    const rotated = await t.request<Json>('POST', `/notification-receivers/${receiver.id}/signing-secret`, operator);
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    expect(rotated.headers['cache-control']).toBe('no-store');
    const fresh = rotated.body.signingSecret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(receiver.signingSecret);
    expect(rotated.body).toMatchObject({
      previousSigningSecret: '********',
      previousSigningSecretExpiresAt: new Date(clock.now().getTime() + 86_400_000).toISOString(),
      dbVersion: 1,
    });
    expect((await t.request<Json>('GET', `/notification-receivers/${receiver.id}`, operator)).body.signingSecret).toBe(
      '********',
    );
    await expectSealedAtRest(t, receiver.id, [fresh, receiver.signingSecret]);
    hooks.answer({ status: 204 });
    const { worker, close } = workerFor(t);
    await worker.deliverDue();
    const [during] = hooks.received;
    expect(during!.headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    for (const secret of [receiver.signingSecret, fresh])
      expect(new Webhook(secret).verify(during!.body, during!.headers as Record<string, string>)).toMatchObject({
        notificationId: record.id,
      });
    // A day and a second later, the new secret alone signs (checked by signing again: the day moved the timestamp
    // past a verifier's tolerance). The clock goes back to the real time for the tests after this one.
    clock.advance(86_401 * SECOND);
    try {
      await t.request(
        'POST',
        `/notifications/${record.id}/retry`,
        (await t.token({ realmName: 'operator', grantType: 'client_credentials', clientSecret: OPERATOR_SECRET }))
          .access_token,
      );
      await worker.deliverDue();
    } finally {
      await close();
      clock.set(Date.now());
    }
    const after = hooks.received[1]!;
    const sentAt = new Date(Number(after.headers['webhook-timestamp']) * 1000);
    expect(String(after.headers['webhook-signature']).split(' ')).toEqual([
      new Webhook(fresh).sign(record.id, sentAt, after.body),
    ]);
  });

  it('leaves out fixed headers stored before they were checked, instead of failing the try', async () => {
    const { receiver, record } = await pending({ httpClientConfiguration: { httpHeaders: { 'X-Ok': ['1'] } } });
    const stored = { 'X-Ok': ['1'], 'webhook-id': ['forged'], 'X-Price': ['10 \u20ac'], 'X Bad': ['x'] };
    await t.built.db.query(
      `UPDATE notification_receivers SET doc = jsonb_set(doc, '{httpClientConfiguration,httpHeaders}', $2::jsonb) WHERE id = $1`,
      [receiver.id, JSON.stringify(stored)],
    );
    hooks.answer({ status: 204 });
    const { worker, close } = workerFor(t);
    await worker.deliverDue();
    await close();
    expect(hooks.received).toHaveLength(1);
    expect(hooks.received[0]!.headers).toMatchObject({ 'webhook-id': record.id, 'x-ok': '1' });
    expect(hooks.received[0]!.headers['x-price']).toBeUndefined();
    expect((await reread(record.id)).status).toBe('SUCCESS');
  });

  it('still signs with a signing secret stored in plain text before sealing, and seals it at the next write', async () => {
    const { receiver } = await pending();
    const plain = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
    await t.built.db.query(
      `UPDATE notification_receivers SET doc = jsonb_set(doc, '{signingSecret}', to_jsonb($2::text)) WHERE id = $1`,
      [receiver.id, plain],
    );
    hooks.answer({ status: 204 });
    const { worker, close } = workerFor(t);
    expect(await worker.deliverDue()).toBe(1);
    await close();
    const [hook] = hooks.received;
    expect(() => new Webhook(plain).verify(hook!.body, hook!.headers as Record<string, string>)).not.toThrow();
    const read = (await t.request('GET', `/notification-receivers/${receiver.id}`, operator)).body as Json;
    expect(read.signingSecret).toBe('********');
    expect(
      (await t.request('PUT', `/notification-receivers/${receiver.id}`, operator, { ...read, name: 'sealed now' }))
        .status,
    ).toBe(200);
    await expectSealedAtRest(t, receiver.id, [plain]);
  });

  it('fails the try naming the receiver when a sealed secret does not open (copied from another receiver), and retries', async () => {
    const { receiver, record } = await pending();
    const other = await createReceiver(t, operator);
    await t.built.db.query(
      `UPDATE notification_receivers SET doc = jsonb_set(doc, '{signingSecret}', (SELECT doc->'signingSecret' FROM notification_receivers WHERE id = $2)) WHERE id = $1`,
      [receiver.id, other.id],
    );
    const { worker, close } = workerFor(t);
    await worker.deliverDue();
    await close();
    expect(hooks.received).toEqual([]);
    const stored = await reread(record.id);
    expect(stored.status).toBe('RETRYING');
    expect(stored.errors[0].error).toMatch(
      new RegExp(
        `^the secrets of notification receiver ${receiver.id} could not be opened: .*sealed for another owner`,
      ),
    );
    // Finished here, so the later tests' worker rounds do not pick it up again.
    await t.built.db.query(`UPDATE notifications SET status = 'FAILED', next_try_at = NULL WHERE id = $1`, [record.id]);
  });

  it("lists a tenant's records by their status as it changes with each try", async () => {
    const tenant = await t.tenant();
    const subject = unique('order');
    const definition = await createDefinition(t, tenant.token, {
      eventMatcher: { fact: 'paid', subject },
      mainIdJsonPath: '$.involved.order.id',
    });
    await createReceiver(t, tenant.token, { url: hooks.url, notificationDefinitionIds: [definition.id] });
    await publish(t, tenant.token, {
      fact: 'paid',
      subject,
      what: { delta: { amount: 1 } },
      involved: { order: { id: unique('o') } },
    });
    await dispatchAll(t);
    const listed = async (status: string) => {
      const token = (
        await t.token({ realmName: tenant.realm, grantType: 'client_credentials', clientSecret: tenant.clientSecret })
      ).access_token;
      const res = await t.request(
        'GET',
        `/notifications?notificationDefinitionId=${definition.id}&status=${status}`,
        token,
      );
      expect(res.status).toBe(200);
      return (res.body as Json).items.length as number;
    };
    expect(await listed('PENDING')).toBe(1);
    hooks.answer({ status: 204 });
    const { worker, close } = workerFor(t);
    expect(await worker.deliverDue()).toBe(1);
    await close();
    expect([await listed('PENDING'), await listed('SUCCESS')]).toEqual([0, 1]);
  });

  it('retries on the schedule, 500 twice then 200, with the same webhook-id and body', async () => {
    const { receiver, record } = await pending();
    hooks.answer({ status: 500, body: 'down' }, { status: 500, body: 'still down' });
    const { worker, close } = workerFor(t);
    await worker.deliverDue();
    let stored = await reread(record.id);
    expect(stored).toMatchObject({
      status: 'RETRYING',
      retryCount: 1,
      retryLeft: 7,
      webHookResponse: 'HTTP 500 down',
      nextTryTimestamp: clock.now().getTime() + 5 * SECOND,
    });
    expect(stored.errors).toEqual([
      { error: 'the receiver answered 500', timestamp: Math.floor(clock.now().getTime() / 1000) },
    ]);
    clock.advance(4 * SECOND);
    expect(await worker.deliverDue()).toBe(0);
    clock.advance(1 * SECOND);
    expect(await worker.deliverDue()).toBe(1);
    stored = await reread(record.id);
    expect(stored).toMatchObject({
      status: 'RETRYING',
      retryCount: 2,
      retryLeft: 6,
      nextTryTimestamp: clock.now().getTime() + 300 * SECOND,
    });
    clock.advance(300 * SECOND);
    expect(await worker.deliverDue()).toBe(1);
    await close();
    stored = await reread(record.id);
    expect(stored).toMatchObject({ status: 'SUCCESS', retryCount: 3, retryLeft: 5, webHookResponse: 'HTTP 200 ok' });
    expect(stored.errors).toHaveLength(2);
    expect(hooks.received.map((hook) => hook.headers['webhook-id'])).toEqual([record.id, record.id, record.id]);
    expect(new Set(hooks.received.map((hook) => hook.body)).size).toBe(1);
    // Each try is signed at its own time, with the receiver's secret.
    for (const hook of hooks.received) {
      const expected = new Webhook(receiver.signingSecret).sign(
        record.id,
        new Date(Number(hook.headers['webhook-timestamp']) * 1000),
        hook.body,
      );
      expect(hook.headers['webhook-signature']).toBe(expected);
    }
  });

  it('ends FAILED when the shortened schedule runs out, and tries no more', async () => {
    const schedule = [0, 1, 2];
    const { record } = await pending({}, schedule);
    hooks.fallback = { status: 502 };
    const { worker, close } = workerFor(t, { schedule });
    await worker.deliverDue();
    clock.advance(1 * SECOND);
    await worker.deliverDue();
    clock.advance(2 * SECOND);
    await worker.deliverDue();
    clock.advance(3_600 * SECOND);
    expect(await worker.deliverDue()).toBe(0);
    await close();
    const stored = await reread(record.id);
    expect(stored).toMatchObject({ status: 'FAILED', retryCount: 3, retryLeft: 0 });
    expect(stored.errors).toHaveLength(3);
    expect(hooks.received).toHaveLength(3);
  });

  it('sets the receiver INACTIVE on 410 Gone and ends the tries', async () => {
    const { record, receiver } = await pending();
    hooks.answer({ status: 410, body: 'gone' });
    const { worker, close } = workerFor(t);
    await worker.deliverDue();
    await close();
    const stored = await reread(record.id);
    expect(stored).toMatchObject({ status: 'FAILED', retryCount: 1 });
    expect(stored.errors[0].error).toContain(`410 Gone: receiver ${receiver.id} set INACTIVE`);
    const after = await t.request('GET', `/notification-receivers/${receiver.id}`, operator);
    expect(after.body).toMatchObject({ status: 'INACTIVE', dbVersion: 1 });
  });

  it.each([
    [
      '503 with Retry-After in seconds, longer than the schedule',
      { status: 503, headers: { 'retry-after': '120' } },
      120,
    ],
    ['429 with a Retry-After date', { status: 429, headers: { 'retry-after': 'DATE+600' } }, 600],
    [
      '503 asking for more than the longest delay (capped at 10 h)',
      { status: 503, headers: { 'retry-after': '999999' } },
      36_000,
    ],
    ['503 asking for less than the schedule (the schedule wins)', { status: 503, headers: { 'retry-after': '1' } }, 5],
    ['500 with a Retry-After (ignored)', { status: 500, headers: { 'retry-after': '120' } }, 5],
  ])('honours %s', async (_what, answer, delaySeconds) => {
    const { record } = await pending();
    const headers = {
      'retry-after': answer.headers['retry-after'].replace(/^DATE\+(\d+)$/, (_m, s) =>
        new Date(Math.floor(clock.now().getTime() / 1000) * 1000 + Number(s) * 1000).toUTCString(),
      ),
    };
    hooks.answer({ status: answer.status, headers });
    const { worker, close } = workerFor(t);
    await worker.deliverDue();
    await close();
    const stored = await reread(record.id);
    const due = stored.nextTryTimestamp - clock.now().getTime();
    expect(Math.abs(due - delaySeconds * SECOND)).toBeLessThan(1_000);
  });

  it('refuses a private address that is not allow-listed, and retries', async () => {
    const { record } = await pending();
    const { worker, close } = workerFor(t, {}, { allowlist: [] });
    await worker.deliverDue();
    await close();
    const stored = await reread(record.id);
    expect(stored.status).toBe('RETRYING');
    expect(stored.errors[0].error).toBe('127.0.0.1 is a loopback address, not an allowed destination');
    expect(hooks.received).toEqual([]);
  });

  it('gives up a try after the timeout when the receiver does not answer', async () => {
    const { record } = await pending();
    hooks.answer({ status: 200, hang: true });
    const { worker, close } = workerFor(t, {}, { timeoutMs: 300 });
    await worker.deliverDue();
    await close();
    const stored = await reread(record.id);
    expect(stored).toMatchObject({
      status: 'RETRYING',
      errors: [{ error: 'the remote server did not answer in time' }],
    });
  });

  it('fails a try whose template renders a subject longer than a subject may be, and sends nothing', async () => {
    const { record, definition } = await pending();
    await t.request('PUT', `/notification-definitions/${definition.id}`, operator, {
      ...definition,
      notificationPayload: { subject: '{% for i in (1..1001) %}x{% endfor %}' },
    });
    const { worker, close } = workerFor(t);
    await worker.deliverDue();
    await close();
    const stored = await reread(record.id);
    expect(stored).toMatchObject({
      status: 'RETRYING',
      errors: [{ error: 'notificationPayload.subject renders to more than 1000 characters' }],
    });
    expect(hooks.received).toEqual([]);
  });

  it('records a missing receiver as an error naming it', async () => {
    const { record, receiver } = await pending();
    await t.built.db.query('DELETE FROM notification_receivers WHERE id = $1', [receiver.id]);
    const { worker, close } = workerFor(t);
    await worker.deliverDue();
    await close();
    const stored = await reread(record.id);
    expect(stored).toMatchObject({
      status: 'FAILED',
      errors: [{ error: `notification receiver ${receiver.id} does not exist` }],
    });
  });
});

/** What a worker named `workerId` would lease now for 60 s: every due record, as one claim of every tenant. */
function leaseDue(workerId: string) {
  const now = clock.now();
  return claimDue(t.built.db, {
    workerId,
    now,
    leaseUntil: new Date(now.getTime() + 60 * SECOND),
    after: '',
    tenants: 1000,
    perTenant: 50,
    busy: [],
    limit: 50,
  });
}

describe('claims and leases', () => {
  it("takes over a dead worker's claim once its lease has run out, and the dead worker's late result is dropped", async () => {
    const { record } = await pending();
    const { claimed } = await leaseDue('dead-worker');
    expect(claimed.map((c) => c.id)).toContain(record.id);
    const { worker, close } = workerFor(t);
    expect(await worker.deliverDue()).toBe(0);
    clock.advance(60 * SECOND);
    expect(await worker.deliverDue()).toBeGreaterThanOrEqual(1);
    const dead = workerFor(t, { workerId: 'dead-worker' });
    // The dead worker "wakes up": its claim is gone, so nothing it does lands.
    expect(await dead.worker.deliverDue()).toBe(0);
    await close();
    await dead.close();
    expect((await reread(record.id)).status).toBe('SUCCESS');
    expect(hooks.received.filter((hook) => hook.headers['webhook-id'] === record.id)).toHaveLength(1);
  });

  it('lets two workers deliver a batch together, each record once', async () => {
    const subject = unique('order');
    const definition = await createDefinition(t, operator, {
      eventMatcher: { fact: 'paid', subject },
      mainIdJsonPath: '$.involved.order.id',
    });
    await createReceiver(t, operator, { url: hooks.url, notificationDefinitionIds: [definition.id] });
    for (let i = 0; i < 30; i += 1)
      await publish(t, operator, { fact: 'paid', subject, involved: { order: { id: `o-${i}` } } });
    await dispatchAll(t);
    const a = workerFor(t, { workerId: 'a', batchSize: 7 });
    const b = workerFor(t, { workerId: 'b', batchSize: 7 });
    const rounds = async (w: typeof a) => {
      let total = 0;
      for (let n = await w.worker.deliverDue(); n > 0; n = await w.worker.deliverDue()) total += n;
      return total;
    };
    const [byA, byB] = await Promise.all([rounds(a), rounds(b)]);
    await a.close();
    await b.close();
    expect(byA + byB).toBe(30);
    const ids = hooks.received.map((hook) => hook.headers['webhook-id']);
    expect(new Set(ids).size).toBe(30);
    expect(ids).toHaveLength(30);
    expect((await notificationsOf(t, operator, definition.id)).every((record) => record.status === 'SUCCESS')).toBe(
      true,
    );
  });
});

describe('POST /notifications/{id}/retry', () => {
  it('gives a FAILED record one more try now', async () => {
    const schedule = [0];
    const { record } = await pending({}, schedule);
    hooks.answer({ status: 500 });
    const { worker, close } = workerFor(t, { schedule });
    await worker.deliverDue();
    expect((await reread(record.id)).status).toBe('FAILED');
    const res = await t.request('POST', `/notifications/${record.id}/retry`, operator);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'RETRYING', retryLeft: 1, nextTryTimestamp: clock.now().getTime() });
    expect(await worker.deliverDue()).toBe(1);
    await close();
    expect(await reread(record.id)).toMatchObject({ status: 'SUCCESS', retryCount: 2, retryLeft: 0 });
  });

  it('makes a waiting record due now, answers 409 while a worker holds it and 404 for an unknown id', async () => {
    const { record } = await pending();
    hooks.answer({ status: 500 });
    const { worker, close } = workerFor(t);
    await worker.deliverDue();
    expect((await t.request('POST', `/notifications/${record.id}/retry`, operator)).body).toMatchObject({
      status: 'RETRYING',
      retryLeft: 7,
    });
    await leaseDue('busy-worker');
    const busy = await t.request('POST', `/notifications/${record.id}/retry`, operator);
    expect(busy.status).toBe(409);
    expect((busy.body as Json).details[0].errorType).toBe('CONFLICT');
    clock.advance(61 * SECOND);
    expect(await worker.deliverDue()).toBeGreaterThanOrEqual(1);
    await close();
    expect((await reread(record.id)).status).toBe('SUCCESS');
    expect((await t.request('POST', '/notifications/no-such-id/retry', operator)).status).toBe(404);
  });
});
