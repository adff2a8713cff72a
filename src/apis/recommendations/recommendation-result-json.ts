import {
  arrayWriter,
  frozenJson,
  frozenWriter,
  JsonBytes,
  jsonSerializer,
  mapWriter,
  objectWriter,
  schemaRefs,
} from '../../platform/http/json-bytes.js';
import { DiscountedPriceSchema, type Price, PriceSchema } from '../catalog/pricing/price.schema.js';
import {
  type Recommendation,
  type RecommendationResult,
  RecommendationResultSchema,
  RecommendationSchema,
  type RecommendedProduct,
  RecommendedProductSchema,
  type Report,
  ReportedProductSchema,
  ReportSchema,
} from './recommendation-result.schema.js';
import { DiscountPlanSchema } from './recommendation-rule.schema.js';

const refs = schemaRefs(PriceSchema, DiscountedPriceSchema, DiscountPlanSchema, ReportSchema);

// Priced products and their discounts are frozen cache entries (priced-product-cache.ts, price-discount.ts): every
// cart that recommends a product in the same country and currency gets the same price objects, and writing them was
// most of the work of an answer (docs/recommendations.md, "Speed").
const price = frozenJson<Price>(jsonSerializer(PriceSchema, refs));
// Recommended products of cached priced products are frozen too (recommendation-engine.ts): each is written once.
const product = frozenWriter(
  objectWriter<RecommendedProduct>(RecommendedProductSchema, refs, { price, fullPrice: price }),
);
const leaf = objectWriter<Recommendation>(RecommendationSchema, refs, { products: arrayWriter(product) });
// fast-json-stringify walks a map's keys slowly (each against the key pattern): maps are written here.
const report = objectWriter<Report>(ReportSchema, refs, {
  products: mapWriter(frozenJson(jsonSerializer(ReportedProductSchema, refs))),
});
const result = objectWriter<RecommendationResult>(RecommendationResultSchema, refs, {
  recommendations: mapWriter(mapWriter(mapWriter(leaf))),
  reports: mapWriter(mapWriter(mapWriter(report))),
});

/** Answers are about as long as the last one (the buffer grows when not). */
let lastLength = 16 * 1024;

/** The result's JSON, as the route's response schema would serialize it, each cached price written once. */
export function recommendationResultJson(answer: RecommendationResult): Buffer {
  const out = new JsonBytes(lastLength);
  result(out, answer);
  const json = out.end();
  lastLength = Math.max(1024, json.length);
  return json;
}
