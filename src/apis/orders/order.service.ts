import Value from 'typebox/value';
import { tenantScopeOf, type Principal } from '../../platform/auth/principal.js';
import type { Queryable } from '../../platform/db/database.js';
import { NotFoundError, ValidationError } from '../../platform/errors/domain-errors.js';
import { recordChange } from '../../platform/events/outbox.js';
import { newId } from '../../platform/ids.js';
import type { Doc } from '../../platform/registry/document-paths.js';
import { findById, insertRecord } from '../../platform/registry/resource-repository.js';
import { isStorableText } from '../../platform/registry/storable-text.js';
import { NewOrderSchema, type NewOrder, type Order } from './order.schema.js';

const TABLE = 'orders';
const SUBJECT = 'order';

/**
 * Stores a new order in the caller's transaction (pre-billing calls this), with its `created` event. Line items
 * keep an id they bring and get one otherwise; their `subscriptionId` defaults to the order's.
 */
export async function createOrder(tx: Queryable, order: NewOrder): Promise<Order> {
  const [problem] = Value.Errors(NewOrderSchema, order);
  if (problem) throw new ValidationError(`order${problem.instancePath.replace(/\//g, '.')} ${problem.message}`);
  const now = new Date().toISOString();
  const stored: Order = {
    ...(order.lastUpdateReason === undefined ? {} : { lastUpdateReason: order.lastUpdateReason }),
    id: newId(),
    subscriptionId: order.subscriptionId,
    customerId: order.customerId,
    ...(order.enduserId === undefined ? {} : { enduserId: order.enduserId }),
    lineItems: order.lineItems.map((item) => ({
      id: item.id ?? newId(),
      productId: item.productId,
      subscriptionId: item.subscriptionId ?? order.subscriptionId,
      quantity: item.quantity,
    })),
    createDate: now,
    updateDate: now,
    dbVersion: 0,
  };
  const doc = stored as unknown as Doc & { id: string; createDate: string; updateDate: string };
  await insertRecord(tx, TABLE, doc, stored.customerId);
  await recordChange(tx, { fact: 'created', subject: SUBJECT, customerId: stored.customerId, before: undefined, after: doc });
  return stored;
}

/** One order as `principal` may see it: another tenant's order is not found (404), as is a malformed id. */
export async function getOrder(db: Queryable, principal: Principal, id: string): Promise<{ order: Order; dbVersion: number }> {
  const row = isStorableText(id) ? await findById(db, TABLE, id, tenantScopeOf(principal)) : undefined;
  if (!row) throw new NotFoundError('order', id);
  return { order: row.doc as unknown as Order, dbVersion: row.db_version };
}
