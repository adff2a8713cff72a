import { describe, expect, it } from 'vitest';
import { defineResource } from '../../../src/platform/resource/declare/resource-definition.js';
import { useEngineApp } from './engine-test-app.js';
import { gadgetResource } from './gadget.resource.js';

/** A gadget kind whose after-commit hook always fails, as a cache that cannot be reached would. */
const flakyGadgetResource = defineResource({
  ...gadgetResource,
  hooks: {
    ...gadgetResource.hooks,
    afterCommit: () => {
      throw new Error('cache unreachable');
    },
  },
});

const ctx = await useEngineApp([flakyGadgetResource]);

describe('a failing after-commit hook', () => {
  it('does not turn a committed create or update into an error', async () => {
    const created = await ctx.e.request('POST', '/gadgets', ctx.operator, { name: 'flaky' });
    expect(created.status).toBe(201);
    const updated = await ctx.e.request('PUT', `/gadgets/${created.body.id}`, ctx.operator, {
      name: 'flaky-2',
      dbVersion: 0,
    });
    expect(updated.status).toBe(200);
    expect((await ctx.e.request('GET', `/gadgets/${created.body.id}`, ctx.operator)).body).toMatchObject({
      name: 'flaky-2',
      dbVersion: 1,
    });
  });
});
