import { describe, expect, it } from 'vitest';
import type { Principal } from '../../../src/platform/auth/principal.js';
import { ForbiddenError, NotFoundError } from '../../../src/platform/errors/domain-errors.js';
import { eventsOf } from '../../terms/terms-factories.js';
import { useEngineApp } from './engine-test-app.js';
import { gadgetResource } from './gadget.resource.js';

const ctx = await useEngineApp([gadgetResource]);

const principal = (overrides: Partial<Principal>): Principal => ({
  subject: 's',
  realm: 'r',
  clientId: 'c',
  sessionId: 'x',
  tokenId: 'j',
  scopes: new Set(),
  isOperator: false,
  tenantIds: [],
  ...overrides,
});
const operator = principal({ isOperator: true });

async function gadget(token: string, body: Record<string, unknown>) {
  const res = await ctx.e.request('POST', '/gadgets', token, body);
  expect(res.status).toBe(201);
  return res.body as Record<string, any>;
}

describe('ResourceService.act', () => {
  it('changes the locked record, bumps dbVersion and updateDate, and records the action as its fact', async () => {
    const records = ctx.t.built.services.of(gadgetResource);
    const created = await gadget(ctx.operator, { name: 'act-1', apiKey: 'k-1' });
    const acted = await ctx.t.built.db.transaction((tx) =>
      records.act(operator, created.id, (doc) => ({ ...doc, weight: 7 }), { tx, fact: 'weighed' }),
    );
    expect(acted).toMatchObject({ dbVersion: 1, doc: { id: created.id, weight: 7, dbVersion: 1, apiKey: '********' } });
    expect(String(acted.doc.updateDate) >= created.updateDate).toBe(true);
    const events = await eventsOf(ctx.t, 'gadget', created.id);
    expect(events.map((e) => e.fact)).toEqual(['created', 'weighed']);
    expect(events[1]!.what.delta).toMatchObject({ weight: 7, dbVersion: 1 });
  });

  it("answers 404 for another tenant's record and 403 for a customer acting on an operator record, changing nothing", async () => {
    const records = ctx.t.built.services.of(gadgetResource);
    const mine = await ctx.t.tenant();
    const theirs = await gadget(mine.token, { name: 'act-2' });
    const operatorOwned = await gadget(ctx.operator, { name: 'act-3' });
    const stranger = principal({ customerId: 'someone-else', tenantIds: ['someone-else'] });
    await expect(records.act(stranger, theirs.id, (doc) => doc)).rejects.toBeInstanceOf(NotFoundError);
    await expect(records.act(stranger, operatorOwned.id, (doc) => doc)).rejects.toBeInstanceOf(ForbiddenError);
    expect((await ctx.e.request('GET', `/gadgets/${operatorOwned.id}`, ctx.operator)).body.dbVersion).toBe(0);
  });
});
