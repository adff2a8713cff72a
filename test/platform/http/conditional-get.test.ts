import { describe, expect, it } from 'vitest';
import { noneMatchHits } from '../../../src/platform/http/conditional-get.js';
import { useApp } from '../../support/fixture.js';
import { createItem, TERMS } from '../../terms/terms-factories.js';

const { t, operator } = await useApp({ operator: true });

describe('If-None-Match on reads that answer an ETag', () => {
  it('answers 304 without a body while the ETag is current, with the ETag and X-Request-Id', async () => {
    const item = await createItem(t, operator, TERMS);
    const read = await t.request('GET', `/terms/${item.id}`, operator);
    expect(read.headers.etag).toBe('"0"');
    const again = await t.request('GET', `/terms/${item.id}`, operator, undefined, { 'if-none-match': '"0"' });
    expect(again.status).toBe(304);
    expect(again.raw.body).toBe('');
    expect(again.headers.etag).toBe('"0"');
    expect(again.headers['x-request-id']).toEqual(expect.any(String));
    expect(again.headers['content-type']).toBeUndefined();
  });

  it('answers 200 with the record once it has changed', async () => {
    const item = await createItem(t, operator, TERMS);
    expect((await t.request('PUT', `/terms/${item.id}`, operator, TERMS.body({ template: 'v2' }))).status).toBe(200);
    const read = await t.request('GET', `/terms/${item.id}`, operator, undefined, { 'if-none-match': '"0"' });
    expect(read.status).toBe(200);
    expect(read.headers.etag).toBe('"1"');
    expect((read.body as Record<string, unknown>).template).toBe('v2');
  });

  it('matches weak ETags, lists and `*`', async () => {
    const item = await createItem(t, operator, TERMS);
    for (const header of ['W/"0"', '"7", "0"', '*']) {
      expect(
        (await t.request('GET', `/terms/${item.id}`, operator, undefined, { 'if-none-match': header })).status,
        header,
      ).toBe(304);
    }
  });

  it('does not apply to errors: an unknown id is still 404', async () => {
    expect((await t.request('GET', '/terms/unknown', operator, undefined, { 'if-none-match': '*' })).status).toBe(404);
  });

  it('is declared as 304 on every GET operation whose answer carries an ETag, and only there', async () => {
    const doc = t.app.swagger() as Record<string, any>;
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      const get = item.get;
      if (!get) continue;
      const etag = Boolean(get.responses['200']?.headers?.ETag);
      expect(Boolean(get.responses['304']), `GET ${path}`).toBe(etag);
    }
  });
});

describe('noneMatchHits', () => {
  it.each([
    ['"3"', '"3"', true],
    ['W/"3"', '"3"', true],
    ['"3"', 'W/"3"', true],
    ['"1", "2" ,"3"', '"3"', true],
    ['*', '"9"', true],
    ['"4"', '"3"', false],
    ['3', '"3"', false],
    ['', '"3"', false],
  ])('If-None-Match %s against %s -> %s', (header, etag, hit) => {
    expect(noneMatchHits(header, etag)).toBe(hit);
  });
});
