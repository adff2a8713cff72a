import Type, { type Static } from 'typebox';
import {
  DateTime,
  EpochMs,
  Id,
  List,
  Obj,
  StringEnum,
  StringMap,
  sharedFields,
  Text,
} from '../../platform/resource/declare.js';

export const RULE_STATUSES = ['ENABLED', 'DISABLED'] as const;
export const RULE_TYPES = ['CROSS_SELL', 'UP_SELL', 'UPGRADE'] as const;
export const RULE_FUNCTIONS = ['predefinedIdsRecoRule', 'idToIdsRecoRule'] as const;
export const RULE_LEVELS = ['CART', 'PRODUCT', 'PURCHASE', 'INTERSTITIAL'] as const;
export const RULE_SOURCES = ['PURCHASE', 'SUBSCRIPTION', 'MANUAL_RENEWAL', 'BILLING_PLAN', 'UPGRADE'] as const;

const deprecated = { deprecated: true };
const ProductIds = (description: string) => List(Id(), { uniqueItems: true, maxItems: 200, description });

export const DiscountPlanSchema = Obj(
  {
    discountStep: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 100, description: 'percent taken off the recommended price' }),
    ),
    ignorePurchaseDiscount: Type.Optional(Type.Boolean()),
    tag: Type.Optional(Text({ maxLength: 128 })),
  },
  { $id: 'DiscountPlan', title: 'Discount plan' },
);
export type DiscountPlan = Static<typeof DiscountPlanSchema>;

/** A recommendation rule (docs/product-decisions.md §8): which products a cart product (or its parent) brings up, where and when. */
export const RecommendationRuleSchema = Obj(
  {
    ...sharedFields,
    id: Type.Optional(Id({ ...deprecated, readOnly: true })),
    createDate: Type.Optional(DateTime({ ...deprecated, readOnly: true })),
    updateDate: Type.Optional(DateTime({ ...deprecated, readOnly: true })),
    modelVersion: Type.Optional(Text(deprecated)),
    catalogId: Type.Optional(Id()),
    discountPlan: Type.Optional(DiscountPlanSchema),
    eligibleParentProductIds: Type.Optional(
      ProductIds('parent product ids the rule applies to (a cart product whose parent is listed)'),
    ),
    eligibleProductIds: Type.Optional(ProductIds('product ids the rule applies to')),
    eligibleStoreIds: List(Id(), {
      uniqueItems: true,
      minItems: 1,
      maxItems: 200,
      description: 'stores the rule applies in',
    }),
    startDate: EpochMs('first instant the rule applies, epoch milliseconds (UTC)'),
    endDate: EpochMs('last instant the rule applies (inclusive), epoch milliseconds (UTC)'),
    fallbackLocale: Type.Optional(Text({ maxLength: 35 })),
    function: StringEnum(RULE_FUNCTIONS, {
      description: "idToIdsRecoRule: the trigger product's list; predefinedIdsRecoRule: every listed product",
    }),
    levels: List(StringEnum(RULE_LEVELS), {
      uniqueItems: true,
      minItems: 1,
      maxItems: RULE_LEVELS.length,
      description: 'where the recommendation is shown',
    }),
    localizedDesc: Type.Optional(StringMap(Text({ maxLength: 4000 }), { maxProperties: 200 })),
    marketingOperationId: Type.Optional(Id()),
    name: Text({ minLength: 1, maxLength: 256 }),
    sources: Type.Optional(
      List(StringEnum(RULE_SOURCES), {
        uniqueItems: true,
        maxItems: RULE_SOURCES.length,
        description: 'cart sources the rule is restricted to (all when absent)',
      }),
    ),
    status: StringEnum(RULE_STATUSES),
    type: StringEnum(RULE_TYPES),
    weight: Type.Optional(
      Type.Integer({
        minimum: -2_147_483_648,
        maximum: 2_147_483_647,
        description: 'priority: the higher, the earlier; 0 when absent',
      }),
    ),
    byParentProductIds: Type.Optional(
      StringMap(ProductIds('recommended products'), { description: 'parent product id -> recommended product ids' }),
    ),
    byProductIds: Type.Optional(
      StringMap(ProductIds('recommended products'), { description: 'product id -> recommended product ids' }),
    ),
    appliesTo: Type.Optional(
      List(Text({ maxLength: 200 }), {
        readOnly: true,
        maxItems: 2 * 500 + 1,
        description:
          'ext, set by the server: the triggers the rule is found by. `product:<id>` and `parent:<id>` for its eligible products and parents; without either list (eligible for every trigger), the keys of its maps for idToIdsRecoRule, `any` for predefinedIdsRecoRule',
      }),
    ),
  },
  {
    $id: 'RecommendationRule',
    title: 'Recommendation rule',
    examples: [
      {
        name: 'Backup with antivirus',
        status: 'ENABLED',
        type: 'CROSS_SELL',
        function: 'idToIdsRecoRule',
        levels: ['CART'],
        eligibleStoreIds: ['store-eu'],
        startDate: 1767225600000,
        endDate: 1798761599999,
        weight: 10,
        byProductIds: { '0190a1b2c3d4e5f6a7b8c9d0e1f2a3b4': ['0190a1b2c3d4e5f6a7b8c9d0e1f2a3b5'] },
      },
    ],
  },
);
export type RecommendationRule = Static<typeof RecommendationRuleSchema>;
