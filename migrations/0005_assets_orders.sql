-- Asset metadata: one row per stored content. The id is the SHA-256 of the content (hex), so identical content is one row
-- and one stored object; the content itself lives in the asset store (DATA_DIR/assets or an S3 bucket).
CREATE TABLE assets (
  id text PRIMARY KEY,
  filename text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL,
  customer_id text,
  create_date timestamptz NOT NULL
);
CREATE INDEX assets_create_date_idx ON assets (create_date, id);
CREATE INDEX assets_customer_idx ON assets (customer_id, create_date, id);

-- Orders (DECISIONS §7), written by pre-billing; the shared resource table shape.
CREATE TABLE orders (
  id text PRIMARY KEY,
  customer_id text,
  db_version integer NOT NULL DEFAULT 0,
  create_date timestamptz NOT NULL,
  update_date timestamptz NOT NULL,
  doc jsonb NOT NULL
);
CREATE INDEX orders_customer_idx ON orders (customer_id, id);
CREATE INDEX orders_doc_idx ON orders USING gin (doc jsonb_path_ops);
