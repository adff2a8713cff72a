import { defineKind } from '../../platform/resource/declare.js';
import { CustomerSchema } from './customer.schema.js';

export const CUSTOMERS_TAG = 'Customers';
export const CUSTOMER_PAGE_SIZE = 20;

const days = (name: string) => ({ kind: 'integer' as const, description: `equality on ${name} (days)` });

/**
 * What a customer (a publisher or a reseller) is and how it is stored. A customer is its own tenant (`tenant:
 * 'self'`): its token sees its own record and those of its `authorizedCustomers`. Its declaration, with the hooks and
 * actions, is customer.resource.ts.
 */
export const customerKind = defineKind({
  name: 'customer',
  displayName: 'customer',
  path: '/customers',
  table: 'customers',
  schema: CustomerSchema,
  scopeArea: 'customers',
  tag: CUSTOMERS_TAG,
  operations: { list: 'listCustomers', create: 'createCustomer', get: 'getCustomer', update: 'updateCustomer' },
  defaultPageSize: CUSTOMER_PAGE_SIZE,
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
  // The customer's IAM realm is named after it; a name another realm holds is refused.
  hookErrors: { create: [409] },
  readOnly: ['iamClient', 'signingPublicKey'],
  references: { 'authorizedCustomers[]': 'customer', parentId: 'customer' },
  secret: ['iamClient.clientSecret'],
  tenant: 'self',
});
