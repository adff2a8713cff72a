/**
 * The common table expressions that write the rows of `changeRows` (outbox.ts), the parameter `param`, to the outbox
 * and the activity log, named `change`, `event` and `activity`: a statement of their own (`changesStatement`), or
 * the tail of the one that stores a batch's records (`insertRecords`), which writes them only when every record was
 * stored (`when`).
 */
export function changeWrites(param: string, when = 'TRUE'): [string, string, string] {
  return [
    `change AS (
       SELECT * FROM jsonb_to_recordset(${param}::jsonb) AS r(id text, fact text, subject text, customer_id text,
         occurred_at timestamptz, event jsonb, record_id text, actor_type text, actor_id text, actor_name text)
       WHERE ${when}
     )`,
    `event AS (
       INSERT INTO outbox (id, fact, subject, customer_id, occurred_at, event)
       SELECT id, fact, subject, customer_id, occurred_at, event FROM change
     )`,
    `activity AS (
       INSERT INTO activity (id, at, fact, subject, record_id, customer_id, actor_type, actor_id, actor_name, delta, previous)
       SELECT id, occurred_at, fact, subject, record_id, customer_id, actor_type, actor_id, actor_name,
         event->'what'->'delta', event->'what'->'previous' FROM change
     )`,
  ];
}
