-- The outbox purge deletes dispatched events oldest first (OUTBOX_RETENTION_DAYS).
CREATE INDEX outbox_processed_idx ON outbox (processed_at) WHERE processed_at IS NOT NULL;
