-- Resource tables share one shape: the shared columns for keys, tenancy and ordering, and the record as JSONB.
-- The GIN index (jsonb_path_ops) serves every equality filter through containment (doc @> ...).
CREATE TABLE terms (
  id text PRIMARY KEY,
  customer_id text,
  db_version integer NOT NULL DEFAULT 0,
  create_date timestamptz NOT NULL,
  update_date timestamptz NOT NULL,
  doc jsonb NOT NULL
);
CREATE INDEX terms_customer_idx ON terms (customer_id, id);
CREATE INDEX terms_doc_idx ON terms USING gin (doc jsonb_path_ops);

CREATE TABLE company_terms (
  id text PRIMARY KEY,
  customer_id text,
  db_version integer NOT NULL DEFAULT 0,
  create_date timestamptz NOT NULL,
  update_date timestamptz NOT NULL,
  doc jsonb NOT NULL
);
CREATE INDEX company_terms_customer_idx ON company_terms (customer_id, id);
CREATE INDEX company_terms_doc_idx ON company_terms USING gin (doc jsonb_path_ops);
