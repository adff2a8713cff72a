import { MultiSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../api/api-error';
import { api } from '../api/client';

/** The catalogue's products (of one customer, when given) as the options of a product picker: name, reference, id. */
export function useProductOptions(customerId: string | undefined) {
  return useQuery({
    queryKey: ['products', 'options', customerId ?? ''],
    queryFn: async () =>
      unwrap(
        await api.GET('/products', {
          params: {
            query: {
              size: 500,
              target: ['genericName', 'publisherRefId', 'customerId'],
              ...(customerId ? { customerId } : {}),
            },
          },
        }),
      ).items.map((product) => ({
        value: product.id,
        label: `${product.genericName ?? product.publisherRefId ?? product.id} (${product.publisherRefId ?? product.id})`,
      })),
    staleTime: 30_000,
  });
}

/** The label of a product id among the options, else the id itself (a rule may name a product not created yet). */
export function productLabel(options: { value: string; label: string }[] | undefined, id: string): string {
  return options?.find((option) => option.value === id)?.label ?? id;
}

interface Props {
  label: string;
  description?: string;
  value: string[];
  onChange: (ids: string[]) => void;
  /** Only this customer's products (the operator picks for one customer). */
  customerId?: string;
  error?: string;
  required?: boolean;
}

/**
 * Product ids picked from the catalogue, searched by name or reference as one types. Ids already chosen that the
 * catalogue does not list (not created yet, or another page) stay chosen and show as their id.
 */
export function ProductIdsMultiSelect({ label, description, value, onChange, customerId, error, required }: Props) {
  const options = useProductOptions(customerId);
  const known = new Set(options.data?.map((option) => option.value));
  const data = [
    ...(options.data ?? []),
    ...value.filter((id) => !known.has(id)).map((id) => ({ value: id, label: id })),
  ];
  return (
    <MultiSelect
      label={label}
      description={description}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      required={required}
      error={error ?? (options.error ? 'The catalogue could not be read.' : undefined)}
      nothingFoundMessage={options.isPending ? 'Loading the catalogue…' : 'No product matches'}
      placeholder={value.length ? undefined : 'Search by name or reference'}
      maxDropdownHeight={260}
      hidePickedOptions
    />
  );
}
