import type { TestApp } from './test-app.js';

/** The outbox events about one record (`involved.<subject>.id`), oldest first. */
export async function eventsOf(t: TestApp, subject: string, id: string): Promise<Record<string, any>[]> {
  const { rows } = await t.built.db.query<{ event: Record<string, any> }>(
    `SELECT event FROM outbox WHERE subject = $1 AND event -> 'involved' -> $1 ->> 'id' = $2 ORDER BY occurred_at, id`,
    [subject, id],
  );
  return rows.map((r) => r.event);
}
