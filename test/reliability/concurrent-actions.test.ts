import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, type Json, productIds, subscriptionBody } from '../subscriptions/subscription-factories.js';
import { eventsOf } from '../support/outbox-events.js';
import type { TestApp } from '../support/test-app.js';
import { type Answer, type HttpClients, startConcurrentApp, statusCounts } from './concurrent-clients.js';

/** 50 clients acting on one subscription at the same time, over real connections: the life cycle holds. */
const CLIENTS = 50;

let t: TestApp;
let http: HttpClients;
let close: () => Promise<void>;
let token: string;
/** The tenant's product every subscription of this file is for. */
let productId: string;
beforeAll(async () => {
  ({ t, http, close } = await startConcurrentApp(CLIENTS));
  token = (await t.tenant()).token;
  [productId] = await productIds(t, token, 1);
});
afterAll(() => close());

async function activeSubscription(): Promise<Json> {
  const res = await http.send('POST', '/subscriptions', token, subscriptionBody({ products: [{ id: productId }] }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.lifecycle.status).toBe('ACTIVE');
  return res.body;
}

const act = (id: string, action: string, headers: Record<string, string> = {}) =>
  http.send<Json>('POST', `/subscriptions/${id}/${action}`, token, undefined, headers);

const stored = async (id: string) => (await http.send<Json>('GET', `/subscriptions/${id}`, token)).body;
const factsOf = async (id: string) => (await eventsOf(t, 'subscription', id)).map((e) => e.fact);

describe('50 concurrent actions on one ACTIVE subscription', () => {
  it('cancel: exactly one 200; the 49 others answer 400 naming CANCELLED; one cancelled event', async () => {
    const sub = await activeSubscription();
    const answers = await http.burst(CLIENTS, () => act(sub.id, 'cancel'));
    expect(statusCounts(answers)).toEqual({ 200: 1, 400: CLIENTS - 1 });
    for (const refused of answers.filter((a) => a.status === 400))
      expectError(refused, 400, `subscription ${sub.id} is CANCELLED; cancel is allowed from`);
    const after = await stored(sub.id);
    expect(after.lifecycle.status).toBe('CANCELLED');
    expect(after.dbVersion).toBe(1);
    expect(after).toEqual(answers.find((a) => a.status === 200)!.body);
    expect(await factsOf(sub.id)).toEqual(['created', 'cancelled']);
  });

  it('suspend and cancel mixed: only legal transitions succeed, versions are contiguous, and the events are the successes in order', async () => {
    const sub = await activeSubscription();
    const actions = Array.from({ length: CLIENTS }, (_, i) => (i % 2 === 0 ? 'suspend' : 'cancel'));
    const answers = await http.burst(CLIENTS, (i) => act(sub.id, actions[i]!));
    expect(
      answers.every((a) => a.status === 200 || a.status === 400),
      JSON.stringify(statusCounts(answers)),
    ).toBe(true);
    for (const refused of answers.filter((a) => a.status === 400))
      expectError(refused, 400, /is (SUSPENDED|CANCELLED); (suspend|cancel) is allowed from/);
    const successes = answers
      .map((answer, i) => ({ action: actions[i]!, answer }))
      .filter((s) => s.answer.status === 200)
      .sort((a, b) => a.answer.body.dbVersion - b.answer.body.dbVersion);
    // ACTIVE -> CANCELLED, or ACTIVE -> SUSPENDED -> CANCELLED: one cancel wins, at most one suspend, and before it.
    expect([['cancel'], ['suspend', 'cancel']]).toContainEqual(successes.map((s) => s.action));
    expect(successes.map((s) => s.answer.body.dbVersion)).toEqual(successes.map((_, i) => i + 1));
    expect(successes.map((s) => s.answer.body.lifecycle.status)).toEqual(
      successes.map((s) => (s.action === 'cancel' ? 'CANCELLED' : 'SUSPENDED')),
    );
    const after = await stored(sub.id);
    expect(after).toEqual(successes.at(-1)!.answer.body);
    expect(await factsOf(sub.id)).toEqual([
      'created',
      ...successes.map((s) => (s.action === 'cancel' ? 'cancelled' : 'suspended')),
    ]);
  });

  it('cancel with If-Match "0": one 200, the 49 others answer 412 (the version moved before the transition is looked at)', async () => {
    const sub = await activeSubscription();
    const answers = await http.burst(CLIENTS, () => act(sub.id, 'cancel', { 'if-match': '"0"' }));
    expect(statusCounts(answers)).toEqual({ 200: 1, 412: CLIENTS - 1 });
    for (const refused of answers.filter((a) => a.status === 412)) expectError(refused, 412);
    expect(await factsOf(sub.id)).toEqual(['created', 'cancelled']);
  });
});

describe('50 concurrent prebills of one subscription', () => {
  it('create exactly one order, and every call answers that order', async () => {
    const sub = await activeSubscription();
    const answers: Answer<Json>[] = await http.burst(CLIENTS, () => act(sub.id, 'prebill'));
    expect(statusCounts(answers)).toEqual({ 200: CLIENTS });
    const orderIds = new Set(answers.map((a) => a.body.id));
    expect(orderIds.size).toBe(1);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    const { rows } = await t.built.db.query<{ id: string }>(
      `SELECT id FROM orders WHERE doc ->> 'subscriptionId' = $1`,
      [sub.id],
    );
    expect(rows.map((r) => r.id)).toEqual([...orderIds]);
    expect((await eventsOf(t, 'order', answers[0]!.body.id)).map((e) => e.fact)).toEqual(['created']);
    expect(await factsOf(sub.id)).toEqual(['created', 'prebilled']);
    expect((await stored(sub.id)).dbVersion).toBe(1);
  });
});
