import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PENDING_EVENTS } from '../../../src/apis/notifications/dispatch.repository.js';
import { runFairPick } from '../../../src/platform/jobs/fair-claim.js';
import { useApp } from '../../support/fixture.js';

/**
 * A fair pick takes a tenant's share by walking the queue's index in order (fair-claim.ts). The planner's statistics
 * of a queue are often those of an empty one (taken before an import filled it): the pick must still read a
 * tenant's share, not every row the tenant has waiting.
 */
const { t } = await useApp();

type PlanNode = { 'Relation Name'?: string; 'Actual Rows'?: number; 'Actual Loops'?: number; Plans?: PlanNode[] };

/** The most rows any step of `plan` read from `table`. */
function mostRowsRead(plan: PlanNode, table: string): number {
  const own = plan['Relation Name'] === table ? (plan['Actual Rows'] ?? 0) * (plan['Actual Loops'] ?? 1) : 0;
  return Math.max(own, ...(plan.Plans ?? []).map((child) => mostRowsRead(child, table)));
}

describe('a fair pick', () => {
  it("reads a tenant's share of its waiting events, not its whole backlog, when the statistics saw an empty queue", async () => {
    const { db } = t.built;
    const tenant = `plan-${randomUUID()}`;
    await db.query('ANALYZE outbox');
    await db.query(
      `INSERT INTO outbox (id, fact, subject, customer_id, occurred_at, event)
       SELECT $1 || '-' || n, 'created', 'product', $1, now(), '{}'::jsonb FROM generate_series(1, 3000) AS n`,
      [tenant],
    );
    try {
      const share = 20;
      const { rows } = await runFairPick<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        db,
        `EXPLAIN (ANALYZE, FORMAT JSON) ${PENDING_EVENTS}`,
        [tenant.slice(0, -1), 1, share, [], share],
      );
      const plan = rows[0]!['QUERY PLAN'][0].Plan;
      expect(mostRowsRead(plan, 'outbox')).toBeLessThanOrEqual(share);
    } finally {
      await db.query('DELETE FROM outbox WHERE customer_id = $1', [tenant]);
    }
  });
});
