import { describe, expect, it } from 'vitest';
import { expectSimpleError, unique } from '../../terms/terms-factories.js';
import { useEngineApp } from './engine-test-app.js';
import { gadgetResource } from './gadget.resource.js';

const ctx = await useEngineApp([gadgetResource]);

async function gadget(fields: Record<string, unknown>, token = ctx.operator): Promise<Record<string, any>> {
  const res = await ctx.e.request('POST', '/gadgets', token, fields);
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

describe('GET /gadgets/unwind', () => {
  it('gives one item per array element, with the element in place of the array and empty:false', async () => {
    const name = unique('unwind');
    const g = await gadget({ name, tags: ['a', 'b', 'c'], weight: 3 });
    const res = await ctx.e.request('GET', `/gadgets/unwind?target=tags&name=${name}`, ctx.operator);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual(['a', 'b', 'c'].map((tag) => ({ ...g, tags: tag, empty: false })));
    expect(res.body).toMatchObject({ totalItems: 3, totalPages: 1, last: true, number: 0, size: 20 });
  });

  it('gives one item with empty:true for a record whose array is empty or missing', async () => {
    const name = unique('unwind-empty');
    const none = await gadget({ name, weight: 1 });
    const empty = await gadget({ name, tags: [], weight: 2 });
    const res = await ctx.e.request('GET', `/gadgets/unwind?target=tags&name=${name}&sort=weight,asc`, ctx.operator);
    expect(res.body.items).toEqual([
      { ...none, empty: true },
      { ...withoutTags(empty), empty: true },
    ]);
    expect(res.body.totalItems).toBe(2);
  });

  it('keeps record order (sort) and element order, and pages over the unwound items', async () => {
    const name = unique('unwind-page');
    await gadget({ name, tags: ['x1', 'x2'], weight: 2 });
    await gadget({ name, tags: ['y1', 'y2', 'y3'], weight: 1 });
    const page = (n: number) =>
      ctx.e.request('GET', `/gadgets/unwind?target=tags&name=${name}&sort=weight,asc&size=2&page=${n}`, ctx.operator);
    const pages = await Promise.all([0, 1, 2, 3].map(page));
    expect(pages.map((p) => p.body.items.map((i: any) => i.tags))).toEqual([['y1', 'y2'], ['y3', 'x1'], ['x2'], []]);
    expect(pages.map((p) => p.body.last)).toEqual([false, false, true, true]);
    for (const p of pages) expect(p.body).toMatchObject({ totalItems: 5, totalPages: 3, size: 2 });
  });

  it('takes page, size and filters from pageable and predicate', async () => {
    const name = unique('unwind-json');
    await gadget({ name, tags: ['p', 'q', 'r'] });
    const query = `pageable=${encodeURIComponent('{"page":1,"size":2}')}&predicate=${encodeURIComponent(JSON.stringify({ name }))}`;
    const res = await ctx.e.request('GET', `/gadgets/unwind?target=tags&${query}`, ctx.operator);
    expect(res.body.items.map((i: any) => i.tags)).toEqual(['r']);
    expect(res.body).toMatchObject({ number: 1, size: 2, totalItems: 3 });
  });

  it('unwinds an integer array too', async () => {
    const name = unique('unwind-int');
    await gadget({ name, sizes: [36, 38] });
    const res = await ctx.e.request('GET', `/gadgets/unwind?target=sizes&name=${name}`, ctx.operator);
    expect(res.body.items.map((i: any) => [i.sizes, i.empty])).toEqual([
      [36, false],
      [38, false],
    ]);
  });

  it('masks secrets in unwound items', async () => {
    const name = unique('unwind-secret');
    await gadget({ name, tags: ['a'], apiKey: 'clear-key' });
    const res = await ctx.e.request('GET', `/gadgets/unwind?target=tags&name=${name}`, ctx.operator);
    expect(res.body.items[0].apiKey).toBe('********');
  });

  it('shows a tenant only what it may see', async () => {
    const name = unique('unwind-tenant');
    const a = await ctx.t.tenant();
    const b = await ctx.t.tenant();
    await gadget({ name, tags: ['mine'] }, a.token);
    await gadget({ name, tags: ['theirs'] }, b.token);
    const res = await ctx.e.request('GET', `/gadgets/unwind?target=tags&name=${name}`, a.token);
    expect(res.body.items.map((i: any) => i.tags)).toEqual(['mine']);
  });

  it('answers 400 when the target is not an array field', async () => {
    expectSimpleError(
      await ctx.e.request('GET', '/gadgets/unwind?target=name', ctx.operator),
      400,
      'querystring.target field "name" is not an array field',
    );
  });

  it('answers 400 when the target is missing, unknown, or names two fields', async () => {
    expectSimpleError(
      await ctx.e.request('GET', '/gadgets/unwind', ctx.operator),
      400,
      'querystring.target is required',
    );
    expectSimpleError(await ctx.e.request('GET', '/gadgets/unwind?target=colours', ctx.operator), 400, 'colours');
    expectSimpleError(
      await ctx.e.request('GET', '/gadgets/unwind?target=tags&target=sizes', ctx.operator),
      400,
      'exactly one field',
    );
  });
});

describe('GET /gadgets/recap', () => {
  it('counts each element of an array field, largest count first', async () => {
    const name = unique('recap-array');
    await gadget({ name, tags: ['a', 'b'] });
    await gadget({ name, tags: ['b', 'c'] });
    await gadget({ name, tags: ['b'] });
    await gadget({ name, tags: [] });
    const res = await ctx.e.request('GET', `/gadgets/recap?target=tags&name=${name}`, ctx.operator);
    expect(res.body.items).toEqual([
      { targetValue: 'b', count: 3 },
      { targetValue: 'a', count: 1 },
      { targetValue: 'c', count: 1 },
    ]);
    expect(res.body).toMatchObject({ totalItems: 3, totalPages: 1 });
  });

  it('gives non-string values as their JSON text', async () => {
    const name = unique('recap-int');
    await gadget({ name, weight: 5, enabled: true });
    await gadget({ name, weight: 5, enabled: false });
    expect((await ctx.e.request('GET', `/gadgets/recap?target=weight&name=${name}`, ctx.operator)).body.items).toEqual([
      { targetValue: '5', count: 2 },
    ]);
    const enabled = await ctx.e.request('GET', `/gadgets/recap?target=enabled&name=${name}`, ctx.operator);
    expect(enabled.body.items).toEqual([
      { targetValue: 'false', count: 1 },
      { targetValue: 'true', count: 1 },
    ]);
  });

  it('groups on a nested field', async () => {
    const name = unique('recap-nested');
    await gadget({ name, auth: { user: 'ann' } });
    await gadget({ name, auth: { user: 'ann' } });
    const res = await ctx.e.request('GET', `/gadgets/recap?target=auth.user&name=${name}`, ctx.operator);
    expect(res.body.items).toEqual([{ targetValue: 'ann', count: 2 }]);
  });
});

function withoutTags(doc: Record<string, any>): Record<string, any> {
  const { tags: _tags, ...rest } = doc;
  return rest;
}
