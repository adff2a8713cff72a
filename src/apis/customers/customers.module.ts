import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { DataEncryption } from '../../platform/crypto/data-encryption.js';
import { loadDataEncryptionKey } from '../../platform/crypto/data-encryption-key.js';
import type { Database } from '../../platform/db/database.js';
import type { ResourceHooks } from '../../platform/registry/resource-definition.js';
import type { Iam } from '../iam/iam.module.js';
import { AuthorizedCustomersCache } from './authorized-customers.cache.js';
import { customerHooks } from './customer-hooks.js';
import { authorizedCustomersOf } from './customer.repository.js';
import { registerCustomerRoutes } from './customer.routes.js';
import { CustomerService } from './customer.service.js';
import { CustomerSigningService } from './customer-signing.service.js';
import { registerSigningRoutes } from './customer-signing.routes.js';

export interface Customers {
  /** The hooks of the customer resource, bound to this app's IAM and keys. */
  hooks: ResourceHooks;
  service: CustomerService;
  signing: CustomerSigningService;
  authorizations: AuthorizedCustomersCache;
}

/**
 * Everything the Customer API needs at start: the data encryption key, the signing service, and the token
 * verifier's view of `authorizedCustomers` (cached; see AuthorizedCustomersCache for staleness).
 */
export function startCustomers(db: Database, iam: Iam, config: Config, log: FastifyInstance['log']): Customers {
  const loaded = loadDataEncryptionKey(config);
  if (loaded.warning) log.warn(loaded.warning);
  const signing = new CustomerSigningService(db, new DataEncryption(loaded.key));
  const authorizations = new AuthorizedCustomersCache((customerId) => authorizedCustomersOf(db, customerId));
  iam.verifier.authorizedCustomers = (customerId) => authorizations.get(customerId);
  return { hooks: customerHooks({ iam, signing, authorizations }), service: new CustomerService(db, iam.realms), signing, authorizations };
}

/** The routes the engine does not derive from the resource definition (not encapsulated: their schemas are OpenAPI components). */
export const customerRoutes = fp(
  async (app: FastifyInstance, options: { customers: Customers }) => {
    registerCustomerRoutes(app, options.customers.service);
    registerSigningRoutes(app, { customers: options.customers.service, signing: options.customers.signing });
  },
  { name: 'customer-routes' },
);
