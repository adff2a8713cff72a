import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { createDefinition, type Json } from './notification-factories.js';

const { t } = await useApp();

const sample = (status: string, extra: Json = {}) => ({
  fact: 'updated',
  subject: 'product',
  what: { delta: { status } },
  involved: { product: { id: 'p-1', status } },
  ...extra,
});
const outboxSize = async () =>
  (await t.built.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox')).rows[0]!.n;

describe('POST /notification-definitions/{id}/test', () => {
  it('answers that a sample event matches, with the main object id, storing and sending nothing', async () => {
    const { token } = await t.tenant();
    const definition = await createDefinition(t, token);
    const before = await outboxSize();
    const res = await t.request('POST', `/notification-definitions/${definition.id}/test`, token, sample('DISABLED'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ matches: true, mainObjectId: 'p-1' });
    expect(await outboxSize()).toBe(before);
  });

  it('names the filter that failed, what it expects and what its path selected', async () => {
    const { token } = await t.tenant();
    const definition = await createDefinition(t, token);
    const res = await t.request('POST', `/notification-definitions/${definition.id}/test`, token, sample('ENABLED'));
    expect(res.body).toEqual({
      matches: false,
      mismatch: { field: 'eventMatcher.filters[0]', expected: 'DISABLED', found: ['ENABLED'] },
      mainObjectId: 'p-1',
    });
    const nothing = await t.request('POST', `/notification-definitions/${definition.id}/test`, token, {
      fact: 'updated',
      subject: 'product',
    });
    expect(nothing.body).toEqual({
      matches: false,
      mismatch: { field: 'eventMatcher.filters[0]', expected: 'DISABLED', found: [] },
    });
  });

  it('names a fact or subject that differs', async () => {
    const { token } = await t.tenant();
    const definition = await createDefinition(t, token);
    expect(
      (
        await t.request(
          'POST',
          `/notification-definitions/${definition.id}/test`,
          token,
          sample('DISABLED', { fact: 'created' }),
        )
      ).body,
    ).toMatchObject({
      matches: false,
      mismatch: { field: 'eventMatcher.fact', expected: 'updated', found: ['created'] },
    });
    expect(
      (
        await t.request(
          'POST',
          `/notification-definitions/${definition.id}/test`,
          token,
          sample('DISABLED', { subject: 'order' }),
        )
      ).body,
    ).toMatchObject({
      matches: false,
      mismatch: { field: 'eventMatcher.subject', expected: 'product', found: ['order'] },
    });
  });

  it("answers 404 for another tenant's definition, and a mismatch on customerId for another customer's event", async () => {
    const owner = await t.tenant();
    const stranger = await t.tenant();
    const definition = await createDefinition(t, owner.token);
    expect(
      (await t.request('POST', `/notification-definitions/${definition.id}/test`, stranger.token, sample('DISABLED')))
        .status,
    ).toBe(404);
    const other = await t.request(
      'POST',
      `/notification-definitions/${definition.id}/test`,
      owner.token,
      sample('DISABLED', { customerId: stranger.customerId }),
    );
    expect(other.body).toEqual({
      matches: false,
      mismatch: { field: 'customerId', expected: owner.customerId, found: [stranger.customerId] },
    });
  });

  it('answers 400 for an event without fact or subject', async () => {
    const { token } = await t.tenant();
    const definition = await createDefinition(t, token);
    const res = await t.request<Json>('POST', `/notification-definitions/${definition.id}/test`, token, { what: {} });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('fact');
  });
});
