-- Notification processing records (DECISIONS §6): the shared resource table shape plus the columns the dispatcher and
-- the delivery workers claim and schedule by. One record per (event, definition, receiver): a second dispatcher that
-- reads the same event cannot create it twice.
CREATE TABLE notifications (
  id text PRIMARY KEY,
  customer_id text,
  db_version integer NOT NULL DEFAULT 0,
  create_date timestamptz NOT NULL,
  update_date timestamptz NOT NULL,
  doc jsonb NOT NULL,
  event_id text NOT NULL,
  definition_id text NOT NULL,
  receiver_id text NOT NULL,
  status text NOT NULL,
  -- tries made, and tries allowed in all (the schedule's length; a manual retry of a finished record adds one)
  tries integer NOT NULL DEFAULT 0,
  max_tries integer NOT NULL,
  next_try_at timestamptz,
  locked_by text,
  locked_until timestamptz,
  CONSTRAINT notifications_delivery_key UNIQUE (event_id, definition_id, receiver_id)
);
CREATE INDEX notifications_due_idx ON notifications (next_try_at) WHERE status IN ('PENDING', 'RETRYING');
