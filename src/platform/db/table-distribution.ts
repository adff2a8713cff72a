/**
 * How each table would be placed on a Citus cluster sharded by customer (docs/scaling.md). Nothing reads this at
 * run time: `test/architecture/citus-distribution.test.ts` checks it against the migrated schema, so a new table must
 * be placed here, and a key that Citus would refuse is either fixed or listed below with its reason.
 *
 * - `distributed`: hash-distributed on `customer_id`, every such table co-located with the others (one tenant's rows
 *   of every kind on one shard group).
 * - `reference`: copied whole to every node; for small tables that distributed tables join to.
 * - `local`: kept on the coordinator only (a Citus local table); for tables no tenant statement joins to.
 */
export type TablePlacement = 'distributed' | 'reference' | 'local';

/** The distribution column of every distributed table. */
export const DISTRIBUTION_COLUMN = 'customer_id';

export const TABLE_PLACEMENT: Record<string, TablePlacement> = {
  // Tenant records of the resource engine: one statement per kind, filtered by customer_id.
  carts: 'distributed',
  company_terms: 'distributed',
  customers: 'distributed',
  descriptions: 'distributed',
  notification_definitions: 'distributed',
  notification_receivers: 'distributed',
  notifications: 'distributed',
  orders: 'distributed',
  price_functions: 'distributed',
  product_sale_records: 'distributed',
  products: 'distributed',
  products_history: 'distributed',
  recommendation_rules: 'distributed',
  subscription_models: 'distributed',
  subscriptions: 'distributed',
  terms: 'distributed',
  // Kept beside a tenant's records, written in the same transaction as them.
  activity: 'distributed',
  assets: 'distributed',
  customer_signatures: 'distributed',
  customer_signing_keys: 'distributed',
  notification_attempts: 'distributed',
  outbox: 'distributed',
  // A kind's changes per owner (listing counts kept under them), appended by the write's own statement trigger.
  record_changes: 'distributed',
  // Bulk imports: the import record, and its rows, errors and uploader, read through the import's id.
  product_imports: 'distributed',
  product_import_errors: 'distributed',
  product_import_pieces: 'distributed',
  product_import_uploaders: 'distributed',
  // Sign-in and tokens: read by realm, client, session or key hash, never joined to tenant records.
  iam_authorization_codes: 'local',
  iam_clients: 'local',
  iam_realms: 'local',
  iam_refresh_tokens: 'local',
  iam_sessions: 'local',
  iam_sign_in_throttle: 'local',
  iam_signing_keys: 'local',
  iam_users: 'local',
  // Keyed by the caller's token and key, read and written by the request that carries it.
  idempotency_keys: 'local',
  schema_migrations: 'local',
};

const OPERATOR_ROWS =
  "the operator's records have no customer_id (NULL), which Citus cannot place; the key becomes (customer_id, ...) once they are keyed 'operator' (docs/scaling.md, step 2)";
const OWNER_REFERENCE =
  'references customers(id), which equals customers.customer_id (a customer is its own tenant); the key names customer_id on both sides once customers carries its key as (customer_id) (docs/scaling.md, step 2)';
const ATTEMPTS =
  "its rows are found through their notification's id and carry no customer_id; they take the notification's with the other keys (docs/scaling.md, step 2)";
const IMPORT_PARTS =
  "its rows are found through their import's id and carry no customer_id; they take the import's with the other keys (docs/scaling.md, step 2)";

/**
 * Where today's schema breaks a rule Citus enforces, each with why it stays for now. The test fails on a break not
 * listed here and on an entry that no longer breaks anything, so this list only shrinks knowingly. Keys are the
 * test's names of the breaks: `<table> unique <index>`, `<table> foreign key <constraint>`, `<table> has no customer_id`.
 */
export const KNOWN_EXCEPTIONS: Record<string, string> = {
  'activity unique activity_pkey': OPERATOR_ROWS,
  'assets unique assets_pkey': OPERATOR_ROWS,
  'assets unique assets_owner_content_idx': OPERATOR_ROWS,
  'carts unique carts_pkey': OPERATOR_ROWS,
  'company_terms unique company_terms_pkey': OPERATOR_ROWS,
  'customer_signatures unique customer_signatures_pkey': OPERATOR_ROWS,
  'customer_signatures foreign key customer_signatures_customer_id_fkey': OWNER_REFERENCE,
  'customer_signing_keys unique customer_signing_keys_kid_key':
    'a key id is unique across customers (a token header names it alone); (customer_id, kid) once verification passes the customer (docs/scaling.md, step 2)',
  'customer_signing_keys foreign key customer_signing_keys_customer_id_fkey': OWNER_REFERENCE,
  'customers unique customers_pkey': OPERATOR_ROWS,
  'customers unique customers_realm_name_idx':
    'realm names are unique across customers (a sign-in names the realm alone); the IAM holds the same unique key in iam_realms, on the coordinator (docs/scaling.md, step 2)',
  'descriptions unique descriptions_pkey': OPERATOR_ROWS,
  'notification_attempts has no customer_id': ATTEMPTS,
  'notification_attempts unique notification_attempts_pkey': ATTEMPTS,
  'notification_attempts foreign key notification_attempts_notification_id_fkey': ATTEMPTS,
  'notification_definitions unique notification_definitions_pkey': OPERATOR_ROWS,
  'notification_receivers unique notification_receivers_pkey': OPERATOR_ROWS,
  'notifications unique notifications_pkey': OPERATOR_ROWS,
  'notifications unique notifications_delivery_key': OPERATOR_ROWS,
  'orders unique orders_pkey': OPERATOR_ROWS,
  'orders unique orders_subscriptionid_termstart_key': OPERATOR_ROWS,
  'outbox unique outbox_pkey': OPERATOR_ROWS,
  'price_functions unique price_functions_pkey': OPERATOR_ROWS,
  'product_imports unique product_imports_pkey': OPERATOR_ROWS,
  'product_imports unique product_imports_customerid_idempotencykey_key': OPERATOR_ROWS,
  'product_import_errors has no customer_id': IMPORT_PARTS,
  'product_import_errors unique product_import_errors_pkey': IMPORT_PARTS,
  'product_import_pieces has no customer_id': IMPORT_PARTS,
  'product_import_pieces unique product_import_pieces_pkey': IMPORT_PARTS,
  'product_import_uploaders has no customer_id': IMPORT_PARTS,
  'product_import_uploaders unique product_import_uploaders_pkey': IMPORT_PARTS,
  'product_sale_records unique product_sale_records_pkey': OPERATOR_ROWS,
  'products unique products_pkey': OPERATOR_ROWS,
  'products unique products_customerid_publisherrefid_key': OPERATOR_ROWS,
  'products_history unique products_history_pkey': OPERATOR_ROWS,
  'recommendation_rules unique recommendation_rules_pkey': OPERATOR_ROWS,
  'subscription_models unique subscription_models_pkey': OPERATOR_ROWS,
  'subscription_models unique subscription_models_customerid_name_key': OPERATOR_ROWS,
  'subscriptions unique subscriptions_pkey': OPERATOR_ROWS,
  'terms unique terms_pkey': OPERATOR_ROWS,
};
