-- The storage the kinds declare and the migrations before this one do not create, written by
-- `npm run migrations:generate` from the declarations (src/platform/resource/sql/storage-ddl.ts). Every statement is
-- idempotent (IF NOT EXISTS; filter keys recomputed only where they were made from other declarations), so a
-- database whose start-up made this storage before migrations owned the schema (issue 24) migrates cleanly.
--
-- Every list of the console opens newest first (createDate, then id, descending): these indexes serve that order, the
-- operator's across every customer and one customer's, so a first page no longer sorts every match (docs/decisions.md,
-- "Newest first is an index").

-- Kind `terms`
CREATE INDEX IF NOT EXISTS terms_created_idx ON terms (create_date, id);
CREATE INDEX IF NOT EXISTS terms_customer_created_idx ON terms (customer_id, create_date, id);

-- Kind `company-terms`
CREATE INDEX IF NOT EXISTS company_terms_created_idx ON company_terms (create_date, id);
CREATE INDEX IF NOT EXISTS company_terms_customer_created_idx ON company_terms (customer_id, create_date, id);

-- Kind `customer`
CREATE INDEX IF NOT EXISTS customers_created_idx ON customers (create_date, id);
CREATE INDEX IF NOT EXISTS customers_customer_created_idx ON customers (customer_id, create_date, id);

-- Kind `order`
CREATE INDEX IF NOT EXISTS orders_created_idx ON orders (create_date, id);
CREATE INDEX IF NOT EXISTS orders_customer_created_idx ON orders (customer_id, create_date, id);

-- Kind `subscription-model`
CREATE INDEX IF NOT EXISTS subscription_models_created_idx ON subscription_models (create_date, id);
CREATE INDEX IF NOT EXISTS subscription_models_customer_created_idx ON subscription_models (customer_id, create_date, id);

-- Kind `subscription`
CREATE INDEX IF NOT EXISTS subscriptions_created_idx ON subscriptions (create_date, id);
CREATE INDEX IF NOT EXISTS subscriptions_customer_created_idx ON subscriptions (customer_id, create_date, id);

-- Kind `product`
CREATE INDEX IF NOT EXISTS products_created_idx ON products (create_date, id);
CREATE INDEX IF NOT EXISTS products_customer_created_idx ON products (customer_id, create_date, id);

-- Kind `product-sale-record`
CREATE INDEX IF NOT EXISTS product_sale_records_created_idx ON product_sale_records (create_date, id);
CREATE INDEX IF NOT EXISTS product_sale_records_customer_created_idx ON product_sale_records (customer_id, create_date, id);

-- Kind `description`
CREATE INDEX IF NOT EXISTS descriptions_created_idx ON descriptions (create_date, id);
CREATE INDEX IF NOT EXISTS descriptions_customer_created_idx ON descriptions (customer_id, create_date, id);

-- Kind `price-function`
CREATE INDEX IF NOT EXISTS price_functions_created_idx ON price_functions (create_date, id);
CREATE INDEX IF NOT EXISTS price_functions_customer_created_idx ON price_functions (customer_id, create_date, id);

-- Kind `product-import`
CREATE INDEX IF NOT EXISTS product_imports_created_idx ON product_imports (create_date, id);
CREATE INDEX IF NOT EXISTS product_imports_customer_created_idx ON product_imports (customer_id, create_date, id);

-- Kind `recommendation-rule`
CREATE INDEX IF NOT EXISTS recommendation_rules_created_idx ON recommendation_rules (create_date, id);
CREATE INDEX IF NOT EXISTS recommendation_rules_customer_created_idx ON recommendation_rules (customer_id, create_date, id);

-- Kind `cart`
CREATE INDEX IF NOT EXISTS carts_created_idx ON carts (create_date, id);
CREATE INDEX IF NOT EXISTS carts_customer_created_idx ON carts (customer_id, create_date, id);

-- Kind `notification-definition`
CREATE INDEX IF NOT EXISTS notification_definitions_created_idx ON notification_definitions (create_date, id);
CREATE INDEX IF NOT EXISTS notification_definitions_customer_created_idx ON notification_definitions (customer_id, create_date, id);

-- Kind `notification-receiver`
CREATE INDEX IF NOT EXISTS notification_receivers_created_idx ON notification_receivers (create_date, id);
CREATE INDEX IF NOT EXISTS notification_receivers_customer_created_idx ON notification_receivers (customer_id, create_date, id);

-- Kind `notification`
CREATE INDEX IF NOT EXISTS notifications_created_idx ON notifications (create_date, id);
CREATE INDEX IF NOT EXISTS notifications_customer_created_idx ON notifications (customer_id, create_date, id);
