import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../api/api-error';
import { api } from '../api/client';
import { usePrincipal } from '../auth/principal';
import { useRecordList } from '../ui/record-picker/record-options';
import { CUSTOMERS, PRICE_FUNCTIONS } from '../ui/record-picker/record-sources';

/** A record the palette offers, and the screen that opens it. */
export type PaletteRecord =
  | { kind: 'product'; id: string; label: string; description: string }
  | { kind: 'customer'; id: string; label: string; description: string }
  | { kind: 'price function'; id: string; label: string; description: string };

/** How many records of each kind the palette shows. */
const SHOWN = 6;

const containing = (text: string) => (option: { label: string }) =>
  option.label.toLocaleLowerCase().includes(text.toLocaleLowerCase());

/**
 * The records whose names match the text typed: products by the API's word search (`q`), customers and price
 * functions among the names the pickers already read (their listings filter by exact name only).
 */
export function usePaletteRecords(text: string): PaletteRecord[] {
  const principal = usePrincipal();
  const catalog = Boolean(principal?.scopes.has('catalog:read'));
  const typed = text.length >= 2;
  const products = useQuery({
    queryKey: ['products', 'palette', text],
    enabled: catalog && typed,
    queryFn: async () =>
      unwrap(
        await api.GET('/products', {
          params: { query: { q: text, size: SHOWN, target: ['genericName', 'publisherRefId'] } },
        }),
      ).items,
  });
  const customers = useRecordList(CUSTOMERS, '', {}, typed);
  const functions = useRecordList(PRICE_FUNCTIONS, '', {}, catalog && typed);
  if (!typed) return [];
  return [
    ...(products.data ?? []).map((product) => ({
      kind: 'product' as const,
      id: product.id,
      label: product.genericName || product.publisherRefId || product.id,
      description: `Product · ${product.publisherRefId ?? ''}`,
    })),
    ...(customers.data ?? [])
      .filter(containing(text))
      .slice(0, SHOWN)
      .map((option) => ({ kind: 'customer' as const, id: option.value, label: option.label, description: 'Customer' })),
    ...(functions.data ?? [])
      .filter(containing(text))
      .slice(0, SHOWN)
      .map((option) => ({
        kind: 'price function' as const,
        id: option.value,
        label: option.label,
        description: 'Price function',
      })),
  ];
}
