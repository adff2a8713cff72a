import type { Principal } from '../../platform/auth/principal.js';
import type { Transaction } from '../../platform/db/database.js';
import { NotFoundError } from '../../platform/errors/domain-errors.js';
import type { Doc, RecordStore, RecordStores } from '../../platform/resource/declare.js';
import { type ActionDefinition, defineAction } from '../../platform/resource/declare.js';
import { descriptionResource } from './description.resource.js';
import { FLAT_TEXTS } from './description.schema.js';
import type { ProductSchema } from './product.schema.js';
import { MAX_VARIANT_DEPTH } from './product-inheritance.js';
import {
  DuplicatedProductSchema,
  DuplicateProductSchema,
  type DuplicationOptions,
} from './product-operations.schema.js';
import { listWhereAnyOf } from './product-queries.js';

type Products = RecordStore<typeof ProductSchema>;

/** The fields each option copies; `duplicateGeneral` copies every field no option names. */
export const FIELDS_OF_OPTION: Record<Exclude<keyof DuplicationOptions, 'duplicateGeneral'>, readonly string[]> = {
  duplicateFulfillment: ['fulfillmentTemplate', 'fulfillmentTemplateName'],
  duplicateFuturePrice: [],
  duplicateLocalizedContent: ['descriptionId'],
  duplicatePrices: ['prices', 'priceFunction'],
  duplicateProductFiles: ['relatedContents', 'resources'],
  duplicateProductVariations: [],
  duplicateSubscription: ['subscriptionTemplate', 'trialAllowed', 'trialDuration', 'paidTrial'],
};

/** Never copied: the copy's own identity, its place among variants and generations. `lifeTime` is required: always copied. */
const NEVER_COPIED = new Set([
  'id',
  'createDate',
  'updateDate',
  'dbVersion',
  'customerId',
  'publisherRefId',
  'genericName',
  'parentId',
  'variantOf',
  'nextGenerationOf',
  'originalId',
  'lastUpdateReason',
]);

function optionOf(field: string): keyof DuplicationOptions {
  const owner = Object.entries(FIELDS_OF_OPTION).find(([, fields]) => fields.includes(field));
  return (owner?.[0] ?? 'duplicateGeneral') as keyof DuplicationOptions;
}

/** The fields of `source` the options copy; required fields an option leaves out get their smallest valid value. */
export function copiedFields(source: Doc, options: DuplicationOptions): Doc {
  const copy: Doc = {};
  for (const [field, value] of Object.entries(source)) {
    if (NEVER_COPIED.has(field) || value === undefined) continue;
    if (field === 'lifeTime' || options[optionOf(field)] === true) copy[field] = value;
  }
  return { prices: {}, sellingStores: [], ...copy };
}

/** `<publisherRefId>-V<n>`, the base shortened so the whole fits in 80 characters. */
export function variantRefId(base: string, n: number): string {
  const suffix = `-V${n}`;
  return `${base.slice(0, 80 - suffix.length)}${suffix}`;
}

interface Duplication {
  principal: Principal;
  tx: Transaction;
  products: Products;
  services: RecordStores;
  options: DuplicationOptions;
  publisherRefId: string;
  /** Copies of variants made so far (numbers their publisherRefIds). */
  variantCount: number;
}

/** A new description with the texts of `descriptionId`; none when it is not visible any more. */
async function copyDescription(run: Duplication, descriptionId: string): Promise<string | undefined> {
  const descriptions = run.services.of(descriptionResource);
  try {
    const { doc } = await descriptions.get(run.principal, descriptionId, { db: run.tx });
    const { id: _id, createDate: _c, updateDate: _u, dbVersion: _v, ...texts } = doc as Doc;
    for (const flat of Object.keys(FLAT_TEXTS)) delete texts[flat];
    return String((await descriptions.create(run.principal, texts, { tx: run.tx })).doc.id);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

async function copyProduct(run: Duplication, source: Doc, own: Doc, depth: number): Promise<string> {
  const body: Doc = { ...copiedFields(source, run.options), ...own, originalId: String(source.id) };
  if (typeof source.customerId === 'string') body.customerId = source.customerId;
  if (typeof body.descriptionId === 'string') {
    const copied = await copyDescription(run, body.descriptionId);
    if (copied) body.descriptionId = copied;
    else delete body.descriptionId;
  }
  const id = String((await run.products.create(run.principal, body, { tx: run.tx })).doc.id);
  if (run.options.duplicateProductVariations && depth < MAX_VARIANT_DEPTH) {
    for (const variant of await listWhereAnyOf(run.products, run.principal, run.tx, 'parentId', [String(source.id)])) {
      run.variantCount += 1;
      const genericName = run.options.duplicateGeneral ? variant.genericName : undefined;
      await copyProduct(
        run,
        variant,
        {
          publisherRefId: variantRefId(run.publisherRefId, run.variantCount),
          variantOf: id,
          ...(genericName ? { genericName } : {}),
        },
        depth + 1,
      );
    }
  }
  return id;
}

export const duplicationActions: ActionDefinition<typeof ProductSchema>[] = [
  defineAction({
    on: 'record',
    path: 'duplicate',
    operationId: 'duplicateProduct',
    summary: 'Duplicate a product (and its variants)',
    description:
      'Creates a copy named `productName` with `publisherRefId` (409 when the customer uses it), owned by the same customer, `originalId` naming the source; a copy of a variant is a variant of the same parent. Each option copies its fields (docs/catalog.md, "Product operations"); an option left out copies nothing (prices become {}, sellingStores []; lifeTime is always copied). With `duplicateProductVariations` the variants are copied too, below the copy, with publisherRefId `<publisherRefId>-V1`, `-V2`, ... All in one transaction, one `created` event per copy.',
    body: DuplicateProductSchema,
    response: DuplicatedProductSchema,
    errors: [403, 409],
    async run({ principal, tx, record, records, services, body }) {
      const { productName, publisherRefId, duplicationOptions = {} } = body;
      const run: Duplication = {
        principal,
        tx,
        products: records,
        services,
        options: duplicationOptions,
        publisherRefId,
        variantCount: 0,
      };
      const placement = typeof record.parentId === 'string' ? { variantOf: record.parentId } : {};
      return { id: await copyProduct(run, record, { genericName: productName, publisherRefId, ...placement }, 0) };
    },
  }),
];
