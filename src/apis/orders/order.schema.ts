import Type, { type Static } from 'typebox';
import { DateTime, Id, List, Obj, Ref, sharedFields } from '../../platform/resource/declare.js';

const lineItemFields = {
  id: Id({ minLength: 1, description: 'line item id' }),
  productId: Id({ minLength: 1 }),
  subscriptionId: Id({ minLength: 1, description: 'the subscription this line item bills' }),
  quantity: Type.Integer({ minimum: 1 }),
};

export const OrderLineItemSchema = Obj(lineItemFields, { $id: 'OrderLineItem', title: 'Order line item' });

/** The subscription term an order bills; one order per subscription and term (a unique key). */
const termFields = {
  termStart: Type.Optional(DateTime({ description: 'start of the subscription term the order bills' })),
  termEnd: Type.Optional(DateTime({ description: 'end of the subscription term the order bills' })),
};

/** An order (docs/product-decisions.md §7), as pre-billing writes it: read only through the API. */
export const OrderSchema = Obj(
  {
    ...sharedFields,
    id: Id({ description: 'server-generated, opaque and time-ordered', readOnly: true }),
    subscriptionId: Id(),
    customerId: Id({ description: 'the customer (tenant) the order belongs to' }),
    enduserId: Type.Optional(Id({ description: 'the end user billed' })),
    lineItems: List(Ref(OrderLineItemSchema)),
    ...termFields,
    createDate: DateTime({ readOnly: true }),
  },
  { $id: 'Order', title: 'Order' },
);
export type Order = Static<typeof OrderSchema>;

/** What `createOrder` takes: the server adds ids (unless a line item brings its own), dates and dbVersion. */
export const NewOrderSchema = Type.Object({
  subscriptionId: Id({ minLength: 1 }),
  customerId: Id({ minLength: 1 }),
  enduserId: Type.Optional(Id()),
  lineItems: List(
    Type.Object({
      ...lineItemFields,
      id: Type.Optional(lineItemFields.id),
      subscriptionId: Type.Optional(lineItemFields.subscriptionId),
    }),
    { minItems: 1 },
  ),
  ...termFields,
  lastUpdateReason: sharedFields.lastUpdateReason,
});
export type NewOrder = Static<typeof NewOrderSchema>;
