import { SYSTEM_PRINCIPAL } from '../../platform/auth/principal.js';
import type { Transaction } from '../../platform/db/database.js';
import type { Doc, RecordStores, WordsContext, WordText } from '../../platform/resource/declare.js';
import { productKind } from './product.kind.js';
import type { ProductSchema } from './product.schema.js';
import { listWhereAnyOf } from './product-queries.js';

/**
 * A product's words (docs/catalog.md, "Products": Search; docs/decisions.md, "Product search"): its own name,
 * reference and code name (product.kind.ts `words`), the texts of its description in every locale, and, for a
 * variant, its parent's words. They are kept current when a description or a parent changes (afterWrite hooks), in
 * the same transaction.
 */

/** The description texts a product's words include, with their rank weights (the own fields rank A). */
const DESCRIPTION_TEXTS = {
  localizedMarketingName: 'B',
  localizedShortDesc: 'D',
  localizedBulletPoints: 'D',
  localizedLongDesc: 'D',
} as const;
/** What a variant's words hold of its parent: fields and description texts, ranked below its own. */
const PARENT_FIELDS = ['genericName', 'publisherRefId', 'codeName'] as const;

const changed = (a: Doc | undefined, b: Doc, fields: readonly string[]) =>
  fields.some((field) => JSON.stringify(a?.[field]) !== JSON.stringify(b[field]));

async function descriptionOf(services: RecordStores, tx: Transaction, product: Doc): Promise<Doc | undefined> {
  const id = product.descriptionId;
  if (typeof id !== 'string') return undefined;
  return (await services.named('description').getMany(SYSTEM_PRINCIPAL, [id], { db: tx })).get(id);
}

function descriptionTexts(description: Doc | undefined, lowered: boolean): WordText[] {
  if (!description) return [];
  return Object.entries(DESCRIPTION_TEXTS).map(([field, weight]) => ({
    value: description[field],
    weight: lowered && weight === 'B' ? 'C' : weight,
  }));
}

/** The texts of the records a product names: its description, and its parent's words (a variant). */
export async function productWordsFrom(
  doc: Doc,
  { tx, records, services }: WordsContext<typeof ProductSchema>,
): Promise<WordText[]> {
  const texts = descriptionTexts(await descriptionOf(services, tx, doc), false);
  const parentId = doc.parentId;
  if (typeof parentId !== 'string') return texts;
  const parent = (await records.getMany(SYSTEM_PRINCIPAL, [parentId], { db: tx })).get(parentId);
  if (!parent) return texts;
  return [
    ...texts,
    ...PARENT_FIELDS.map((field) => ({ value: parent[field], weight: 'C' as const })),
    ...descriptionTexts(await descriptionOf(services, tx, parent), true),
  ];
}

/** Computes again the words of `productIds` and of their variants (whose words hold their parent's). */
async function refreshProductWords(services: RecordStores, tx: Transaction, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  const products = services.of(productKind);
  const variants = await listWhereAnyOf(products, SYSTEM_PRINCIPAL, tx, 'parentId', productIds);
  await products.refreshWords(tx, [...productIds, ...variants.map((variant) => String(variant.id))]);
}

/**
 * Products whose own words changed: their variants' words hold them. A variant is its parent's customer's: the lookup
 * is kept to each customer, whose filter keys answer it at once (unrestricted, `doc @> {parentId}` over every product
 * walked the newest-first index to the end for a product without variants: 300 ms at 122,000 products). The products
 * of one batch (a bulk upsert's) are looked for together, a listing per MAX_FILTER_VALUES of them, not one each.
 */
export async function afterProductWrites(
  writes: { doc: Doc; previous: Doc | undefined }[],
  { tx, records }: WordsContext<typeof ProductSchema>,
): Promise<void> {
  const parentsByOwner = new Map<string | undefined, string[]>();
  for (const { doc, previous } of writes) {
    if (!previous || !changed(previous, doc, [...PARENT_FIELDS, 'descriptionId'])) continue;
    const owner = typeof doc.customerId === 'string' ? doc.customerId : undefined;
    parentsByOwner.set(owner, [...(parentsByOwner.get(owner) ?? []), String(doc.id)]);
  }
  const variants: string[] = [];
  for (const [owner, parents] of parentsByOwner)
    for (const variant of await listWhereAnyOf(records, SYSTEM_PRINCIPAL, tx, 'parentId', parents, owner))
      variants.push(String(variant.id));
  await records.refreshWords(tx, variants);
}

/** A product whose own words changed: its variants' words hold them. */
export function afterProductWrite(doc: Doc, previous: Doc | undefined, ctx: WordsContext<typeof ProductSchema>) {
  return afterProductWrites([{ doc, previous }], ctx);
}

/** A description whose texts changed: the products naming it (and their variants) take its new words. */
export async function afterDescriptionWrite(
  doc: Doc,
  previous: Doc | undefined,
  { tx, services }: WordsContext,
): Promise<void> {
  if (!previous || !changed(previous, doc, Object.keys(DESCRIPTION_TEXTS))) return;
  const named = await listWhereAnyOf(services.of(productKind), SYSTEM_PRINCIPAL, tx, 'descriptionId', [String(doc.id)]);
  await refreshProductWords(
    services,
    tx,
    named.map((product) => String(product.id)),
  );
}
