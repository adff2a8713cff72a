import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { definitionBody } from '../../notifications/notification-factories.js';
import { useApp } from '../../support/fixture.js';

const { t, operator } = await useApp({ operator: true });

/** Over the 16 K characters past which an answer is encoded once before it leaves (large-payload-bytes.ts). */
const content = 'Prix : 19,99 € — cadeau 🎁, Grüße. '.repeat(600);

// What a client sees. The hook itself saves CPU only (docs/decisions.md#answers-over-16-k-characters-leave-as-bytes):
// without it these answers are the same.
describe('large answers with multi-byte characters', () => {
  it('arrive whole with multi-byte characters: Content-Length counts bytes, and an Idempotency-Key replay gives the same bytes', async () => {
    const key = `key-${randomUUID()}`;
    const body = JSON.stringify(definitionBody({ notificationPayload: { subject: 'large', content, type: 'LARGE' } }));
    const send = () =>
      t.inject({
        method: 'POST',
        url: '/notification-definitions',
        headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json', 'idempotency-key': key },
        payload: body,
      });
    const created = await send();
    expect(created.statusCode).toBe(201);
    expect(created.payload.length).toBeGreaterThan(16 * 1024);
    expect(Number(created.headers['content-length'])).toBe(created.rawPayload.length);
    expect(created.json().notificationPayload.content).toBe(content);

    const replayed = await send();
    expect(replayed.statusCode).toBe(201);
    expect(replayed.rawPayload.equals(created.rawPayload)).toBe(true);

    const read = await t.inject({
      method: 'GET',
      url: `/notification-definitions/${created.json().id}`,
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(Number(read.headers['content-length'])).toBe(read.rawPayload.length);
    expect(read.json().notificationPayload.content).toBe(content);
  });
});
