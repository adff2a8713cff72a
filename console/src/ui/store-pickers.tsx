import { Autocomplete, type ComboboxProps, TagsInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { unwrap } from '../api/api-error';
import { api } from '../api/client';
import { usePrincipal } from '../auth/principal';

/**
 * The stores the catalogue names (the selling stores of the newest 500 products the reader sees): a store is an id of
 * the shop's, no record of its own, so these are offered and any other may still be typed.
 */
function useStoresSeen(wanted: boolean) {
  const principal = usePrincipal();
  return useQuery({
    queryKey: ['products', 'stores-seen'],
    // Read when a picker is first used, not when a page shows one: a list opens without this read beside its own.
    enabled: wanted && Boolean(principal?.scopes.has('catalog:read')),
    staleTime: 60_000,
    queryFn: async () => {
      const page = unwrap(await api.GET('/products', { params: { query: { size: 500, target: ['sellingStores'] } } }));
      return [...new Set(page.items.flatMap((product) => product.sellingStores ?? []))].sort();
    },
  });
}

interface Shared {
  label: string;
  description?: string;
  error?: string;
  required?: boolean;
  readOnly?: boolean;
  comboboxProps?: ComboboxProps;
}

/** Stores picked among those seen, or typed (Enter after each). */
export function StoresInput({
  value,
  onChange,
  ...props
}: Shared & { value: string[]; onChange: (stores: string[]) => void }) {
  const [wanted, want] = useState(false);
  const seen = useStoresSeen(wanted);
  return (
    <TagsInput
      {...props}
      onFocus={() => want(true)}
      description={props.description ?? 'Pick a store seen in the catalogue, or type one and press Enter'}
      data={seen.data ?? []}
      value={value}
      onChange={(stores) => onChange(stores.map((store) => store.trim()).filter(Boolean))}
      clearable
    />
  );
}

/** One store, picked among those seen or typed. */
export function StoreSelect({
  value,
  onChange,
  ...props
}: Shared & { value: string; onChange: (store: string) => void }) {
  const [wanted, want] = useState(false);
  const seen = useStoresSeen(wanted);
  return (
    <Autocomplete
      {...props}
      onFocus={() => want(true)}
      data={seen.data ?? []}
      value={value}
      onChange={(store) => onChange(store.trim())}
      placeholder="Pick or type a store id"
    />
  );
}
