import Type, { type Static } from 'typebox';
import { DateTime, Obj, sharedFields } from '../../platform/registry/schema-types.js';

const lineItemFields = {
  id: Type.String({ minLength: 1, description: 'line item id' }),
  productId: Type.String({ minLength: 1 }),
  subscriptionId: Type.String({ minLength: 1, description: 'the subscription this line item bills' }),
  quantity: Type.Integer({ minimum: 1 }),
};

export const OrderLineItemSchema = Obj(lineItemFields, { $id: 'OrderLineItem', title: 'Order line item' });

/** An order (DECISIONS §7), as pre-billing writes it: read only through the API. */
export const OrderSchema = Obj(
  {
    ...sharedFields,
    id: Type.String({ description: 'server-generated, opaque and time-ordered', readOnly: true }),
    subscriptionId: Type.String(),
    customerId: Type.String({ description: 'the customer (tenant) the order belongs to' }),
    enduserId: Type.Optional(Type.String({ description: 'the end user billed' })),
    lineItems: Type.Array({ $ref: 'OrderLineItem#' } as unknown as typeof OrderLineItemSchema),
    createDate: DateTime({ readOnly: true }),
  },
  { $id: 'Order', title: 'Order' },
);
export type Order = Static<typeof OrderSchema>;

/** What `createOrder` takes: the server adds ids (unless a line item brings its own), dates and dbVersion. */
export const NewOrderSchema = Type.Object({
  subscriptionId: Type.String({ minLength: 1 }),
  customerId: Type.String({ minLength: 1 }),
  enduserId: Type.Optional(Type.String()),
  lineItems: Type.Array(
    Type.Object({ ...lineItemFields, id: Type.Optional(lineItemFields.id), subscriptionId: Type.Optional(lineItemFields.subscriptionId) }),
    { minItems: 1 },
  ),
  lastUpdateReason: Type.Optional(Type.String()),
});
export type NewOrder = Static<typeof NewOrderSchema>;
