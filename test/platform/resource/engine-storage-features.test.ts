import { describe, expect, it } from 'vitest';
import { unique } from '../../support/unique.js';
import { eventsOf } from '../../terms/terms-factories.js';
import { useEngineApp } from './engine-test-app.js';
import { testKinds } from './widget.resource.js';
import { createWidget } from './widget-kit.js';

const ctx = await useEngineApp(testKinds);

const widget = (token: string, fields: Record<string, unknown> = {}) => createWidget(ctx, token, fields);

describe('history: GET /widgets/{widgetId}?version=N', () => {
  it('answers every past version of the record, each with its ETag, and the current one without version', async () => {
    const w = await widget(ctx.operator, { title: 'v0' });
    await ctx.e.request('PUT', `/widgets/${w.id}`, ctx.operator, { code: w.code, title: 'v1' });
    await ctx.e.request('POST', `/widgets/${w.id}/archive`, ctx.operator);
    for (const [version, title] of [
      [0, 'v0'],
      [1, 'v1'],
      [2, 'v1'],
    ] as const) {
      const res = await ctx.e.request('GET', `/widgets/${w.id}?version=${version}`, ctx.operator);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: w.id, title, dbVersion: version });
      expect(res.headers.etag).toBe(`"${version}"`);
    }
    expect((await ctx.e.request('GET', `/widgets/${w.id}?version=2`, ctx.operator)).body.status).toBe('ARCHIVED');
    expect((await ctx.e.request('GET', `/widgets/${w.id}`, ctx.operator)).body.dbVersion).toBe(2);
  });

  it('answers 404 for a version that never was, and for another tenant; 400 for a version that is no number', async () => {
    const owner = await ctx.t.tenant();
    const w = await widget(owner.token);
    expect((await ctx.e.request('GET', `/widgets/${w.id}?version=5`, owner.token)).status).toBe(404);
    const other = await ctx.t.tenant();
    expect((await ctx.e.request('GET', `/widgets/${w.id}?version=0`, other.token)).status).toBe(404);
    expect((await ctx.e.request('GET', `/widgets/${w.id}?version=last`, owner.token)).status).toBe(400);
  });

  it('keeps no version of a write that failed (same transaction)', async () => {
    const w = await widget(ctx.operator);
    const taken = await widget(ctx.operator);
    expect(
      (await ctx.e.request('PUT', `/widgets/${w.id}`, ctx.operator, { code: taken.code, title: 'clash' })).status,
    ).toBe(409);
    expect((await ctx.e.request('GET', `/widgets/${w.id}?version=1`, ctx.operator)).status).toBe(404);
  });

  it('DELETE removes the record and its versions, answers 204, and emits deleted with the record as it was', async () => {
    const w = await widget(ctx.operator, { title: 'doomed' });
    const stale = await ctx.e.request('DELETE', `/widgets/${w.id}`, ctx.operator, undefined, { 'if-match': '"3"' });
    expect(stale.status).toBe(412);
    const res = await ctx.e.request('DELETE', `/widgets/${w.id}`, ctx.operator);
    expect(res.status).toBe(204);
    expect((await ctx.e.request('GET', `/widgets/${w.id}`, ctx.operator)).status).toBe(404);
    expect((await ctx.e.request('GET', `/widgets/${w.id}?version=0`, ctx.operator)).status).toBe(404);
    expect((await ctx.e.request('DELETE', `/widgets/${w.id}`, ctx.operator)).status).toBe(404);
    const deleted = (await eventsOf(ctx.t, 'widget', w.id)).find((e) => e.fact === 'deleted');
    expect(deleted).toMatchObject({
      involved: { widget: { id: w.id, title: 'doomed' } },
      what: { delta: { title: null }, previous: { title: 'doomed' } },
    });
  });
});

describe('unique keys', () => {
  it('answer 409 naming the fields and values when a customer reuses a code, on create and on update', async () => {
    const owner = await ctx.t.tenant();
    const code = unique('dup');
    await widget(owner.token, { code });
    const res = await ctx.e.request('POST', '/widgets', owner.token, { code, title: 'again' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `a widget with customerId "${owner.customerId}" and code "${code}" already exists; customerId + code must be unique`,
    );
    expect(res.body.details[0]).toMatchObject({ errorType: 'CONFLICT', specific: { fields: ['customerId', 'code'] } });
    const other = await widget(owner.token);
    expect((await ctx.e.request('PUT', `/widgets/${other.id}`, owner.token, { code, title: 'x' })).status).toBe(409);
  });

  it('let two customers use the same code', async () => {
    const code = unique('shared');
    await widget((await ctx.t.tenant()).token, { code });
    await widget((await ctx.t.tenant()).token, { code });
  });

  it('hold under concurrency: of 10 simultaneous creates with one code exactly one is stored', async () => {
    const owner = await ctx.t.tenant();
    const code = unique('race');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => ctx.e.request('POST', '/widgets', owner.token, { code, title: 'race' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect((await ctx.e.request('GET', `/widgets?code=${code}`, owner.token)).body.totalItems).toBe(1);
  });
});

describe('search: GET /widgets/search?req=', () => {
  it('finds records by words of their texts, best ranked first, only among what the caller may see', async () => {
    const owner = await ctx.t.tenant();
    const word = unique('zebra').replace(/[^a-z0-9]/gi, '');
    const inTitle = await widget(owner.token, { title: `${word} harness` });
    const inDesc = await widget(owner.token, { title: 'Other', localizedDesc: { en_GB: `a harness for a ${word}` } });
    await widget((await ctx.t.tenant()).token, { title: `${word} from someone else` });
    const res = await ctx.e.request('GET', `/widgets/search?req=${word}`, owner.token);
    expect(res.status).toBe(200);
    expect(res.body.items.map((w: any) => w.id)).toEqual([inTitle.id, inDesc.id]);
    expect(res.body.totalItems).toBe(2);
  });

  it('matches other forms of a word in the text language (French plurals), and phrases and exclusions', async () => {
    const owner = await ctx.t.tenant();
    const tag = unique('tag').replace(/[^a-z0-9]/gi, '');
    const horses = await widget(owner.token, {
      title: tag,
      localizedDesc: { fr_FR: 'Les chevaux courent dans la prairie' },
    });
    await widget(owner.token, { title: tag, localizedDesc: { fr_FR: 'Un chat dort' } });
    const found = await ctx.e.request(
      'GET',
      `/widgets/search?req=${encodeURIComponent(`cheval ${tag}`)}&locale=fr`,
      owner.token,
    );
    expect(found.body.items.map((w: any) => w.id)).toEqual([horses.id]);
    const excluded = await ctx.e.request(
      'GET',
      `/widgets/search?req=${encodeURIComponent(`${tag} -chat`)}`,
      owner.token,
    );
    expect(excluded.body.items.map((w: any) => w.id)).toEqual([horses.id]);
  });

  it('combines with filters and paging, and keeps the index in step with updates', async () => {
    const owner = await ctx.t.tenant();
    const word = unique('quokka').replace(/[^a-z0-9]/gi, '');
    const a = await widget(owner.token, { title: word, status: 'ACTIVE' });
    await widget(owner.token, { title: word, status: 'ARCHIVED' });
    const filtered = await ctx.e.request('GET', `/widgets/search?req=${word}&status=ACTIVE&size=1`, owner.token);
    expect(filtered.body).toMatchObject({ totalItems: 1, size: 1, items: [{ id: a.id }] });
    await ctx.e.request('PUT', `/widgets/${a.id}`, owner.token, { code: a.code, title: 'renamed', status: 'ACTIVE' });
    expect((await ctx.e.request('GET', `/widgets/search?req=${word}&status=ACTIVE`, owner.token)).body.totalItems).toBe(
      0,
    );
  });

  it('answers 400 without text, for text that cannot be stored, and for an unknown filter', async () => {
    for (const query of ['', '?req=', `?req=${'%00'}`, '?req=x&colour=red']) {
      const res = await ctx.e.request('GET', `/widgets/search${query}`, ctx.operator);
      expect(res.status, query).toBe(400);
    }
  });
});

describe('declared operations, record keys and epoch-millisecond dates', () => {
  it('serve only the operations a kind declares', async () => {
    const doc = (await ctx.e.request('GET', '/openapi.json', undefined)).body;
    expect(Object.keys(doc.paths['/ledgers/{name}'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/ledgers'])).toEqual(['get', 'post']);
    const created = await ctx.e.request('POST', '/ledgers', ctx.operator, { name: unique('ledger') });
    expect([404, 405]).toContain(
      (await ctx.e.request('PUT', `/ledgers/${created.body.name}`, ctx.operator, { name: 'x' })).status,
    );
    expect([404, 405]).toContain((await ctx.e.request('DELETE', `/ledgers/${created.body.name}`, ctx.operator)).status);
  });

  it('name the field a non-id key addresses in the path parameter (x-record-field), and none for an id', async () => {
    const doc = (await ctx.e.request('GET', '/openapi.json', undefined)).body;
    const param = (path: string) => doc.paths[path].get.parameters.find((p: any) => p.in === 'path');
    expect(param('/ledgers/{name}').schema['x-record-field']).toBe('name');
    expect(param('/widgets/{widgetId}').schema['x-record-field']).toBeUndefined();
  });

  it('find a record by its declared key (a name), within the caller tenant', async () => {
    const owner = await ctx.t.tenant();
    const name = unique('books');
    const created = await ctx.e.request('POST', '/ledgers', owner.token, { name, balance: 12.5 });
    expect(created.headers.location).toBe(`/ledgers/${name}`);
    const res = await ctx.e.request('GET', `/ledgers/${encodeURIComponent(name)}`, owner.token);
    expect(res.body).toMatchObject({ id: created.body.id, name, balance: 12.5 });
    expect(
      (await ctx.e.request('GET', `/ledgers/${encodeURIComponent(name)}`, (await ctx.t.tenant()).token)).status,
    ).toBe(404);
    expect((await ctx.e.request('POST', '/ledgers', owner.token, { name })).status).toBe(409);
  });

  it("find the caller's own record first when a name is used by the operator and by customers", async () => {
    const name = unique('shared');
    const operatorLedger = await ctx.e.request('POST', '/ledgers', ctx.operator, { name, balance: 1 });
    const first = await ctx.t.tenant();
    const second = await ctx.t.tenant();
    const firstLedger = await ctx.e.request('POST', '/ledgers', first.token, { name, balance: 2 });
    const secondLedger = await ctx.e.request('POST', '/ledgers', second.token, { name, balance: 3 });
    const read = async (token: string) => (await ctx.e.request('GET', `/ledgers/${name}`, token)).body.id;
    expect(await read(second.token)).toBe(secondLedger.body.id);
    expect(await read(first.token)).toBe(firstLedger.body.id);
    expect(await read(ctx.operator)).toBe(operatorLedger.body.id);
    expect(await read((await ctx.t.tenant()).token)).toBe(operatorLedger.body.id);
  });

  it('carry the page fields a kind declares, and serve a collection action at a path of its own', async () => {
    const owner = await ctx.t.tenant();
    await ctx.e.request('POST', '/ledgers', owner.token, { name: unique('a'), balance: 2.5 });
    await ctx.e.request('POST', '/ledgers', owner.token, { name: unique('b'), balance: 4 });
    const mine = `customerId=${owner.customerId}`;
    expect((await ctx.e.request('GET', `/ledgers?${mine}`, owner.token)).body).toMatchObject({
      format: 'ledger-v1',
      totalItems: 2,
    });
    expect((await ctx.e.request('GET', `/ledger-totals?${mine}`, owner.token)).body).toEqual({
      total: 6.5,
      ledgers: 2,
    });
  });

  it('write createDate and updateDate as epoch milliseconds when the kind declares them so', async () => {
    const before = Date.now();
    const created = await ctx.e.request('POST', '/ledgers', ctx.operator, { name: unique('ms') });
    expect(typeof created.body.createDate).toBe('number');
    expect(created.body.createDate).toBeGreaterThanOrEqual(before);
    expect(created.body.updateDate).toBe(created.body.createDate);
    const listed = await ctx.e.request('GET', '/ledgers?sort=createDate,desc&size=1', ctx.operator);
    expect(listed.body.items[0].id).toBe(created.body.id);
  });
});
