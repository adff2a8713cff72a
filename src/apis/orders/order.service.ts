import Value from 'typebox/value';
import { SYSTEM_PRINCIPAL } from '../../platform/auth/principal.js';
import type { Transaction } from '../../platform/db/database.js';
import { ValidationError } from '../../platform/errors/domain-errors.js';
import { newId } from '../../platform/ids.js';
import type { RecordStores } from '../../platform/resource/declare.js';
import { orderResource } from './order.resource.js';
import { type NewOrder, NewOrderSchema, type Order } from './order.schema.js';

/**
 * Stores a new order in the caller's transaction (pre-billing calls this), through the engine, with its `created`
 * event. Line items keep an id they bring and get one otherwise; their `subscriptionId` defaults to the order's.
 */
export async function createOrder(services: RecordStores, tx: Transaction, order: NewOrder): Promise<Order> {
  const [problem] = Value.Errors(NewOrderSchema, order);
  if (problem) throw new ValidationError(`order${problem.instancePath.replace(/\//g, '.')} ${problem.message}`);
  const doc = {
    ...(order.lastUpdateReason === undefined ? {} : { lastUpdateReason: order.lastUpdateReason }),
    subscriptionId: order.subscriptionId,
    customerId: order.customerId,
    ...(order.enduserId === undefined ? {} : { enduserId: order.enduserId }),
    ...(order.termStart === undefined ? {} : { termStart: order.termStart }),
    ...(order.termEnd === undefined ? {} : { termEnd: order.termEnd }),
    lineItems: order.lineItems.map((item) => ({
      id: item.id ?? newId(),
      productId: item.productId,
      subscriptionId: item.subscriptionId ?? order.subscriptionId,
      quantity: item.quantity,
    })),
  };
  const created = await services.of(orderResource).create(SYSTEM_PRINCIPAL, doc, { tx });
  return created.doc as Order;
}
