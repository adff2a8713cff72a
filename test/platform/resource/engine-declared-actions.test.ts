import { describe, expect, it } from 'vitest';
import { SYSTEM_PRINCIPAL } from '../../../src/platform/auth/principal.js';
import { OPERATOR_SECRET } from '../../support/test-app.js';
import { unique } from '../../support/unique.js';
import { eventsOf } from '../../terms/terms-factories.js';
import { useEngineApp } from './engine-test-app.js';
import { committed, testKinds, widgetResource } from './widget.resource.js';
import { createWidget } from './widget-kit.js';

const ctx = await useEngineApp(testKinds);

const widget = (token: string, fields: Record<string, unknown> = {}) => createWidget(ctx, token, fields);

describe('a changing record action (POST /widgets/{widgetId}/archive)', () => {
  it('changes the record, bumps dbVersion once, answers it with its ETag and records the action as its fact', async () => {
    const w = await widget(ctx.operator);
    const res = await ctx.e.request('POST', `/widgets/${w.id}/archive`, ctx.operator);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: w.id, status: 'ARCHIVED', dbVersion: 1 });
    expect(res.headers.etag).toBe('"1"');
    const events = await eventsOf(ctx.t, 'widget', w.id);
    expect(events.map((e) => e.fact)).toEqual(['created', 'archived']);
    expect(events[1]!.what.delta).toMatchObject({ status: 'ARCHIVED', dbVersion: 1 });
    expect(committed).toContain(`${w.id}:1`);
  });

  it('answers 400 when the action is refused in the current state, and changes nothing', async () => {
    const w = await widget(ctx.operator, { status: 'ARCHIVED' });
    const res = await ctx.e.request('POST', `/widgets/${w.id}/archive`, ctx.operator);
    expect(res.status).toBe(400);
    expect(res.body.details[0]).toMatchObject({ errorType: 'INVALID_STATE' });
    expect((await ctx.e.request('GET', `/widgets/${w.id}`, ctx.operator)).body.dbVersion).toBe(0);
    expect((await eventsOf(ctx.t, 'widget', w.id)).map((e) => e.fact)).toEqual(['created']);
  });

  it('answers 412 for a stale If-Match and changes nothing', async () => {
    const w = await widget(ctx.operator);
    const res = await ctx.e.request('POST', `/widgets/${w.id}/archive`, ctx.operator, undefined, { 'if-match': '"7"' });
    expect(res.status).toBe(412);
    expect((await ctx.e.request('GET', `/widgets/${w.id}`, ctx.operator)).body.status).toBeUndefined();
  });

  it("answers 404 for another tenant's record, 403 without the write scope, 401 without a token", async () => {
    const owner = await ctx.t.tenant();
    const other = await ctx.t.tenant();
    const w = await widget(owner.token);
    expect((await ctx.e.request('POST', `/widgets/${w.id}/archive`, other.token)).status).toBe(404);
    const reader = await ctx.t.token({
      realmName: 'operator',
      grantType: 'client_credentials',
      clientSecret: OPERATOR_SECRET,
      scope: 'catalog:read',
    });
    expect((await ctx.e.request('POST', `/widgets/${w.id}/archive`, reader.access_token)).status).toBe(403);
    expect((await ctx.e.request('POST', `/widgets/${w.id}/archive`, undefined)).status).toBe(401);
    expect((await ctx.e.request('POST', `/widgets/${w.id}/archive`, owner.token)).status).toBe(200);
  });

  it('is in the OpenAPI document under its operationId, with its scope', async () => {
    const doc = (await ctx.e.request('GET', '/openapi.json', undefined)).body;
    const operation = doc.paths['/widgets/{widgetId}/archive'].post;
    expect(operation.operationId).toBe('archiveWidget');
    expect(operation.security).toEqual([{ bearerAuth: ['catalog:write'] }]);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '404', '412']));
  });
});

describe('a reading record action (GET /widgets/{widgetId}/twin/{suffix})', () => {
  it('gets the visible record and its own path parameter, and changes nothing', async () => {
    const owner = await ctx.t.tenant();
    const w = await widget(owner.token, { code: unique('twin') });
    const res = await ctx.e.request('GET', `/widgets/${w.id}/twin/copy`, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: w.id, code: `${w.code}-copy`, dbVersion: 0 });
    const other = await ctx.t.tenant();
    expect((await ctx.e.request('GET', `/widgets/${w.id}/twin/copy`, other.token)).status).toBe(404);
    expect((await ctx.e.request('GET', `/widgets/${w.id}`, owner.token)).body.dbVersion).toBe(0);
  });
});

describe('a collection action in one transaction (PUT /widgets/rename)', () => {
  it('changes every listed record, each with its event', async () => {
    const [a, b] = [await widget(ctx.operator), await widget(ctx.operator)];
    const res = await ctx.e.request('PUT', '/widgets/rename', ctx.operator, { ids: [a.id, b.id], prefix: 'New ' });
    expect(res.status).toBe(200);
    expect(res.body.map((w: any) => w.title)).toEqual(['New A widget', 'New A widget']);
    expect((await eventsOf(ctx.t, 'widget', b.id)).map((e) => e.fact)).toEqual(['created', 'updated']);
  });

  it('is all or nothing: a failure on the last record leaves the first unchanged, with no event and no after-commit work', async () => {
    const a = await widget(ctx.operator);
    const b = await widget(ctx.operator, { title: 'x'.repeat(195) });
    const before = committed.length;
    const res = await ctx.e.request('PUT', '/widgets/rename', ctx.operator, { ids: [a.id, b.id], prefix: 'Longer ' });
    expect(res.status).toBe(400);
    expect((await ctx.e.request('GET', `/widgets/${a.id}`, ctx.operator)).body).toMatchObject({
      title: 'A widget',
      dbVersion: 0,
    });
    expect((await eventsOf(ctx.t, 'widget', a.id)).map((e) => e.fact)).toEqual(['created']);
    expect(committed.length).toBe(before);
  });

  it('answers 404 and changes nothing when one id is not visible', async () => {
    const a = await widget(ctx.operator);
    const res = await ctx.e.request('PUT', '/widgets/rename', ctx.operator, {
      ids: [a.id, 'no-such-widget'],
      prefix: 'X',
    });
    expect(res.status).toBe(404);
    expect((await ctx.e.request('GET', `/widgets/${a.id}`, ctx.operator)).body.title).toBe('A widget');
  });
});

describe('a dry run (POST /widgets/import?dryRun=true)', () => {
  it('answers what would be stored, and stores nothing and emits no event', async () => {
    const code = unique('dry');
    const res = await ctx.e.request('POST', '/widgets/import?dryRun=true', ctx.operator, { code, title: 'Dry' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ code, title: 'Dry', dbVersion: 0 });
    expect((await ctx.e.request('GET', `/widgets/${res.body.id}`, ctx.operator)).status).toBe(404);
    expect(await eventsOf(ctx.t, 'widget', res.body.id)).toEqual([]);
    expect(committed.some((entry) => entry.startsWith(res.body.id))).toBe(false);
  });

  it('stores the record when it is not a dry run', async () => {
    const res = await ctx.e.request('POST', '/widgets/import', ctx.operator, { code: unique('wet'), title: 'Wet' });
    expect(res.status).toBe(201);
    expect((await ctx.e.request('GET', `/widgets/${res.body.id}`, ctx.operator)).status).toBe(200);
  });
});

describe('caller-owned transactions', () => {
  it('create, update, act and delete join the caller transaction; a rollback keeps none of them and runs no after-commit work', async () => {
    const records = ctx.t.built.services.of(widgetResource);
    const kept = await widget(ctx.operator);
    const before = committed.length;
    let createdId = '';
    await expect(
      ctx.t.built.db.transaction(async (tx) => {
        createdId = String(
          (await records.create(SYSTEM_PRINCIPAL, { code: unique('tx'), title: 'In tx' }, { tx })).doc.id,
        );
        await records.update(SYSTEM_PRINCIPAL, kept.id, { code: kept.code, title: 'Changed' }, { tx });
        await records.act(SYSTEM_PRINCIPAL, kept.id, (doc) => ({ ...doc, size: 3 }), { tx });
        throw new Error('the domain operation failed later');
      }),
    ).rejects.toThrow('failed later');
    expect((await ctx.e.request('GET', `/widgets/${createdId}`, ctx.operator)).status).toBe(404);
    expect((await ctx.e.request('GET', `/widgets/${kept.id}`, ctx.operator)).body).toMatchObject({
      title: 'A widget',
      dbVersion: 0,
    });
    expect(await eventsOf(ctx.t, 'widget', createdId)).toEqual([]);
    expect(committed.length).toBe(before);
  });
});
