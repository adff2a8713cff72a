import { expect } from 'vitest';
import type { Json } from '../support/json.js';
import type { TestApp } from '../support/test-app.js';
import { unique } from '../support/unique.js';

export type { Json } from '../support/json.js';

export { unique };

export function definitionBody(overrides: Json = {}): Json {
  return {
    name: unique('definition'),
    eventMatcher: {
      fact: 'updated',
      subject: 'product',
      filters: [{ jsonPath: '$.what.delta.status', value: 'DISABLED' }],
    },
    mainIdJsonPath: '$.involved.product.id',
    notificationPayload: {
      subject: 'Product {{ event.involved.product.id }} disabled',
      content: 'status {{ event.what.delta.status }}',
      type: 'PRODUCT_DISABLED',
    },
    ...overrides,
  };
}

export function receiverBody(overrides: Json = {}): Json {
  return {
    name: unique('receiver'),
    status: 'ACTIVE',
    url: 'https://hooks.example.com/in',
    notificationDefinitionIds: [],
    ...overrides,
  };
}

async function created(t: TestApp, token: string, path: string, body: Json): Promise<Json> {
  const res = await t.request('POST', path, token, body);
  if (res.status !== 201) throw new Error(`POST ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as Json;
}

export const createDefinition = (t: TestApp, token: string, overrides: Json = {}) =>
  created(t, token, '/notification-definitions', definitionBody(overrides));
export const createReceiver = (t: TestApp, token: string, overrides: Json = {}) =>
  created(t, token, '/notification-receivers', receiverBody(overrides));

/** An outside event through POST /events; answers its id. */
export async function publish(t: TestApp, token: string, event: Json): Promise<string> {
  const res = await t.request('POST', '/events', token, event);
  if (res.status !== 202) throw new Error(`POST /events answered ${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as Json).id;
}

/** The receiver's JSONB as stored, as text (read with SQL, past the API's masking). */
export async function storedReceiverText(t: TestApp, id: string): Promise<string> {
  const { rows } = await t.built.db.query<{ text: string }>(
    'SELECT doc::text AS text FROM notification_receivers WHERE id = $1',
    [id],
  );
  return rows[0]!.text;
}

/** None of `secrets` (nor the longest line of a PEM one) is in the receiver's stored JSONB, and it holds sealed values. */
export async function expectSealedAtRest(t: TestApp, id: string, secrets: string[]): Promise<void> {
  const text = await storedReceiverText(t, id);
  for (const secret of secrets) {
    const longestLine = secret.split('\n').reduce((a, b) => (b.length > a.length ? b : a), '');
    expect(text).not.toContain(longestLine);
    expect(text).not.toContain(JSON.stringify(secret).slice(1, -1));
  }
  expect(text).toMatch(/"signingSecret": "sealed:v1\./);
}
