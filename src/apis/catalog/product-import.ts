import type { Principal } from '../../platform/auth/principal.js';
import type { Transaction } from '../../platform/db/database.js';
import { ValidationError } from '../../platform/errors/domain-errors.js';
import type { Doc, RecordOf, RecordStore } from '../../platform/resource/declare.js';
import { type ActionDefinition, defineAction } from '../../platform/resource/declare.js';
import { ProductSchema } from './product.schema.js';
import { type ImportQuery, ImportQuerySchema } from './product-operations.schema.js';

type Products = RecordStore<typeof ProductSchema>;

/** The body with what the query adds: the locale when it has none, the store, the reason. */
export function importedBody(body: Doc, query: ImportQuery): Doc {
  const product: Doc = { ...body };
  if (query.locale && product.defaultLocale === undefined) product.defaultLocale = query.locale;
  if (query.reason !== undefined) product.lastUpdateReason = query.reason;
  const stores = Array.isArray(product.sellingStores) ? (product.sellingStores as string[]) : [];
  if (query.local === 'true') {
    if (!query.storeId)
      throw new ValidationError(
        'querystring.local=true needs querystring.storeId: the one store a local product is sold in',
      );
    product.sellingStores = [query.storeId];
  } else if (query.storeId && !stores.includes(query.storeId)) {
    product.sellingStores = [...stores, query.storeId];
  }
  return product;
}

/** The stored product of this owner (a customer, or the operator: none) with this publisherRefId, if visible. */
export async function storedByReference(
  products: Products,
  principal: Principal,
  tx: Transaction,
  owner: string | undefined,
  publisherRefId: string,
): Promise<RecordOf<typeof ProductSchema> | undefined> {
  const id = (await storedReferences(products, principal, tx, owner, [publisherRefId])).get(publisherRefId);
  return id === undefined ? undefined : (await products.getMany(principal, [id], { db: tx })).get(id);
}

/** The ids of this owner's stored products (those the principal sees) with any of `publisherRefIds`, by reference. */
export async function storedReferences(
  products: Products,
  principal: Principal,
  tx: Transaction,
  owner: string | undefined,
  publisherRefIds: string[],
): Promise<Map<string, string>> {
  return products.idsByUnique(principal, 'publisherRefId', owner ?? null, publisherRefIds, { db: tx });
}

export const importProduct: ActionDefinition<typeof ProductSchema> = defineAction({
  on: 'collection',
  path: 'import',
  operationId: 'importProduct',
  summary: 'Import a product: create it, or replace the one with its publisherRefId',
  description:
    'Creates the product (201), or replaces (200, as PUT /products/{id}) the product of the same customer with the same `publisherRefId`. `reason` becomes lastUpdateReason; `locale` the defaultLocale when the body has none; `storeId` is added to sellingStores when absent; `local=true` sells the product in `storeId` only. `dryRun=true` checks everything and answers 200 with the product that would be stored: nothing is stored, no event is written.',
  query: ImportQuerySchema,
  body: ProductSchema,
  status: 201,
  alsoAnswers: [200],
  errors: [403, 409, 412],
  headers: ['etag'],
  async run({ principal, body, query, records, tx, reply, discard }) {
    const product = importedBody(body, query);
    const stored = await storedByReference(
      records,
      principal,
      tx,
      records.ownerForCreate(principal, product.customerId) ?? undefined,
      String(product.publisherRefId),
    );
    const written = stored
      ? await records.update(principal, String(stored.id), product, { tx })
      : await records.create(principal, product, { tx });
    if (stored || query.dryRun) reply.code(200);
    if (query.dryRun) discard();
    reply.header('etag', `"${written.dbVersion}"`);
    return written.doc;
  },
});
