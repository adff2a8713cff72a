import { describe, expect, it } from 'vitest';
import { SYSTEM_PRINCIPAL } from '../../../src/platform/auth/principal.js';
import { useEngineApp } from './engine-test-app.js';
import { computeCalls, testKinds } from './widget.resource.js';
import { createWidget } from './widget-kit.js';

const ctx = await useEngineApp(testKinds);

const widget = (token: string, fields: Record<string, unknown> = {}) => createWidget(ctx, token, fields);

describe('a derived view (GET /labelled-widgets)', () => {
  it("lists the source's visible records through the view, computed once per page, with the source's paging", async () => {
    const owner = await ctx.t.tenant();
    const a = await widget(owner.token, { title: 'Alpha' });
    const b = await widget(owner.token, { title: 'Beta' });
    await widget((await ctx.t.tenant()).token, { title: 'Hidden' });
    const calls = computeCalls.count;
    const res = await ctx.e.request('GET', '/labelled-widgets?suffix=!&size=5', owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalItems: 2, size: 5, number: 0, last: true });
    expect(res.body.items).toEqual([
      { id: a.id, code: a.code, label: 'Alpha!', customerId: owner.customerId, batch: calls + 1 },
      { id: b.id, code: b.code, label: 'Beta!', customerId: owner.customerId, batch: calls + 1 },
    ]);
    expect(computeCalls.count).toBe(calls + 1);
  });

  it('takes its own filters (mapped onto source fields), sort on source fields, and target on view fields', async () => {
    const owner = await ctx.t.tenant();
    await widget(owner.token, { title: 'Live', status: 'ACTIVE' });
    const archived = await widget(owner.token, { title: 'Old', status: 'ARCHIVED' });
    const res = await ctx.e.request(
      'GET',
      '/labelled-widgets?state=ARCHIVED&target=label&sort=title,desc',
      owner.token,
    );
    expect(res.body.items).toEqual([{ id: archived.id, label: 'Old' }]);
    for (const bad of ['status=ARCHIVED', 'target=title', 'sort=label,asc', 'suffix=waytoolongsuffix']) {
      expect((await ctx.e.request('GET', `/labelled-widgets?${bad}`, owner.token)).status, bad).toBe(400);
    }
  });

  it('reads one record through the view under the same tenant rule (GET /labelled-widgets/{widgetId})', async () => {
    const owner = await ctx.t.tenant();
    const w = await widget(owner.token, { title: 'Solo' });
    const res = await ctx.e.request('GET', `/labelled-widgets/${w.id}?suffix=?`, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: w.id, label: 'Solo?' });
    expect((await ctx.e.request('GET', `/labelled-widgets/${w.id}`, (await ctx.t.tenant()).token)).status).toBe(404);
    expect((await ctx.e.request('GET', `/labelled-widgets/${w.id}`, undefined)).status).toBe(401);
  });

  it('is computed for records a caller holds (another API reuses it)', async () => {
    const w = await widget(ctx.operator, { title: 'Held' });
    const views = ctx.t.built.services.viewOf(testKinds.views[0]!);
    const [item] = await views.compute(SYSTEM_PRINCIPAL, [w], { suffix: '.' });
    expect(item).toMatchObject({ id: w.id, label: 'Held.' });
  });
});
