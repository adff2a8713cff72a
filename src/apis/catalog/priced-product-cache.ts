import { LRUCache } from 'lru-cache';
import { deepFreeze } from '../../platform/deep-freeze.js';
import type { Doc } from '../../platform/resource/declare.js';
import type { PriceFunction } from './price-function.schema.js';
import type { PricedProduct } from './priced-product.schema.js';
import type { PricedProductRequest } from './priced-product-query.js';
import type { Money } from './pricing/money.js';
import type { Product } from './product.schema.js';

/** Priced products kept per service at most: a few MB, far more than the products a store's pages price at once. */
const ENTRIES = 5_000;

/**
 * The text of each VAT rate, kept by rate: rates are shared values (vat-rates.ts), and writing a Decimal as text was
 * half the cost of a key, made on every priced read.
 */
const rateTexts = new WeakMap<Money, string>();
function rateText(rate: Money): string {
  let text = rateTexts.get(rate);
  if (text === undefined) rateTexts.set(rate, (text = rate.toString()));
  return text;
}

/** The request's part of the key: everything pricing reads besides the product and its function. */
export function requestKey(request: PricedProductRequest): string {
  return JSON.stringify([
    request.country,
    request.currency,
    request.storeId,
    request.quantity,
    request.supplied,
    rateText(request.vatRate),
  ]);
}

/**
 * Priced products by everything their price is computed from: the product's id and version, the pricing request
 * (country, currency, store, quantity, supplied parameter values, VAT rate), and the price function's id and version
 * (or its absence for this caller). A change to any of them makes a new key, so an entry is never stale; old ones
 * age out. A price function that failed is kept too: evaluation is bounded by steps, not time, so the same inputs
 * fail the same way, and a failing function is not run again on every read.
 *
 * Entries are shared by every caller that prices the same product the same way: the tenant rule has chosen the
 * product and the function before a key is made, so an entry derives from records its reader may see.
 */
export class PricedProductCache {
  private readonly entries = new LRUCache<string, PricedProduct>({ max: ENTRIES });

  priced(
    product: Product & Doc,
    request: string,
    fn: PriceFunction | undefined,
    compute: () => PricedProduct,
  ): PricedProduct {
    const functionPart =
      product.priceFunction === undefined
        ? ''
        : `${product.priceFunction}@${fn ? String((fn as Doc).dbVersion) : 'none'}`;
    const key = `${String(product.id)}@${String(product.dbVersion)}\u0000${request}\u0000${functionPart}`;
    // Deep-frozen: a cached item is shared by every request that prices the same product the same way.
    const found = this.entries.get(key);
    if (found) return found;
    const item = deepFreeze(compute());
    this.entries.set(key, item);
    return item;
  }
}
