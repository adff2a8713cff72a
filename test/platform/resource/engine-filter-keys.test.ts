import { describe, expect, it } from 'vitest';
import { filterKeysSql } from '../../../src/platform/resource/sql/filter-keys.js';
import { pendingStorage, storageStatements } from '../../../src/platform/resource/sql/storage-ddl.js';
import { checkStorage } from '../../../src/platform/resource/sql/storage-objects.js';
import { unique } from '../../support/unique.js';
import { useEngineApp } from './engine-test-app.js';
import { gadgetResource } from './gadget.resource.js';

/**
 * Listings restricted to customers match text, array and boolean filters against each record's filter keys
 * (`filter-keys.ts`). These tests hold them to what the JSONB containment of the operator's listings answers.
 */
const ctx = await useEngineApp([gadgetResource]);

async function gadget(token: string, fields: Record<string, unknown>): Promise<{ id: string; dbVersion: number }> {
  const res = await ctx.e.request('POST', '/gadgets', token, fields);
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Ids and total of a listing; size 1 makes the total a count of its own, not the length of a short first page. */
async function listed(token: string, query: string): Promise<{ ids: string[]; total: number }> {
  const first = await ctx.e.request('GET', `/gadgets?${query}&size=1`, token);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const all = await ctx.e.request('GET', `/gadgets?${query}&size=100`, token);
  return { ids: all.body.items.map((item: { id: string }) => item.id), total: first.body.totalItems };
}

describe('listings restricted to customers (filter keys)', () => {
  it("match text, array, boolean and nested filters on the tenant's records only, with counted totals", async () => {
    const owner = await ctx.t.tenant();
    const other = await ctx.t.tenant();
    const name = unique('keyed');
    const fields = { name, tags: ['red', 'blue'], enabled: true, colour: 'RED', auth: { user: 'ann' } };
    const a = await gadget(owner.token, fields);
    const b = await gadget(owner.token, {
      ...fields,
      tags: ['green'],
      enabled: false,
      colour: 'GREEN',
      auth: { user: 'bob' },
    });
    await gadget(other.token, fields);
    const cases: [string, string[]][] = [
      [`name=${name}`, [a.id, b.id]],
      [`name=${name}&tags=blue`, [a.id]],
      [`name=${name}&tags=green,blue`, [a.id, b.id]],
      [`name=${name}&tags=yellow`, []],
      [`name=${name}&enabled=false`, [b.id]],
      [`name=${name}&colour=RED&enabled=true&tags=red`, [a.id]],
      [`name=${name}&owner=bob`, [b.id]],
      [`predicate=${encodeURIComponent(JSON.stringify({ name, tags: ['red', 'green'] }))}`, [a.id, b.id]],
    ];
    for (const [query, ids] of cases) {
      expect(await listed(owner.token, query), query).toEqual({ ids, total: ids.length });
      expect(await listed(owner.token, `${query}&customerId=${owner.customerId}`), `${query} for the customer`).toEqual(
        { ids, total: ids.length },
      );
      expect(await listed(ctx.operator, `${query}&customerId=${owner.customerId}`), `${query} by the operator`).toEqual(
        { ids, total: ids.length },
      );
    }
  });

  it("answer a reseller's authorized customers' records and the operator's own records", async () => {
    const name = unique('reseller');
    const client = await ctx.t.tenant();
    const reseller = await ctx.t.tenant(undefined, [client.customerId]);
    const own = await gadget(reseller.token, { name, tags: ['x'] });
    const clients = await gadget(ctx.operator, { name, tags: ['x'], customerId: client.customerId });
    const operators = await gadget(ctx.operator, { name, tags: ['x'] });
    await gadget(ctx.operator, { name, tags: ['y'], customerId: client.customerId });
    expect(await listed(reseller.token, `name=${name}&tags=x`)).toEqual({
      ids: [own.id, clients.id, operators.id],
      total: 3,
    });
    expect(await listed(reseller.token, `name=${name}&tags=x&customerId=${client.customerId}`)).toEqual({
      ids: [clients.id],
      total: 1,
    });
    expect(await listed(client.token, `name=${name}&tags=x`)).toEqual({ ids: [clients.id, operators.id], total: 2 });
  });

  it('follow updates: a record that no longer matches leaves the listing, one that now matches enters it', async () => {
    const owner = await ctx.t.tenant();
    const name = unique('moved');
    const g = await gadget(owner.token, { name, tags: ['old'], enabled: true });
    const put = await ctx.e.request('PUT', `/gadgets/${g.id}`, owner.token, {
      name,
      tags: ['new'],
      enabled: false,
      dbVersion: g.dbVersion,
    });
    expect(put.status).toBe(200);
    expect(await listed(owner.token, `name=${name}&tags=old`)).toEqual({ ids: [], total: 0 });
    expect(await listed(owner.token, `name=${name}&tags=new&enabled=false`)).toEqual({ ids: [g.id], total: 1 });
  });

  it('match values longer than a key holds, and tell apart long values that share their beginning', async () => {
    const owner = await ctx.t.tenant();
    const long = `${unique('long')}-${'x'.repeat(3000)}`;
    const g = await gadget(owner.token, { name: `${long}-1`, tags: [`${long}-tag`] });
    await gadget(owner.token, { name: `${long}-2`, tags: [`${long}-other`] });
    expect(await listed(owner.token, `name=${long}-1`)).toEqual({ ids: [g.id], total: 1 });
    expect(await listed(owner.token, `tags=${long}-tag`)).toEqual({ ids: [g.id], total: 1 });
  });

  it('are recomputed by the generated migration when they were made from other declarations, and left alone otherwise', async () => {
    const owner = await ctx.t.tenant();
    const name = unique('stale');
    const g = await gadget(owner.token, { name, tags: ['kept'] });
    const db = ctx.t.built.db;
    const warn = (message: string) => {
      throw new Error(message);
    };
    // As a table written before the column existed, or under other declarations, holds them.
    await db.query(`UPDATE test_gadgets SET filter_keys = '{}' WHERE id = $1`, [g.id]);
    // Made from these declarations (the column's comment says so): nothing to generate, and the kind's statements leave them.
    expect(await pendingStorage(db, [gadgetResource])).toEqual([]);
    for (const statement of storageStatements(gadgetResource)) await db.query(statement);
    expect((await listed(owner.token, `name=${name}&tags=kept`)).total).toBe(0);
    await db.query(`COMMENT ON COLUMN test_gadgets.filter_keys IS 'from other declarations'`);
    await expect(checkStorage(db, [gadgetResource], warn)).rejects.toThrow(
      'kind gadget (table test_gadgets): filter keys made from other declarations',
    );
    const pending = await pendingStorage(db, [gadgetResource]);
    expect(pending.map((statement) => statement.object)).toEqual([
      'test_gadgets.filter_keys (keys)',
      'test_gadgets.filter_keys (signature)',
    ]);
    for (const statement of pending) await db.query(statement.sql);
    expect(await listed(owner.token, `name=${name}&tags=kept`)).toEqual({ ids: [g.id], total: 1 });
    await checkStorage(db, [gadgetResource], warn);
  });

  it('are computed alike by the engine and by PostgreSQL (filterKeysSql), for statements that write documents in SQL', async () => {
    const owner = await ctx.t.tenant();
    const long = `${'é'.repeat(60)}-${'x'.repeat(200)}`;
    const docs = [
      { name: 'plain', tags: ['a', 'b'], enabled: true, colour: 'RED', auth: { user: 'ann' } },
      { name: `ünïcode-😀-${'é'.repeat(70)}`, tags: [long, 'ok'], enabled: false },
      { name: long, tags: [] },
    ];
    for (const doc of docs) {
      const g = await gadget(owner.token, doc);
      const { rows } = await ctx.t.built.db.query<{ stored: string[]; computed: string[] }>(
        `SELECT filter_keys AS stored, ${filterKeysSql(gadgetResource.filters, 'doc', 'customer_id')} AS computed FROM test_gadgets WHERE id = $1`,
        [g.id],
      );
      expect([...rows[0]!.computed].sort(), doc.name).toEqual([...rows[0]!.stored].sort());
      expect(rows[0]!.stored.length).toBeGreaterThan(0);
    }
  });
});
