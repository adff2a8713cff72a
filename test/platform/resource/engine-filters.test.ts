import { beforeAll, describe, expect, it } from 'vitest';
import { expectSimpleError, unique } from '../../terms/terms-factories.js';
import { useEngineApp } from './engine-test-app.js';
import { gadgetResource } from './gadget.resource.js';

const ctx = await useEngineApp([gadgetResource]);

/** Creates gadgets named `name` with the given fields; returns their weights' order of creation. */
async function gadgets(name: string, fields: Record<string, unknown>[]): Promise<void> {
  for (const f of fields) {
    const res = await ctx.e.request('POST', '/gadgets', ctx.operator, { name, ...f });
    if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
}

async function weights(query: string): Promise<number[]> {
  const res = await ctx.e.request('GET', `/gadgets?${query}&sort=weight,asc`, ctx.operator);
  if (res.status !== 200) throw new Error(`list answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.items.map((i: any) => i.weight);
}

describe('GET /gadgets (array filter)', () => {
  let name: string;
  beforeAll(async () => {
    name = unique('tags');
    await gadgets(name, [
      { weight: 1, tags: ['red', 'blue'] },
      { weight: 2, tags: ['green'] },
      { weight: 3, tags: ['blue', 'yellow'] },
      { weight: 4, tags: [] },
      { weight: 5 },
    ]);
  });

  it('matches records whose array contains the value', async () => {
    expect(await weights(`name=${name}&tags=blue`)).toEqual([1, 3]);
  });

  it('matches any value of a comma list', async () => {
    expect(await weights(`name=${name}&tags=green,yellow`)).toEqual([2, 3]);
  });

  it('matches any value of a repeated parameter', async () => {
    expect(await weights(`name=${name}&tags=red&tags=green`)).toEqual([1, 2]);
  });

  it('matches any value of a predicate array or comma list', async () => {
    const predicate = (p: object) => `predicate=${encodeURIComponent(JSON.stringify({ name, ...p }))}`;
    expect(await weights(predicate({ tags: ['green', 'red'] }))).toEqual([1, 2]);
    expect(await weights(predicate({ tags: 'yellow,green' }))).toEqual([2, 3]);
  });

  it('matches nothing for a value no record holds', async () => {
    expect(await weights(`name=${name}&tags=purple`)).toEqual([]);
  });
});

describe('GET /gadgets (typed filters)', () => {
  let name: string;
  beforeAll(async () => {
    name = unique('typed');
    await gadgets(name, [
      { weight: 10, enabled: true, auth: { user: 'ann' }, colour: 'RED' },
      { weight: 20, enabled: false, auth: { user: 'bob' } },
      { weight: 30, enabled: true },
    ]);
  });

  it('filters an integer field by its numeric value', async () => {
    expect(await weights(`name=${name}&weight=20`)).toEqual([20]);
    expect(await weights(`predicate=${encodeURIComponent(JSON.stringify({ name, weight: 30 }))}`)).toEqual([30]);
  });

  it('filters a boolean field on true and false', async () => {
    expect(await weights(`name=${name}&enabled=true`)).toEqual([10, 30]);
    expect(await weights(`name=${name}&enabled=false`)).toEqual([20]);
    expect(await weights(`predicate=${encodeURIComponent(JSON.stringify({ name, enabled: 'false' }))}`)).toEqual([20]);
  });

  it('filters an enum field without checking the value: an unknown one matches nothing', async () => {
    expect(await weights(`name=${name}&colour=RED`)).toEqual([10]);
    const res = await ctx.e.request('GET', `/gadgets?name=${name}&colour=PURPLE`, ctx.operator);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ items: [], totalItems: 0 });
  });

  it('filters on a nested path under the filter name', async () => {
    expect(await weights(`name=${name}&owner=bob`)).toEqual([20]);
  });

  it('answers 400 naming the filter for a value of the wrong type', async () => {
    expectSimpleError(await ctx.e.request('GET', '/gadgets?weight=heavy', ctx.operator), 400, 'querystring.weight');
    expectSimpleError(await ctx.e.request('GET', '/gadgets?enabled=maybe', ctx.operator), 400, 'querystring.enabled');
    const predicate = (p: object) => `/gadgets?predicate=${encodeURIComponent(JSON.stringify(p))}`;
    expectSimpleError(
      await ctx.e.request('GET', predicate({ weight: 1.5 }), ctx.operator),
      400,
      'querystring.weight must be a whole number',
    );
    expectSimpleError(
      await ctx.e.request('GET', predicate({ enabled: 'maybe' }), ctx.operator),
      400,
      'querystring.enabled must be true or false',
    );
    expectSimpleError(
      await ctx.e.request('GET', predicate({ name: { $ne: 'x' } }), ctx.operator),
      400,
      'querystring.name must be a string',
    );
  });

  it('answers 400 past the highest page index, in the flat form as in pageable', async () => {
    const message = 'querystring.page must be at most 1000000';
    expectSimpleError(await ctx.e.request('GET', '/gadgets?page=1000001', ctx.operator), 400, message);
    expectSimpleError(
      await ctx.e.request('GET', `/gadgets?pageable=${encodeURIComponent('{"page":1000001}')}`, ctx.operator),
      400,
      message,
    );
    expect((await ctx.e.request('GET', `/gadgets?name=${name}&page=1000000`, ctx.operator)).body).toMatchObject({
      items: [],
      number: 1000000,
    });
  });

  it('sorts on an integer field numerically, not as text', async () => {
    const sorted = await ctx.e.request('GET', `/gadgets?name=${name}&sort=weight,desc`, ctx.operator);
    expect(sorted.body.items.map((i: any) => i.weight)).toEqual([30, 20, 10]);
  });

  it('answers 400 for sorting on an array or object field', async () => {
    expectSimpleError(await ctx.e.request('GET', '/gadgets?sort=tags', ctx.operator), 400, 'cannot be sorted');
    expectSimpleError(await ctx.e.request('GET', '/gadgets?sort=auth', ctx.operator), 400, 'cannot be sorted');
  });

  it('sorts on a nested field', async () => {
    const sorted = await ctx.e.request('GET', `/gadgets?name=${name}&sort=auth.user,desc`, ctx.operator);
    expect(sorted.body.items.map((i: any) => i.weight)).toEqual([20, 10, 30]);
  });

  it('projects a nested target', async () => {
    const res = await ctx.e.request('GET', `/gadgets?name=${name}&owner=ann&target=auth.user`, ctx.operator);
    expect(res.body.items).toEqual([{ id: expect.any(String), auth: { user: 'ann' } }]);
  });
});
