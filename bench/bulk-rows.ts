/**
 * The products the bulk catalogue benches import: a few fields, two stores, a tag, prices in two countries.
 * `edition` changes the name (a file that updates every product of an earlier one).
 */
export function bulkProduct(n: number, prefix: string, edition = 0) {
  return {
    publisherRefId: `${prefix}-${n}`,
    genericName: edition ? `Bulk product ${n}, edition ${edition}` : `Bulk product ${n}`,
    codeName: `bulk${n}`,
    lifeTime: '1YEAR',
    type: 'SOFTWARE',
    sellingStores: ['store-eu', `store-${n % 7}`],
    visualTags: { badge: [n % 2 ? 'new' : 'sale'] },
    prices: {
      defaultCurrency: 'EUR',
      priceByCountryByCurrency: {
        FR: { EUR: { value: 10 + (n % 90), vatIncluded: true } },
        US: { USD: { value: 9.5 } },
      },
    },
  };
}

/** `rows` products as an NDJSON file, a thousand lines a piece. */
export async function* bulkNdjson(rows: number, prefix: string, edition = 0): AsyncGenerator<string> {
  for (let n = 0; n < rows; n += 1000) {
    const lines: string[] = [];
    for (let i = n; i < Math.min(rows, n + 1000); i += 1) lines.push(JSON.stringify(bulkProduct(i, prefix, edition)));
    yield `${lines.join('\n')}\n`;
  }
}
