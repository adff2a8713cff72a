import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import { useApp } from '../support/fixture.js';
import { OPERATOR_SECRET } from '../support/test-app.js';
import { dispatchAll, notificationsOf, workerFor } from './notification-drivers.js';
import { createDefinition, createReceiver, type Json, publish, unique } from './notification-factories.js';
import { WebhookReceiver } from './webhook-receiver.js';

const clock = new ManualClock(Date.now());
const SECOND = 1000;
/** The bearer token the test's token endpoint issues: long and unguessable, as real ones are. */
const BEARER = `bearer-${unique('tok')}-0123456789abcdef`;
const FIXED_KEY = 'fixed-api-key-7d1e2f3a4b5c';

let hooks: WebhookReceiver;
let tokenServer: Server;

const { t } = await useApp({ env: { OUTBOUND_ALLOWLIST: '127.0.0.1' }, clock });
beforeEach(async () => {
  hooks = await WebhookReceiver.start();
  tokenServer = createServer((request, response) => {
    request.resume();
    request.on('end', () =>
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ access_token: BEARER, token_type: 'Bearer', expires_in: 3600 })),
    );
  });
  await new Promise<void>((resolve) => tokenServer.listen(0, '127.0.0.1', resolve));
});
afterEach(async () => {
  await hooks.close();
  tokenServer.closeAllConnections();
  await new Promise<void>((resolve) => tokenServer.close(() => resolve()));
});

/** An operator token valid at the clock's current time (the clock moves on between tries). */
async function operatorToken(): Promise<string> {
  return (await t.token({ realmName: 'operator', grantType: 'client_credentials', clientSecret: OPERATOR_SECRET }))
    .access_token;
}

/** A definition and a receiver (`receiver` fields) of the token's owner, one dispatched event; answers the record. */
async function oneNotification(token: string, receiver: Json) {
  const subject = unique('order');
  const definition = await createDefinition(t, token, {
    eventMatcher: { fact: 'paid', subject },
    mainIdJsonPath: '$.involved.order.id',
  });
  const created = await createReceiver(t, token, { notificationDefinitionIds: [definition.id], ...receiver });
  await publish(t, token, { fact: 'paid', subject, involved: { order: { id: unique('o') } } });
  await dispatchAll(t);
  const [record] = await notificationsOf(t, token, definition.id);
  return { receiver: created, record: record! };
}

async function attempts(id: string, token: string, query = ''): Promise<{ status: number; body: Json }> {
  const res = await t.request<Json>('GET', `/notifications/${id}/attempts${query}`, token);
  return { status: res.status, body: res.body };
}

/** Delivers what is due now with a fresh worker. */
async function deliver(): Promise<void> {
  const { worker, close } = workerFor(t);
  await worker.deliverDue();
  await close();
}

describe('GET /notifications/{id}/attempts', () => {
  it('lists every try oldest first with status, timing, answer headers and a 4 KB body excerpt, and no secret or signature', async () => {
    const token = await operatorToken();
    const url = `${hooks.url}?channel=orders`;
    const { receiver, record } = await oneNotification(token, {
      url,
      httpClientConfiguration: {
        httpHeaders: { 'X-Api-Key': [FIXED_KEY], 'X-Team': ['eu'] },
        clientCredentialOauth2Config: {
          clientId: 'hooks-client',
          clientSecret: 'client-secret-9f8e7d6c',
          oauth2Type: 'CLIENT_CREDENTIALS',
          tokenUrl: `http://127.0.0.1:${(tokenServer.address() as AddressInfo).port}/token`,
        },
      },
    });
    const long = `${'é'.repeat(1000)}${'x'.repeat(5000)}`;
    hooks.answer(
      { status: 500, body: long, headers: { 'content-type': 'text/plain', 'set-cookie': 'session=abc123456789' } },
      { status: 503, echo: true, headers: { 'retry-after': '120', 'x-reason': 'busy' } },
      { status: 200, body: 'ok' },
    );
    await deliver();
    clock.advance(5 * SECOND);
    await deliver();
    // Retry-After 120 s is within the schedule's 5 min: the next try is due at 5 min.
    clock.advance(5 * 60 * SECOND);
    await deliver();
    expect(hooks.received).toHaveLength(3);
    const start = clock.now().getTime() - 5 * 60 * SECOND - 5 * SECOND;

    const operator = await operatorToken();
    const { status, body } = await attempts(record.id, operator);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ last: true, number: 0, size: 20, totalItems: 3, totalPages: 1 });
    const [first, second, third] = body.items as Json[];
    expect(body.items.map((item: Json) => [item.try, item.statusCode])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
    expect(body.items.map((item: Json) => Date.parse(item.at))).toEqual([
      start,
      start + 5 * SECOND,
      start + 5 * SECOND + 5 * 60 * SECOND,
    ]);
    for (const item of body.items as Json[]) {
      expect(item.durationMs).toBeGreaterThanOrEqual(0);
      expect(item.url).toBe(url);
    }
    // The first 4 KB of the answer, cut between characters (é is two bytes in UTF-8).
    expect(first.responseBody).toBe(`${'é'.repeat(1000)}${'x'.repeat(2096)}`);
    expect(first.responseHeaders['content-type']).toBe('text/plain');
    expect(first.responseHeaders['set-cookie']).toBeUndefined();
    expect(first.error).toBe('the receiver answered 500');
    expect(second.responseHeaders).toMatchObject({ 'retry-after': '120', 'x-reason': 'busy' });
    expect(second.error).toBe('the receiver answered 503');
    expect(third).toMatchObject({ responseBody: 'ok' });
    expect(third.error).toBeUndefined();

    // The echoing receiver's answer held every secret sent; the attempts mask them all.
    const sent = hooks.received[1]!.headers;
    expect(sent.authorization).toBe(`Bearer ${BEARER}`);
    expect(second.responseBody).toContain('"x-team":"eu"');
    expect(second.responseBody).toContain('********');
    const text = JSON.stringify(body);
    const signatures = hooks.received.flatMap((hook) => String(hook.headers['webhook-signature']).split(' '));
    for (const secret of [
      receiver.signingSecret as string,
      (receiver.signingSecret as string).replace('whsec_', ''),
      BEARER,
      FIXED_KEY,
      'client-secret-9f8e7d6c',
      'session=abc123456789',
      ...signatures,
      ...signatures.map((signature) => signature.replace('v1,', '')),
    ])
      expect(text).not.toContain(secret);
    expect(second.responseHeaders['x-echo-webhook-signature']).toBe('********');
    expect(second.responseHeaders['x-echo-x-api-key']).toBe('********');
    expect(second.responseHeaders['x-echo-authorization']).toBe('Bearer ********');

    // The record keeps the last try as before.
    const stored = await t.request<Json>('GET', `/notifications/${record.id}`, operator);
    expect(stored.body).toMatchObject({ status: 'SUCCESS', retryCount: 3, webHookResponse: 'HTTP 200 ok' });
  });

  it('pages the attempts and counts the try of a manual retry', async () => {
    const token = await operatorToken();
    const { record } = await oneNotification(token, { url: hooks.url });
    hooks.answer({ status: 500 }, { status: 204 });
    await deliver();
    clock.advance(5 * SECOND);
    await deliver();
    const retried = await t.request('POST', `/notifications/${record.id}/retry`, token);
    expect(retried.status).toBe(200);
    hooks.answer({ status: 202, body: 'again' });
    await deliver();

    const page0 = await attempts(record.id, token, '?size=2');
    expect(page0.body).toMatchObject({ last: false, number: 0, size: 2, totalItems: 3, totalPages: 2 });
    expect(page0.body.items.map((item: Json) => item.try)).toEqual([1, 2]);
    const page1 = await attempts(record.id, token, '?size=2&page=1');
    expect(page1.body).toMatchObject({ last: true, number: 1, totalItems: 3 });
    expect(page1.body.items).toMatchObject([{ try: 3, statusCode: 202, responseBody: 'again' }]);
    const beyond = await attempts(record.id, token, '?size=2&page=5');
    expect(beyond.body).toMatchObject({ items: [], totalItems: 3 });
    expect((await attempts(record.id, token, '?size=0')).status).toBe(400);
  });

  it("names the e-mail receiver's addresses", async () => {
    const token = await operatorToken();
    const { record } = await oneNotification(token, { url: undefined, emails: 'ops@example.com, desk@example.com' });
    await deliver();
    const { body } = await attempts(record.id, token);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ try: 1, emails: ['ops@example.com', 'desk@example.com'] });
    expect(body.items[0].url).toBeUndefined();
    expect(body.items[0].statusCode).toBeUndefined();
    expect(body.items[0].error).toBeUndefined();
  });

  it("is the owner's: another tenant gets 404, the operator sees it", async () => {
    const owner = await t.tenant();
    const other = await t.tenant();
    const { record } = await oneNotification(owner.token, { url: hooks.url });
    await deliver();
    expect((await attempts(record.id, owner.token)).body.totalItems).toBe(1);
    expect((await attempts(record.id, other.token)).status).toBe(404);
    expect((await attempts(record.id, await operatorToken())).body.totalItems).toBe(1);
    expect((await attempts('no-such-id', owner.token)).status).toBe(404);
  });

  it('keeps the latest 100 tries, and none once the record is gone', async () => {
    const token = await operatorToken();
    const { record } = await oneNotification(token, { url: hooks.url });
    // As if 100 tries had been made already.
    await t.built.db.query(
      `INSERT INTO notification_attempts (notification_id, try, doc)
       SELECT $1, n, jsonb_build_object('try', n, 'at', '2026-01-01T00:00:00.000Z', 'durationMs', 1) FROM generate_series(1, 100) AS n`,
      [record.id],
    );
    await t.built.db.query('UPDATE notifications SET tries = 100, max_tries = 101 WHERE id = $1', [record.id]);
    await deliver();
    const { body } = await attempts(record.id, token, '?size=100');
    expect(body.totalItems).toBe(100);
    expect(body.items[0].try).toBe(2);
    expect(body.items[99]).toMatchObject({ try: 101, statusCode: 200 });
    await t.built.db.query('DELETE FROM notifications WHERE id = $1', [record.id]);
    const { rows } = await t.built.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM notification_attempts WHERE notification_id = $1',
      [record.id],
    );
    expect(rows[0]!.count).toBe(0);
  });

  it('records no try and no attempt for a worker that lost its lease', async () => {
    const token = await operatorToken();
    const { record } = await oneNotification(token, { url: hooks.url });
    hooks.answer({ status: 200, held: true });
    const { worker, close } = workerFor(t);
    const delivering = worker.deliverDue();
    await expect.poll(() => hooks.holding).toBe(1);
    // Another worker took the record over (this one's lease ran out).
    await t.built.db.query("UPDATE notifications SET locked_by = 'another-worker' WHERE id = $1", [record.id]);
    hooks.releaseHeld();
    await delivering;
    await close();
    const { rows } = await t.built.db.query<{ tries: number }>('SELECT tries FROM notifications WHERE id = $1', [
      record.id,
    ]);
    expect(rows[0]!.tries).toBe(0);
    expect((await attempts(record.id, token)).body.totalItems).toBe(0);
  });
});
