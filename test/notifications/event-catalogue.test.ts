import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventCatalogue } from '../../src/apis/notifications/event-catalogue.js';
import { SYSTEM_PRINCIPAL } from '../../src/platform/auth/principal.js';
import { useApp } from '../support/fixture.js';

const { t } = await useApp();

describe('the event catalogue of docs/notifications.md', () => {
  it('is the one the declared kinds give (run npm run docs:events when this fails)', () => {
    expect(readFileSync('docs/notifications.md', 'utf8')).toContain(eventCatalogue(t.built.services.events()));
  });

  it('lists the generic operations, the changing actions, the facts kinds declare besides, and the assets', () => {
    const rows = t.built.services.events().map(({ subject, fact, emittedBy }) => ({ subject, fact, emittedBy }));
    expect(rows).toContainEqual({
      subject: 'product',
      fact: 'updated',
      emittedBy: 'updateProduct (PUT /products/{id})',
    });
    expect(rows).toContainEqual({
      subject: 'notification',
      fact: 'updated',
      emittedBy: 'retryNotification (POST /notifications/{id}/retry)',
    });
    expect(rows).toContainEqual(expect.objectContaining({ subject: 'subscription', fact: 'expired' }));
    expect(rows).toContainEqual(expect.objectContaining({ subject: 'order', fact: 'created' }));
    expect(rows).toContainEqual(expect.objectContaining({ subject: 'asset', fact: 'deleted' }));
    expect(rows.some((row) => row.subject === 'notification' && row.fact === 'created')).toBe(false);
  });

  it('cannot miss an event: a write with a fact its kind does not declare is refused and changes nothing', async () => {
    const token = await t.operator();
    const created = await t.request<{ id: string; dbVersion: number }>('POST', '/terms', token, {
      startDate: '2026-01-01T00:00:00Z',
      template: 'undeclared fact',
      model: 'MOR',
    });
    const terms = t.built.services.named('terms');
    await expect(
      terms.act(SYSTEM_PRINCIPAL, created.body.id, (doc) => ({ ...doc, template: 'poked' }), { fact: 'poked' }),
    ).rejects.toThrow(/fact "poked", which the kind does not declare/);
    expect((await t.request('GET', `/terms/${created.body.id}`, token)).body).toMatchObject({
      template: 'undeclared fact',
      dbVersion: created.body.dbVersion,
    });
  });
});
