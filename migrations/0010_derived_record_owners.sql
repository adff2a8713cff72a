-- Ownership (docs/security.md): every record has an owner, and a record derived from another inherits its owner. A
-- notification's owner is its receiver's, and a tenant's receiver hears its own customer's events only, so a tenant's
-- notification about another customer's event can only come from older code: it becomes the operator's (whose records
-- no tenant reads). The documents then name the owner their rows have, and a kept copy of a sent e-mail belongs to its
-- notification's owner. Rows already right are left alone.
UPDATE notifications SET customer_id = NULL
 WHERE customer_id IS NOT NULL AND (doc #>> '{processedEvent,customerId}') IS DISTINCT FROM customer_id;

UPDATE notifications
   SET doc = CASE WHEN customer_id IS NULL THEN doc - 'customerId' ELSE jsonb_set(doc, '{customerId}', to_jsonb(customer_id)) END
 WHERE (doc ->> 'customerId') IS DISTINCT FROM customer_id;

UPDATE orders
   SET doc = CASE WHEN customer_id IS NULL THEN doc - 'customerId' ELSE jsonb_set(doc, '{customerId}', to_jsonb(customer_id)) END
 WHERE (doc ->> 'customerId') IS DISTINCT FROM customer_id;

UPDATE assets AS a SET customer_id = n.customer_id
  FROM notifications AS n
 WHERE n.doc ->> 'mailStorageId' = a.id AND a.customer_id IS DISTINCT FROM n.customer_id;

-- The owner is part of each filter key (filter-keys.ts): marking the column's keys as made from other declarations
-- has the start-up recompute them once (resource-storage.ts). The column is added here when a fresh database has no
-- notifications kind stored yet, exactly as the start-up would add it.
ALTER TABLE notifications ADD COLUMN IF NOT EXISTS filter_keys text[] NOT NULL DEFAULT '{}';
COMMENT ON COLUMN notifications.filter_keys IS 'owners repaired by 0010_derived_record_owners';
