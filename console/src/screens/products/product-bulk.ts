import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import type { paths } from '../../api/openapi';
import type { ListedProduct } from './product-queries';

type Body = paths['/products/{id}/without-prices']['put']['requestBody']['content']['application/json'];

/** What a bulk action does to one product's document. */
export type ProductChange = (product: ListedProduct) => ListedProduct;

export const withStatus =
  (status: 'ENABLED' | 'DISABLED'): ProductChange =>
  (product) => ({ ...product, status });

export const withStore =
  (store: string): ProductChange =>
  (product) => ({ ...product, sellingStores: [...new Set([...(product.sellingStores ?? []), store])] });

export const withoutStore =
  (store: string): ProductChange =>
  (product) => ({ ...product, sellingStores: (product.sellingStores ?? []).filter((kept) => kept !== store) });

export const withPriceFunction =
  (priceFunction: string): ProductChange =>
  (product) => ({ ...product, priceFunction });

/** A PUT replaces the record: a field left out is cleared. */
export const withoutPriceFunction: ProductChange = ({ priceFunction: _cleared, ...product }) => product;

/**
 * Saves one product changed, as the list read it: its prices are kept whatever the row says (`without-prices`), and
 * the row's dbVersion makes the save answer 412 when the product changed since the list was read.
 */
export async function saveChanged(product: ListedProduct, change: ProductChange): Promise<void> {
  const { prices: _kept, ...body } = change(product);
  unwrap(
    await api.PUT('/products/{id}/without-prices', {
      params: { path: { id: product.id }, header: { 'if-match': `"${product.dbVersion}"` } },
      // The list asks for whole records (no `target`): a row is the stored product, its optional fields as stored.
      body: body as Body,
    }),
  );
}
