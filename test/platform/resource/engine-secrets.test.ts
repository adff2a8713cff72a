import { describe, expect, it } from 'vitest';
import { SYSTEM_PRINCIPAL } from '../../../src/platform/auth/principal.js';
import { eventsOf, storedDoc, unique } from '../../terms/terms-factories.js';
import { useEngineApp } from './engine-test-app.js';
import { gadgetResource } from './gadget.resource.js';

const MASK = '********';

const ctx = await useEngineApp([gadgetResource]);

/** The record as stored, its secrets opened: what the engine sealed is what was sent. */
async function openedDoc(id: string): Promise<Record<string, any>> {
  return ctx.t.built.services.of(gadgetResource).withSecretsOpened((await storedDoc(ctx.t, 'test_gadgets', id))!);
}

async function gadget(fields: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await ctx.e.request('POST', '/gadgets', ctx.operator, { name: unique('g'), ...fields });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

const put = (id: string, body: Record<string, unknown>) => ctx.e.request('PUT', `/gadgets/${id}`, ctx.operator, body);

describe('secret fields', () => {
  it('are answered masked on create, get and list, and stored sealed', async () => {
    const g = await gadget({ apiKey: 'key-1', auth: { user: 'ann', password: 'pw-1' } });
    expect(g).toMatchObject({ apiKey: MASK, auth: { user: 'ann', password: MASK } });
    expect((await ctx.e.request('GET', `/gadgets/${g.id}`, ctx.operator)).body).toMatchObject({
      apiKey: MASK,
      auth: { password: MASK },
    });
    const listed = await ctx.e.request('GET', `/gadgets?name=${g.name}`, ctx.operator);
    expect(listed.body.items[0]).toMatchObject({ apiKey: MASK, auth: { password: MASK } });
    const stored = (await storedDoc(ctx.t, 'test_gadgets', g.id))!;
    expect(stored).toMatchObject({
      apiKey: expect.stringMatching(/^sealed:v1\./),
      auth: { user: 'ann', password: expect.stringMatching(/^sealed:v1\./) },
    });
    expect(JSON.stringify(stored)).not.toMatch(/key-1|pw-1/);
    expect(await openedDoc(g.id)).toMatchObject({ apiKey: 'key-1', auth: { password: 'pw-1' } });
  });

  it('are masked in a target projection', async () => {
    const g = await gadget({ apiKey: 'key-proj' });
    const listed = await ctx.e.request('GET', `/gadgets?name=${g.name}&target=apiKey`, ctx.operator);
    expect(listed.body.items).toEqual([{ id: g.id, apiKey: MASK }]);
  });

  it('are not invented when absent', async () => {
    const g = await gadget({ auth: { user: 'ann' } });
    expect(g).not.toHaveProperty('apiKey');
    expect(g.auth).toEqual({ user: 'ann' });
  });

  it('keep their stored value when an update leaves them out', async () => {
    const g = await gadget({ apiKey: 'key-2', auth: { user: 'ann', password: 'pw-2' } });
    const res = await put(g.id, { name: g.name, auth: { user: 'bob' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ apiKey: MASK, auth: { user: 'bob', password: MASK } });
    expect(await openedDoc(g.id)).toMatchObject({ apiKey: 'key-2', auth: { user: 'bob', password: 'pw-2' } });
  });

  it('keep their stored value when an update sends the mask back', async () => {
    const g = await gadget({ apiKey: 'key-3', auth: { password: 'pw-3' } });
    await put(g.id, { ...g, name: 'renamed' });
    expect(await openedDoc(g.id)).toMatchObject({ name: 'renamed', apiKey: 'key-3', auth: { password: 'pw-3' } });
  });

  it('take a new value sent in an update', async () => {
    const g = await gadget({ apiKey: 'key-4' });
    const res = await put(g.id, { name: g.name, apiKey: 'key-5' });
    expect(res.body.apiKey).toBe(MASK);
    expect((await openedDoc(g.id)).apiKey).toBe('key-5');
  });

  it('never appear in clear in outbox events, while a change still shows in the delta', async () => {
    const g = await gadget({ apiKey: 'clear-key-6', auth: { user: 'u', password: 'clear-pw-6' } });
    await put(g.id, { name: g.name, apiKey: 'clear-key-7', auth: { user: 'u' } });
    const events = await eventsOf(ctx.t, 'gadget', g.id);
    expect(events.map((ev) => ev.fact)).toEqual(['created', 'updated']);
    expect(JSON.stringify(events)).not.toMatch(/clear-/);
    expect(events[0]!.involved.gadget).toMatchObject({ apiKey: MASK, auth: { password: MASK } });
    expect(events[1]!.what.delta.apiKey).toBe(MASK);
    expect(events[1]!.what.previous.apiKey).toBe(MASK);
    expect(events[1]!.what.delta).not.toHaveProperty('auth');
  });

  it('are bound to their record and field: a sealed value copied elsewhere does not open', async () => {
    const a = await gadget({ apiKey: 'key-9' });
    const b = await gadget({ apiKey: 'key-10' });
    await ctx.t.built.db.query(
      `UPDATE test_gadgets SET doc = jsonb_set(doc, '{apiKey}', (SELECT doc->'apiKey' FROM test_gadgets WHERE id = $2)) WHERE id = $1`,
      [b.id, a.id],
    );
    await expect(openedDoc(b.id)).rejects.toThrow(/sealed for another owner/);
  });

  it('that do not open answer 409 naming them when an update or action would keep them, and change nothing; a new value replaces them', async () => {
    const a = await gadget({ apiKey: 'key-11', auth: { user: 'ann', password: 'pw-11' } });
    const b = await gadget({ apiKey: 'key-12', auth: { user: 'bob', password: 'pw-12' } });
    // Sealed for record a: bound to its id, neither value opens in record b (as under another DATA_ENCRYPTION_KEY).
    await ctx.t.built.db.query(
      `UPDATE test_gadgets SET doc = jsonb_set(jsonb_set(doc, '{apiKey}', (SELECT doc->'apiKey' FROM test_gadgets WHERE id = $2)), '{auth,password}', (SELECT doc#>'{auth,password}' FROM test_gadgets WHERE id = $2)) WHERE id = $1`,
      [b.id, a.id],
    );
    const before = await storedDoc(ctx.t, 'test_gadgets', b.id);
    const kept = await put(b.id, { name: b.name, weight: 1, apiKey: 'key-13', auth: { user: 'bob' } });
    expect(kept.status).toBe(409);
    expect(kept.body.message).toBe(
      `gadget ${b.id}: the stored auth.password cannot be opened with this service's DATA_ENCRYPTION_KEY (sealed under another key, or copied from another record); send a new value to replace it`,
    );
    const acting = ctx.t.built.services
      .of(gadgetResource)
      .act(SYSTEM_PRINCIPAL, b.id, (doc) => ({ ...doc, weight: 2 }));
    await expect(acting).rejects.toThrow(`gadget ${b.id}: the stored apiKey, auth.password cannot be opened`);
    expect(await storedDoc(ctx.t, 'test_gadgets', b.id)).toEqual(before);
    const replaced = await put(b.id, {
      name: b.name,
      weight: 3,
      apiKey: 'key-14',
      auth: { user: 'bob', password: 'pw-14' },
    });
    expect(replaced.status).toBe(200);
    expect(await openedDoc(b.id)).toMatchObject({ weight: 3, apiKey: 'key-14', auth: { password: 'pw-14' } });
  });

  it('stored in clear before sealing are still read, and sealed at the next write', async () => {
    const g = await gadget({ name: unique('legacy') });
    await ctx.t.built.db.query(
      `UPDATE test_gadgets SET doc = jsonb_set(doc, '{apiKey}', '"plain-key"') WHERE id = $1`,
      [g.id],
    );
    expect((await openedDoc(g.id)).apiKey).toBe('plain-key');
    await put(g.id, { name: g.name, weight: 2 });
    expect((await storedDoc(ctx.t, 'test_gadgets', g.id))?.apiKey).toMatch(/^sealed:v1\./);
    expect((await openedDoc(g.id)).apiKey).toBe('plain-key');
  });

  it('leave the delta alone when an update or an action keeps them', async () => {
    const g = await gadget({ apiKey: 'key-8' });
    await put(g.id, { name: g.name, weight: 4 });
    await ctx.t.built.services.of(gadgetResource).act(SYSTEM_PRINCIPAL, g.id, (doc) => ({ ...doc, weight: 5 }));
    const [, updated, acted] = await eventsOf(ctx.t, 'gadget', g.id);
    expect(Object.keys(updated!.what.delta).sort()).toEqual(['dbVersion', 'updateDate', 'weight']);
    expect(Object.keys(acted!.what.delta).sort()).toEqual(['dbVersion', 'updateDate', 'weight']);
    expect((await openedDoc(g.id)).apiKey).toBe('key-8');
  });
});

describe('read-only fields', () => {
  it('are ignored in a create body and set by the server (hook)', async () => {
    const g = await gadget({ serial: 'client-serial' });
    expect(g.serial).toBe(`S-${g.id.slice(-6)}`);
  });

  it('keep their stored value when an update sends another one or leaves them out', async () => {
    const g = await gadget({});
    expect((await put(g.id, { name: g.name, serial: 'forged' })).body.serial).toBe(g.serial);
    expect((await put(g.id, { name: g.name })).body.serial).toBe(g.serial);
    expect((await storedDoc(ctx.t, 'test_gadgets', g.id))?.serial).toBe(g.serial);
  });
});
