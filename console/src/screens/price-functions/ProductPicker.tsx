import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';

type Product = Listed<'/products'>;
const TARGET = ['genericName', 'publisherRefId', 'priceFunction'];

const label = (product: Product) =>
  [product.genericName, product.publisherRefId].filter(Boolean).join(' · ') || product.id;

async function products(query: {
  priceFunction?: string;
  publisherRefId?: string;
  genericName?: string;
  size: number;
}) {
  return unwrap(await api.GET('/products', { params: { query: { ...query, target: TARGET } } })).items;
}

/**
 * A product to preview with: the function's own products first, then others. `GET /products` has no text search, only
 * equality filters, so what is typed is also looked up as an exact reference and an exact name (a product beyond the
 * first page is found that way).
 */
export function ProductPicker({
  functionId,
  value,
  onChange,
}: {
  functionId: string;
  value: string | null;
  onChange: (productId: string | null) => void;
}) {
  const [typed, setTyped] = useState('');
  const [text] = useDebouncedValue(typed.trim(), 300);
  const own = useQuery({
    queryKey: ['products', 'priced-by', functionId],
    queryFn: () => products({ priceFunction: functionId, size: 50 }),
  });
  const others = useQuery({ queryKey: ['products', 'first-page'], queryFn: () => products({ size: 50 }) });
  const exact = useQuery({
    queryKey: ['products', 'exact', text],
    enabled: text !== '',
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (
        await Promise.all([products({ publisherRefId: text, size: 20 }), products({ genericName: text, size: 20 })])
      ).flat(),
  });

  // The preview starts on a product the function prices, once; clearing the choice afterwards is respected.
  const started = useRef(false);
  const firstOwn = own.data?.[0]?.id;
  useEffect(() => {
    if (started.current || !own.isSuccess) return;
    started.current = true;
    if (value === null && firstOwn) onChange(firstOwn);
  }, [own.isSuccess, firstOwn, value, onChange]);

  const seen = new Set<string>();
  const options = (list: Product[] | undefined) =>
    (list ?? [])
      .filter((product) => !seen.has(product.id) && seen.add(product.id))
      .map((product) => ({ value: product.id, label: label(product) }));
  const data = [
    { group: 'Priced by this function', items: options(own.data) },
    { group: 'Other products', items: options([...(exact.data ?? []), ...(others.data ?? [])]) },
  ].filter((group) => group.items.length > 0);
  const loading = own.isFetching || others.isFetching || exact.isFetching;

  return (
    <Select
      label="Product"
      placeholder="Search by name or reference"
      searchable
      clearable
      allowDeselect={false}
      data={data}
      value={value}
      onChange={onChange}
      searchValue={typed}
      onSearchChange={setTyped}
      nothingFoundMessage={loading ? 'Searching…' : 'No product with this name or reference'}
      aria-busy={loading}
    />
  );
}
