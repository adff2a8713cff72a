import { describe, expect, it } from 'vitest';
import { type Principal, SYSTEM_PRINCIPAL, type TenantScope } from '../../../src/platform/auth/principal.js';
import type { Queryable } from '../../../src/platform/db/database.js';
import { DocumentCache } from '../../../src/platform/resource/store/document-cache.js';
import { useEngineApp } from './engine-test-app.js';
import { testKinds, widgetResource } from './widget.resource.js';
import { createWidget } from './widget-kit.js';

/**
 * The widget kind declares a document cache: reads by id and listings keep the documents they meet and afterwards
 * fetch only those that changed. None of that may ever show a document that is not the current one for the reader.
 */
const ctx = await useEngineApp(testKinds);

const widgets = () => ctx.t.built.services.of(widgetResource);
const listTitles = async (token: string, code: string) =>
  ((await ctx.e.request('GET', `/widgets?code=${code}`, token)).body.items as { title: string }[]).map((w) => w.title);
const readTitle = async (id: string) => (await widgets().getMany(SYSTEM_PRINCIPAL, [id])).get(id)?.title;

describe('document cache of a kind (widgets)', () => {
  it('serves a change another instance made straight in the database, in listings and reads by id', async () => {
    const w = await createWidget(ctx, ctx.operator, { title: 'as created' });
    expect(await listTitles(ctx.operator, w.code)).toEqual(['as created']);
    expect(await readTitle(w.id)).toBe('as created');
    await ctx.t.built.db.query(
      `UPDATE test_widgets SET doc = jsonb_set(doc, '{title}', '"changed elsewhere"') WHERE id = $1`,
      [w.id],
    );
    expect(await listTitles(ctx.operator, w.code)).toEqual(['changed elsewhere']);
    expect(await readTitle(w.id)).toBe('changed elsewhere');
  });

  it('reads a record changed twice in one transaction as it is after each change', async () => {
    const w = await createWidget(ctx, ctx.operator, { title: 'v0' });
    await ctx.t.built.db.transaction(async (tx) => {
      for (const title of ['v1', 'v2']) {
        await widgets().act(SYSTEM_PRINCIPAL, w.id, (doc) => ({ ...doc, title }), { tx });
        expect((await widgets().getMany(SYSTEM_PRINCIPAL, [w.id], { db: tx })).get(w.id)?.title).toBe(title);
      }
    });
    expect(await readTitle(w.id)).toBe('v2');
  });

  it('never serves a change that was rolled back, though it was read inside its transaction', async () => {
    const w = await createWidget(ctx, ctx.operator, { title: 'kept' });
    const rolledBack = ctx.t.built.db.transaction(async (tx) => {
      await widgets().act(SYSTEM_PRINCIPAL, w.id, (doc) => ({ ...doc, title: 'rolled back' }), { tx });
      expect(
        (await widgets().listRecords(SYSTEM_PRINCIPAL, { code: w.code }, widgetResource, { db: tx })).docs[0]?.title,
      ).toBe('rolled back');
      throw new Error('abandon the change');
    });
    await expect(rolledBack).rejects.toThrow('abandon the change');
    expect(await listTitles(ctx.operator, w.code)).toEqual(['kept']);
    expect(await readTitle(w.id)).toBe('kept');
  });

  it("keeps each tenant to its own records: a document another tenant's read left here is not served", async () => {
    const owner = await ctx.t.tenant();
    const other = await ctx.t.tenant();
    const w = await createWidget(ctx, owner.token, { title: 'private' });
    expect(await listTitles(owner.token, w.code)).toEqual(['private']);
    expect(await listTitles(other.token, w.code)).toEqual([]);
    expect((await ctx.e.request('GET', `/widgets/${w.id}`, other.token)).status).toBe(404);
    const otherPrincipal: Principal = {
      ...SYSTEM_PRINCIPAL,
      isOperator: false,
      customerId: other.customerId,
      tenantIds: [other.customerId],
    };
    expect((await widgets().getMany(otherPrincipal, [w.id])).size).toBe(0);
  });

  it('leaves a deleted record out of listings and reads by id', async () => {
    const w = await createWidget(ctx, ctx.operator, { title: 'doomed' });
    expect(await listTitles(ctx.operator, w.code)).toEqual(['doomed']);
    expect((await ctx.e.request('DELETE', `/widgets/${w.id}`, ctx.operator)).status).toBe(204);
    expect(await listTitles(ctx.operator, w.code)).toEqual([]);
    expect(await readTitle(w.id)).toBeUndefined();
  });

  it('fetches a document again only once it has changed', async () => {
    const [a, b] = [await createWidget(ctx, ctx.operator), await createWidget(ctx, ctx.operator)];
    const fetched: string[][] = [];
    const db = ctx.t.built.db;
    const recording: Queryable = {
      async query(sql, params) {
        const result = await db.query(sql, params);
        fetched.push(
          (result.rows as { id?: string; doc?: { id: string } | null }[]).flatMap((row) =>
            row.doc ? [row.doc.id] : [],
          ),
        );
        return result;
      },
    } as Queryable;
    const cache = new DocumentCache(1);
    const scope: TenantScope = { all: true };
    await cache.findByIds(recording, widgetResource, [a.id, b.id], scope);
    await cache.findByIds(recording, widgetResource, [a.id, b.id], scope);
    await ctx.e.request('PUT', `/widgets/${b.id}`, ctx.operator, { code: b.code, title: 'changed' });
    const rows = await cache.findByIds(recording, widgetResource, [a.id, b.id], scope);
    expect(fetched.map((ids) => ids.sort())).toEqual([[a.id, b.id].sort(), [], [b.id]]);
    expect(rows.map((row) => row.doc.title).sort()).toEqual(['A widget', 'changed']);
  });

  it('hands out frozen documents, so no request can change what another one reads', async () => {
    const w = await createWidget(ctx, ctx.operator);
    const doc = (await widgets().getMany(SYSTEM_PRINCIPAL, [w.id])).get(w.id)!;
    expect(Object.isFrozen(doc)).toBe(true);
    expect(() => Object.assign(doc, { title: 'mutated' })).toThrow(TypeError);
  });
});
