import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { actionDescription, LIFECYCLE_ACTIONS } from '../../src/apis/subscriptions/subscription.lifecycle.js';
import {
  lifecycleDocBlock,
  lifecycleMermaid,
  withLifecycleBlock,
} from '../../src/apis/subscriptions/subscription-diagram.js';
import { useApp } from '../support/fixture.js';

const DOC = new URL('../../docs/subscriptions.md', import.meta.url);

const { t } = await useApp();

describe('the declared life cycle and what is generated from it', () => {
  it('docs/subscriptions.md shows the current diagram and table; run `npm run docs:life-cycles` (or `npm run generate`) after changing the machine', () => {
    const doc = readFileSync(DOC, 'utf8');
    expect(
      doc.includes(lifecycleDocBlock()),
      'docs/subscriptions.md is out of date: run npm run docs:life-cycles',
    ).toBe(true);
    expect(withLifecycleBlock(doc)).toBe(doc);
  });

  it('the diagram has one edge per declared (status, action) transition', () => {
    const edges = lifecycleMermaid()
      .split('\n')
      .filter((line) => line.includes('-->') && !line.includes('[*]'));
    expect(edges).toHaveLength(
      LIFECYCLE_ACTIONS.reduce((n, action) => n + action.transitions.reduce((m, tr) => m + tr.from.length, 0), 0),
    );
    expect(edges).toContain('    CANCELLED --> ACTIVE: reactivate [before expirationDate]');
  });

  it('the OpenAPI document serves exactly the routed actions, each described from the machine', () => {
    const paths = (t.app.swagger() as any).paths as Record<string, Record<string, any>>;
    const served = Object.keys(paths).filter((path) => /^\/subscriptions\/\{subscriptionId\}\/[a-z]+$/.test(path));
    const routed = LIFECYCLE_ACTIONS.filter((action) => action.route !== false);
    expect(served.sort()).toEqual(routed.map((action) => `/subscriptions/{subscriptionId}/${action.name}`).sort());
    for (const action of routed) {
      const op = paths[`/subscriptions/{subscriptionId}/${action.name}`]!.post;
      expect(op.operationId).toBe(action.route.operationId);
      expect(op.description).toContain(actionDescription(action));
    }
  });
});
