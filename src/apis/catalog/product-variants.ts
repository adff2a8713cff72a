import type { Principal } from '../../platform/auth/principal.js';
import type { Transaction } from '../../platform/db/database.js';
import { ValidationError } from '../../platform/errors/domain-errors.js';
import type { Doc } from '../../platform/resource/declare.js';
import {
  type ActionDefinition,
  defineAction,
  PageSchema,
  pageOf,
  type RecordStore,
  Ref,
} from '../../platform/resource/declare.js';
import type { ProductSchema } from './product.schema.js';
import { assertSameCustomerParent } from './product-hooks.js';
import { AncestorReader, MAX_VARIANT_DEPTH, withInherited } from './product-inheritance.js';
import { InheritedListQuerySchema, InheritedProductSchema, ShiftVariantSchema } from './product-operations.schema.js';
import { listWhereAnyOf } from './product-queries.js';
import { lockVariantMovesOf } from './product-variant.repository.js';

type Products = RecordStore<typeof ProductSchema>;

/** A page of products as GET /products lists it, each with its inherited fields, parents with their variants. */
const listWithInheritance: ActionDefinition<typeof ProductSchema> = {
  on: 'collection',
  path: 'inherited',
  method: 'GET',
  operationId: 'listProductsWithInheritance',
  summary: 'List products with all inherited properties',
  description:
    'The listing of GET /products (paging, sort, filters, or `pageable` and `predicate` as JSON objects), variants included. Each product takes every top-level field it leaves unset from its parent (and up the chain); maps and objects are taken whole, not merged. A product with variants carries `variationList`: its direct variants, each with its inherited fields.',
  query: InheritedListQuerySchema,
  response: PageSchema(Ref(InheritedProductSchema)),
  async run({ principal, query, records, tx }) {
    const { listing, docs, total } = await records.listRecords(principal, query, records.definition, { db: tx });
    const ancestors = new AncestorReader(records, principal, tx);
    // A parent on the same page is not read again.
    for (const doc of docs) ancestors.remember(doc);
    const variants = await variantsByParent(
      records,
      principal,
      tx,
      docs.map((doc) => String(doc.id)),
    );
    const items: Doc[] = [];
    for (const doc of docs) {
      const inherited = withInherited(doc, await ancestors.ancestorsOf(doc));
      const own = variants.get(String(doc.id)) ?? [];
      items.push(
        own.length
          ? { ...inherited, variationList: own.map((variant) => withInherited(variant, [inherited])) }
          : inherited,
      );
    }
    return pageOf(items, listing.page, listing.size, total);
  },
};

async function variantsByParent(
  records: Products,
  principal: Principal,
  tx: Transaction,
  parentIds: string[],
): Promise<Map<string, Doc[]>> {
  const byParent = new Map<string, Doc[]>();
  for (const variant of await listWhereAnyOf(records, principal, tx, 'parentId', parentIds)) {
    const parentId = String(variant.parentId);
    byParent.set(parentId, [...(byParent.get(parentId) ?? []), variant]);
  }
  return byParent;
}

/**
 * Serialises the moves of one customer's variants until the transaction ends: two moves checked at the same time
 * (A under B, B under A) would each see no cycle and make one together.
 */
async function lockVariantMoves(tx: Transaction, customerId: unknown): Promise<void> {
  await lockVariantMovesOf(tx, `product-variants:${typeof customerId === 'string' ? customerId : ''}`);
}

/** 400 when `parentId` is `variantId` or below it: the move would make the variant its own ancestor. */
async function refuseCycle(ancestors: AncestorReader, parent: Doc, variantId: string): Promise<void> {
  const chain = [parent, ...(await ancestors.ancestorsOf(parent))];
  if (chain.some((product) => product.id === variantId)) {
    throw new ValidationError(
      `body.parentId: product ${String(parent.id)} is ${parent.id === variantId ? 'the variant itself' : `a variant of ${variantId}`}; a product cannot be its own ancestor`,
      { resourceId: String(parent.id), resourceType: 'product' },
    );
  }
  if (chain.length > MAX_VARIANT_DEPTH)
    throw new ValidationError(`body.parentId: the variant would be more than ${MAX_VARIANT_DEPTH} levels deep`);
}

const shiftVariant: ActionDefinition<typeof ProductSchema> = defineAction({
  on: 'collection',
  path: 'shift-variant',
  operationId: 'shiftVariant',
  summary: 'Move a variant to another parent',
  description:
    'Makes `variantId` a variant of `parentId` (a product that is not a variant yet becomes one). The parent must be a product of the same customer, and neither the variant itself nor one of its variants (400). Answers the moved product, with dbVersion + 1 and an `updated` event.',
  body: ShiftVariantSchema,
  errors: [403],
  headers: ['etag'],
  async run({ principal, body, records, tx, reply }) {
    const { parentId, variantId } = body;
    await lockVariantMoves(tx, (await records.findVisible(tx, principal, variantId)).doc.customerId);
    const variant = (await records.findVisible(tx, principal, variantId, true)).doc;
    const parent = records.present((await records.findVisible(tx, principal, parentId)).doc);
    assertSameCustomerParent('body.parentId', parent, variant.customerId);
    await refuseCycle(new AncestorReader(records, principal, tx), parent, variantId);
    const moved = await records.act(principal, variantId, (doc) => ({ ...doc, parentId, variantOf: parentId }), {
      tx,
      fact: 'updated',
    });
    reply.header('etag', `"${moved.dbVersion}"`);
    return moved.doc;
  },
});

export const variantActions: ActionDefinition<typeof ProductSchema>[] = [listWithInheritance, shiftVariant];
