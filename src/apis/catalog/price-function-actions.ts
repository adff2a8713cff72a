import Type from 'typebox';
import { type ActionDefinition, defineAction, Id } from '../../platform/resource/declare.js';
import type { PriceFunctionSchema } from './price-function.schema.js';

/** Fields a copy does not take from its source: the server sets them anew. */
const NOT_COPIED = [
  'id',
  'createDate',
  'updateDate',
  'dbVersion',
  'customerId',
  'lastUpdateReason',
  'originalId',
] as const;

/**
 * `POST /price-functions/{id}/duplicate/{customerId}`: a copy of a visible price function for another customer. The
 * engine's create checks that the caller may act for that customer (403) and runs the save checks again.
 */
export const duplicatePriceFunction: ActionDefinition<typeof PriceFunctionSchema> = defineAction({
  on: 'record',
  path: 'duplicate/:customerId',
  operationId: 'duplicatePriceFunction',
  summary: 'Duplicate a price function for a customer',
  description:
    'Copies the price function (name, expression, parameters, product fields, variables) to the customer of the path. `originalId` of the copy names the source. 403 when the token may not act for that customer.',
  params: Type.Object({ customerId: Id({ description: 'the customer receiving the copy' }) }),
  status: 201,
  errors: [403],
  async run({ record, params, principal, records, tx }) {
    const body: Record<string, unknown> = { ...record };
    for (const field of NOT_COPIED) delete body[field];
    const created = await records.create(
      principal,
      { ...body, customerId: params.customerId, originalId: String(record.id) },
      { tx },
    );
    return created.doc;
  },
});
