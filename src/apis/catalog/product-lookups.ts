import { NotFoundError, ValidationError } from '../../platform/errors/domain-errors.js';
import { type ActionDefinition, defineAction } from '../../platform/resource/declare.js';
import { productKind } from './product.kind.js';
import type { ProductSchema } from './product.schema.js';
import {
  DefaultCurrenciesQuerySchema,
  DefaultCurrenciesSchema,
  MAX_CURRENCY_LOOKUPS,
} from './product-operations.schema.js';

/** The product listing with one more filter: the products naming an id in `nextGenerationOf`. */
const generationSource = { ...productKind, filters: { nextGenerationOf: { kind: 'string-array' as const } } };

/** The comma list of ids, trimmed, without blanks or repeats; 400 when empty or longer than the bound. */
export function productIdsOf(raw: string): string[] {
  const ids = [
    ...new Set(
      raw
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0)
    throw new ValidationError('querystring.productId must name at least one product id (a comma list)');
  if (ids.length > MAX_CURRENCY_LOOKUPS)
    throw new ValidationError(
      `querystring.productId may name at most ${MAX_CURRENCY_LOOKUPS} products, not ${ids.length}`,
    );
  return ids;
}

export const lookupActions: ActionDefinition<typeof ProductSchema>[] = [
  {
    on: 'record',
    path: 'next-generation',
    method: 'GET',
    operationId: 'getProductNextGeneration',
    summary: 'Get the next generation of a product',
    description:
      'The product, visible to the caller, whose `nextGenerationOf` names this one; the most recently created when several do. 404 when none does.',
    async run({ principal, record, records, tx }) {
      const query = { nextGenerationOf: String(record.id), sort: ['createDate,desc', 'id,desc'], size: 1 };
      const [next] = (await records.listRecords(principal, query, generationSource, { db: tx })).docs;
      if (!next) throw new NotFoundError('next generation of product', String(record.id));
      return next;
    },
  },
  defineAction({
    on: 'collection',
    path: 'default-currencies',
    method: 'GET',
    operationId: 'getProductDefaultCurrencies',
    summary: 'Get the default currencies of products',
    description: `A JSON object: each product id asked for -> its prices.defaultCurrency (null when it has none). \`productId\` is a comma list of at most ${MAX_CURRENCY_LOOKUPS} ids; 404 when one of them is not a product visible to the caller.`,
    query: DefaultCurrenciesQuerySchema,
    response: DefaultCurrenciesSchema,
    async run({ principal, query, records, tx }) {
      const currencies: Record<string, string | null> = {};
      for (const id of productIdsOf(query.productId)) {
        const { doc } = await records.findVisible(tx, principal, id);
        const { defaultCurrency } = (doc.prices ?? {}) as { defaultCurrency?: string };
        currencies[id] = defaultCurrency ?? null;
      }
      return currencies;
    },
  }),
];
