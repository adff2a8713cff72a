import type { Queryable } from '../../platform/db/database.js';
import { defineResource, type RecordStores } from '../../platform/resource/declare.js';
import { customerKind } from './customer.kind.js';
import { customerActions } from './customer-actions.js';
import {
  afterCustomerCommit,
  beforeCustomerCreate,
  beforeCustomerUpdate,
  type CustomerHookDeps,
} from './customer-hooks.js';
import { customerLookupActions } from './customer-lookup-actions.js';
import { CustomerLookups } from './customer-lookups.js';

/** What the customer's hooks and actions use of the running app: the hooks' services, and the lookups' data. */
export interface CustomerServices extends CustomerHookDeps {
  db: Queryable;
  records: RecordStores;
}

/**
 * Customers (docs/customers.md): the kind (customer.kind.ts), the hooks that give a customer its realm, client and
 * signing key, and its actions (client-secret rotation, remote price filtering, signature checks, lookups). They use
 * the running app's IAM and keys, so the declaration is a function of them, called by the module at start.
 */
export function customerResource(app: CustomerServices) {
  const lookups = new CustomerLookups(app.db, () => app.records.of(customerKind));
  return defineResource({
    ...customerKind,
    hooks: {
      beforeCreate: (doc, ctx) => beforeCustomerCreate(app, doc, ctx),
      beforeUpdate: beforeCustomerUpdate,
      afterCommit: (doc) => afterCustomerCommit(app.authorizations, doc),
    },
    actions: [...customerActions({ realms: app.iam.realms, signing: app.signing }), ...customerLookupActions(lookups)],
  });
}
