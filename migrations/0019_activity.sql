-- The activity log (GET /activity, docs/activity.md): who changed which record, kept ACTIVITY_RETENTION (90 days by
-- default), far longer than the outbox's dispatched events. outbox.ts `recordChange` writes one row per change, in
-- the transaction of the change and beside its event (same id). Secrets are masked before they get here.
CREATE TABLE IF NOT EXISTS activity (
  id text PRIMARY KEY,
  at timestamptz NOT NULL,
  fact text NOT NULL,
  subject text NOT NULL,
  record_id text,
  customer_id text,
  actor_type text NOT NULL,
  actor_id text NOT NULL,
  actor_name text NOT NULL,
  delta jsonb NOT NULL,
  previous jsonb NOT NULL
);
-- A tenant's listing, newest first (the operator's records have no customer_id and are never a tenant's).
CREATE INDEX IF NOT EXISTS activity_customer_at_idx ON activity (customer_id, at DESC, id DESC);
-- The history of one record.
CREATE INDEX IF NOT EXISTS activity_record_idx ON activity (subject, record_id, at DESC, id DESC);
-- The operator's listing, newest first, and the retention purge, oldest first.
CREATE INDEX IF NOT EXISTS activity_at_idx ON activity (at DESC, id DESC);
