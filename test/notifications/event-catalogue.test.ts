import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueRows, eventCatalogue } from '../../src/apis/notifications/event-catalogue.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('the event catalogue of docs/notifications.md', () => {
  it('is the one the declared kinds give (run npm run docs:events when this fails)', () => {
    expect(readFileSync('docs/notifications.md', 'utf8')).toContain(eventCatalogue(t.built.services.definitions()));
  });

  it('lists the generic operations and the changing actions of each kind', () => {
    const rows = catalogueRows(t.built.services.definitions());
    expect(rows).toContainEqual({ subject: 'product', fact: 'updated', operation: 'updateProduct (PUT /products/{id})' });
    expect(rows).toContainEqual({ subject: 'notification', fact: 'updated', operation: 'retryNotification (POST /notifications/{id}/retry)' });
    expect(rows.some((row) => row.subject === 'notification' && row.fact === 'created')).toBe(false);
  });
});
