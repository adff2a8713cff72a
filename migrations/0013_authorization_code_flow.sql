-- The authorization code grant with PKCE (RFC 6749 §4.1, RFC 7636, RFC 9700): public clients (no secret, the
-- browser console), each with its exact redirect URIs and post-logout redirect URIs, and single-use codes kept by
-- hash for a minute. Every realm gets the public client `console`; the start-up sets its URIs from PUBLIC_BASE_URL.
ALTER TABLE iam_clients ALTER COLUMN secret_hash DROP NOT NULL;
ALTER TABLE iam_clients ADD COLUMN public boolean NOT NULL DEFAULT false;
ALTER TABLE iam_clients ADD COLUMN redirect_uris text[] NOT NULL DEFAULT '{}';
ALTER TABLE iam_clients ADD COLUMN post_logout_redirect_uris text[] NOT NULL DEFAULT '{}';

INSERT INTO iam_clients (realm, client_id, secret_hash, scopes, public)
  SELECT name, 'console', NULL, scopes, true FROM iam_realms
  ON CONFLICT (realm, client_id) DO NOTHING;

CREATE TABLE iam_authorization_codes (
  code_hash text PRIMARY KEY,
  realm text NOT NULL REFERENCES iam_realms(name) ON DELETE CASCADE,
  client_id text NOT NULL,
  user_id text NOT NULL,
  redirect_uri text NOT NULL,
  code_challenge text NOT NULL,
  scopes text[] NOT NULL,
  nonce text,
  expires_at timestamptz NOT NULL,
  -- Set when the code is redeemed: a second redemption ends the session the first one opened (RFC 6749 §4.1.2).
  session_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX iam_authorization_codes_expiry_idx ON iam_authorization_codes (expires_at);
