import Type from 'typebox';
import { NotFoundError } from '../../platform/errors/domain-errors.js';
import type { ViewLookup } from '../../platform/resource/declare.js';
import { LookupId } from '../../platform/resource/declare.js';
import { productResource } from './product.resource.js';
import type { ProductSchema } from './product.schema.js';

/** How many newer generations are read to pick one (the most recently created that qualifies). */
const CANDIDATES = 100;

/**
 * `GET /priced-products/next-generation/{customerId}/{publisherRefId}`: the product whose `nextGenerationOf` names the
 * customer's product with that publisher reference, priced. Several: the most recently created. With
 * `useProductVariationOnly`, only variants (products with a parent) qualify. `version` reads that kept version of the
 * next generation (its dbVersion), 404 when it has none.
 */
export const nextGenerationLookup: ViewLookup<typeof ProductSchema> = {
  path: '/priced-products/next-generation/:customerId/:publisherRefId',
  operationId: 'getPricedProductNextGeneration',
  summary: 'Get the next generation of a product by customer and publisher reference, priced',
  description:
    'Finds the product (visible to the caller) whose nextGenerationOf contains the id of the product of that customer with that publisherRefId; ' +
    'several: the most recently created. useProductVariationOnly=true searches only products that have a parent. version: the dbVersion of the ' +
    'next-generation product to answer (a kept version), default the current one. 404 when there is no such product.',
  params: Type.Object({
    customerId: LookupId({ description: 'customer of the older product' }),
    publisherRefId: LookupId({ description: 'publisherRefId of the older product' }),
  }),
  query: Type.Object({
    version: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: Number.MAX_SAFE_INTEGER,
        format: 'int64',
        description: 'dbVersion of the next-generation product to read (history); default the current',
      }),
    ),
    useProductVariationOnly: Type.Optional(
      Type.Boolean({ description: 'only products that have a parent (variants) are searched' }),
    ),
  }),
  async find({ principal, services, params, lookupQuery }) {
    const products = services.of(productResource);
    const older = (
      await products.listRecords(principal, {
        customerId: params.customerId,
        publisherRefId: params.publisherRefId,
        size: 1,
      })
    ).docs[0];
    if (!older) throw new NotFoundError('product', `${params.customerId}/${params.publisherRefId}`);
    const { docs } = await products.listRecords(principal, {
      nextGenerationOf: String(older.id),
      sort: 'createDate,desc',
      size: CANDIDATES,
    });
    const newer =
      lookupQuery.useProductVariationOnly === true ? docs.find((doc) => doc.parentId !== undefined) : docs[0];
    if (!newer) throw new NotFoundError('next generation of product', String(older.id));
    const version = typeof lookupQuery.version === 'number' ? lookupQuery.version : undefined;
    return version === undefined ? newer : (await products.get(principal, String(newer.id), { version })).doc;
  },
};
