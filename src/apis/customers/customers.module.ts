import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiModule } from '../api-module.js';
import { AuthorizedCustomersCache } from './authorized-customers.cache.js';
import { customerKind } from './customer.kind.js';
import { authorizedCustomersOf } from './customer.repository.js';
import { customerResource } from './customer.resource.js';
import { PublicCustomerSchema } from './customer-public-view.js';
import { registerSigningRoutes } from './customer-signing.routes.js';
import { VerifyBodySchema } from './customer-signing.schema.js';
import { CustomerSigningService } from './customer-signing.service.js';

/**
 * The Customer API. At start: the signing service (keys sealed with the app's data encryption key), and the token verifier's view of
 * `authorizedCustomers` (cached; see AuthorizedCustomersCache for staleness).
 */
export const customersModule: ApiModule = {
  name: 'customers',
  kinds: [customerKind],
  start({ db, iam, clock, services, encryption }) {
    const signing = new CustomerSigningService(db, encryption);
    const authorizations = new AuthorizedCustomersCache(
      (customerId) => authorizedCustomersOf(db, customerId),
      undefined,
      undefined,
      () => clock.now().getTime(),
    );
    iam.verifier.authorizedCustomers = (customerId) => authorizations.get(customerId);
    const definition = customerResource({ iam, signing, authorizations, db, records: services });
    return {
      resources: [definition],
      schemas: [PublicCustomerSchema, VerifyBodySchema],
      // Not encapsulated: the signing schemas are OpenAPI components.
      routes: fp(
        async (app: FastifyInstance) =>
          registerSigningRoutes(app, {
            signing,
            visible: (principal, id) => services.of(definition).findVisible(db, principal, id),
          }),
        { name: 'customer-signing' },
      ),
    };
  },
};
