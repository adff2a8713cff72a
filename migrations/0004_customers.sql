-- Customers: the resource table shape of 0002. A customer is its own tenant: customer_id = id.
CREATE TABLE customers (
  id text PRIMARY KEY,
  customer_id text,
  db_version integer NOT NULL DEFAULT 0,
  create_date timestamptz NOT NULL,
  update_date timestamptz NOT NULL,
  doc jsonb NOT NULL
);
CREATE INDEX customers_customer_idx ON customers (customer_id, id);
CREATE INDEX customers_doc_idx ON customers USING gin (doc jsonb_path_ops);
-- The realm (IAM) keeps realm names unique; this keeps the record's copy unique too and serves by-realm lookups.
CREATE UNIQUE INDEX customers_realm_name_idx ON customers ((doc ->> 'realmName'));

-- One Ed25519 key pair per customer. The private key (PKCS#8) is sealed with AES-256-GCM (DATA_ENCRYPTION_KEY), never stored in clear.
-- The key is written by the create hook before the customer row, hence the deferred foreign key.
CREATE TABLE customer_signing_keys (
  customer_id text PRIMARY KEY REFERENCES customers (id) DEFERRABLE INITIALLY DEFERRED,
  kid text NOT NULL UNIQUE,
  public_jwk jsonb NOT NULL,
  private_key_sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Signatures kept by `sign` (persist=true, or longer than max).
CREATE TABLE customer_signatures (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id),
  kid text NOT NULL,
  content_type text NOT NULL,
  signed_data text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_signatures_customer_idx ON customer_signatures (customer_id, id);
