import { mayActFor, type Principal } from '../../platform/auth/principal.js';
import type { Transaction } from '../../platform/db/database.js';
import { ForbiddenError } from '../../platform/errors/domain-errors.js';
import type { RecordStores } from '../../platform/resource/declare.js';
import { type ActionDefinition, defineAction } from '../../platform/resource/declare.js';
import { parseIfMatch } from '../../platform/resource/shapes.js';
import type { ProductSchema } from './product.schema.js';
import {
  FulfillmentTemplatesOutcomeSchema,
  FulfillmentTemplatesUpdateSchema,
  ProductWithoutPricesSchema,
} from './product-operations.schema.js';
import { listAll } from './product-queries.js';

/** 403 when the caller may not act for the customer; 404 when it has no customer record the caller sees. */
async function assertKnownCustomer(
  services: RecordStores,
  principal: Principal,
  tx: Transaction,
  customerId: string,
): Promise<void> {
  if (!mayActFor(principal, customerId))
    throw new ForbiddenError(`this token may not act for customer ${customerId}`, {
      resourceId: customerId,
      resourceType: 'customer',
    });
  const customers = services.definitions().find((definition) => definition.name === 'customer');
  if (customers) await services.of(customers).findVisible(tx, principal, customerId);
}

export const bulkUpdateActions: ActionDefinition<typeof ProductSchema>[] = [
  defineAction({
    on: 'collection',
    path: 'fulfillment-templates',
    method: 'PUT',
    operationId: 'updateFulfillmentTemplates',
    summary: "Replace a fulfillment template on all of a customer's products",
    description:
      'Every product of `customerId` whose fulfillmentTemplate equals `fulfillmentTemplateSource` gets `fulfillmentTemplateIdTarget`, each with dbVersion + 1 and an `updated` event, all in one transaction. Answers a JSON object with the count. 403 when the caller may not act for the customer, 404 when the customer is unknown.',
    body: FulfillmentTemplatesUpdateSchema,
    response: FulfillmentTemplatesOutcomeSchema,
    errors: [403],
    async run({ principal, body, records, services, tx }) {
      const request = body;
      await assertKnownCustomer(services, principal, tx, request.customerId);
      const matching = await listAll(records, principal, tx, {
        customerId: request.customerId,
        fulfillmentTemplate: request.fulfillmentTemplateSource,
      });
      for (const product of matching) {
        await records.act(
          principal,
          String(product.id),
          (doc) => ({ ...doc, fulfillmentTemplate: request.fulfillmentTemplateIdTarget }),
          { tx, fact: 'updated' },
        );
      }
      return { ...request, updated: matching.length };
    },
  }),
  defineAction({
    on: 'record',
    path: 'without-prices',
    method: 'PUT',
    operationId: 'updateProductWithoutPrices',
    summary: 'Replace a product but keep its prices',
    description:
      'As PUT /products/{id} (If-Match or a body dbVersion: 412 when stale), except that the stored prices are kept whatever the body says (`prices` may be left out).',
    body: ProductWithoutPricesSchema,
    errors: [403, 409, 412],
    headers: ['etag'],
    ifMatch: true,
    async run({ principal, body, record, records, tx, reply }) {
      const id = String(record.id);
      // Locked before the replace, so the prices kept are the ones stored when it happens.
      const stored = (await records.findVisible(tx, principal, id, true)).doc;
      const updated = await records.update(
        principal,
        id,
        { ...body, prices: stored.prices },
        { tx, expectedVersion: parseIfMatch(reply.request.headers['if-match']) },
      );
      reply.header('etag', `"${updated.dbVersion}"`);
      return updated.doc;
    },
  }),
];
