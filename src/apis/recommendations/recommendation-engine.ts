import type { Principal } from '../../platform/auth/principal.js';
import type { Queryable } from '../../platform/db/database.js';
import { keptBesideFrozen } from '../../platform/kept-beside-frozen.js';
import type { Doc, RecordStore, RecordStores } from '../../platform/resource/declare.js';
import { pricedProductView } from '../catalog/priced-product.view.js';
import type { Price } from '../catalog/pricing/price.schema.js';
import { discountedPrice } from '../catalog/pricing/price-discount.js';
import { productResource } from '../catalog/product.resource.js';
import type { Product } from '../catalog/product.schema.js';
import { type Shop, type Verdict, verdictOn } from './candidate-checks.js';
import type {
  Recommendation,
  RecommendationResult,
  RecommendedProduct,
  Report,
} from './recommendation-result.schema.js';
import type { DiscountPlan, RecommendationRuleSchema } from './recommendation-rule.schema.js';
import { applicableRules, candidatesOf, isEligible, type Occasion, type Rule, type Trigger } from './rule-selection.js';
import { nextGenerationsOf } from './upgrade-candidates.js';

/** A trigger with what its product forces into the cart's cross-sales. */
export interface CartTrigger extends Trigger {
  forcedCrossSaleProductIds?: string[];
}

export interface RecommendationRequest extends Occasion, Shop {
  currency: string;
  triggers: CartTrigger[];
}

interface Deps {
  principal: Principal;
  db: Queryable;
  /** The rules: the recommendations are actions of the rules' kind, which hands them its own records. */
  rules: RecordStore<typeof RecommendationRuleSchema>;
  services: RecordStores;
}

/** One leaf's products before pricing: each with the discount plan it is priced with. */
interface Pending {
  entry: RecommendedProduct;
  discountPlan?: DiscountPlan;
}

type Tree<T> = Record<string, Record<string, Record<string, T>>>;

function at<T>(tree: Tree<T>, level: string, type: string, trigger: string, make: () => T): T {
  const byType = (tree[level] ??= {});
  const byTrigger = (byType[type] ??= {});
  return (byTrigger[trigger] ??= make());
}

const peek = <T>(tree: Tree<T>, level: string, type: string, trigger: string): T | undefined =>
  tree[level]?.[type]?.[trigger];

/** The rule's description in its fallback locale, else its first one. */
function descriptionOf(rule: Rule): string | undefined {
  const texts = rule.localizedDesc ?? {};
  return (rule.fallbackLocale ? texts[rule.fallbackLocale] : undefined) ?? Object.values(texts)[0];
}

function entryFor(
  id: string,
  product: Product & Doc,
  by: Partial<Pick<RecommendedProduct, 'crossSellBy' | 'upSellBy' | 'forcedBy'>>,
): RecommendedProduct {
  return { id, quantity: 1, ...by, ...(product.parentId ? { variantOf: product.parentId } : {}) };
}

/**
 * Recommendations for a cart or a line item (docs/product-decisions.md §8). Each applicable rule, heaviest first, fills the leaf
 * (level, type, trigger) it recommends for, unless a heavier rule filled it already (its candidates are then reported
 * OUTWEIGHED); candidates that cannot be recommended are reported with the reason. A cart product's forced
 * cross-sales join CART / CROSS_SELL / that product. Recommended products are priced through the priced product view.
 */
export async function recommend(deps: Deps, request: RecommendationRequest): Promise<RecommendationResult> {
  const { principal, db, services } = deps;
  const rules = await applicableRules(deps.rules, principal, db, request.triggers, request);
  const upgrades = rules.some((rule) => rule.type === 'UPGRADE')
    ? await nextGenerationsOf(services, principal, db, request.triggers)
    : new Map<string, string[]>();
  const plans = rules.flatMap((rule) =>
    request.triggers
      .filter((trigger) => isEligible(rule, trigger))
      .map((trigger) => {
        const upgraded = rule.type === 'UPGRADE' ? (upgrades.get(trigger.productId) ?? []) : [];
        return { rule, trigger, candidates: [...new Set([...candidatesOf(rule, trigger), ...upgraded])] };
      }),
  );
  const forcedIds = request.triggers.flatMap((trigger) => trigger.forcedCrossSaleProductIds ?? []);
  const products = await services
    .of(productResource)
    .getMany(principal, [...plans.flatMap((plan) => plan.candidates), ...forcedIds], { db });
  const verdict = (id: string): Verdict => verdictOn(id, products.get(id), request);

  const leaves: Tree<Recommendation & { pending: Pending[] }> = {};
  const reports: Tree<Report> = {};
  for (const { rule, trigger, candidates } of plans) {
    for (const level of rule.levels) {
      const report = at<Report>(reports, level, rule.type, trigger.productId, () => ({ products: {} }));
      const filled = peek(leaves, level, rule.type, trigger.productId);
      const recommended: string[] = [];
      for (const id of candidates) {
        if (report.products[id]) continue;
        const found = verdict(id);
        if (found.status === 'RECOMMENDED' && filled) {
          report.products[id] = {
            status: 'OUTWEIGHED',
            explanation: `rule ${filled.recommendationId} outweighs rule ${rule.id} for product ${trigger.productId} at level ${level}`,
          };
          continue;
        }
        report.products[id] = found;
        if (found.status === 'RECOMMENDED') recommended.push(id);
      }
      if (filled || recommended.length === 0) continue;
      const by = rule.type === 'CROSS_SELL' ? { crossSellBy: trigger.productId } : { upSellBy: trigger.productId };
      const description = descriptionOf(rule);
      at(leaves, level, rule.type, trigger.productId, () => ({
        recommendationId: String(rule.id),
        ...(rule.discountPlan ? { discountPlan: rule.discountPlan } : {}),
        ...(description !== undefined ? { localizedDesc: description } : {}),
        ...(rule.marketingOperationId ? { marketingOperationId: rule.marketingOperationId } : {}),
        products: [],
        pending: recommended.map((id) => ({
          entry: entryFor(id, products.get(id)!, by),
          ...(rule.discountPlan ? { discountPlan: rule.discountPlan } : {}),
        })),
      }));
    }
  }
  for (const trigger of request.triggers) {
    for (const id of trigger.forcedCrossSaleProductIds ?? []) {
      const report = at<Report>(reports, 'CART', 'CROSS_SELL', trigger.productId, () => ({ products: {} }));
      const found = verdict(id);
      const leaf = at(leaves, 'CART', 'CROSS_SELL', trigger.productId, () => ({ products: [], pending: [] }));
      const listed = leaf.pending.find((pending) => pending.entry.id === id);
      if (listed) listed.entry.forcedBy = trigger.productId;
      else if (found.status === 'RECOMMENDED')
        leaf.pending.push({ entry: entryFor(id, products.get(id)!, { forcedBy: trigger.productId }) });
      report.products[id] = report.products[id]?.status === 'RECOMMENDED' ? report.products[id]! : found;
    }
  }
  return { recommendations: await priced(deps, request, leaves, products), reports };
}

/** A recommended product with its prices: `price` with `discountStep` taken off, `fullPrice` without. */
function withPrices(view: Doc | undefined, entry: RecommendedProduct, discountStep: number): RecommendedProduct {
  const fullPrice = view?.price as Price | undefined;
  const values = view?.priceFunctionParametersValues as Record<string, string> | undefined;
  return {
    ...entry,
    ...(fullPrice ? { fullPrice, price: discountedPrice(fullPrice, discountStep, 'RECOMMENDATION') } : {}),
    ...(values ? { priceFunctionParametersValues: values } : {}),
  };
}

/**
 * Priced entries of cached (frozen) priced products, by everything else an entry holds: the cart product it is
 * recommended for and how, and the discount. Frozen, so the answer writer copies their bytes (a recommended product
 * with its two prices is most of an answer); they go with their priced product, and a product recommended in more
 * ways than ENTRIES_PER_VIEW starts its list again.
 */
const ENTRIES_PER_VIEW = 8;
const entries = keptBesideFrozen<Doc, RecommendedProduct>(ENTRIES_PER_VIEW);

function pricedEntry(view: Doc | undefined, entry: RecommendedProduct, discountStep: number): RecommendedProduct {
  if (!view) return withPrices(view, entry, discountStep);
  const key = `${entry.crossSellBy ?? ''}\u0000${entry.upSellBy ?? ''}\u0000${entry.forcedBy ?? ''}\u0000${discountStep}`;
  return entries(view, key, () => withPrices(view, entry, discountStep));
}

/** Prices every recommended product once through the priced product view; `price` takes the leaf's discount plan off. */
async function priced(
  deps: Deps,
  request: RecommendationRequest,
  leaves: Tree<Recommendation & { pending: Pending[] }>,
  products: Map<string, Product & Doc>,
): Promise<Tree<Recommendation>> {
  const ids = new Set<string>();
  for (const byType of Object.values(leaves))
    for (const byTrigger of Object.values(byType))
      for (const leaf of Object.values(byTrigger)) for (const { entry } of leaf.pending) ids.add(entry.id);
  const docs = [...ids].map((id) => products.get(id)!);
  const query = { country: request.country, currency: request.currency, storeId: request.storeId };
  const views = await deps.services.viewOf(pricedProductView).compute(deps.principal, docs, query);
  const viewOf = new Map(views.map((view) => [String(view.id), view]));
  const result: Tree<Recommendation> = {};
  for (const [level, byType] of Object.entries(leaves)) {
    for (const [type, byTrigger] of Object.entries(byType)) {
      for (const [trigger, { pending, ...leaf }] of Object.entries(byTrigger)) {
        if (pending.length === 0) continue;
        const entries = pending.map(({ entry, discountPlan }) =>
          pricedEntry(viewOf.get(entry.id), entry, discountPlan?.discountStep ?? 0),
        );
        at(result, level, type, trigger, () => ({ ...leaf, products: entries }));
      }
    }
  }
  return result;
}
