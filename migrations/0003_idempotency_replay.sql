-- A replay must let the client follow up as the first answer did: keep the headers that matter (Location, ETag).
ALTER TABLE idempotency_keys ADD COLUMN response_headers jsonb;
-- Which request holds a running key, so a request that was taken over can neither store nor free the new holder's key.
ALTER TABLE idempotency_keys ADD COLUMN claim_id text;
