import type { Product } from '../catalog/product.schema.js';

export interface Shop {
  storeId: string;
  country: string;
  /** Products already bought (in the cart, or the line item's). */
  inCart: ReadonlySet<string>;
}

export interface Verdict {
  status: 'RECOMMENDED' | 'ALREADY_IN_CART' | 'NOT_FOUND' | 'DISABLED' | 'NOT_SOLD_IN_STORE' | 'BLACKLISTED_COUNTRY';
  explanation: string;
}

/** One shared answer: frozen, so the answer writer keeps its bytes (recommendation-result-json.ts). */
const RECOMMENDED: Verdict = Object.freeze({ status: 'RECOMMENDED', explanation: 'recommended' });

/** Whether a candidate can be recommended in this shop, and why not when it cannot (the first reason that holds). */
export function verdictOn(id: string, product: Product | undefined, shop: Shop): Verdict {
  if (shop.inCart.has(id)) return { status: 'ALREADY_IN_CART', explanation: `product ${id} is already in the cart` };
  if (!product) return { status: 'NOT_FOUND', explanation: `product ${id} does not exist or is not visible` };
  if (product.status === 'DISABLED') return { status: 'DISABLED', explanation: `product ${id} is DISABLED` };
  if (!product.sellingStores.includes(shop.storeId))
    return { status: 'NOT_SOLD_IN_STORE', explanation: `product ${id} is not sold in store ${shop.storeId}` };
  if (product.blackListedCountries?.includes(shop.country))
    return { status: 'BLACKLISTED_COUNTRY', explanation: `product ${id} may not be sold in ${shop.country}` };
  return RECOMMENDED;
}
