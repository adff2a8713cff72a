import { defineResource, type ResourceHooks } from '../../platform/registry/resource-definition.js';
import { CustomerSchema } from './customer.schema.js';

/** Creating or updating a customer needs the running app's IAM and keys: `customers.module.ts` binds the real hooks. */
const unbound = (): never => {
  throw new Error('customer hooks are not bound: register the customer resource through withAppHooks');
};
const failClosed: ResourceHooks = { beforeCreate: unbound, beforeUpdate: unbound };

const days = (name: string) => ({ kind: 'integer' as const, description: `equality on ${name} (days)` });

/**
 * Customers (publishers and resellers). A customer is its own tenant (`tenant: 'self'`): its token sees its own
 * record and those of its `authorizedCustomers`.
 */
export const customerResource = defineResource({
  name: 'customer',
  displayName: 'customer',
  path: '/customers',
  table: 'customers',
  schema: CustomerSchema,
  scopeArea: 'customers',
  tag: 'Customers',
  operationIds: { list: 'listCustomers', create: 'createCustomer', get: 'getCustomer', update: 'updateCustomer' },
  filters: {
    vatNumber: { kind: 'string', description: 'exact VAT number' },
    'addressBook.country': { kind: 'string', description: 'ISO 3166-1 alpha-2 code' },
    'addressBook.streetAddress': { kind: 'string' },
    'addressBook.city': { kind: 'string' },
    'addressBook.state': { kind: 'string' },
    'addressBook.zipCode': { kind: 'integer' },
    'addressBook.phoneNumber': { kind: 'string' },
    status: { kind: 'string', description: 'TRIAL or RUNNING, exact' },
    cancelPeriod: { kind: 'integer', description: 'equality on cancelPeriod (days before cancellation)' },
    bannerEmail: { kind: 'string' },
    retryPaymentValidityDuration: days('retryPaymentValidityDuration'),
    quoteValidityDuration: days('quoteValidityDuration'),
    quoteSubscriptionValidityDuration: days('quoteSubscriptionValidityDuration'),
    multiplePaymentsValidityDuration: days('multiplePaymentsValidityDuration'),
    // ext: filters the specification does not list
    type: { kind: 'string', description: 'ext: PUBLISHER or RESELLER' },
    name: { kind: 'string', description: 'ext: exact name' },
    parentId: { kind: 'string', description: 'ext: the parent customer' },
  },
  secretShownOnCreate: true,
  readOnly: ['iamClient', 'signingPublicKey'],
  secret: ['iamClient.clientSecret'],
  tenant: 'self',
  hooks: failClosed,
});
