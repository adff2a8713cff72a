-- Identity claims (email, names, storeId) of a session, so refreshed access tokens carry them as the first one did.
ALTER TABLE iam_sessions ADD COLUMN profile jsonb NOT NULL DEFAULT '{}'::jsonb;
