-- The storage the kinds declare and the migrations before this one do not create, written by
-- `npm run migrations:generate` from the declarations (src/platform/registry/storage-ddl.ts). Every statement is
-- idempotent (IF NOT EXISTS; filter keys recomputed only where they were made from other declarations), so a
-- database whose start-up made this storage before migrations owned the schema (issue 24) migrates cleanly.

-- Kind `terms`
ALTER TABLE terms ADD COLUMN IF NOT EXISTS filter_keys text[] NOT NULL DEFAULT '{}';
CREATE INDEX IF NOT EXISTS terms_filter_keys_idx ON terms USING gin (filter_keys);
UPDATE terms SET filter_keys = ARRAY(SELECT DISTINCT key FROM ((SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'status' || chr(31) || 's:' || (doc #>> '{status}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{status}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'model' || chr(31) || 's:' || (doc #>> '{model}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{model}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'locale' || chr(31) || 's:' || (doc #>> '{locale}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{locale}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'lastUpdater' || chr(31) || 's:' || (doc #>> '{lastUpdater}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{lastUpdater}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'originalId' || chr(31) || 's:' || (doc #>> '{originalId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{originalId}') = 'string')) AS keys(key))
 WHERE col_description('terms'::regclass, (SELECT attnum FROM pg_attribute WHERE attrelid = 'terms'::regclass AND attname = 'filter_keys')) IS DISTINCT FROM 'e191f7f2aad0e848767649370a1ba251';
COMMENT ON COLUMN terms.filter_keys IS 'e191f7f2aad0e848767649370a1ba251';

-- Kind `company-terms`
ALTER TABLE company_terms ADD COLUMN IF NOT EXISTS filter_keys text[] NOT NULL DEFAULT '{}';
CREATE INDEX IF NOT EXISTS company_terms_filter_keys_idx ON company_terms USING gin (filter_keys);
UPDATE company_terms SET filter_keys = ARRAY(SELECT DISTINCT key FROM ((SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'cancelPeriod' || chr(31) || 's:' || (doc #>> '{cancelPeriod}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{cancelPeriod}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'corporateUrl' || chr(31) || 's:' || (doc #>> '{corporateUrl}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{corporateUrl}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'originalId' || chr(31) || 's:' || (doc #>> '{originalId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{originalId}') = 'string')) AS keys(key))
 WHERE col_description('company_terms'::regclass, (SELECT attnum FROM pg_attribute WHERE attrelid = 'company_terms'::regclass AND attname = 'filter_keys')) IS DISTINCT FROM 'c17505f3f48eedc48e6d855f4ea53009';
COMMENT ON COLUMN company_terms.filter_keys IS 'c17505f3f48eedc48e6d855f4ea53009';

-- Kind `customer`
ALTER TABLE customers ADD COLUMN IF NOT EXISTS filter_keys text[] NOT NULL DEFAULT '{}';
CREATE INDEX IF NOT EXISTS customers_filter_keys_idx ON customers USING gin (filter_keys);
UPDATE customers SET filter_keys = ARRAY(SELECT DISTINCT key FROM ((SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'vatNumber' || chr(31) || 's:' || (doc #>> '{vatNumber}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{vatNumber}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'addressBook.country' || chr(31) || 's:' || (doc #>> '{addressBook,country}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{addressBook,country}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'addressBook.streetAddress' || chr(31) || 's:' || (doc #>> '{addressBook,streetAddress}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{addressBook,streetAddress}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'addressBook.city' || chr(31) || 's:' || (doc #>> '{addressBook,city}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{addressBook,city}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'addressBook.state' || chr(31) || 's:' || (doc #>> '{addressBook,state}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{addressBook,state}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'addressBook.phoneNumber' || chr(31) || 's:' || (doc #>> '{addressBook,phoneNumber}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{addressBook,phoneNumber}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'status' || chr(31) || 's:' || (doc #>> '{status}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{status}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'bannerEmail' || chr(31) || 's:' || (doc #>> '{bannerEmail}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{bannerEmail}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'type' || chr(31) || 's:' || (doc #>> '{type}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{type}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'name' || chr(31) || 's:' || (doc #>> '{name}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{name}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'parentId' || chr(31) || 's:' || (doc #>> '{parentId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{parentId}') = 'string')) AS keys(key))
 WHERE col_description('customers'::regclass, (SELECT attnum FROM pg_attribute WHERE attrelid = 'customers'::regclass AND attname = 'filter_keys')) IS DISTINCT FROM '83be67988f7a66129ebbbf1a992544a1';
COMMENT ON COLUMN customers.filter_keys IS '83be67988f7a66129ebbbf1a992544a1';

-- Kind `order`
ALTER TABLE orders ADD COLUMN IF NOT EXISTS filter_keys text[] NOT NULL DEFAULT '{}';
CREATE INDEX IF NOT EXISTS orders_filter_keys_idx ON orders USING gin (filter_keys);
CREATE UNIQUE INDEX IF NOT EXISTS orders_subscriptionid_termstart_key ON orders ((doc #>> '{subscriptionId}'), (doc #>> '{termStart}')) WHERE doc #>> '{subscriptionId}' IS NOT NULL AND doc #>> '{termStart}' IS NOT NULL;
UPDATE orders SET filter_keys = ARRAY(SELECT DISTINCT key FROM ((SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'subscriptionId' || chr(31) || 's:' || (doc #>> '{subscriptionId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{subscriptionId}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'enduserId' || chr(31) || 's:' || (doc #>> '{enduserId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{enduserId}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'termStart' || chr(31) || 's:' || (doc #>> '{termStart}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{termStart}') = 'string')) AS keys(key))
 WHERE col_description('orders'::regclass, (SELECT attnum FROM pg_attribute WHERE attrelid = 'orders'::regclass AND attname = 'filter_keys')) IS DISTINCT FROM '83a897dc818c54d1e5b210ef49000c1f';
COMMENT ON COLUMN orders.filter_keys IS '83a897dc818c54d1e5b210ef49000c1f';

-- Kind `subscription-model`
CREATE TABLE IF NOT EXISTS subscription_models (
  id text PRIMARY KEY,
  customer_id text,
  db_version integer NOT NULL DEFAULT 0,
  create_date timestamptz NOT NULL,
  update_date timestamptz NOT NULL,
  doc jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS subscription_models_customer_idx ON subscription_models (customer_id, id);
CREATE INDEX IF NOT EXISTS subscription_models_doc_idx ON subscription_models USING gin (doc jsonb_path_ops);
ALTER TABLE subscription_models ADD COLUMN IF NOT EXISTS filter_keys text[] NOT NULL DEFAULT '{}';
CREATE INDEX IF NOT EXISTS subscription_models_filter_keys_idx ON subscription_models USING gin (filter_keys);
CREATE UNIQUE INDEX IF NOT EXISTS subscription_models_customerid_name_key ON subscription_models (COALESCE(customer_id, ''), (doc #>> '{name}')) WHERE doc #>> '{name}' IS NOT NULL;
UPDATE subscription_models SET filter_keys = ARRAY(SELECT DISTINCT key FROM ((SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'name' || chr(31) || 's:' || (doc #>> '{name}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{name}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'id' || chr(31) || 's:' || (doc #>> '{id}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{id}') = 'string')) AS keys(key))
 WHERE col_description('subscription_models'::regclass, (SELECT attnum FROM pg_attribute WHERE attrelid = 'subscription_models'::regclass AND attname = 'filter_keys')) IS DISTINCT FROM '1cf1962bc706cce165b875ef8364e802';
COMMENT ON COLUMN subscription_models.filter_keys IS '1cf1962bc706cce165b875ef8364e802';

-- Kind `subscription`
CREATE TABLE IF NOT EXISTS subscriptions (
  id text PRIMARY KEY,
  customer_id text,
  db_version integer NOT NULL DEFAULT 0,
  create_date timestamptz NOT NULL,
  update_date timestamptz NOT NULL,
  doc jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS subscriptions_customer_idx ON subscriptions (customer_id, id);
CREATE INDEX IF NOT EXISTS subscriptions_doc_idx ON subscriptions USING gin (doc jsonb_path_ops);
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS filter_keys text[] NOT NULL DEFAULT '{}';
CREATE INDEX IF NOT EXISTS subscriptions_filter_keys_idx ON subscriptions USING gin (filter_keys);
CREATE INDEX IF NOT EXISTS subscriptions_expiry_idx ON subscriptions (((doc #>> '{lifecycle,expirationDate}')::bigint)) WHERE doc #>> '{lifecycle,status}' <> 'EXPIRED';
UPDATE subscriptions SET filter_keys = ARRAY(SELECT DISTINCT key FROM ((SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'enduserId' || chr(31) || 's:' || (doc #>> '{enduserId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{enduserId}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'storeId' || chr(31) || 's:' || (doc #>> '{storeId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{storeId}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'modelId' || chr(31) || 's:' || (doc #>> '{modelId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{modelId}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'externalRefId' || chr(31) || 's:' || (doc #>> '{externalRefId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{externalRefId}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'lifecycle.status' || chr(31) || 's:' || (doc #>> '{lifecycle,status}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{lifecycle,status}') = 'string')) AS keys(key))
 WHERE col_description('subscriptions'::regclass, (SELECT attnum FROM pg_attribute WHERE attrelid = 'subscriptions'::regclass AND attname = 'filter_keys')) IS DISTINCT FROM '2957b3f7136bbb67386e44e3753a6a82';
COMMENT ON COLUMN subscriptions.filter_keys IS '2957b3f7136bbb67386e44e3753a6a82';

-- Kind `product`
CREATE TABLE IF NOT EXISTS products (
  id text PRIMARY KEY,
  customer_id text,
  db_version integer NOT NULL DEFAULT 0,
  create_date timestamptz NOT NULL,
  update_date timestamptz NOT NULL,
  doc jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS products_customer_idx ON products (customer_id, id);
CREATE INDEX IF NOT EXISTS products_doc_idx ON products USING gin (doc jsonb_path_ops);
ALTER TABLE products ADD COLUMN IF NOT EXISTS filter_keys text[] NOT NULL DEFAULT '{}';
CREATE INDEX IF NOT EXISTS products_filter_keys_idx ON products USING gin (filter_keys);
CREATE TABLE IF NOT EXISTS products_history (
  id text NOT NULL,
  version integer NOT NULL,
  customer_id text,
  changed_at timestamptz NOT NULL,
  doc jsonb NOT NULL,
  PRIMARY KEY (id, version)
);
CREATE UNIQUE INDEX IF NOT EXISTS products_customerid_publisherrefid_key ON products (COALESCE(customer_id, ''), (doc #>> '{publisherRefId}')) WHERE doc #>> '{publisherRefId}' IS NOT NULL;
UPDATE products SET filter_keys = ARRAY(SELECT DISTINCT key FROM ((SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'lifeTime' || chr(31) || 's:' || (doc #>> '{lifeTime}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{lifeTime}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'subscriptionTemplate' || chr(31) || 's:' || (doc #>> '{subscriptionTemplate}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{subscriptionTemplate}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'parentId' || chr(31) || 's:' || (doc #>> '{parentId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{parentId}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'productFamily' || chr(31) || 's:' || (doc #>> '{productFamily}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{productFamily}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'physical' || chr(31) || 'b:' || (doc #>> '{physical}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{physical}') = 'boolean')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'publisherRefId' || chr(31) || 's:' || (doc #>> '{publisherRefId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{publisherRefId}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'salesMode' || chr(31) || 's:' || (doc #>> '{salesMode}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{salesMode}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'fulfillmentTemplate' || chr(31) || 's:' || (doc #>> '{fulfillmentTemplate}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{fulfillmentTemplate}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'type' || chr(31) || 's:' || (doc #>> '{type}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{type}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'catalogId' || chr(31) || 's:' || (doc #>> '{catalogId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{catalogId}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'descriptionId' || chr(31) || 's:' || (doc #>> '{descriptionId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{descriptionId}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'codeName' || chr(31) || 's:' || (doc #>> '{codeName}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{codeName}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'genericName' || chr(31) || 's:' || (doc #>> '{genericName}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{genericName}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'priceFunction' || chr(31) || 's:' || (doc #>> '{priceFunction}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{priceFunction}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'sellingStores' || chr(31) || 's:' || (e #>> '{}') AS k) AS key_text) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(doc #> '{sellingStores}') = 'array' THEN doc #> '{sellingStores}' ELSE '[]' END) AS e WHERE jsonb_typeof(e) = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'status' || chr(31) || 's:' || (doc #>> '{status}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{status}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'blackListedCountries' || chr(31) || 's:' || (e #>> '{}') AS k) AS key_text) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(doc #> '{blackListedCountries}') = 'array' THEN doc #> '{blackListedCountries}' ELSE '[]' END) AS e WHERE jsonb_typeof(e) = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'releaseDate' || chr(31) || 's:' || (doc #>> '{releaseDate}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{releaseDate}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'nextGenerationOf' || chr(31) || 's:' || (e #>> '{}') AS k) AS key_text) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(doc #> '{nextGenerationOf}') = 'array' THEN doc #> '{nextGenerationOf}' ELSE '[]' END) AS e WHERE jsonb_typeof(e) = 'string')) AS keys(key))
 WHERE col_description('products'::regclass, (SELECT attnum FROM pg_attribute WHERE attrelid = 'products'::regclass AND attname = 'filter_keys')) IS DISTINCT FROM 'e4bccef15667817bf6142c72ebfca7dc';
COMMENT ON COLUMN products.filter_keys IS 'e4bccef15667817bf6142c72ebfca7dc';

-- Kind `product-sale-record`
CREATE TABLE IF NOT EXISTS product_sale_records (
  id text PRIMARY KEY,
  customer_id text,
  db_version integer NOT NULL DEFAULT 0,
  create_date timestamptz NOT NULL,
  update_date timestamptz NOT NULL,
  doc jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS product_sale_records_customer_idx ON product_sale_records (customer_id, id);
CREATE INDEX IF NOT EXISTS product_sale_records_doc_idx ON product_sale_records USING gin (doc jsonb_path_ops);
ALTER TABLE product_sale_records ADD COLUMN IF NOT EXISTS filter_keys text[] NOT NULL DEFAULT '{}';
CREATE INDEX IF NOT EXISTS product_sale_records_filter_keys_idx ON product_sale_records USING gin (filter_keys);
UPDATE product_sale_records SET filter_keys = ARRAY(SELECT DISTINCT key FROM ((SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'productId' || chr(31) || 's:' || (doc #>> '{productId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{productId}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'status' || chr(31) || 's:' || (doc #>> '{status}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{status}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'catalogId' || chr(31) || 's:' || (doc #>> '{catalogId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{catalogId}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'sellingStores' || chr(31) || 's:' || (e #>> '{}') AS k) AS key_text) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(doc #> '{sellingStores}') = 'array' THEN doc #> '{sellingStores}' ELSE '[]' END) AS e WHERE jsonb_typeof(e) = 'string')) AS keys(key))
 WHERE col_description('product_sale_records'::regclass, (SELECT attnum FROM pg_attribute WHERE attrelid = 'product_sale_records'::regclass AND attname = 'filter_keys')) IS DISTINCT FROM '0d56b53a1659ec4ddbde661c88397e45';
COMMENT ON COLUMN product_sale_records.filter_keys IS '0d56b53a1659ec4ddbde661c88397e45';

-- Kind `description`
CREATE TABLE IF NOT EXISTS descriptions (
  id text PRIMARY KEY,
  customer_id text,
  db_version integer NOT NULL DEFAULT 0,
  create_date timestamptz NOT NULL,
  update_date timestamptz NOT NULL,
  doc jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS descriptions_customer_idx ON descriptions (customer_id, id);
CREATE INDEX IF NOT EXISTS descriptions_doc_idx ON descriptions USING gin (doc jsonb_path_ops);
ALTER TABLE descriptions ADD COLUMN IF NOT EXISTS filter_keys text[] NOT NULL DEFAULT '{}';
CREATE INDEX IF NOT EXISTS descriptions_filter_keys_idx ON descriptions USING gin (filter_keys);
ALTER TABLE descriptions ADD COLUMN IF NOT EXISTS search tsvector;
CREATE INDEX IF NOT EXISTS descriptions_search_idx ON descriptions USING gin (search);
UPDATE descriptions SET filter_keys = ARRAY(SELECT DISTINCT key FROM ((SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'catalogId' || chr(31) || 's:' || (doc #>> '{catalogId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{catalogId}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'fallbackLocale' || chr(31) || 's:' || (doc #>> '{fallbackLocale}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{fallbackLocale}') = 'string')) AS keys(key))
 WHERE col_description('descriptions'::regclass, (SELECT attnum FROM pg_attribute WHERE attrelid = 'descriptions'::regclass AND attname = 'filter_keys')) IS DISTINCT FROM '6c01f8a509ca7a2b66361f054635c464';
COMMENT ON COLUMN descriptions.filter_keys IS '6c01f8a509ca7a2b66361f054635c464';

-- Kind `price-function`
CREATE TABLE IF NOT EXISTS price_functions (
  id text PRIMARY KEY,
  customer_id text,
  db_version integer NOT NULL DEFAULT 0,
  create_date timestamptz NOT NULL,
  update_date timestamptz NOT NULL,
  doc jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS price_functions_customer_idx ON price_functions (customer_id, id);
CREATE INDEX IF NOT EXISTS price_functions_doc_idx ON price_functions USING gin (doc jsonb_path_ops);
ALTER TABLE price_functions ADD COLUMN IF NOT EXISTS filter_keys text[] NOT NULL DEFAULT '{}';
CREATE INDEX IF NOT EXISTS price_functions_filter_keys_idx ON price_functions USING gin (filter_keys);
UPDATE price_functions SET filter_keys = ARRAY(SELECT DISTINCT key FROM ((SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'name' || chr(31) || 's:' || (doc #>> '{name}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{name}') = 'string')) AS keys(key))
 WHERE col_description('price_functions'::regclass, (SELECT attnum FROM pg_attribute WHERE attrelid = 'price_functions'::regclass AND attname = 'filter_keys')) IS DISTINCT FROM '8164605fce9a04ec10a65e5ac21bf1ac';
COMMENT ON COLUMN price_functions.filter_keys IS '8164605fce9a04ec10a65e5ac21bf1ac';

-- Kind `recommendation-rule`
CREATE INDEX IF NOT EXISTS recommendation_rules_customer_idx ON recommendation_rules (customer_id, id);
CREATE INDEX IF NOT EXISTS recommendation_rules_doc_idx ON recommendation_rules USING gin (doc jsonb_path_ops);
ALTER TABLE recommendation_rules ADD COLUMN IF NOT EXISTS filter_keys text[] NOT NULL DEFAULT '{}';
CREATE INDEX IF NOT EXISTS recommendation_rules_filter_keys_idx ON recommendation_rules USING gin (filter_keys);
UPDATE recommendation_rules SET filter_keys = ARRAY(SELECT DISTINCT key FROM ((SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'name' || chr(31) || 's:' || (doc #>> '{name}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{name}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'status' || chr(31) || 's:' || (doc #>> '{status}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{status}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'type' || chr(31) || 's:' || (doc #>> '{type}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{type}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'function' || chr(31) || 's:' || (doc #>> '{function}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{function}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'catalogId' || chr(31) || 's:' || (doc #>> '{catalogId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{catalogId}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'marketingOperationId' || chr(31) || 's:' || (doc #>> '{marketingOperationId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{marketingOperationId}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'originalId' || chr(31) || 's:' || (doc #>> '{originalId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{originalId}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'levels' || chr(31) || 's:' || (e #>> '{}') AS k) AS key_text) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(doc #> '{levels}') = 'array' THEN doc #> '{levels}' ELSE '[]' END) AS e WHERE jsonb_typeof(e) = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'sources' || chr(31) || 's:' || (e #>> '{}') AS k) AS key_text) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(doc #> '{sources}') = 'array' THEN doc #> '{sources}' ELSE '[]' END) AS e WHERE jsonb_typeof(e) = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'eligibleStoreIds' || chr(31) || 's:' || (e #>> '{}') AS k) AS key_text) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(doc #> '{eligibleStoreIds}') = 'array' THEN doc #> '{eligibleStoreIds}' ELSE '[]' END) AS e WHERE jsonb_typeof(e) = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'eligibleProductIds' || chr(31) || 's:' || (e #>> '{}') AS k) AS key_text) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(doc #> '{eligibleProductIds}') = 'array' THEN doc #> '{eligibleProductIds}' ELSE '[]' END) AS e WHERE jsonb_typeof(e) = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'eligibleParentProductIds' || chr(31) || 's:' || (e #>> '{}') AS k) AS key_text) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(doc #> '{eligibleParentProductIds}') = 'array' THEN doc #> '{eligibleParentProductIds}' ELSE '[]' END) AS e WHERE jsonb_typeof(e) = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'appliesTo' || chr(31) || 's:' || (e #>> '{}') AS k) AS key_text) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(doc #> '{appliesTo}') = 'array' THEN doc #> '{appliesTo}' ELSE '[]' END) AS e WHERE jsonb_typeof(e) = 'string')) AS keys(key))
 WHERE col_description('recommendation_rules'::regclass, (SELECT attnum FROM pg_attribute WHERE attrelid = 'recommendation_rules'::regclass AND attname = 'filter_keys')) IS DISTINCT FROM '2c9fc381e8280bd7bf3521057ea615e7';
COMMENT ON COLUMN recommendation_rules.filter_keys IS '2c9fc381e8280bd7bf3521057ea615e7';

-- Kind `cart`
CREATE TABLE IF NOT EXISTS carts (
  id text PRIMARY KEY,
  customer_id text,
  db_version integer NOT NULL DEFAULT 0,
  create_date timestamptz NOT NULL,
  update_date timestamptz NOT NULL,
  doc jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS carts_customer_idx ON carts (customer_id, id);
CREATE INDEX IF NOT EXISTS carts_doc_idx ON carts USING gin (doc jsonb_path_ops);
ALTER TABLE carts ADD COLUMN IF NOT EXISTS filter_keys text[] NOT NULL DEFAULT '{}';
CREATE INDEX IF NOT EXISTS carts_filter_keys_idx ON carts USING gin (filter_keys);
UPDATE carts SET filter_keys = ARRAY(SELECT DISTINCT key FROM ((SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'enduserId' || chr(31) || 's:' || (doc #>> '{enduserId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{enduserId}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'storeId' || chr(31) || 's:' || (doc #>> '{storeId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{storeId}') = 'string')) AS keys(key))
 WHERE col_description('carts'::regclass, (SELECT attnum FROM pg_attribute WHERE attrelid = 'carts'::regclass AND attname = 'filter_keys')) IS DISTINCT FROM '2646093dea2b9f67495306315de38814';
COMMENT ON COLUMN carts.filter_keys IS '2646093dea2b9f67495306315de38814';

-- Kind `notification-definition`
CREATE TABLE IF NOT EXISTS notification_definitions (
  id text PRIMARY KEY,
  customer_id text,
  db_version integer NOT NULL DEFAULT 0,
  create_date timestamptz NOT NULL,
  update_date timestamptz NOT NULL,
  doc jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS notification_definitions_customer_idx ON notification_definitions (customer_id, id);
CREATE INDEX IF NOT EXISTS notification_definitions_doc_idx ON notification_definitions USING gin (doc jsonb_path_ops);
ALTER TABLE notification_definitions ADD COLUMN IF NOT EXISTS filter_keys text[] NOT NULL DEFAULT '{}';
CREATE INDEX IF NOT EXISTS notification_definitions_filter_keys_idx ON notification_definitions USING gin (filter_keys);
UPDATE notification_definitions SET filter_keys = '{}'::text[]
 WHERE col_description('notification_definitions'::regclass, (SELECT attnum FROM pg_attribute WHERE attrelid = 'notification_definitions'::regclass AND attname = 'filter_keys')) IS DISTINCT FROM 'c476bd90bf69fd4bade322399053270f';
COMMENT ON COLUMN notification_definitions.filter_keys IS 'c476bd90bf69fd4bade322399053270f';

-- Kind `notification-receiver`
CREATE TABLE IF NOT EXISTS notification_receivers (
  id text PRIMARY KEY,
  customer_id text,
  db_version integer NOT NULL DEFAULT 0,
  create_date timestamptz NOT NULL,
  update_date timestamptz NOT NULL,
  doc jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS notification_receivers_customer_idx ON notification_receivers (customer_id, id);
CREATE INDEX IF NOT EXISTS notification_receivers_doc_idx ON notification_receivers USING gin (doc jsonb_path_ops);
ALTER TABLE notification_receivers ADD COLUMN IF NOT EXISTS filter_keys text[] NOT NULL DEFAULT '{}';
CREATE INDEX IF NOT EXISTS notification_receivers_filter_keys_idx ON notification_receivers USING gin (filter_keys);
UPDATE notification_receivers SET filter_keys = '{}'::text[]
 WHERE col_description('notification_receivers'::regclass, (SELECT attnum FROM pg_attribute WHERE attrelid = 'notification_receivers'::regclass AND attname = 'filter_keys')) IS DISTINCT FROM 'c476bd90bf69fd4bade322399053270f';
COMMENT ON COLUMN notification_receivers.filter_keys IS 'c476bd90bf69fd4bade322399053270f';

-- Kind `notification`
CREATE INDEX IF NOT EXISTS notifications_customer_idx ON notifications (customer_id, id);
CREATE INDEX IF NOT EXISTS notifications_doc_idx ON notifications USING gin (doc jsonb_path_ops);
CREATE INDEX IF NOT EXISTS notifications_filter_keys_idx ON notifications USING gin (filter_keys);
UPDATE notifications SET filter_keys = ARRAY(SELECT DISTINCT key FROM ((SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'status' || chr(31) || 's:' || (doc #>> '{status}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{status}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'notificationDefinitionId' || chr(31) || 's:' || (doc #>> '{notificationDefinitionId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{notificationDefinitionId}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'notificationReceiverId' || chr(31) || 's:' || (doc #>> '{notificationReceiverId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{notificationReceiverId}') = 'string')
   UNION ALL (SELECT (SELECT CASE WHEN octet_length(k) <= 160 THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT coalesce(customer_id, '') || chr(31) || 'eventMainObjectId' || chr(31) || 's:' || (doc #>> '{eventMainObjectId}') AS k) AS key_text) WHERE jsonb_typeof(doc #> '{eventMainObjectId}') = 'string')) AS keys(key))
 WHERE col_description('notifications'::regclass, (SELECT attnum FROM pg_attribute WHERE attrelid = 'notifications'::regclass AND attname = 'filter_keys')) IS DISTINCT FROM '30ef7c237203d3aabc91d1e32b504a1a';
COMMENT ON COLUMN notifications.filter_keys IS '30ef7c237203d3aabc91d1e32b504a1a';
