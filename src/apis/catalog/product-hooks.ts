import { ValidationError } from '../../platform/errors/domain-errors.js';
import type { Doc, RecordOf, WriteContext } from '../../platform/resource/declare.js';
import { descriptionResource } from './description.resource.js';
import { DESCRIPTION_FIELDS_OF_PRODUCT, DESCRIPTION_MAPS_OF_PRODUCT, type ProductSchema } from './product.schema.js';

type ProductRecord = RecordOf<typeof ProductSchema>;

/** 400 unless `parent` (a visible product) belongs to `customerId`: a variant and its parent are one customer's. */
export function assertSameCustomerParent(field: string, parent: Doc, customerId: unknown): void {
  if (parent.customerId === customerId) return;
  const id = String(parent.id);
  throw new ValidationError(
    `${field}: product ${id} belongs to another customer; a variant's parent must be a product of the same customer`,
    { resourceId: id, resourceType: 'product' },
  );
}

/**
 * What products add to the engine: a variant is made by `variantOf` (its parent must be a product of the same
 * customer), new products are ENABLED unless the body says otherwise, and the request-only localized texts are
 * written to the product's description (created when the product has none), in the same transaction. The
 * declaration, product.resource.ts, names each hook; the word hooks are in product-words.ts.
 */
type Ctx = WriteContext<typeof ProductSchema>;

/** The parent `variantOf` names, when the writer sees it (when not, the engine refuses the reference). */
async function parentOf({ tx, principal, records }: Ctx, doc: ProductRecord): Promise<string | undefined> {
  if (doc.variantOf === undefined) return undefined;
  const parent = (await records.getMany(principal, [doc.variantOf], { db: tx })).get(doc.variantOf);
  if (parent) assertSameCustomerParent('body.variantOf', parent, doc.customerId);
  return doc.variantOf;
}

/** Moves the localized texts to the description; answers the product without them. */
async function writeTexts({ tx, principal, services }: Ctx, doc: ProductRecord): Promise<ProductRecord> {
  const descriptions = () => services.of(descriptionResource);
  const sent = Object.entries(DESCRIPTION_MAPS_OF_PRODUCT).filter(
    ([field]) => doc[field as keyof ProductRecord] !== undefined,
  );
  const product: Doc = { ...doc };
  for (const field of DESCRIPTION_FIELDS_OF_PRODUCT) delete product[field];
  if (sent.length === 0) return product as ProductRecord;
  const texts = Object.fromEntries(sent.map(([field, map]) => [map, doc[field as keyof ProductRecord]]));
  if (doc.descriptionId) {
    // A description the writer does not see is a reference the engine refuses once this hook returns.
    const stored = (await descriptions().getMany(principal, [doc.descriptionId], { db: tx })).get(doc.descriptionId);
    if (stored) await descriptions().update(principal, doc.descriptionId, { ...stored, ...texts }, { tx });
    return product as ProductRecord;
  }
  const body = {
    customerId: doc.customerId,
    catalogId: doc.catalogId,
    description: `texts of product ${doc.publisherRefId}`,
    ...(doc.defaultLocale ? { fallbackLocale: doc.defaultLocale } : {}),
    localizedMarketingName: {},
    ...texts,
  };
  const created = await descriptions().create(principal, body, { tx });
  return { ...product, descriptionId: String(created.doc.id) } as ProductRecord;
}

/** A new product: ENABLED unless the body says otherwise, its parent checked, its texts moved to its description. */
export async function beforeProductCreate(doc: ProductRecord, ctx: Ctx): Promise<ProductRecord> {
  const parentId = await parentOf(ctx, doc);
  const withTexts = await writeTexts(ctx, { status: 'ENABLED', ...doc } as ProductRecord);
  return parentId ? { ...withTexts, parentId, variantOf: parentId } : withTexts;
}

/** A replaced product keeps its parent: a variant changes parent through shift-variant only. */
export function beforeProductUpdate(doc: ProductRecord, stored: ProductRecord, ctx: Ctx): Promise<ProductRecord> {
  const updated: Doc = { ...doc, status: doc.status ?? 'ENABLED' };
  delete updated.variantOf;
  if (stored.parentId) Object.assign(updated, { parentId: stored.parentId, variantOf: stored.parentId });
  return writeTexts(ctx, updated as ProductRecord);
}
