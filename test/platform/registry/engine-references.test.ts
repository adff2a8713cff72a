import { describe, expect, it } from 'vitest';
import { namedRecords, newReferences } from '../../../src/platform/registry/record-references.js';
import { defineResource } from '../../../src/platform/registry/resource-definition.js';
import { startTestApp } from '../../support/test-app.js';
import { testKindsModule } from './test-kinds-module.js';
import { WidgetSchema } from './widget.resource.js';

describe('declared reference paths', () => {
  it('find each text id along a path with where it stands, through lists and nested fields', () => {
    const cart = {
      storeId: 's',
      items: [{ productId: 'p1', quantity: 1 }, { productId: 'p2' }, { quantity: 3 }, { productId: 7 }],
      owner: { id: 'c1' },
      tags: ['a', 'b'],
    };
    expect(namedRecords(cart, 'items[].productId')).toEqual([
      { at: 'items[0].productId', id: 'p1' },
      { at: 'items[1].productId', id: 'p2' },
    ]);
    expect(namedRecords(cart, 'owner.id')).toEqual([{ at: 'owner.id', id: 'c1' }]);
    expect(namedRecords(cart, 'tags[]')).toEqual([
      { at: 'tags[0]', id: 'a' },
      { at: 'tags[1]', id: 'b' },
    ]);
    expect(namedRecords(cart, 'missing[].id')).toEqual([]);
    expect(namedRecords({ items: 'not a list' }, 'items[].productId')).toEqual([]);
  });

  it('leave out the ids the stored record already names', () => {
    expect(
      newReferences({ items: [{ productId: 'old' }, { productId: 'new' }] }, 'items[].productId', {
        items: [{ productId: 'old' }],
      }),
    ).toEqual([{ at: 'items[1].productId', id: 'new' }]);
  });
});

describe('a declared reference to a kind that is not registered', () => {
  it('stops the start, naming the kind, the path and the missing kind', async () => {
    const gizmo = defineResource({
      name: 'gizmo',
      displayName: 'gizmo',
      path: '/gizmos',
      table: 'test_gizmos',
      schema: WidgetSchema,
      scopeArea: 'catalog',
      tag: 'Test',
      references: { code: 'no-such-kind' },
    });
    await expect(startTestApp({}, { extraModules: [testKindsModule([gizmo])] })).rejects.toThrow(
      'kind gizmo declares code a reference to no-such-kind, which is not a registered kind',
    );
  });
});
