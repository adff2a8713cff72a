import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let operator: string;
beforeAll(async () => {
  t = await startTestApp();
  operator = await t.operator();
});
afterAll(() => t.close());

const terms = (overrides: Record<string, unknown> = {}) => ({ startDate: '2026-01-01T00:00:00Z', template: 'tpl', model: 'MOR', status: 'DRAFT', ...overrides });

describe('POST /terms', () => {
  it('creates a terms item at dbVersion 0 and answers 201 with it', async () => {
    const res = await t.request('POST', '/terms', operator, terms({ locale: 'fr_FR' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ template: 'tpl', model: 'MOR', locale: 'fr_FR', dbVersion: 0 });
    expect(res.headers.etag).toBe('"0"');
    expect(res.headers.location).toBe(`/terms/${(res.body as any).id}`);
  });
});

describe('PUT /terms/{id}', () => {
  it('answers 412 for a stale dbVersion and changes nothing', async () => {
    const created = (await t.request('POST', '/terms', operator, terms())).body as any;
    const first = await t.request('PUT', `/terms/${created.id}`, operator, terms({ template: 'v1', dbVersion: 0 }));
    expect(first.status).toBe(200);
    expect((first.body as any).dbVersion).toBe(1);
    const stale = await t.request('PUT', `/terms/${created.id}`, operator, terms({ template: 'v2', dbVersion: 0 }));
    expect(stale.status).toBe(412);
    const after = await t.request('GET', `/terms/${created.id}`, operator);
    expect(after.body).toMatchObject({ template: 'v1', dbVersion: 1 });
  });
});
