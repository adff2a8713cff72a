import type { TestApp } from '../support/test-app.js';
import type { Json } from './catalog-factories.js';

/** Outbox events about one product, oldest first. */
export async function productEvents(t: TestApp, id: string): Promise<Json[]> {
  const { rows } = await t.built.db.query<{ event: Json }>(
    `SELECT event FROM outbox WHERE subject = 'product' AND event -> 'involved' -> 'product' ->> 'id' = $1 ORDER BY occurred_at, id`,
    [id],
  );
  return rows.map((r) => r.event);
}

/** How many product events the outbox holds (to see that an operation wrote none). */
export async function productEventCount(t: TestApp): Promise<number> {
  const { rows } = await t.built.db.query<{ n: string }>(`SELECT count(*) AS n FROM outbox WHERE subject = 'product'`);
  return Number(rows[0]!.n);
}
