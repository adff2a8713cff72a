-- Fair shares between tenants (docs/security.md, "Fair shares"): the dispatcher and the delivery workers take each
-- tenant's waiting work in turn. These indexes let a claim walk the tenants that have work waiting, one probe each
-- (a tenant's backlog is skipped, not scanned), and take a tenant's first items in order.
CREATE INDEX IF NOT EXISTS outbox_fair_idx ON outbox ((COALESCE(customer_id, 'operator')), occurred_at, id)
  WHERE processed_at IS NULL;
CREATE INDEX IF NOT EXISTS notifications_fair_idx ON notifications ((COALESCE(customer_id, 'operator')), next_try_at, id)
  WHERE status IN ('PENDING', 'RETRYING');
