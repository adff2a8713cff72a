-- The storage the kinds declare and the migrations before this one do not create, written by
-- `npm run migrations:generate` from the declarations (src/platform/resource/sql/storage-ddl.ts). Every statement is
-- idempotent (IF NOT EXISTS; filter keys recomputed only where they were made from other declarations), so a
-- database whose start-up made this storage before migrations owned the schema (issue 24) migrates cleanly.

-- Kind `product-import`
CREATE TABLE IF NOT EXISTS product_imports (
  id text PRIMARY KEY,
  customer_id text,
  db_version integer NOT NULL DEFAULT 0,
  create_date timestamptz NOT NULL,
  update_date timestamptz NOT NULL,
  doc jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS product_imports_customer_idx ON product_imports (customer_id, id);
CREATE INDEX IF NOT EXISTS product_imports_doc_idx ON product_imports USING gin (doc jsonb_path_ops);
ALTER TABLE product_imports ADD COLUMN IF NOT EXISTS filter_keys text[] NOT NULL DEFAULT '{}';
CREATE INDEX IF NOT EXISTS product_imports_filter_keys_idx ON product_imports USING gin (filter_keys);
CREATE UNIQUE INDEX IF NOT EXISTS product_imports_customerid_idempotencykey_key ON product_imports (COALESCE(customer_id, ''), (doc #>> '{idempotencyKey}')) WHERE doc #>> '{idempotencyKey}' IS NOT NULL;
CREATE INDEX IF NOT EXISTS product_imports_waiting_idx ON product_imports ((COALESCE(customer_id, 'operator')), id) WHERE doc->>'status' IN ('QUEUED', 'RUNNING');
UPDATE product_imports SET filter_keys = ARRAY(SELECT DISTINCT key FROM ((SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'status' || chr(31) || 's:' || (doc #>> '{status}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{status}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'idempotencyKey' || chr(31) || 's:' || (doc #>> '{idempotencyKey}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{idempotencyKey}') = 'string')) AS keys(key))
 WHERE col_description('product_imports'::regclass, (SELECT attnum FROM pg_attribute WHERE attrelid = 'product_imports'::regclass AND attname = 'filter_keys')) IS DISTINCT FROM '7a1ab245ab2ea2b682aca723a0ec52ae';
COMMENT ON COLUMN product_imports.filter_keys IS '7a1ab245ab2ea2b682aca723a0ec52ae';

-- The rows of a bulk import wait here from the upload until the import job stores them (a chunk at a time, each chunk
-- deleting its rows in the transaction that stores their products: a restart resumes at the first row left).
CREATE TABLE IF NOT EXISTS product_import_rows (
  import_id text NOT NULL,
  line integer NOT NULL,
  body jsonb,
  problem jsonb,
  PRIMARY KEY (import_id, line)
);

-- The refused rows of an import: GET /product-imports/{id}/errors.
CREATE TABLE IF NOT EXISTS product_import_errors (
  import_id text NOT NULL,
  line integer NOT NULL,
  field text NOT NULL,
  message text NOT NULL,
  PRIMARY KEY (import_id, line)
);

-- Who uploaded a waiting import: the job writes its rows as that caller (tenant rules, the actor of each change).
CREATE TABLE IF NOT EXISTS product_import_uploaders (
  import_id text PRIMARY KEY,
  principal jsonb NOT NULL
);
