/** The product page's tabs, kept in the URL (`?tab=history`) so a link opens the same one. */
export const PRODUCT_TABS = ['details', 'prices', 'texts', 'variants', 'history'] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];

export function productPageSearch(raw: Record<string, unknown>): { tab?: ProductTab } {
  const tab = PRODUCT_TABS.find((name) => name === raw.tab);
  return tab && tab !== 'details' ? { tab } : {};
}
