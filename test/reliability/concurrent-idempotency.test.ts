import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, productIds, subscriptionBody, unique } from '../subscriptions/subscription-factories.js';
import { eventsOf } from '../support/outbox-events.js';
import type { TestApp } from '../support/test-app.js';
import { expectSimpleError, termsBody } from '../terms/terms-factories.js';
import { type Answer, type HttpClients, startConcurrentApp, statusCounts } from './concurrent-clients.js';

/**
 * 50 clients sending one POST with the same Idempotency-Key at the same time, over real connections. The operation
 * runs once; each answer is the operation's answer (replayed) or the documented 409 "still being processed"
 * (docs/decisions.md, Idempotency), never a second run.
 */
const CLIENTS = 50;
const IN_PROGRESS = 'is still being processed; retry once it has finished';

let t: TestApp;
let http: HttpClients;
let close: () => Promise<void>;
let operator: string;
beforeAll(async () => {
  ({ t, http, close } = await startConcurrentApp(CLIENTS));
  operator = await t.operator();
});
afterAll(() => close());

async function termsTagged(tag: string): Promise<string[]> {
  const { rows } = await t.built.db.query<{ id: string }>(`SELECT id FROM terms WHERE doc ->> 'lastUpdater' = $1`, [
    tag,
  ]);
  return rows.map((r) => r.id);
}

/** The answers that ran the operation (no replay header), the replays, and the 409s; nothing else is allowed. */
function sorted(answers: Answer[], success: number) {
  const ran = answers.filter((a) => a.status === success && a.headers['idempotent-replayed'] === undefined);
  const replayed = answers.filter((a) => a.status === success && a.headers['idempotent-replayed'] === 'true');
  const busy = answers.filter((a) => a.status === 409);
  expect(ran.length + replayed.length + busy.length, JSON.stringify(statusCounts(answers))).toBe(answers.length);
  return { ran, replayed, busy };
}

describe('50 concurrent POSTs with one Idempotency-Key and one body', () => {
  it('create one terms item; every 201 is that item (one ran, the rest replayed), the others are 409 in progress', async () => {
    const tag = unique('idem');
    const key = unique('key');
    const body = termsBody({ lastUpdater: tag });
    const answers = await http.burst(CLIENTS, () =>
      http.send('POST', '/terms', operator, body, { 'idempotency-key': key }),
    );
    const { ran, replayed, busy } = sorted(answers, 201);
    expect(ran).toHaveLength(1);
    for (const answer of replayed) {
      expect(answer.body).toEqual(ran[0]!.body);
      expect(answer.headers.location).toBe(ran[0]!.headers.location);
    }
    for (const answer of busy) expectSimpleError(answer, 409, IN_PROGRESS);
    expect(await termsTagged(tag)).toEqual([ran[0]!.body.id]);
    // Once it has finished, the key answers the stored outcome to everyone who retries.
    const retries = await http.burst(CLIENTS, () =>
      http.send('POST', '/terms', operator, body, { 'idempotency-key': key }),
    );
    expect(statusCounts(retries)).toEqual({ 201: CLIENTS });
    for (const retry of retries)
      expect([retry.headers['idempotent-replayed'], retry.body]).toEqual(['true', ran[0]!.body]);
    expect(await termsTagged(tag)).toHaveLength(1);
    console.info(`same key, same body: 1 ran, ${replayed.length} replayed, ${busy.length} answered 409 in progress`);
  });

  it('with 50 different bodies: one item created; every other answer is 422 (the key is used for another request, running or done)', async () => {
    const tag = unique('idem');
    const key = unique('key');
    const answers = await http.burst(CLIENTS, (i) =>
      http.send('POST', '/terms', operator, termsBody({ lastUpdater: tag, template: `client-${i}` }), {
        'idempotency-key': key,
      }),
    );
    expect(statusCounts(answers)).toEqual({ 201: 1, 422: CLIENTS - 1 });
    for (const answer of answers.filter((a) => a.status === 422))
      expectSimpleError(answer, 422, 'was already used for a different request');
    expect(await termsTagged(tag)).toHaveLength(1);
  });
});

describe('50 concurrent subscription actions with one Idempotency-Key', () => {
  it('cancel once: one 200 ran, the others are its replay or 409 in progress, never the 400 of a second cancel', async () => {
    const token = (await t.tenant()).token;
    const products = (await productIds(t, token, 1)).map((id) => ({ id }));
    const created = await http.send<Json>('POST', '/subscriptions', token, subscriptionBody({ products }));
    expect(created.status).toBe(201);
    const key = unique('key');
    const answers = await http.burst(CLIENTS, () =>
      http.send('POST', `/subscriptions/${created.body.id}/cancel`, token, undefined, { 'idempotency-key': key }),
    );
    const { ran, replayed, busy } = sorted(answers, 200);
    expect(ran).toHaveLength(1);
    expect(ran[0]!.body.lifecycle.status).toBe('CANCELLED');
    for (const answer of replayed) expect(answer.body).toEqual(ran[0]!.body);
    for (const answer of busy) expectSimpleError(answer, 409, IN_PROGRESS);
    expect((await eventsOf(t, 'subscription', created.body.id)).map((e) => e.fact)).toEqual(['created', 'cancelled']);
  });
});
