import { MultiSelect, Select } from '@mantine/core';
import type { ReactElement } from 'react';
import { useCustomerProducts } from './subscription-queries';

interface Props {
  /** The customer whose products may be picked; undefined: the signed-in customer's own. */
  customerId: string | undefined;
  label: string;
  error?: string;
  disabled?: boolean;
}

const optionsOf = (products: { id: string; genericName?: string; publisherRefId?: string }[] | undefined) =>
  (products ?? []).map((product) => ({
    value: product.id,
    label: `${product.genericName ?? product.id}${product.publisherRefId ? ` (${product.publisherRefId})` : ''}`,
  }));

/** One product of the customer, searchable by name or reference. */
export function ProductSelect({
  customerId,
  label,
  error,
  disabled,
  value,
  onChange,
}: Props & { value: string | null; onChange: (id: string | null) => void }): ReactElement {
  const products = useCustomerProducts(customerId, !disabled);
  return (
    <Select
      label={label}
      searchable
      required
      data={optionsOf(products.data)}
      value={value}
      onChange={onChange}
      error={error}
      disabled={disabled}
      placeholder={products.isFetching ? 'Loading products…' : 'Type a name or a reference'}
      nothingFoundMessage={products.isFetching ? 'Loading…' : 'No product of this customer matches'}
    />
  );
}

/** The products that become a subscription's line items, searchable by name or reference. */
export function ProductsMultiSelect({
  customerId,
  label,
  error,
  value,
  onChange,
}: Props & { value: string[]; onChange: (ids: string[]) => void }): ReactElement {
  const products = useCustomerProducts(customerId);
  return (
    <MultiSelect
      label={label}
      searchable
      required
      data={optionsOf(products.data)}
      value={value}
      onChange={onChange}
      error={error}
      placeholder={value.length ? undefined : 'Type a name or a reference'}
      nothingFoundMessage={products.isFetching ? 'Loading…' : 'No product of this customer matches'}
    />
  );
}
