import Type from 'typebox';
import { NotFoundError } from '../../platform/errors/domain-errors.js';
import { type ActionDefinition, defineAction, LookupId } from '../../platform/resource/declare.js';
import { productResource } from '../catalog/product.resource.js';
import { CountryCode } from '../catalog/product.schema.js';
import { listAll } from '../catalog/product-queries.js';
import { subscriptionResource } from '../subscriptions/subscription.resource.js';
import { recommend } from './recommendation-engine.js';
import { RecommendationResultSchema } from './recommendation-result.schema.js';
import { recommendationResultJson } from './recommendation-result-json.js';
import { type RecommendationRuleSchema, RULE_SOURCES } from './recommendation-rule.schema.js';

/** The source a subscription's recommendations are for: its own when it is one rules name, else SUBSCRIPTION. */
function sourceOf(source: string | undefined): string {
  return source !== undefined && (RULE_SOURCES as readonly string[]).includes(source) ? source : 'SUBSCRIPTION';
}

/**
 * `GET /recommendations/line-item?previousLineItemId=&enduserId=`: recommendations for the product of one line item
 * of the end user's subscriptions (what to upgrade it to, what to add), as for a cart holding the subscription's
 * products: the subscription gives the store, currency, owner and source; `country` (ext) the buyer's country.
 */
export const lineItemRecommendations: ActionDefinition<typeof RecommendationRuleSchema> = defineAction({
  on: 'collection',
  path: '/recommendations/line-item',
  method: 'GET',
  operationId: 'getLineItemRecommendations',
  summary: 'Get recommendations for a line item',
  description:
    "Finds the line item `previousLineItemId` among the subscriptions of `enduserId` the caller can see (404 when none has it) and applies the rules of the subscription's owner to its product, as for a cart: the store, currency and source (SUBSCRIPTION unless the subscription names another rule source) are the subscription's, the subscription's other products count as already in the cart. `country` (ext) prices in and checks that country; without it the product's default prices apply. See docs/recommendations.md.",
  query: Type.Object(
    {
      previousLineItemId: LookupId({
        minLength: 1,
        description: 'the line item (lineItemId of a subscription product)',
      }),
      enduserId: LookupId({ minLength: 1, description: 'the end user whose subscriptions hold it' }),
      country: Type.Optional(
        CountryCode({ description: 'ext: ISO 3166-1 alpha-2 country to price in and check blacklists for' }),
      ),
    },
    { additionalProperties: false },
  ),
  response: RecommendationResultSchema,
  writeJson: recommendationResultJson,
  errors: [404],
  async run({ principal, query, records, services, tx, now }) {
    const lineItemId = query.previousLineItemId;
    const subscriptions = await listAll(services.of(subscriptionResource), principal, tx, {
      enduserId: query.enduserId,
    });
    const subscription = subscriptions.find((candidate) =>
      candidate.products?.some((item) => item.lineItemId === lineItemId),
    );
    const lineItem = subscription?.products?.find((item) => item.lineItemId === lineItemId);
    if (!subscription || !lineItem)
      throw new NotFoundError('line item', `${lineItemId} of end user ${query.enduserId}`);
    const product = (await services.of(productResource).getMany(principal, [lineItem.id], { db: tx })).get(lineItem.id);
    const country = query.country ?? '';
    return recommend(
      { principal, db: tx, rules: records, services },
      {
        triggers: product
          ? [{ productId: lineItem.id, ...(product.parentId ? { parentId: product.parentId } : {}) }]
          : [],
        storeId: subscription.storeId ?? '',
        country,
        currency: subscription.currency ?? '',
        source: sourceOf(subscription.source),
        ...(subscription.customerId ? { ownerId: subscription.customerId } : {}),
        inCart: new Set((subscription.products ?? []).map((item) => item.id)),
        now,
      },
    );
  },
});
