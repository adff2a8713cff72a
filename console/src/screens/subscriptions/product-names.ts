import { useCan } from '../../auth/principal';
import { useCustomerProducts } from './subscription-queries';

/** A product's name by its id, for a principal who may read the catalog; otherwise the id alone is shown. */
export function useProductNames(customerId: string | undefined): (productId: string) => string {
  const can = useCan();
  const products = useCustomerProducts(customerId, can('catalog:read'));
  const names = new Map((products.data ?? []).map((product) => [product.id, product.genericName ?? product.id]));
  return (productId) => names.get(productId) ?? productId;
}
