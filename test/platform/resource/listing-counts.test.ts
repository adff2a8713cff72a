import { describe, expect, it } from 'vitest';
import { type Principal, SYSTEM_PRINCIPAL } from '../../../src/platform/auth/principal.js';
import { FOLDED_AFTER, foldRecordChanges } from '../../../src/platform/resource/store/record-changes.js';
import { onPostgres } from '../../support/database-kind.js';
import { useEngineApp } from './engine-test-app.js';
import { testKinds, widgetResource } from './widget.resource.js';
import { createWidget } from './widget-kit.js';

/**
 * A listing's total is counted once and kept under the generation of the owners it reads (migration 0025,
 * store/listing-counts.ts): every write of those owners, whoever makes it, gives them a new generation, so a kept
 * count is never served after the rows changed, and a count made inside a transaction that was rolled back is never
 * served to anyone.
 */
const ctx = await useEngineApp(testKinds);
const widgets = () => ctx.t.built.services.of(widgetResource);

const totalOf = async (token: string, query: string) => {
  const res = await ctx.e.request('GET', `/widgets?${query}`, token);
  expect(res.status).toBe(200);
  return res.body.totalItems as number;
};

describe("a listing's total (counts kept under the owners' generations)", () => {
  it('follows every write of the owner: the service’s, one made straight in SQL, and never one rolled back', async () => {
    const tenant = await ctx.t.tenant();
    const made: Record<string, any>[] = [];
    for (let n = 0; n < 4; n += 1) made.push(await createWidget(ctx, tenant.token, { status: 'ACTIVE' }));
    await createWidget(ctx, tenant.token, { status: 'ARCHIVED' });
    // Two a page: the first page is full, so the total is counted, then kept.
    const active = 'status=ACTIVE&size=2';
    expect(await totalOf(tenant.token, active)).toBe(4);
    expect(await totalOf(tenant.token, active)).toBe(4);

    await createWidget(ctx, tenant.token, { status: 'ACTIVE' });
    expect(await totalOf(tenant.token, active)).toBe(5);
    const archived = await ctx.e.request('PUT', `/widgets/${made[0]!.id}`, tenant.token, {
      code: made[0]!.code,
      title: 'archived now',
      status: 'ARCHIVED',
    });
    expect(archived.status).toBe(200);
    expect(await totalOf(tenant.token, active)).toBe(4);

    // Another tool deletes a row in SQL, from a session set to another schema: the table's trigger still gives the
    // owner a new generation, in the table's own schema.
    await ctx.t.built.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ schema: string }>('SELECT current_schema() AS schema');
      await tx.query('SET LOCAL search_path TO pg_catalog');
      await tx.query(`DELETE FROM "${rows[0]!.schema}".test_widgets WHERE id = $1`, [made[1]!.id]);
    });
    expect(await totalOf(tenant.token, active)).toBe(3);

    const owner: Principal = {
      ...SYSTEM_PRINCIPAL,
      isOperator: false,
      customerId: tenant.customerId,
      tenantIds: [tenant.customerId],
    };
    const rolledBack = ctx.t.built.db.transaction(async (tx) => {
      for (let n = 0; n < 2; n += 1)
        await widgets().create(
          owner,
          { code: `rolled-${n}-${made[2]!.code}`, title: 'never', status: 'ACTIVE' },
          { tx },
        );
      const inside = await widgets().listRecords(owner, { status: 'ACTIVE', size: 2 }, widgetResource, { db: tx });
      expect(inside.total).toBe(5);
      throw new Error('abandon the widgets');
    });
    await expect(rolledBack).rejects.toThrow('abandon the widgets');
    expect(await totalOf(tenant.token, active)).toBe(3);
    // The owner's next write takes a generation no one saw inside the rolled-back transaction.
    await createWidget(ctx, tenant.token, { status: 'ACTIVE' });
    expect(await totalOf(tenant.token, active)).toBe(4);
  });

  it('counts each owner apart: a write of one customer changes no total of another', async () => {
    const [a, b] = [await ctx.t.tenant(), await ctx.t.tenant()];
    for (const tenant of [a, b])
      for (let n = 0; n < 3; n += 1) await createWidget(ctx, tenant.token, { status: 'ACTIVE' });
    expect([await totalOf(a.token, 'status=ACTIVE&size=1'), await totalOf(b.token, 'status=ACTIVE&size=1')]).toEqual([
      3, 3,
    ]);
    await createWidget(ctx, b.token, { status: 'ACTIVE' });
    expect([await totalOf(a.token, 'status=ACTIVE&size=1'), await totalOf(b.token, 'status=ACTIVE&size=1')]).toEqual([
      3, 4,
    ]);
  });

  it('stays exact when an owner’s change rows are folded into one, and after the writes that follow', async () => {
    const tenant = await ctx.t.tenant();
    for (let n = 0; n < FOLDED_AFTER + 3; n += 1)
      await createWidget(ctx, tenant.token, { status: n % 3 === 0 ? 'ARCHIVED' : 'ACTIVE' });
    const active = 'status=ACTIVE&size=2';
    const before = await totalOf(tenant.token, active);
    expect(before).toBe(23);
    const changesOf = async () =>
      (
        await ctx.t.built.db.query<{ rows: string }>(
          `SELECT count(*)::text AS rows FROM record_changes WHERE table_name = 'test_widgets' AND customer_id = $1`,
          [tenant.customerId],
        )
      ).rows[0]!.rows;
    expect(Number(await changesOf())).toBeGreaterThan(FOLDED_AFTER);

    expect(await foldRecordChanges(ctx.t.built.db)).toBeGreaterThanOrEqual(FOLDED_AFTER + 2);
    expect(await changesOf()).toBe('1');
    expect(await totalOf(tenant.token, active)).toBe(before);
    await createWidget(ctx, tenant.token, { status: 'ACTIVE' });
    expect(await totalOf(tenant.token, active)).toBe(before + 1);
  });

  // PGlite has one connection: its transactions run one after another whatever the tables do.
  it.skipIf(!onPostgres)(
    'lets a write of an owner finish while another write of that owner is not committed yet',
    async () => {
      const tenant = await ctx.t.tenant();
      await createWidget(ctx, tenant.token, { status: 'ACTIVE' });
      const owner: Principal = {
        ...SYSTEM_PRINCIPAL,
        isOperator: false,
        customerId: tenant.customerId,
        tenantIds: [tenant.customerId],
      };
      let finishFirst = () => {};
      const held = new Promise<void>((resolve) => {
        finishFirst = resolve;
      });
      let firstWrote = () => {};
      const wrote = new Promise<void>((resolve) => {
        firstWrote = resolve;
      });
      const first = ctx.t.built.db.transaction(async (tx) => {
        await widgets().create(owner, { code: `held-${tenant.customerId}`, title: 'held', status: 'ACTIVE' }, { tx });
        firstWrote();
        await held;
      });
      await wrote;
      // With one row per owner updated by every write, this create waited for the first transaction's commit (and
      // this test for ever); appended rows take no lock another write of the owner needs.
      await createWidget(ctx, tenant.token, { status: 'ACTIVE' });
      expect(await totalOf(tenant.token, 'status=ACTIVE&size=1')).toBe(2);
      finishFirst();
      await first;
      expect(await totalOf(tenant.token, 'status=ACTIVE&size=1')).toBe(3);
    },
  );
  it('answers every one of many first requests of a listing at once, each with the page and the exact total', async () => {
    const tenant = await ctx.t.tenant();
    for (let n = 0; n < 5; n += 1) await createWidget(ctx, tenant.token, { status: 'ACTIVE' });
    // No count of this listing is known yet: one request counts, the others wait for it (ListingCounts.firstCount).
    const first = 'status=ACTIVE&size=2';
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => ctx.e.request('GET', `/widgets?${first}`, tenant.token)),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.totalItems).toBe(5);
      expect(answer.body.items.map((item: { id: string }) => item.id)).toEqual(
        answers[0]!.body.items.map((item: { id: string }) => item.id),
      );
    }
    await createWidget(ctx, tenant.token, { status: 'ACTIVE' });
    expect(await totalOf(tenant.token, first)).toBe(6);
  });
});
