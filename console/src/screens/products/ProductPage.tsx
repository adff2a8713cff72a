import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ProductEditor } from './ProductEditor';

const route = getRouteApi('/app/products/$productId');

/** One product: an editor of its own per product, so that nothing edited on one shows on another. */
export function ProductPage(): ReactElement {
  const { productId } = route.useParams();
  return <ProductEditor key={productId} productId={productId} />;
}
