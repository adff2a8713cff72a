import { eventsOf } from '../support/outbox-events.js';
import type { TestApp } from '../support/test-app.js';
import type { Json } from './catalog-factories.js';

/** Outbox events about one product, oldest first. */
export const productEvents = (t: TestApp, id: string): Promise<Json[]> => eventsOf(t, 'product', id);

/** How many product events the outbox holds (to see that an operation wrote none). */
export async function productEventCount(t: TestApp): Promise<number> {
  const { rows } = await t.built.db.query<{ n: string }>(`SELECT count(*) AS n FROM outbox WHERE subject = 'product'`);
  return Number(rows[0]!.n);
}
