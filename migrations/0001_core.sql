-- Outbox: one row per change, written in the transaction of the change (DECISIONS §5).
CREATE TABLE outbox (
  id text PRIMARY KEY,
  fact text NOT NULL,
  subject text NOT NULL,
  customer_id text,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  event jsonb NOT NULL,
  processed_at timestamptz,
  claimed_until timestamptz,
  attempts integer NOT NULL DEFAULT 0
);
CREATE INDEX outbox_unprocessed_idx ON outbox (occurred_at) WHERE processed_at IS NULL;

-- Idempotency-Key records (Stripe semantics), scoped to the caller.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL,
  response_status integer,
  response_body text,
  response_type text,
  created_at timestamptz NOT NULL DEFAULT now(),
  locked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- Token service.
CREATE TABLE iam_signing_keys (
  kid text PRIMARY KEY,
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);

CREATE TABLE iam_realms (
  name text PRIMARY KEY,
  customer_id text UNIQUE,
  scopes text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE iam_clients (
  realm text NOT NULL REFERENCES iam_realms(name) ON DELETE CASCADE,
  client_id text NOT NULL,
  secret_hash text NOT NULL,
  scopes text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (realm, client_id)
);

CREATE TABLE iam_users (
  id text PRIMARY KEY,
  realm text NOT NULL REFERENCES iam_realms(name) ON DELETE CASCADE,
  username text NOT NULL,
  password_hash text NOT NULL,
  email text,
  first_name text,
  last_name text,
  scopes text[] NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (realm, username)
);

CREATE TABLE iam_sessions (
  id text PRIMARY KEY,
  realm text NOT NULL,
  subject text NOT NULL,
  client_id text NOT NULL,
  customer_id text,
  scopes text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX iam_sessions_subject_idx ON iam_sessions (realm, subject);
CREATE INDEX iam_sessions_revoked_idx ON iam_sessions (revoked_at) WHERE revoked_at IS NOT NULL;

-- Refresh tokens are opaque; only their SHA-256 is stored. A used one that comes back ends its session.
CREATE TABLE iam_refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id text NOT NULL REFERENCES iam_sessions(id) ON DELETE CASCADE,
  state text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX iam_refresh_tokens_session_idx ON iam_refresh_tokens (session_id);
