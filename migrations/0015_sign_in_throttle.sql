-- Sign-in throttling (src/apis/iam/sign-in-throttle.ts) replaces the per-user lockout: one row per throttled key,
-- a SHA-256 of (realm, username, client address) or of the client address alone, never the username itself. Every
-- instance counts in the same rows, so a throttle holds across instances sharing the database.
-- iam_users.failed_attempts and locked_until are no longer read; they stay for instances of the previous release
-- during a rolling upgrade, and go in a later migration.
CREATE TABLE iam_sign_in_throttle (
  key_hash text PRIMARY KEY,
  -- Attempts counted since the key was last quiet for 12 hours; a successful sign-in takes its own back.
  failures integer NOT NULL DEFAULT 0,
  blocked_until timestamptz,
  last_attempt_at timestamptz NOT NULL
);
-- The purge deletes keys quiet for 12 hours and no longer waiting.
CREATE INDEX iam_sign_in_throttle_last_attempt_idx ON iam_sign_in_throttle (last_attempt_at);
