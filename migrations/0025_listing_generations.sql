-- The changes of each (kind table, owner): every statement that writes an owner's records appends one row here, with
-- a new value of one sequence and the change in the number of records the owner holds. A listing's exact count is
-- cached by the service under what its owners' rows say (their number and their largest generation, read in the
-- listing's own snapshot: store/listing-counts.ts), and the page of a broad filter walks the owner's newest-first
-- index instead of reading every match (docs/decisions.md, "Counts under a generation, pages by the cheaper walk";
-- docs/scaling.md, "A million products").
--
-- Rows are only appended (never updated) so that writes of one owner do not wait for each other: an upsert of one
-- row per owner held that row from the write to the commit, and one customer's concurrent writes ran one at a time.
-- The job "record change compaction" folds an owner's rows into one (a new generation, their sum). Generations come
-- from one sequence, never rolled back: a rolled-back write's row is never seen by anyone else. Operator records (no
-- owner) are under the owner ''.
CREATE SEQUENCE IF NOT EXISTS record_generation_seq;
CREATE TABLE IF NOT EXISTS record_changes (
  table_name text NOT NULL,
  customer_id text NOT NULL,
  generation bigint NOT NULL DEFAULT nextval('record_generation_seq'),
  delta bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS record_changes_owner_idx ON record_changes (table_name, customer_id) INCLUDE (generation, delta);

-- One call per statement (the kinds' triggers, AFTER ... FOR EACH STATEMENT, with their transition tables): one row
-- per owner the statement touched. Its search_path is this schema's, whatever the writing session's: a write by a
-- session set to another schema (psql, a tool naming tables with their schema) must find this schema's changes, not
-- fail or append to another's.
CREATE OR REPLACE FUNCTION record_generations_bump() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO record_changes (table_name, customer_id, delta)
      SELECT TG_TABLE_NAME, coalesce(customer_id, ''), count(*) FROM new_rows GROUP BY 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO record_changes (table_name, customer_id, delta)
      SELECT TG_TABLE_NAME, coalesce(customer_id, ''), -count(*) FROM old_rows GROUP BY 2;
  ELSE
    INSERT INTO record_changes (table_name, customer_id, delta)
      SELECT TG_TABLE_NAME, owner, sum(delta) FROM (
          SELECT coalesce(customer_id, '') AS owner, 1 AS delta FROM new_rows
          UNION ALL SELECT coalesce(customer_id, ''), -1 FROM old_rows) AS changed
        GROUP BY 2;
  END IF;
  RETURN NULL;
END
$$;

-- Each kind's triggers, written by `npm run migrations:generate` (storage-objects.ts, generationTriggers).

-- Kind `terms`
CREATE OR REPLACE TRIGGER terms_generation_insert AFTER INSERT ON terms REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER terms_generation_update AFTER UPDATE ON terms REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER terms_generation_delete AFTER DELETE ON terms REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();

-- Kind `company-terms`
CREATE OR REPLACE TRIGGER company_terms_generation_insert AFTER INSERT ON company_terms REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER company_terms_generation_update AFTER UPDATE ON company_terms REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER company_terms_generation_delete AFTER DELETE ON company_terms REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();

-- Kind `customer`
CREATE OR REPLACE TRIGGER customers_generation_insert AFTER INSERT ON customers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER customers_generation_update AFTER UPDATE ON customers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER customers_generation_delete AFTER DELETE ON customers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();

-- Kind `order`
CREATE OR REPLACE TRIGGER orders_generation_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER orders_generation_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER orders_generation_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();

-- Kind `subscription-model`
CREATE OR REPLACE TRIGGER subscription_models_generation_insert AFTER INSERT ON subscription_models REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER subscription_models_generation_update AFTER UPDATE ON subscription_models REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER subscription_models_generation_delete AFTER DELETE ON subscription_models REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();

-- Kind `subscription`
CREATE OR REPLACE TRIGGER subscriptions_generation_insert AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER subscriptions_generation_update AFTER UPDATE ON subscriptions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER subscriptions_generation_delete AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();

-- Kind `product`
CREATE OR REPLACE TRIGGER products_generation_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER products_generation_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER products_generation_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();

-- Kind `product-sale-record`
CREATE OR REPLACE TRIGGER product_sale_records_generation_insert AFTER INSERT ON product_sale_records REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER product_sale_records_generation_update AFTER UPDATE ON product_sale_records REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER product_sale_records_generation_delete AFTER DELETE ON product_sale_records REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();

-- Kind `description`
CREATE OR REPLACE TRIGGER descriptions_generation_insert AFTER INSERT ON descriptions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER descriptions_generation_update AFTER UPDATE ON descriptions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER descriptions_generation_delete AFTER DELETE ON descriptions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();

-- Kind `price-function`
CREATE OR REPLACE TRIGGER price_functions_generation_insert AFTER INSERT ON price_functions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER price_functions_generation_update AFTER UPDATE ON price_functions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER price_functions_generation_delete AFTER DELETE ON price_functions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();

-- Kind `product-import`
CREATE OR REPLACE TRIGGER product_imports_generation_insert AFTER INSERT ON product_imports REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER product_imports_generation_update AFTER UPDATE ON product_imports REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER product_imports_generation_delete AFTER DELETE ON product_imports REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();

-- Kind `recommendation-rule`
CREATE OR REPLACE TRIGGER recommendation_rules_generation_insert AFTER INSERT ON recommendation_rules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER recommendation_rules_generation_update AFTER UPDATE ON recommendation_rules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER recommendation_rules_generation_delete AFTER DELETE ON recommendation_rules REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();

-- Kind `cart`
CREATE OR REPLACE TRIGGER carts_generation_insert AFTER INSERT ON carts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER carts_generation_update AFTER UPDATE ON carts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER carts_generation_delete AFTER DELETE ON carts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();

-- Kind `notification-definition`
CREATE OR REPLACE TRIGGER notification_definitions_generation_insert AFTER INSERT ON notification_definitions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER notification_definitions_generation_update AFTER UPDATE ON notification_definitions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER notification_definitions_generation_delete AFTER DELETE ON notification_definitions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();

-- Kind `notification-receiver`
CREATE OR REPLACE TRIGGER notification_receivers_generation_insert AFTER INSERT ON notification_receivers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER notification_receivers_generation_update AFTER UPDATE ON notification_receivers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER notification_receivers_generation_delete AFTER DELETE ON notification_receivers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();

-- Kind `notification`
CREATE OR REPLACE TRIGGER notifications_generation_insert AFTER INSERT ON notifications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER notifications_generation_update AFTER UPDATE ON notifications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();
CREATE OR REPLACE TRIGGER notifications_generation_delete AFTER DELETE ON notifications REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump();

-- The records each owner holds now (the triggers keep them from here: the tables are locked against writes until
-- this migration commits, CREATE TRIGGER took their lock).
INSERT INTO record_changes (table_name, customer_id, delta)
  SELECT 'terms', coalesce(customer_id, ''), count(*) FROM terms GROUP BY 2;
INSERT INTO record_changes (table_name, customer_id, delta)
  SELECT 'company_terms', coalesce(customer_id, ''), count(*) FROM company_terms GROUP BY 2;
INSERT INTO record_changes (table_name, customer_id, delta)
  SELECT 'customers', coalesce(customer_id, ''), count(*) FROM customers GROUP BY 2;
INSERT INTO record_changes (table_name, customer_id, delta)
  SELECT 'orders', coalesce(customer_id, ''), count(*) FROM orders GROUP BY 2;
INSERT INTO record_changes (table_name, customer_id, delta)
  SELECT 'subscription_models', coalesce(customer_id, ''), count(*) FROM subscription_models GROUP BY 2;
INSERT INTO record_changes (table_name, customer_id, delta)
  SELECT 'subscriptions', coalesce(customer_id, ''), count(*) FROM subscriptions GROUP BY 2;
INSERT INTO record_changes (table_name, customer_id, delta)
  SELECT 'products', coalesce(customer_id, ''), count(*) FROM products GROUP BY 2;
INSERT INTO record_changes (table_name, customer_id, delta)
  SELECT 'product_sale_records', coalesce(customer_id, ''), count(*) FROM product_sale_records GROUP BY 2;
INSERT INTO record_changes (table_name, customer_id, delta)
  SELECT 'descriptions', coalesce(customer_id, ''), count(*) FROM descriptions GROUP BY 2;
INSERT INTO record_changes (table_name, customer_id, delta)
  SELECT 'price_functions', coalesce(customer_id, ''), count(*) FROM price_functions GROUP BY 2;
INSERT INTO record_changes (table_name, customer_id, delta)
  SELECT 'product_imports', coalesce(customer_id, ''), count(*) FROM product_imports GROUP BY 2;
INSERT INTO record_changes (table_name, customer_id, delta)
  SELECT 'recommendation_rules', coalesce(customer_id, ''), count(*) FROM recommendation_rules GROUP BY 2;
INSERT INTO record_changes (table_name, customer_id, delta)
  SELECT 'carts', coalesce(customer_id, ''), count(*) FROM carts GROUP BY 2;
INSERT INTO record_changes (table_name, customer_id, delta)
  SELECT 'notification_definitions', coalesce(customer_id, ''), count(*) FROM notification_definitions GROUP BY 2;
INSERT INTO record_changes (table_name, customer_id, delta)
  SELECT 'notification_receivers', coalesce(customer_id, ''), count(*) FROM notification_receivers GROUP BY 2;
INSERT INTO record_changes (table_name, customer_id, delta)
  SELECT 'notifications', coalesce(customer_id, ''), count(*) FROM notifications GROUP BY 2;
