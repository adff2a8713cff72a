import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../platform/auth/authenticate.js';
import type { Database } from '../../platform/db/database.js';
import { errorResponses } from '../../platform/errors/error-schemas.js';
import { IdParamsSchema } from '../../platform/registry/resource-schemas.js';
import { OrderLineItemSchema, OrderSchema } from './order.schema.js';
import { getOrder } from './order.service.js';

/** `GET /orders/{id}`: reads a (pre-billed) order, tenant-scoped. Orders are written by pre-billing, not over HTTP. */
export async function orderRoutes(app: FastifyInstance, options: { db: Database }) {
  app.addSchema(OrderLineItemSchema);
  app.addSchema(OrderSchema);
  app.get('/orders/:id', {
    config: { scope: 'subscriptions:read' },
    schema: {
      operationId: 'getOrder',
      tags: ['Subscriptions'],
      summary: 'Get a (pre-billed) order by id',
      params: IdParamsSchema,
      response: { 200: { $ref: 'Order#' }, ...errorResponses('simple', [401, 403, 404, 500]) },
    },
    handler: async (request, reply) => {
      const { order, dbVersion } = await getOrder(options.db, principalOf(request), (request.params as { id: string }).id);
      reply.header('etag', `"${dbVersion}"`);
      return order;
    },
  });
}
