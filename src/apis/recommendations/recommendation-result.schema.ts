import Type, { type Static } from 'typebox';
import { Id, Obj, Ref, StringMap, Text } from '../../platform/resource/declare.js';
import { PriceSchema } from '../catalog/pricing/price.schema.js';
import { DiscountPlanSchema, RULE_LEVELS, RULE_TYPES } from './recommendation-rule.schema.js';

const PriceRef = (description: string) => Type.Optional(Ref(PriceSchema, { description }));

export const RecommendedProductSchema = Obj(
  {
    id: Id(),
    quantity: Type.Integer({ description: 'always 1: one unit is recommended' }),
    crossSellBy: Type.Optional(Id({ description: 'the cart product a CROSS_SELL rule recommends it for' })),
    upSellBy: Type.Optional(
      Id({ description: 'the cart product an UP_SELL or UPGRADE rule recommends it instead of' }),
    ),
    forcedBy: Type.Optional(Id({ description: 'the cart product whose forcedCrossSaleProductIds list it' })),
    variantOf: Type.Optional(Id({ description: 'its parent, for a variant' })),
    price: PriceRef("one unit for the cart's country, currency and store, with the rule's discount plan taken off"),
    fullPrice: PriceRef('one unit without the discount plan'),
    priceFunctionParametersValues: Type.Optional(StringMap(Text())),
  },
  { $id: 'RecommendedProduct', title: 'Recommended product' },
);
export type RecommendedProduct = Static<typeof RecommendedProductSchema>;

export const RecommendationSchema = Obj(
  {
    recommendationId: Type.Optional(
      Id({ description: 'the rule that recommends these products (absent for forced cross-sales alone)' }),
    ),
    discountPlan: Type.Optional(Ref(DiscountPlanSchema)),
    localizedDesc: Type.Optional(
      Text({ maxLength: 4000, description: "the rule's description in the cart's language (or its fallbackLocale)" }),
    ),
    marketingOperationId: Type.Optional(Id()),
    products: Type.Array(Ref(RecommendedProductSchema)),
  },
  { $id: 'Recommendation', title: 'Recommendation' },
);
export type Recommendation = Static<typeof RecommendationSchema>;

export const REPORT_STATUSES = [
  'RECOMMENDED',
  'ALREADY_IN_CART',
  'NOT_FOUND',
  'DISABLED',
  'NOT_SOLD_IN_STORE',
  'BLACKLISTED_COUNTRY',
  'OUTWEIGHED',
] as const;

/** What became of one candidate. */
export const ReportedProductSchema = Obj({
  status: Text({ maxLength: 32, description: REPORT_STATUSES.join(', ') }),
  explanation: Text({ maxLength: 1000 }),
});

export const ReportSchema = Obj(
  {
    products: StringMap(ReportedProductSchema, { description: 'candidate product id -> what became of it' }),
  },
  { $id: 'RecommendationReport', title: 'Recommendation report' },
);
export type Report = Static<typeof ReportSchema>;

/** level -> rule type -> trigger (the cart product, or the previous line item's product) -> leaf. */
const ThreeLevels = <T extends object>(leaf: T, description: string) =>
  Type.Record(
    Type.String(),
    Type.Record(Type.String(), Type.Record(Type.String(), leaf), { propertyNames: { enum: [...RULE_TYPES] } }),
    {
      propertyNames: { enum: [...RULE_LEVELS] },
      description,
    },
  );

export const RecommendationResultSchema = Obj(
  {
    recommendations: ThreeLevels(
      Ref(RecommendationSchema),
      'level -> rule type -> trigger product id -> the recommendation',
    ),
    reports: ThreeLevels(
      Ref(ReportSchema),
      'level -> rule type -> trigger product id -> what became of each candidate',
    ),
  },
  { $id: 'RecommendationResult', title: 'Recommendation result' },
);
export type RecommendationResult = Static<typeof RecommendationResultSchema>;

/** The schemas the result references by `$ref`, in dependency order. */
export const RecommendationResultSchemas = [RecommendedProductSchema, RecommendationSchema, ReportSchema];
